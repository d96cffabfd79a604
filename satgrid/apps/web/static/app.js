// The satgrid workbench page: every puzzle goes to the JSON API of
// `satgrid app` (satgrid/apps/web/routes.py); nothing is loaded from elsewhere.
"use strict";

const $ = (sel) => document.querySelector(sel);
const state = {
  kinds: {},          // name -> {choices}
  instances: [],      // [{name, kind, title, puzzles}]
  kind: "sudoku",
  size: 9,
  file: null,         // {text, name, index} when the puzzle comes from a file
  chosen: null,       // the instance file last loaded: the Instance menu shows it
  uploaded: null,     // the name of the file uploaded, when that is the one shown
  collection: null,   // {text, name, index, count}: the file loaded holds several puzzles
  solved: false,
  last: null,         // "solve" or "unique": what an encoding change re-runs
  busy: 0,
  seq: 0,             // answers to solves older than the newest are dropped
  sizesSeq: 0,        // likewise for the sizes table
  loadSeq: 0,         // and for loads: the file asked for last is the one shown
  known: [],          // literals of the hints taken on a loaded file (POST /api/hint)
};
const BOXES = {4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4]};

// ------------------------------------------------------------------ helpers
function setStatus(text, cls) {
  const s = $("#status");
  s.textContent = text;
  s.className = cls || (text.startsWith("error:") || text.startsWith("unsat") ||
                        text.startsWith("not unique") ? "bad" :
                        text.startsWith("solved") || text.startsWith("unique") ? "ok" : "");
}

async function api(method, path, body) {
  const opts = {method, headers: {}};
  if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  let resp;
  try {
    resp = await fetch(path, opts);
  } catch (e) {
    throw new Error("the satgrid server does not answer (is `satgrid app` still running?)");
  }
  let data;
  try {
    data = await resp.json();
  } catch (e) {
    throw new Error(`the server answered ${resp.status} without JSON`);
  }
  if (!resp.ok) {
    const err = new Error(data.error || `HTTP ${resp.status}`);
    err.cell = data.cell;
    throw err;
  }
  return data;
}

function download(filename, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], {type: "text/plain"}));
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function fmt(n) { return Number(n).toLocaleString("en-US"); }

// ---------------------------------------------------------------- the grid
function cell(r, c) { return document.getElementById(`cell-${r}-${c}`); }

function buildGrid(n) {
  state.size = n;
  const [bh, bw] = BOXES[n];
  const table = $("#grid");
  table.className = `n${n}`;
  table.innerHTML = "";
  for (let r = 0; r < n; r++) {
    const tr = document.createElement("tr");
    for (let c = 0; c < n; c++) {
      const td = document.createElement("td");
      if ((c + 1) % bw === 0 && c + 1 < n) td.classList.add("box-right");
      if ((r + 1) % bh === 0 && r + 1 < n) td.classList.add("box-bottom");
      const inp = document.createElement("input");
      inp.id = `cell-${r}-${c}`;
      inp.type = "text";
      inp.inputMode = "numeric";
      inp.autocomplete = "off";
      inp.maxLength = n > 9 ? 2 : 1;
      inp.dataset.prev = "";
      inp.setAttribute("aria-label", `row ${r + 1} column ${c + 1}`);
      inp.addEventListener("keydown", onKey);
      inp.addEventListener("input", onInput);
      td.appendChild(inp);
      tr.appendChild(td);
    }
    table.appendChild(tr);
  }
}

function readCells() {
  const n = state.size, rows = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) {
      const inp = cell(r, c);
      row.push(inp.classList.contains("solved") ? "" : inp.value.trim());
    }
    rows.push(row);
  }
  return rows;
}

function validValue(text) {
  if (text === "") return true;
  if (!/^[0-9]{1,2}$/.test(text)) return false;
  const v = Number(text);
  return v >= 1 && v <= state.size && String(v) === text;
}

function refuse(inp, what) {
  inp.classList.remove("refused");
  void inp.offsetWidth;          // restart the animation
  inp.classList.add("refused");
  setStatus(`error: ${JSON.stringify(what)} refused: a cell takes a number 1-${state.size}`);
}

