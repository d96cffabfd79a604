"""The workbench's JSON API: one function per route, over the pipeline the
command line uses (:mod:`satgrid.pipeline`).

Every route takes the decoded JSON body (a dict) and returns a dict; bad
input raises :class:`BadRequest` (or any
:class:`~satgrid.errors.SatgridError`), which the server answers with status
400 and ``{"error": message}``. A puzzle reaches a route in one of two forms:

* ``{"sudoku": {"size": 9, "cells": [[...], ...]}}``: a grid typed into the
  page (cells are strings or numbers, ``""`` empty). It is written as the
  Sudoku kind's TOML instance text and read by the same loader as any file,
  so every rule of the format applies; a problem is reported with the row and
  column of the cell (``"cell": [r, c]``, 0-based, in the answer);
* ``{"text": "...", "name": "hooks-8.toml", "index": 0}``: the text of an
  instance file (uploaded, or one of ``instances/``), ``index`` choosing one
  puzzle of a collection.

Encodings are chosen with ``"amo"``, ``"card"``, ``"pb"`` (method names; empty
or absent = the default). Solving runs under a time limit: the server's
(default 10 s), or a smaller one asked for with ``"time_limit"``.

The routes run in the server's worker processes (:mod:`.workers`), which
hold every route to the time limit and a memory limit from outside;
:func:`answer` turns a route's outcome into an HTTP status and a JSON answer.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ...core.encodings.methods import AMO_METHODS, CARD_METHODS, PB_METHODS
from ...errors import EXIT_LIMIT, InstanceError, LimitError, SatgridError
from ...explain.puzzle import (backbone_result, backbone_svg, backbone_text, hint_result,
                               hint_text)
from ...modelling.model import DEFAULT_AMO, DEFAULT_CARD, DEFAULT_PB
from ...pipeline.export import export_dimacs
from ...pipeline.load import loads
from ...pipeline.run import Options, public, sizes, solve
from ...puzzles import KINDS, Puzzle
from ...puzzles.render import mark_givens
from ...puzzles.sudoku.kind import EDITOR_SIZES
from .batching import solve_together
from .catalogue import check_folder, offered, read
from .drawings import puzzle_svg, solution_file, solution_svg

#: the Sudoku sizes the page's grid editor offers, with their box shapes (the kind's)
SUDOKU_SIZES = EDITOR_SIZES
#: the most clauses a puzzle's formula may have in the workbench (its
#: estimate is refused before compiling, the build stopped past it)
MAX_CLAUSES = 4_000_000
#: the memory of one worker process (its address space), in MiB
MEMORY_LIMIT_MIB = 2048
#: the largest DIMACS text the workbench sends (``satgrid dimacs`` writes any size)
MAX_DIMACS_BYTES = 32 << 20
#: characters a typed cell may not hold: they would change how the grid reads
_CELL_BREAKERS = set("|+-#\"'\\=[]") | {chr(i) for i in range(33)}


class BadRequest(SatgridError):
    """A request the API cannot use; ``extra`` goes into the JSON answer."""

    def __init__(self, message: str, **extra):
        super().__init__(message)
        self.extra = extra


@dataclass
class Workbench:
    """The server's settings and shared state.

    Args:
        instances: the folder whose ``.toml``/``.txt`` files the page offers
            (``--instances``; refused when missing or empty); None: the
            example instances shipped in the package (:mod:`.catalogue`).
        time_limit: the longest a route's work may take (compiling and
            solving), in seconds; its worker is stopped a grace period later.
        workers: worker processes, each running one route at a time (others
            wait their turn, a time limit starting when they run).
        memory_limit: each worker process's memory (address space), in MiB.
        max_clauses: the most clauses a puzzle's formula may have.
    """

    instances: str | None = None
    time_limit: float = 10.0
    workers: int = max(2, os.cpu_count() or 2)
    memory_limit: int = MEMORY_LIMIT_MIB
    max_clauses: int = MAX_CLAUSES

    def __post_init__(self):
        if not self.time_limit > 0:
            raise BadRequest(f"time limit: expected a positive number of seconds, found {self.time_limit}")
        if not (type(self.workers) is int and self.workers >= 1):
            raise BadRequest(f"workers: expected a positive number, found {self.workers!r}")
        check_folder(self.instances)


# ------------------------------------------------------------------ puzzles
def typed_sudoku_text(size: int, cells: list) -> tuple[str, int, list[list[int]]]:
    """The Sudoku TOML instance of a typed grid: (text, line of its first row,
    starting column of every cell per row)."""
    box = SUDOKU_SIZES[size]
    rows, starts = [], []
    for r, row in enumerate(cells):
        toks, cols, col = [], [], 1
        for c, v in enumerate(row):
            s = "" if v is None else str(v).strip()
            # one character a cell up to 9x9 (the format reads "10" as two cells)
            if len(s) > (1 if size <= 9 else 2) or any(ch in _CELL_BREAKERS for ch in s):
                raise BadRequest(f"row {r + 1}, column {c + 1}: expected a number 1-{size} or "
                                 f"an empty cell, found {s[:10]!r}", cell=[r, c])
            tok = s or "."
            toks.append(tok)
            cols.append(col)
            col += len(tok) + 1
        rows.append(" ".join(toks))
        starts.append(cols)
    head = ["# typed into the satgrid workbench", 'puzzle = "sudoku"', f"size = {size}",
            f'box = "{box[0]}x{box[1]}"', 'givens = """']
    text = "\n".join(head + rows + ['"""', ""])
    return text, len(head) + 1, starts


