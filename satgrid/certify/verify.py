"""``satgrid verify``: check a certificate folder, sharing no code with the solving.

What it uses: its own DIMACS and DRAT readers (below; parsing, no solving),
the DRAT checker of the ``dratify`` package (pure Python, the ``certify``
extra), the kind's referee (``satgrid/puzzles/<kind>/check.py``, reached
through the instance file that the certificate carries, parsed by the kind's
reader), its own breadth-first search for the cuts, and :mod:`hashlib`. It
runs no solver, no Session and no proof code (the compiler's modules import
PySAT; verify calls only the compile). It trusts nothing in the
folder but the instance file: a puzzle certificate's instance is recompiled
(:mod:`satgrid.certify.recompile`: the kind's build, the Model and the
encodings, all solver-independent) with the options the manifest records, and
the formula, names, projection, connectivity graphs and decoded solutions
must be what the recompile gives. Every file is read through
:mod:`satgrid.certify.safefile` (regular files only, size ceilings, bounded
JSON depth).

Order of the checks (the first failure is reported, in one line naming the
file and line or item): the manifest's form and the clause ranges; the
solutions (against the formula, the blocking clauses, the referee, the
variable names); the cuts (each clause against its justification, each
separator by a graph search, the graph against the grid); the claim (how many
solutions); the proof (dratify); last the SHA-256 of every file (so that a
changed line is reported as what it breaks, and a hash alone as a hash).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import deque
from pathlib import Path

from ..errors import InputError, NotAvailableError
from .recompile import VerifyFailed, compare_formula, decoded_of, recompile
from .safefile import (MAX_FORMULA_BYTES, MAX_INSTANCE_BYTES, MAX_JSON_BYTES, MAX_PROOF_BYTES,
                       read_json, read_regular)

__all__ = ["VerifyFailed", "verify_folder", "verify_proof", "read_cnf", "read_drat"]


def _fail(msg: str):
    raise VerifyFailed(msg)


# ---------------------------------------------------------------- DIMACS
class Cnf:
    """Clauses (DIMACS ints), the line of each, variable names."""

    def __init__(self):
        self.nvars = 0
        self.clauses: list[list[int]] = []
        self.lines: list[int] = []
        self.names: dict[int, str] = {}


_VARNAME = re.compile(r"^c varname (\d+) (.+)$")


def read_cnf(path, *, follow: bool = True) -> Cnf:
    """Read DIMACS CNF (``p cnf`` line required; ``c varname`` lines kept).

    Args:
        follow: follow a symbolic link (a file named on the command line;
            a certificate's ``formula.cnf`` is read with ``follow=False``).

    Raises:
        InputError: ``file:line:column: what was expected``; a file that is
            not a regular file or is over :data:`~satgrid.certify.safefile.MAX_FORMULA_BYTES`.
    """
    path = Path(path)
    name = str(path)
    try:
        text = read_regular(path, MAX_FORMULA_BYTES, follow=follow).decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read a DIMACS file: not UTF-8 (byte {e.start})", name) from None
    f = Cnf()
    declared = None
    pending: list[int] = []
    start = 0
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s:
            continue
        if s[0] == "c":
            m = _VARNAME.match(s)
            if m:
                f.names[int(m.group(1))] = m.group(2)
            continue
        if s[0] == "p":
            parts = s.split()
            if declared is not None or len(parts) != 4 or parts[1] != "cnf" \
                    or not parts[2].isdigit() or not parts[3].isdigit():
                raise InputError("expected one header 'p cnf VARIABLES CLAUSES'", name, no, 1)
            declared = (int(parts[2]), int(parts[3]))
            f.nvars = declared[0]
            continue
        if declared is None:
            raise InputError("expected the header 'p cnf VARIABLES CLAUSES' before clauses",
                             name, no, 1)
        for tok in s.split():
            try:
                d = int(tok)
            except ValueError:
                raise InputError(f"expected an integer literal, found {tok!r}", name, no,
                                 line.find(tok) + 1) from None
            if abs(d) > f.nvars:
                raise InputError(f"literal {d} is outside the header's {f.nvars} variables",
                                 name, no, line.find(tok) + 1)
            if d == 0:
                f.clauses.append(pending)
                f.lines.append(start or no)
                pending, start = [], 0
            else:
                pending.append(d)
                start = start or no
    if pending:
        raise InputError("expected 0 at the end of the last clause", name, start, 1)
    if declared is None:
        raise InputError("expected the header 'p cnf VARIABLES CLAUSES'", name, 1, 1)
    if declared[1] != len(f.clauses):
        raise InputError(f"the header declares {declared[1]} clauses, the file has "
                         f"{len(f.clauses)}", name, 1, 1)
    return f


# ------------------------------------------------------------------ DRAT
_TEXT = set(b"0123456789- \t\r\ndc")


def read_drat(path, *, follow: bool = True) -> tuple[list[tuple[str, list[int]]], list[str]]:
    """Read a DRAT proof, text or binary (detected as drat-trim does: a byte
    that text DRAT never has). Returns (steps, where each step is).
    A regular file of at most :data:`~satgrid.certify.safefile.MAX_PROOF_BYTES`
    (``follow``: as :func:`read_cnf`)."""
    path = Path(path)
    data = read_regular(path, MAX_PROOF_BYTES, follow=follow)
    if any(b not in _TEXT for b in data[:64]) and data[:1] in (b"a", b"d"):
        return _binary_drat(data, path.name)
    return _text_drat(data.decode("ascii", "replace"), path.name)


def _text_drat(text: str, name: str):
    steps, where = [], []
    kind, lits, opened = "a", [], 0
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s[0] == "c":
            continue
        for tok in s.split():
            if tok == "d" and not opened:
                kind, opened = "d", no
                continue
            try:
                d = int(tok)
            except ValueError:
                raise InputError(f"expected a literal, 0 or d, found {tok!r}", name, no,
                                 line.find(tok) + 1) from None
            if d == 0:
                steps.append((kind, lits))
                where.append(f"{name} line {opened or no}")
                kind, lits, opened = "a", [], 0
            else:
                lits.append(d)
                opened = opened or no
    if opened:
        raise InputError("expected 0 at the end of the last proof step", name, opened, 1)
    return steps, where


def _binary_drat(data: bytes, name: str):
    steps, where = [], []
    i, n = 0, len(data)
    while i < n:
        at = i
        mark = data[i]
        if mark not in (0x61, 0x64):
            raise InputError(f"binary DRAT: expected 'a' or 'd' at byte {i}", name)
        i += 1
        lits = []
        while True:
            u, shift = 0, 0
            while True:
                if i >= n:
                    raise InputError(f"binary DRAT: step at byte {at} is cut off", name)
                b = data[i]
                i += 1
                u |= (b & 0x7F) << shift
                shift += 7
                if b < 0x80:
                    break
            if u == 0:
                break
            lits.append(-(u >> 1) if u & 1 else (u >> 1))
        steps.append(("d" if mark == 0x64 else "a", lits))
        where.append(f"{name} step {len(steps)} (byte {at})")
    return steps, where


def check_drat(nvars: int, clauses: list[list[int]], steps, where) -> tuple[float, int]:
    """dratify's verdict on the proof; (seconds, steps). Raises VerifyFailed."""
    try:
        import dratify  # optional: the certify extra (pip install 'satgrid[certify]')
    except ImportError:
        raise NotAvailableError("verify needs the dratify package: pip install "
                                "'satgrid[certify]' (or pip install dratify)") from None
    t0 = time.perf_counter()
    f = dratify.CNF(nvars)
    for c in clauses:
        f.add_dimacs(c)
    if f.nvars < nvars:
        f.nvars = nvars
    fd = dratify.from_dimacs
    internal = [(k, tuple(fd(l) for l in lits)) for k, lits in steps]
    try:
        res = dratify.check_proof(f, internal, engine="python")
    except ValueError as e:          # dratify refuses steps it cannot interpret
        _fail(f"proof: {e}")
    if not res.ok:
        if res.failed_step > 0:
            k, lits = steps[res.failed_step - 1]
            _fail(f"{where[res.failed_step - 1]}: proof step '{' '.join(map(str, lits))} 0' "
                  f"is neither RUP nor RAT (dratify: {res.reason})")
        _fail(f"proof: {res.reason} (dratify)")
    return time.perf_counter() - t0, res.steps


def verify_proof(formula, proof) -> str:
    """``satgrid verify --formula F --proof P``: F is unsatisfiable by proof P."""
    cnf = read_cnf(formula)
    steps, where = read_drat(proof)
    seconds, n = check_drat(cnf.nvars, cnf.clauses, steps, where)
    checked = (f"dratify checked {n} of them" if n else
               "dratify refutes the formula by unit propagation alone, no step needed")
    return (f"verified: {formula} is unsatisfiable ({len(cnf.clauses)} clauses, "
            f"proof of {len(steps)} steps; {checked}; {seconds:.2f} s)")


# ------------------------------------------------------------ certificate
def _json(folder: Path, name: str):
    try:
        return read_json(folder / name, MAX_JSON_BYTES)
    except InputError as e:
        _fail(f"{name}: {e.message}")


def _node(v):
    """A node read from JSON: lists become tuples, at every depth (cells, edges)."""
    return tuple(_node(x) for x in v) if isinstance(v, list) else v


_CELL = re.compile(r"^(?:g(\d+)\.)?x\[(\d+),(\d+)\]=(-?\d+)$")


def _grids(decoded: dict) -> dict[int, list] | None:
    if isinstance(decoded.get("grids"), list):
        return {k + 1: g for k, g in enumerate(decoded["grids"])}
    if isinstance(decoded.get("grid"), list):
        return {0: decoded["grid"]}
    return None


def _link(i: int, true: set[int], decoded: dict, names: dict[int, str]) -> bool:
    """The decoded grid against the model's ``x[r,c]=v`` variables (by name)."""
    grids = _grids(decoded)
    cells: dict[tuple, int] = {}
    named: set[tuple] = set()
    for v, name in names.items():
        m = _CELL.match(name)
        if m:
            key = (int(m.group(1) or 0), int(m.group(2)), int(m.group(3)))
            named.add(key)
            if v in true:
                if key in cells:
                    _fail(f"solutions.json: solution {i}: cell {key[1:]} has two values "
                          "in the model")
                cells[key] = int(m.group(4))
    if not named or grids is None:
        return False
    for (g, r, c) in sorted(named):
        want = cells.get((g, r, c), 0)
        try:
            got = grids[g][r][c]
        except (KeyError, IndexError, TypeError):
            _fail(f"solutions.json: solution {i}: the decoded solution has no cell "
                  f"({r},{c}){f' in grid {g}' if g else ''}")
        if got != want:
            _fail(f"solutions.json: solution {i}: cell ({r},{c}){f' of grid {g}' if g else ''} "
                  f"is {got} in the decoded solution but {want} in the model")
    return True


def _satisfies(true: set[int], clause: list[int]) -> bool:
    for l in clause:
        if (l > 0) == (abs(l) in true):
            return True
    return False


def _separated(nodes: int, adj: list[list[int]], a: int, b: int, cut: set[int]) -> bool:
    """No path from a to b avoiding ``cut`` (breadth-first search)."""
    if a in cut or b in cut:
        return False
    seen = {a}
    todo = deque([a])
    while todo:
        u = todo.popleft()
        if u == b:
            return False
        for w in adj[u]:
            if w not in seen and w not in cut:
                seen.add(w)
                todo.append(w)
    return True


def _check_cuts(cuts: dict, cnf: Cnf, lo: int, hi: int, recompiled: bool = False) -> str:
    """Each cut against its constraint's graph (``recompiled``: the graphs were
    compared with the recompiled instance's already, so they are its own)."""
    cons = cuts.get("constraints")
    items = cuts.get("cuts")
    if not isinstance(cons, list) or not isinstance(items, list):
        _fail("cuts.json: expected 'constraints' and 'cuts' lists")
    graphs, notes = [], []
    for k, c in enumerate(cons):
        try:
            nodes = [_node(v) for v in c["nodes"]]
            lits = [int(l) for l in c["literals"]]
            edges = [(int(i), int(j)) for i, j in c["edges"]]
        except (KeyError, TypeError, ValueError):
            _fail(f"cuts.json: constraint {k}: expected nodes, literals and edges")
        if len(nodes) != len(lits) or len(set(nodes)) != len(nodes):
            _fail(f"cuts.json: constraint {k}: nodes and literals do not pair up")
        adj = [[] for _ in nodes]
        for i, j in edges:
            if not (0 <= i < len(nodes) and 0 <= j < len(nodes)):
                _fail(f"cuts.json: constraint {k}: edge ({i},{j}) names no node")
            adj[i].append(j)
            adj[j].append(i)
        if all(isinstance(v, tuple) and len(v) == 2 and all(type(x) is int for x in v)
               for v in nodes):
            grid = {tuple(sorted((i, j))) for i, u in enumerate(nodes)
                    for j, w in enumerate(nodes)
                    if i < j and abs(u[0] - w[0]) + abs(u[1] - w[1]) == 1}
            if grid != {tuple(sorted(e)) for e in edges}:
                _fail(f"cuts.json: constraint {k} ({c.get('name')}): its edges are not the "
                      "orthogonal neighbours of its cells")
        elif not recompiled:
            notes.append(f"constraint {k}: graph taken from the certificate (not grid cells)")
        graphs.append((nodes, {v: i for i, v in enumerate(nodes)}, lits, adj))
    expected = list(range(lo, hi + 1))
    got = [it.get("clause") if isinstance(it, dict) else None for it in items]
    if got != expected:
        _fail(f"cuts.json: the cuts name clauses {got[:3]}..., but clauses {lo}..{hi} of "
              "formula.cnf are the cuts")
    for n, it in enumerate(items):
        try:
            k = int(it["constraint"])
            nodes, index, lits, adj = graphs[k]
            a, b = index[_node(it["a"])], index[_node(it["b"])]
            sep = [index[_node(s)] for s in it["separator"]]
        except (KeyError, TypeError, ValueError, IndexError):
            _fail(f"cuts.json: cut {n} (clause {it.get('clause')}): its constraint, a, b or "
                  "separator names no node")
        clause = cnf.clauses[it["clause"] - 1]
        want = {-lits[a], -lits[b]} | {lits[s] for s in sep}
        line = cnf.lines[it["clause"] - 1]
        if a == b or set(clause) != want:
            _fail(f"formula.cnf line {line}: cut clause {it['clause']} is not the clause of "
                  f"its justification in cuts.json (cut {n}: not a or not b or a separator "
                  "node)")
        if not _separated(len(nodes), adj, a, b, set(sep)):
            _fail(f"cuts.json: cut {n} (formula.cnf line {line}): the separator does not "
                  f"separate {it['a']} from {it['b']} in the graph of constraint {k}")
    return "; ".join(notes)


def verify_folder(folder) -> str:
    """Check the certificate in ``folder``; a summary line, or VerifyFailed.

    The line starts ``verified: `` and says what was verified: for a puzzle
    certificate (an instance in the folder, recompiled) the claim about the
    puzzle, ``verified: unique (puzzle instance.toml recompiled: ...)``; for
    a cube folder of ``count --split --certify`` also ``cube [lits]`` (its
    count is of the recompiled instance plus the cube's unit clauses); for a
    Model's certificate (no instance) ``verified: unique (formula
    certificate, no instance: ...)``, a claim about ``formula.cnf`` alone.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError("expected a certificate folder", str(folder))
    try:
        return _verify_folder(folder)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
            RecursionError) as e:
        # a file of the wrong shape (a list where an object belongs, a 1e400, ...)
        raise VerifyFailed(f"the certificate is malformed: {type(e).__name__}: {e}") from None


def _file(folder: Path, files: dict, key: str, limit: int) -> bytes:
    """A listed file's bytes: a regular file (no symlink) under ``limit``."""
    name = files[key]["name"]
    try:
        return read_regular(folder / name, limit)
    except InputError as e:
        _fail(f"{name}: {e.message}")


_LIMITS = {"formula": MAX_FORMULA_BYTES, "proof": MAX_PROOF_BYTES,
           "instance": MAX_INSTANCE_BYTES}


def _verify_folder(folder: Path) -> str:
    t0 = time.perf_counter()
    man = _json(folder, "manifest.json")
    if not isinstance(man, dict):
        _fail("manifest.json: expected a JSON object")
    claim = man.get("claim")
    if claim not in ("unique", "not unique", "unsat", "count", "sat"):
        _fail(f"manifest.json: unknown claim {claim!r}")
    files = man.get("files") or {}
    if not isinstance(files, dict):
        _fail("manifest.json: 'files' must be an object")
    for key in ("formula", "solutions", "cuts"):
        if key not in files:
            _fail(f"manifest.json: no {key} file listed")
    for key, ent in files.items():
        if not isinstance(ent, dict) or not isinstance(ent.get("name"), str) \
                or Path(ent["name"]).name != ent["name"] or ent["name"] in ("", ".", ".."):
            _fail(f"manifest.json: file entry {key!r} needs a plain file name in this folder")
    try:
        cnf = read_cnf(folder / files["formula"]["name"], follow=False)
    except InputError as e:
        _fail(f"formula.cnf does not parse: {e}")
    try:
        (a1, a2), (c1, c2), (b1, b2) = (man["clauses"][k] for k in ("compiled", "cuts",
                                                                      "blocking"))
    except (KeyError, TypeError, ValueError):
        _fail("manifest.json: expected clause ranges compiled, cuts, blocking")
    if not all(type(x) is int for x in (a1, a2, c1, c2, b1, b2)) or not (
            a1 == 1 and c1 == a2 + 1 and b1 == c2 + 1 and b2 == len(cnf.clauses)
            and a2 >= 0 and c2 >= a2 and b2 >= c2):
        _fail(f"manifest.json: clause ranges {man['clauses']} do not cover formula.cnf's "
              f"{len(cnf.clauses)} clauses in order")
    sols = _json(folder, files["solutions"]["name"])
    proj = sols.get("projection") if isinstance(sols, dict) else None
    entries = sols.get("solutions") if isinstance(sols, dict) else None
    if not isinstance(proj, list) or not isinstance(entries, list):
        _fail("solutions.json: expected 'projection' and 'solutions' lists")
    cuts = _json(folder, files["cuts"]["name"])
    if not isinstance(cuts, dict):
        _fail("cuts.json: expected a JSON object")
    # ------------------------------------------------------------ recompile
    rec = None
    if "instance" in files:
        name = files["instance"]["name"]
        try:
            text = _file(folder, files, "instance", MAX_INSTANCE_BYTES).decode("utf-8")
        except UnicodeDecodeError as e:
            _fail(f"{name}: the instance is not UTF-8 text (byte {e.start})")
        rec = recompile(man, name, text, man.get("kind"))
        compare_formula(rec, cnf, a2, proj, cuts.get("constraints"))
    elif man.get("kind") is not None or man.get("instance_file") is not None:
        _fail(f"manifest.json: a certificate of a {man.get('kind')} puzzle must carry its "
              "instance file (verify recompiles it); none is listed")
    # ------------------------------------------------------------ solutions
    blocking = cnf.clauses[b1 - 1:b2]
    if len(entries) != len(blocking):
        _fail(f"solutions.json: {len(entries)} solutions but {len(blocking)} blocking "
              "clauses in formula.cnf")
    projections = set()
    linked = 0
    for i, e in enumerate(entries, 1):
        try:
            true = {int(v) for v in e["true"]}
        except (KeyError, TypeError, ValueError):
            _fail(f"solutions.json: solution {i}: expected a list 'true' of variables")
        for n in range(c2):
            if not _satisfies(true, cnf.clauses[n]):
                _fail(f"solutions.json: solution {i} falsifies clause {n + 1} "
                      f"(formula.cnf line {cnf.lines[n]})")
        values = tuple(v if v in true else -v for v in proj)
        if values in projections:
            _fail(f"solutions.json: solution {i} repeats an earlier one on the projection")
        projections.add(values)
        if set(blocking[i - 1]) != {-l for l in values}:
            _fail(f"formula.cnf line {cnf.lines[b1 + i - 2]}: blocking clause {b1 + i - 1} "
                  f"is not the negation of solution {i} on the projection variables")
        if rec is not None:
            dec = e.get("decoded")
            if not isinstance(dec, dict):
                _fail(f"solutions.json: solution {i}: no decoded solution for the referee")
            try:
                problems = rec.puzzle.check(dec)
            except Exception as ex:  # a malformed decoded solution is a failure, not a crash
                problems = [f"unreadable ({type(ex).__name__}: {ex})"]
            if problems:
                _fail(f"solutions.json: solution {i}: the referee rejects it: {problems[0]}")
            linked += _link(i, true, dec, cnf.names)
            try:                    # what the referee read is the instance's own decoding
                mine = decoded_of(rec, true)
            except VerifyFailed as ex:
                _fail(f"solutions.json: solution {i}: {ex}")
            if mine != dec:
                _fail(f"solutions.json: solution {i}: the decoded solution is not the "
                      "recompiled instance's decoding of its model")
    # ----------------------------------------------------------------- cuts
    note = _check_cuts(cuts, cnf, c1, c2, recompiled=rec is not None)
    # ---------------------------------------------------------------- claim
    n = len(entries)
    want = {"unique": 1, "not unique": 2, "unsat": 0, "sat": 1}.get(claim, man.get("count"))
    if n != want or (claim == "count" and man.get("count") != n):
        _fail(f"manifest.json: claim {claim} (count {man.get('count')}) but "
              f"solutions.json holds {n} solutions")
    # ---------------------------------------------------------------- proof
    proof_note = "no proof needed"
    if claim in ("unique", "unsat", "count"):
        if "proof" not in files:
            _fail(f"manifest.json: claim {claim} needs a proof; none is listed")
        try:
            steps, where = read_drat(folder / files["proof"]["name"], follow=False)
        except InputError as e:
            _fail(f"the proof does not parse: {e}")
        seconds, k = check_drat(cnf.nvars, cnf.clauses, steps, where)
        proof_note = f"proof of {len(steps)} steps checked by dratify in {seconds:.2f} s"
    # --------------------------------------------------------------- hashes
    for key, ent in sorted(files.items()):
        data = _file(folder, files, key, _LIMITS.get(key, MAX_JSON_BYTES))
        if hashlib.sha256(data).hexdigest() != ent.get("sha256"):
            _fail(f"manifest.json: the SHA-256 of {ent['name']} does not match the file")
    what = {"unique": "unique", "not unique": "not unique (two solutions)",
            "unsat": "no solution", "sat": "a solution",
            "count": f"exactly {n} solution(s)"}[claim]
    extras = [proof_note, f"{len(cnf.clauses)} clauses, {c2 - c1 + 1} cuts"]
    seconds = f"{time.perf_counter() - t0:.2f} s"
    if rec is None:
        extras.insert(0, "formula certificate, no instance: a claim about formula.cnf and "
                         "the graphs of cuts.json only, not about a puzzle")
        if note:
            extras.append(note)
        return f"verified: {what} ({'; '.join(extras)}; {seconds})"
    cube = f"cube {rec.cube}: " if "cube" in man else ""
    head = (f"puzzle {files['instance']['name']} ({rec.puzzle.kind}) recompiled with "
            + " ".join(f"{k}={v}" for k, v in rec.options.items())
            + f": its {a2} clauses are formula.cnf's compiled range")
    extras.insert(0, head)
    extras.append(f"referee {rec.puzzle.kind}: {n} accepted"
                  + ("" if linked == n else " (decoded solutions not linked by name)"))
    return f"verified: {cube}{what} ({'; '.join(extras)}; {seconds})"