const CONTROL_KEYS = new Set(["Backspace", "Delete", "Tab", "ArrowLeft", "ArrowRight", "ArrowUp",
  "ArrowDown", "Home", "End", "Enter", "Escape", "Shift", "Control", "Alt", "Meta"]);

function onKey(ev) {
  const inp = ev.target;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key.startsWith("Arrow")) { move(inp, ev.key); ev.preventDefault(); return; }
  if (CONTROL_KEYS.has(ev.key) || ev.key.length !== 1) return;
  ev.preventDefault();
  if (state.solved) clearSolution();
  if (!/[0-9]/.test(ev.key)) { refuse(inp, ev.key); return; }
  let next = ev.key;
  if (state.size > 9) {
    // two-digit values: a digit after a lone 1 makes 10..16, or is refused (17..19)
    const cur = inp.selectionStart !== inp.selectionEnd ? "" : inp.value;
    if (cur === "1") next = cur + ev.key;
  }
  if (!validValue(next)) { refuse(inp, ev.key); return; }
  inp.value = next;
  changed(inp);
}

function onInput(ev) {               // paste, autofill, IME: the same rule as typing
  const inp = ev.target;
  if (state.solved) clearSolution();
  const v = inp.value.trim();
  if (!validValue(v)) {
    inp.value = inp.dataset.prev;
    refuse(inp, v);
    return;
  }
  inp.value = v;
  changed(inp);
}

function move(inp, key) {
  const [, r, c] = inp.id.split("-").map(Number);
  const d = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0]}[key];
  const n = state.size, t = cell((r + d[0] + n) % n, (c + d[1] + n) % n);
  t.focus();
  t.select();
}

let sizesTimer = null;
function changed(inp) {
  inp.dataset.prev = inp.value;
  inp.classList.remove("bad");
  state.file = null;
  const problem = markConflicts();
  if (problem) setStatus(`error: ${problem}`);
  else if ($("#status").className === "bad") setStatus("ready: type the givens, then Solve");
  clearTimeout(sizesTimer);
  sizesTimer = setTimeout(refreshSizes, 400);
}

// two equal digits in a row, column or box: marked at once (the solver would say unsat)
function markConflicts() {
  const n = state.size, [bh, bw] = BOXES[n], cells = readCells();
  document.querySelectorAll("#grid input.conflict").forEach((e) => e.classList.remove("conflict"));
  let first = null;
  const units = [];
  for (let i = 0; i < n; i++) {
    units.push([`row ${i + 1}`, [...Array(n).keys()].map((c) => [i, c])]);
    units.push([`column ${i + 1}`, [...Array(n).keys()].map((r) => [r, i])]);
    const br = Math.floor(i / (n / bw)) * bh, bc = (i % (n / bw)) * bw;
    const box = [];
    for (let a = 0; a < bh; a++) for (let b = 0; b < bw; b++) box.push([br + a, bc + b]);
    units.push([`box ${i + 1}`, box]);
  }
  for (const [name, us] of units) {
    const seen = {};
    for (const [r, c] of us) {
      const v = cells[r][c];
      if (!v) continue;
      if (seen[v]) {
        cell(r, c).classList.add("conflict");
        cell(seen[v][0], seen[v][1]).classList.add("conflict");
        first = first || `${name} has ${v} twice; the puzzle cannot be solved`;
      } else seen[v] = [r, c];
    }
  }
  return first;
}

function clearSolution() {
  showAnswer(null);
  document.querySelectorAll("#grid input").forEach((inp) => {
    if (inp.classList.contains("solved")) {
      inp.value = "";
      inp.dataset.prev = "";
      inp.classList.remove("solved");
    }
    inp.readOnly = false;
  });
  state.solved = false;
  $("#second-box").hidden = true;
  $("#text").hidden = true;
}

function restartGrid() {
  state.known = [];
  buildGrid(state.size);
  state.file = null;
  state.solved = false;
  state.last = null;
}