def _typed_sudoku(spec: Any) -> Puzzle:
    if not isinstance(spec, dict):
        raise BadRequest("sudoku: expected {\"size\": N, \"cells\": [[...], ...]}")
    size, cells = spec.get("size"), spec.get("cells")
    if type(size) is not int or size not in SUDOKU_SIZES:
        raise BadRequest(f"sudoku size: expected one of {', '.join(map(str, SUDOKU_SIZES))}, "
                         f"found {size!r}")
    if (not isinstance(cells, list) or len(cells) != size
            or any(not isinstance(row, list) or len(row) != size for row in cells)):
        raise BadRequest(f"sudoku cells: expected {size} rows of {size} cells")
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if not (v is None or isinstance(v, str) or (type(v) is int)):
                raise BadRequest(f"row {r + 1}, column {c + 1}: expected a number, found {v!r}",
                                 cell=[r, c])
    text, first, starts = typed_sudoku_text(size, cells)
    name = f"typed {size}x{size} grid"
    try:
        [p] = loads(text, name + ".toml")
    except InstanceError as e:
        r = (e.line or 0) - first
        if 0 <= r < size and e.column:
            c = max(i for i, s in enumerate(starts[r]) if s <= e.column) if e.column >= 1 else 0
            msg = e.message.removeprefix("givens: ")
            raise BadRequest(f"row {r + 1}, column {c + 1}: {msg}", cell=[r, c]) from None
        raise BadRequest(e.message.removeprefix("givens: ")) from None
    p.file = name
    return p


def puzzle_of(body: dict) -> tuple[Puzzle, int]:
    """The puzzle a request names, and how many puzzles its text holds."""
    if "sudoku" in body:
        return _typed_sudoku(body["sudoku"]), 1
    text, name = body.get("text"), body.get("name") or "puzzle.toml"
    if not isinstance(text, str) or not isinstance(name, str):
        raise BadRequest("expected a puzzle: {\"sudoku\": {...}} or {\"text\": ..., \"name\": ...}")
    if "\x00" in text:
        raise BadRequest(f"{name}: expected a text file (found binary data: a NUL byte)")
    if not text.strip():
        raise BadRequest(f"{name}: empty file, expected a puzzle")
    puzzles = loads(text, os.path.basename(name))
    index = body.get("index", 0)
    if type(index) is not int or not 0 <= index < len(puzzles):
        raise BadRequest(f"index: expected 0..{len(puzzles) - 1}, found {index!r}")
    return puzzles[index], len(puzzles)


def options_of(body: dict, wb: Workbench) -> Options:
    """The pipeline's Options: the encodings asked for and the time limit."""
    enc = {}
    for key in ("amo", "card", "pb"):
        v = body.get(key)
        if v in (None, ""):
            enc[key] = None
        elif isinstance(v, str):
            enc[key] = v
        else:
            raise BadRequest(f"{key}: expected an encoding name, found {v!r}")
    limit = wb.time_limit
    if "time_limit" in body and body["time_limit"] is not None:
        t = body["time_limit"]
        if type(t) not in (int, float) or not t > 0:
            raise BadRequest(f"time_limit: expected a positive number of seconds, found {t!r}")
        limit = min(limit, float(t))
    return Options(time_limit=limit, max_clauses=wb.max_clauses, **enc)


