"""``satgrid hint``, ``satgrid grade``, ``satgrid generate`` and ``solve
--backbone`` (docs/guide/explain.md). ``commands.py`` hands these over; the
work is :mod:`satgrid.explain`."""

from __future__ import annotations

import json
import os

from ..certify.certificate import certify_puzzle
from ..core import DEFAULT_SOLVER
from ..errors import EXIT_OK, EXIT_UNSAT, SatgridError, UsageError
from ..explain.generate import generate, no_generator, solution_grid
from ..explain.grade import grade
from ..explain.puzzle import (backbone_result, backbone_svg, backbone_text, hint_result,
                              hint_text)
from ..io.fileio import atomic_write_text, check_target
from ..pipeline.load import load, loads
from ..pipeline.run import Options, public
from ..puzzles import KINDS
from ..puzzles.families import toml_text

__all__ = ["cmd_hint", "cmd_grade", "cmd_generate", "solve_backbone"]


def _emit(obj) -> None:
    print(json.dumps(obj))


def solve_backbone(a, puzzles, opts: Options) -> int:
    """``satgrid solve FILE --backbone``: the forced cells of each puzzle."""
    if a.all or a.unique or a.certify:
        raise UsageError("satgrid solve: --backbone goes without --all, --unique and --certify")
    worst = EXIT_OK
    for p in puzzles:
        res = backbone_result(p, opts)
        if a.json:
            _emit(public(res))
        else:
            print(backbone_text(p, res))
        if res["backbone"] is None:
            worst = EXIT_UNSAT
        elif a.svg and len(puzzles) == 1:
            atomic_write_text(a.svg, backbone_svg(p, res))
    return worst


def cmd_hint(a) -> int:
    """``satgrid hint FILE``: the next step of each puzzle and its reason."""
    opts = _options(a)
    worst = EXIT_OK
    for p in load(a.file):
        res = hint_result(p, opts, every=a.all)
        if a.json:
            _emit(public(res))
        elif res["status"] == "unsat":
            print(f"{p.label()}: the givens contradict the rules: nothing is forced")
        elif res["status"] == "solved":
            print(f"{p.label()}: nothing left to find: every forced cell is given")
        else:
            m = res["_model"]
            for i, h in enumerate(res["_hints"], 1):
                print((f"{i}. " if a.all else "") + hint_text(m, h))
        if res["status"] == "unsat":
            worst = EXIT_UNSAT
    return worst


def cmd_grade(a) -> int:
    """``satgrid grade FILE``: the difficulty of each puzzle (docs/guide/explain.md)."""
    opts = _options(a)
    worst = EXIT_OK
    for p in load(a.file):
        res = hint_result(p, opts, every=True)
        out = {"puzzle": p.kind, "file": p.file, "status": res["status"]}
        if res["status"] == "unsat":
            worst = EXIT_UNSAT
            out["grade"] = None
        else:
            out["grade"] = grade(res["_hints"])
        if a.json:
            _emit(out)
        elif out["grade"] is None:
            print(f"{p.label()}: no solution, no grade")
        else:
            g = out["grade"]
            print(f"{p.label()}: score {g['score']} ({g['steps']} steps: {g['singles']} singles, "
                  f"{g['probes']} probes, {g['searches']} searches; largest reason "
                  f"{g['largest_reason']})")
    return worst


def cmd_generate(a) -> int:
    """``satgrid generate KIND``: unique puzzles, written to ``-o DIR`` or printed."""
    if a.kind not in KINDS:
        raise UsageError(f"satgrid generate: unknown kind {a.kind!r}; expected one of "
                         f"{', '.join(KINDS)}")
    start = None
    if a.start:
        found = load(a.start)
        start = found[0]
        if start.kind != a.kind:
            raise UsageError(f"satgrid generate: {a.start} holds a {start.kind}, not a {a.kind}")
        if ((not start.clue_cells() and not hasattr(start, "nearby"))
                or start.toml_table() is None):
            raise UsageError(f"satgrid generate: {a.kind} has no clues a generator can remove "
                             "and write (docs/guide/explain.md: the clue hooks)")
    cls = KINDS[a.kind]
    if start is None and (why := no_generator(cls, a.size)):
        raise UsageError(f"satgrid generate: {why}")
    opts = _options(a)
    made = generate(a.kind, seed=a.seed, count=a.count, size=a.size, givens=a.givens,
                    start=start, opts=opts, min_score=a.min_score)
    if a.certify and not a.output:
        raise UsageError("satgrid generate: --certify needs -o DIR (a certificate carries "
                         "the instance file)")
    if a.output:
        os.makedirs(a.output, exist_ok=True)
    written = []
    for g in made:
        table = g.puzzle.toml_table()
        if table is None:
            raise UsageError(f"satgrid generate: {a.kind} cannot write its puzzles as TOML")
        table = {"puzzle": table.pop("puzzle"), "title": g.puzzle.title, **table}
        what = f"{g.clues} clues, unique" if g.clues else "unique"   # a layout kind: no clue to count
        head = f"satgrid generate {a.kind} --seed {a.seed} #{g.index + 1}: {what}"
        text = toml_text(head, table, {"unique": True,
                                       "solution": _grid_text(solution_grid(g.solution))})
        if not _reads_back(text, g.solution):   # a kind whose solution is written otherwise
            text = toml_text(head, table, {"unique": True})
        name = f"{a.kind}-s{a.seed}-{g.index + 1:03d}.toml"
        if a.output:
            path = os.path.join(a.output, name)
            check_target(path, a.force)
            atomic_write_text(path, text)
            written.append(path)
        if a.json:
            _emit({"kind": a.kind, "file": os.path.join(a.output, name) if a.output else None,
                   "clues": g.clues, "seed": a.seed, "index": g.index, "attempts": g.attempts,
                   "seconds": round(g.seconds, 6), "unique": True, "score": g.score})
        elif a.output:
            print(os.path.join(a.output, name))
        else:
            print(text)
    if a.certify:
        return _certify_all(a, written, opts)
    return EXIT_OK


def _reads_back(text: str, solution: dict) -> bool:
    """Whether the instance text loads with ``solution`` as its [expect] solution."""
    try:
        p = loads(text, "generated.toml")[0]
    except SatgridError:
        return False
    return p.expected_solution() == solution_grid(solution)


def _grid_text(rows) -> str:
    if rows and isinstance(rows[0][0], list):      # several grids: the first
        rows = rows[0]
    width = max(len(str(v)) for row in rows for v in row)
    return "\n".join(" ".join(str(v).rjust(width) for v in row) for row in rows)


def _certify_all(a, paths: list[str], opts: Options) -> int:
    """``--certify DIR``: each written file loaded back and its uniqueness
    certified (docs/certify.md), one folder per puzzle."""
    for path in paths:
        p = load(path)[0]
        folder = os.path.join(a.certify, os.path.basename(path).removesuffix(".toml"))
        res, _ = certify_puzzle(p, "unique", folder, opts)
        if res.get("unique") is not True:
            print(f"{path}: not certified unique")
            return EXIT_UNSAT
        if not a.json:
            print(f"{path}: certified unique in {folder}")
    return EXIT_OK


def _options(a) -> Options:
    return Options(solver=getattr(a, "solver", DEFAULT_SOLVER),
                   time_limit=getattr(a, "time_limit", None),
                   connectivity=getattr(a, "connectivity", None) or "lazy")