// -------------------------------------------------------------- the puzzle
function isGridMode() { return state.kind === "sudoku" && state.file === null; }

function puzzleBody(extra) {
  const body = {amo: $("#amo").value, card: $("#card").value, pb: $("#pb").value};
  if (isGridMode()) body.sudoku = {size: state.size, cells: readCells()};
  else if (state.file) Object.assign(body, state.file);
  return Object.assign(body, extra || {});
}

function hasPuzzle() { return isGridMode() || state.file !== null; }

function showKindControls() {
  const sudoku = state.kind === "sudoku";
  $("#size-label").hidden = !sudoku;
  $("#grid").hidden = !isGridMode();
  $("#drawing").hidden = isGridMode();
  $("#legend").textContent = isGridMode()
    ? "bold: given · green: found by the solver"
    : "framed in blue: given · the rest: found by the solver";
  const choices = (state.kinds[state.kind] || {choices: []}).choices;
  for (const k of ["amo", "card", "pb"]) {
    $(`#${k}`).disabled = !choices.includes(k);
    $(`#${k}`).title = choices.includes(k) ? "" : `${state.kind} has no ${k} constraints to encode`;
  }
  const sel = $("#instance");
  sel.innerHTML = "";
  for (const it of state.instances.filter((i) => i.kind === state.kind)) {
    const o = document.createElement("option");
    o.value = it.name;
    o.textContent = it.name + (it.puzzles > 1 ? ` (${it.puzzles} puzzles)` : "");
    sel.appendChild(o);
  }
  const chosen = [...sel.options].find((o) => o.value === state.chosen);
  const classic = [...sel.options].find((o) => o.value.includes("classic"));
  if (chosen || classic) sel.value = (chosen || classic).value;
  if (state.uploaded) {               // an upload is shown, not one of the files offered
    const o = document.createElement("option");
    o.value = "";
    o.textContent = `${state.uploaded} (uploaded)`;
    sel.prepend(o);
    sel.value = "";
  }
  sel.disabled = !sel.options.length;
  $("#load").disabled = !sel.options.length;
}

function showSizes(st) {
  if (!st) return;
  const tbody = $("#sizes tbody");
  const before = {};
  tbody.querySelectorAll("tr").forEach((tr) => { before[tr.dataset.group] = tr.dataset.clauses; });
  tbody.innerHTML = "";
  for (const [g, s] of Object.entries(st.groups)) {
    const tr = document.createElement("tr");
    tr.dataset.group = g;
    tr.dataset.clauses = s.clauses;
    if (g in before && String(before[g]) !== String(s.clauses)) tr.className = "changed";
    for (const v of [g, fmt(s.variables), fmt(s.clauses), fmt(s.literals)]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    tbody.appendChild(tr);
  }
  $("#total-variables").textContent = fmt(st.total.variables);
  $("#total-clauses").textContent = fmt(st.total.clauses);
  $("#total-literals").textContent = fmt(st.total.literals);
  $("#compile-time").textContent = `${(st.compile_seconds * 1000).toFixed(1)} ms`;
  $("#encodings-used").textContent = "encodings used: " +
    (Object.entries(st.encodings).map(([k, v]) => `${k} ${v}`).join(", ") || "none");
}

async function refreshSizes() {
  if (!hasPuzzle()) return;
  const seq = ++state.sizesSeq;
  try {
    const r = await api("POST", "/api/sizes", puzzleBody());
    if (seq === state.sizesSeq) showSizes(r.sizes);
  } catch (e) { /* typing errors are shown by Solve; sizes stay as they were */ }
}

// the kind's answer (the number a puzzle asks for, as `satgrid solve` prints it)
function showAnswer(value) {
  const none = value === null || value === undefined;
  $("#answer").hidden = none;
  $("#answer-value").textContent = none ? "" : String(value);
}

function showResult(r, grid) {
  setStatus(r.message);
  $("#solve-time").textContent = `${r.stats.seconds.toFixed(3)} s`;
  $("#rounds").textContent = String(r.stats.rounds);
  showSizes(r.sizes);
  $("#second-box").hidden = !r.second_svg;
  $("#second").innerHTML = r.second_svg || "";
  showAnswer(r.status === "sat" ? r.answer : null);
  if (r.status !== "sat") return;
  if (grid) {
    const n = state.size;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const inp = cell(i, j);
        if (!inp.value) {
          inp.value = String(r.grid[i][j]);
          inp.classList.add("solved");
        }
        inp.readOnly = true;
      }
    }
    state.solved = true;
  } else if (r.svg) {
    $("#drawing").innerHTML = r.svg;
    $("#text").hidden = true;
    state.solved = true;
  } else {
    $("#text").textContent = r.text;
    $("#text").hidden = false;
    state.solved = true;
  }
}