def _sizes(wb: Workbench, p: Puzzle, opts: Options) -> dict:
    st = sizes(p, opts)
    return {"groups": st["groups"], "total": st["total"], "encodings": st["encodings"],
            "compile_seconds": st["compile_seconds"]}


def _describe(p: Puzzle, count: int) -> dict:
    out = {"kind": p.kind, "title": p.title, "file": p.file, "label": p.label(),
           "puzzles": count, "choices": list(p.encoding_choices), "svg": puzzle_svg(p)}
    if out["svg"] is None:   # a kind drawn nowhere yet: its text drawing, if it has one
        render = getattr(p, "render_puzzle", None)
        out["text"] = render() if render is not None else None
    grid = p.editor_grid()
    if grid is not None:
        out["sudoku"] = grid
    return out


# ------------------------------------------------------------------- routes
def kinds(wb: Workbench, body: dict) -> dict:
    """``GET /api/kinds``: the kinds, the Sudoku sizes, the encodings to choose from."""
    return {"kinds": [{"name": k, "choices": list(cls.encoding_choices)}
                      for k, cls in sorted(KINDS.items())],
            "sudoku_sizes": list(SUDOKU_SIZES),
            "encodings": {"amo": list(AMO_METHODS), "card": list(CARD_METHODS),
                          "pb": list(PB_METHODS)},
            "defaults": {"amo": DEFAULT_AMO, "card": DEFAULT_CARD, "pb": DEFAULT_PB},
            "time_limit": wb.time_limit}


def instances(wb: Workbench, body: dict) -> dict:
    """``GET /api/instances``: the instance files offered (:mod:`.catalogue`),
    with their kind and title (the server keeps the answer)."""
    listing = []
    for name, file in offered(wb.instances).items():
        try:
            puzzles = loads(read(file, name), name)
        except SatgridError:
            continue   # a broken file is not offered (its own error shows when loaded)
        listing.append({"name": name, "kind": puzzles[0].kind, "title": puzzles[0].label(),
                        "puzzles": len(puzzles)})
    return {"instances": listing}


def instance(wb: Workbench, body: dict) -> dict:
    """``GET /api/instance?name=NAME``: the text of one offered instance file."""
    name = body.get("name")
    files = offered(wb.instances)
    if name not in files:
        raise BadRequest(f"{name!r}: no such instance; expected one of the names in /api/instances")
    return {"name": name, "text": read(files[name], name)}


def load(wb: Workbench, body: dict) -> dict:
    """``POST /api/load``: read a puzzle, say what it is, draw it, size its encoding."""
    p, count = puzzle_of(body)
    out = _describe(p, count)
    out["sizes"] = _sizes(wb, p, options_of(body, wb))
    return out


def sizes_route(wb: Workbench, body: dict) -> dict:
    """``POST /api/sizes``: the encoding sizes per constraint group."""
    p, _ = puzzle_of(body)
    return {"sizes": _sizes(wb, p, options_of(body, wb))}


def message(res: dict, unique: bool, limit: float) -> str:
    """The page's status line for a result."""
    st = res["stats"]
    took = f"{st['seconds']:.3f} s"
    rounds = f", {st['rounds']} CEGAR round{'s' if st['rounds'] != 1 else ''}" if st["rounds"] else ""
    if res["status"] == "unknown":
        return f"error: time limit of {limit:g} s reached before an answer; nothing found"
    if res["status"] == "unsat":
        return f"unsat: no solution ({took}{rounds})"
    if unique and res["unique"] is True:
        return f"unique: the solution is the only one ({took}{rounds})"
    if unique and res["unique"] is False:
        return f"not unique: here is a second solution ({took}{rounds})"
    if unique:
        return f"solved, uniqueness unknown: time limit reached ({took}{rounds})"
    return f"solved in {took}{rounds}"