async function run(what) {
  if (!hasPuzzle()) { setStatus("error: choose or load a puzzle first"); return; }
  const grid = isGridMode();
  if (grid && state.solved) clearSolution();
  if (!grid && state.solved) await redrawPuzzle();
  state.last = what;
  clearTimeout(sizesTimer);
  state.sizesSeq++;                   // the solve's answer brings the sizes
  setStatus(what === "unique" ? "checking uniqueness…" : "solving…", "busy");
  const seq = ++state.seq;
  try {
    const r = await api("POST", "/api/solve", puzzleBody({unique: what === "unique"}));
    if (seq !== state.seq) return;
    showResult(r, grid);
  } catch (e) {
    if (seq !== state.seq) return;
    setStatus(`error: ${e.message}`);
    if (e.cell && grid) cell(e.cell[0], e.cell[1]).classList.add("bad");
  }
}

async function redrawPuzzle() {
  if (!state.file) return;
  const r = await api("POST", "/api/load", puzzleBody());
  showLoaded(r);
}

function showLoaded(r) {
  state.solved = false;
  state.known = [];
  $("#second-box").hidden = true;
  $("#text").hidden = true;
  showAnswer(null);
  const index = (state.file && state.file.index) || 0;
  $("#title").textContent = `${r.label} (${r.kind})` +
    (r.puzzles > 1 ? `, puzzle ${index + 1} of ${r.puzzles}` : "");
  state.collection = r.puzzles > 1 && state.file
    ? {text: state.file.text, name: state.file.name, index, count: r.puzzles} : null;
  showPicker();
  if (r.sudoku) {                      // a Sudoku file the grid can hold: type on from it
    state.file = null;
    setKind("sudoku", false);
    $("#size").value = String(r.sudoku.size);
    state.size = r.sudoku.size;          // the grid is built at the file's size
    restartGrid();
    r.sudoku.cells.forEach((row, i) => row.forEach((v, j) => {
      const inp = cell(i, j);
      inp.value = v ? String(v) : "";
      inp.dataset.prev = inp.value;
    }));
    markConflicts();
  } else {
    $("#drawing").innerHTML = r.svg || "";
    if (!r.svg && r.text) { $("#text").textContent = r.text; $("#text").hidden = false; }
  }
  showKindControls();
  showSizes(r.sizes);
  $("#solve-time").textContent = "–";
  $("#rounds").textContent = "–";
}

// the collection picker: puzzle i of the file loaded (Previous, Next, or its number)
function showPicker() {
  const c = state.collection;
  $("#picker").hidden = !c;
  if (!c) return;
  $("#index").max = String(c.count);
  $("#index").value = String(c.index + 1);
  $("#count").textContent = `of ${c.count}`;
  $("#prev").disabled = c.index <= 0;
  $("#next").disabled = c.index >= c.count - 1;
}

async function pick(i) {
  const c = state.collection;
  if (!c) return;
  if (!(Number.isInteger(i) && i >= 0 && i < c.count)) {
    setStatus(`error: puzzle: expected a number 1-${c.count}`);
    showPicker();
    return;
  }
  await loadText(c.text, c.name, i);
}

async function loadText(text, name, index) {
  state.file = {text, name, index: index || 0};
  state.last = null;
  setStatus(`loading ${name}…`, "busy");
  const seq = ++state.loadSeq;
  try {
    const r = await api("POST", "/api/load", puzzleBody());
    if (seq !== state.loadSeq) return;   // another file was asked for meanwhile
    if (r.kind !== state.kind) setKind(r.kind, false);
    showLoaded(r);
    const which = r.puzzles > 1 ? `, puzzle ${(index || 0) + 1} of ${r.puzzles}` : "";
    setStatus(`ready: ${name} loaded${which}, ${fmt(r.sizes.total.clauses)} clauses; Solve`);
  } catch (e) {
    if (seq !== state.loadSeq) return;
    setStatus(`error: ${e.message}`);
  }
}

async function loadInstance() {
  const name = $("#instance").value;
  if (!name) return;
  try {
    const r = await api("GET", `/api/instance?name=${encodeURIComponent(name)}`);
    state.chosen = r.name;
    state.uploaded = null;
    await loadText(r.text, r.name);
  } catch (e) {
    setStatus(`error: ${e.message}`);
  }
}

function setKind(kind, autoload) {
  state.kind = kind;
  $("#kind").value = kind;
  state.solved = false;
  state.last = null;
  showKindControls();
  if (autoload) {                      // a new kind: no collection to pick from
    state.collection = null;
    state.uploaded = null;
    showPicker();
  }
  if (kind === "sudoku") {
    if (autoload) { restartGrid(); showKindControls(); refreshSizes(); setStatus("ready: type the givens, then Solve"); }
  } else if (autoload) {
    state.file = null;
    $("#drawing").innerHTML = "";
    $("#title").textContent = "";
    if ($("#instance").options.length) loadInstance();
    else setStatus(`ready: upload a ${kind} instance file`);
  }
}

// ----------------------------------------------------------------- wiring
function fillEncodings(enc, defaults) {
  for (const k of ["amo", "card", "pb"]) {
    const sel = $(`#${k}`);
    sel.innerHTML = "";
    const d = document.createElement("option");
    d.value = "";
    d.textContent = `default (${defaults[k]})`;
    sel.appendChild(d);
    for (const m of enc[k]) {
      const o = document.createElement("option");
      o.value = m;
      o.textContent = m;
      sel.appendChild(o);
    }
    sel.addEventListener("change", () => {
      if (state.last && hasPuzzle()) run(state.last); else refreshSizes();
    });
  }
}

async function init() {
  const k = await api("GET", "/api/kinds");
  for (const it of k.kinds) state.kinds[it.name] = it;
  const kindSel = $("#kind");
  for (const it of k.kinds) {
    const o = document.createElement("option");
    o.value = it.name;
    o.textContent = it.name;
    kindSel.appendChild(o);
  }
  fillEncodings(k.encodings, k.defaults);
  state.instances = (await api("GET", "/api/instances")).instances;
  buildGrid(9);
  setKind("sudoku", false);
  kindSel.addEventListener("change", () => setKind(kindSel.value, true));
  $("#size").addEventListener("change", () => {
    state.size = Number($("#size").value);
    restartGrid();
    refreshSizes();
    setStatus(`ready: an empty ${state.size}x${state.size} grid; type the givens, then Solve`);
  });
  $("#solve").addEventListener("click", () => run("solve"));
  $("#unique").addEventListener("click", () => run("unique"));
  $("#restart").addEventListener("click", async () => {
    state.seq++;
    state.last = null;
    if (state.kind === "sudoku") {
      restartGrid();
      state.collection = null;
      state.uploaded = null;
      showPicker();
      showAnswer(null);
      showKindControls();
      $("#title").textContent = "";
      $("#second-box").hidden = true;
      $("#text").hidden = true;
      setStatus("ready: an empty grid; type the givens, then Solve");
      refreshSizes();
    } else if (state.file) {
      await redrawPuzzle();
      setStatus("ready: the puzzle again, unsolved");
    }
    $("#solve-time").textContent = "–";
    $("#rounds").textContent = "–";
  });
  $("#load").addEventListener("click", loadInstance);
  $("#prev").addEventListener("click", () => state.collection && pick(state.collection.index - 1));
  $("#next").addEventListener("click", () => state.collection && pick(state.collection.index + 1));
  const picked = () => { if ($("#index").value !== "") pick(Number($("#index").value) - 1); };
  $("#index").addEventListener("change", picked);
  $("#index").addEventListener("keydown", (ev) => { if (ev.key === "Enter") picked(); });
  $("#upload").addEventListener("change", (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    if (f.size > 1024 * 1024) { setStatus(`error: ${f.name} is over 1 MiB`); return; }
    const reader = new FileReader();
    reader.onload = () => { state.uploaded = f.name; loadText(String(reader.result), f.name); };
    reader.onerror = () => setStatus(`error: ${f.name}: cannot read the file`);
    reader.readAsText(f);
    ev.target.value = "";
  });
  $("#save").addEventListener("click", async () => {
    if (!hasPuzzle()) { setStatus("error: choose or load a puzzle first"); return; }
    try {
      const r = await api("POST", "/api/save", puzzleBody());
      download(r.filename, r.text);
      setStatus(`solved: saved the solution as ${r.filename}`);
    } catch (e) { setStatus(`error: ${e.message}`); }
  });
  $("#dimacs").addEventListener("click", async () => {
    if (!hasPuzzle()) { setStatus("error: choose or load a puzzle first"); return; }
    try {
      const r = await api("POST", "/api/dimacs", puzzleBody());
      download(r.filename, r.text);
      setStatus(`ready: ${r.filename} downloaded (${fmt(r.variables)} variables, ${fmt(r.clauses)} clauses)`);
    } catch (e) { setStatus(`error: ${e.message}`); }
  });
  await refreshSizes();
  setStatus("ready: type the givens, then Solve");
}