def _limit_answer(p: Puzzle, opts: Options, e: SatgridError, t0: float) -> dict:
    """The answer of a solve stopped by a limit before the solver ran (while
    compiling): an answer, not bad input."""
    return {"puzzle": p.kind, "file": p.file, "status": "unknown", "answer": None,
            "unique": None, "message": f"error: {e}", "time_limit": opts.time_limit,
            "stats": {"seconds": round(time.perf_counter() - t0, 6), "rounds": 0}}


def _solved(wb: Workbench, p: Puzzle, opts: Options, unique: bool, res: dict, body: dict,
            t0: float) -> dict:
    """A solve's answer: the result plus drawings, sizes and the status line."""
    out = public(res)
    out["message"] = message(res, unique, opts.time_limit)
    out["time_limit"] = opts.time_limit
    if res["status"] == "sat":
        out["svg"] = solution_svg(p, res)
        out["text"] = p.render(res)
    if res.get("second"):
        out["second_svg"] = solution_svg(p, res["second"])
    if body.get("sizes", True):
        # the sizes panel compiles in what is left of the server's limit: a
        # request's small solve limit must not turn the panel into an error
        # after the answer, nor may the panel take the route past its limit
        left = wb.time_limit - (time.perf_counter() - t0)
        out["sizes"] = None
        if left > 0.01:
            try:
                out["sizes"] = _sizes(wb, p, opts.replace(time_limit=left))
            except SatgridError as e:
                if e.exit_status != EXIT_LIMIT:
                    raise
    return out


def solve_route(wb: Workbench, body: dict) -> dict:
    """``POST /api/solve``: solve (``"unique": true`` also proves or refutes
    uniqueness); the result of ``satgrid solve --json`` plus drawings, sizes and the
    status line."""
    t0 = time.perf_counter()
    p, _ = puzzle_of(body)
    opts = options_of(body, wb)
    unique = bool(body.get("unique", False))
    try:
        res = solve(p, opts, unique=unique)
    except SatgridError as e:
        if e.exit_status != EXIT_LIMIT:
            raise
        return _limit_answer(p, opts, e, t0)
    return _solved(wb, p, opts, unique, res, body, t0)


def solve_batch(wb: Workbench, bodies: list, on_start: Callable[[list[int]], None] = lambda ks: None
                ) -> Iterator[tuple[int, int, dict]]:
    """``POST /api/solve`` of many requests at once (none asking for
    uniqueness): those of one base formula solved as a collection
    (:func:`.batching.solve_together`); yields ``(index, status, answer)``
    for every body as soon as it is known; ``on_start(indices)`` as the
    work of those bodies starts."""
    t0 = time.perf_counter()
    items, where = [], []
    for k, body in enumerate(bodies):
        try:
            p, _ = puzzle_of(body)
            items.append((p, options_of(body, wb)))
            where.append(k)
        except Exception as e:  # noqa: BLE001 - that request's own answer
            yield (k, *answer_error(e))
    for i, res in solve_together(items, lambda ix: on_start([where[i] for i in ix])):
        # an item's time runs from the answer before it (the shared compile
        # is the first item's): its sizes panel gets what is left of that
        k, (p, opts) = where[i], items[i]
        if isinstance(res, SatgridError) and res.exit_status == EXIT_LIMIT:
            yield k, 200, _limit_answer(p, opts, res, t0)
        elif isinstance(res, Exception):
            yield (k, *answer_error(res))
        else:
            yield (k, *answer(lambda: _solved(wb, p, opts, False, res, bodies[k], t0)))
        t0 = time.perf_counter()


def dimacs(wb: Workbench, body: dict) -> dict:
    """``POST /api/dimacs``: the complete DIMACS of the puzzle (connectivity eager),
    written by :func:`satgrid.pipeline.export.export_dimacs`."""
    p, _ = puzzle_of(body)
    opts = options_of(body, wb)
    with tempfile.TemporaryDirectory(prefix="satgrid-web-") as tmp:
        path = os.path.join(tmp, "puzzle.cnf")
        info = export_dimacs([p], path, opts, command_line="satgrid app (workbench)")
        size = os.path.getsize(path)
        if size > MAX_DIMACS_BYTES:
            raise LimitError(f"{p.file}: the DIMACS is {size:,} bytes, more than the workbench "
                             f"sends ({MAX_DIMACS_BYTES >> 20} MiB); write it with satgrid dimacs")
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    stem = os.path.splitext(os.path.basename(p.file))[0].replace(" ", "-") or "puzzle"
    return {"filename": f"{stem}.cnf", "text": text, "variables": info["variables"],
            "clauses": info["clauses"]}


def save(wb: Workbench, body: dict) -> dict:
    """``POST /api/save``: solve (uniqueness too), then the solution file in the
    kind's own format."""
    p, _ = puzzle_of(body)
    opts = options_of(body, wb)
    res = solve(p, opts, unique=True)    # the file says whether the solution is unique
    if res["status"] != "sat":
        raise BadRequest(message(res, False, opts.time_limit).removeprefix("error: ")
                         + ": nothing to save")
    name, text = solution_file(p, res)
    return {"filename": name, "text": text}


def hint_route(wb: Workbench, body: dict) -> dict:
    """``POST /api/hint``: the next forced cell, its value and its reason
    (docs/guide/explain.md); ``"known"``: the literals of the hints taken so
    far. Adds ``message``, ``reason_cells`` (the reason's given cells) and
    ``svg`` (the puzzle's drawing with them framed, where the kind draws one)."""
    p, _ = puzzle_of(body)
    known = body.get("known") or []
    if not isinstance(known, list) or not all(type(k) is int and k for k in known):
        raise BadRequest("known: expected a list of non-zero whole numbers (literals)")
    res = hint_result(p, options_of(body, wb), known)
    out = public(res)
    out["reason_cells"] = []
    if res["status"] == "unsat":
        out["message"] = "unsat: the givens contradict the rules, nothing is forced"
    elif res["status"] == "solved":
        out["message"] = "solved: every forced cell is known"
    else:
        h = out["hints"][0]
        out["message"] = "hint: " + " ".join(hint_text(res["_model"], res["_hints"][0]).split())
        out["reason_cells"] = cells = [g["cell"] for g in h["reason"]["givens"] if g["cell"]]
        svg = p.puzzle_svg()
        if svg:
            grid = p.given_grid() or []
            marks = [[0] * len(row) for row in grid]
            for r, c in cells + ([h["cell"]] if h["cell"] else []):
                if r < len(marks) and c < len(marks[r]):
                    marks[r][c] = 1
            out["svg"] = mark_givens(svg, marks)
    return out


def backbone_route(wb: Workbench, body: dict) -> dict:
    """``POST /api/backbone``: the forced cells (docs/guide/explain.md): the
    result of ``solve --backbone --json`` plus ``message``, ``text`` and
    ``svg`` (values where forced, open cells grey)."""
    p, _ = puzzle_of(body)
    res = backbone_result(p, options_of(body, wb))
    out = public(res)
    out["text"] = backbone_text(p, res)
    out["message"] = out["text"].splitlines()[0].split("): ", 1)[-1]
    if res["backbone"] is not None:
        out["svg"] = backbone_svg(p, res)
    return out


#: (method, path) -> route function
ROUTES = {("GET", "/api/kinds"): kinds, ("GET", "/api/instances"): instances,
          ("GET", "/api/instance"): instance, ("POST", "/api/load"): load,
          ("POST", "/api/sizes"): sizes_route, ("POST", "/api/solve"): solve_route,
          ("POST", "/api/dimacs"): dimacs, ("POST", "/api/save"): save,
          ("POST", "/api/hint"): hint_route, ("POST", "/api/backbone"): backbone_route}


def answer_error(e: BaseException) -> tuple[int, dict]:
    """The HTTP status and JSON answer of a route that raised ``e``
    (:class:`MemoryError` is raised again: the worker reports it and stops)."""
    if isinstance(e, MemoryError):
        raise e
    if isinstance(e, BadRequest):
        return 400, {"error": " ".join(str(e).split()), **e.extra}
    if isinstance(e, SatgridError):
        return 400, {"error": " ".join(str(e).split())}
    if isinstance(e, RecursionError):
        return 400, {"error": "input nested too deeply"}
    # a defect: still a JSON answer, and the server goes on
    return 500, {"error": " ".join(f"internal error: {type(e).__name__}: {e}".split())}


def answer(fn: Callable[[], dict]) -> tuple[int, dict]:
    """``fn()``'s HTTP status and JSON answer (a route's errors as :func:`answer_error`).
    :class:`MemoryError` is not caught: the worker reports it and stops."""
    try:
        return 200, fn()
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001 - every route's error is an answer
        return answer_error(e)