// the Hint button: the next forced cell, its reason's cells highlighted; in
// the grid the value is filled in (a given from then on), on a file it is
// remembered and sent with the next hint
async function hint() {
  if (!hasPuzzle()) { setStatus("error: choose or load a puzzle first"); return; }
  const grid = isGridMode();
  if (grid && state.solved) clearSolution();
  setStatus("looking for the next step…", "busy");
  try {
    const r = await api("POST", "/api/hint", puzzleBody({known: grid ? [] : state.known}));
    document.querySelectorAll("#grid input.reason, #grid input.hinted").forEach(
      (inp) => inp.classList.remove("reason", "hinted"));
    setStatus(r.message, r.status === "unsat" ? "bad" : undefined);
    const h = r.hints && r.hints[0];
    if (!h) return;
    if (grid) {
      r.reason_cells.forEach(([i, j]) => cell(i, j).classList.add("reason"));
      if (h.cell) {
        const inp = cell(h.cell[0], h.cell[1]);
        inp.value = String(h.value);
        inp.dataset.prev = inp.value;
        inp.classList.add("hinted");
      }
    } else {
      state.known.push(h.literal);
      if (r.svg) $("#drawing").innerHTML = r.svg;
    }
  } catch (e) { setStatus(`error: ${e.message}`); }
}
$("#hint").addEventListener("click", hint);

// the Forced cells button: what every solution shares, the rest left open
async function forced() {
  if (!hasPuzzle()) { setStatus("error: choose or load a puzzle first"); return; }
  const grid = isGridMode();
  if (grid && state.solved) clearSolution();
  setStatus("finding the forced cells…", "busy");
  try {
    const r = await api("POST", "/api/backbone", puzzleBody());
    setStatus(r.message, r.status === "unsat" ? "bad" : undefined);
    if (!r.backbone) return;
    if (grid) {
      const open = r.backbone.open[0];
      r.grid.forEach((row, i) => row.forEach((v, j) => {
        const inp = cell(i, j);
        if (!inp.value && !open[i][j]) {
          inp.value = String(v);
          inp.classList.add("solved");
        }
      }));
      state.solved = true;
    } else if (r.svg) {
      $("#drawing").innerHTML = r.svg;
      state.solved = true;
    }
  } catch (e) { setStatus(`error: ${e.message}`); }
}
$("#forced").addEventListener("click", forced);

init().catch((e) => setStatus(`error: ${e.message}`));
