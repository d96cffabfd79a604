"""The puzzle pipeline: load -> build -> solve -> decode -> check -> answer.

These functions are what the command line calls; they are also the public
Python API for puzzles::

    >>> import satgrid
    >>> [p] = satgrid.load("instances/sudoku-classic.toml")
    >>> r = satgrid.solve(p, unique=True)
    >>> r["status"], r["unique"]
    ('sat', True)
"""

from __future__ import annotations

import os
import re
import time
import tomllib
from dataclasses import dataclass
from typing import Any, Iterator

from .errors import InstanceError, SatgridError
from .model import Model, Solution
from .puzzles import KINDS, Puzzle
from .puzzles.base import text_format_for
from .util import paused_gc


class CheckFailed(SatgridError):
    """A decoded solution that the independent checker rejects (a defect)."""

    exit_status = 1


@dataclass
class Options:
    """How to compile and solve (the command line's options)."""

    solver: str = "cadical195"
    amo: str | None = None
    card: str | None = None
    pb: str | None = None
    connectivity: str = "lazy"
    time_limit: float | None = None
    conflict_limit: int | None = None
    #: solver tuning options (CaDiCaL: ``{"chrono": 0}``, ...); they override
    #: the puzzle kind's own :attr:`~satgrid.puzzles.base.Puzzle.tuning`
    solver_options: dict | None = None


# ---------------------------------------------------------------- loading
def read_text(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise InstanceError("no such file", path) from None
    except IsADirectoryError:
        raise InstanceError("is a directory, expected a puzzle file", path) from None
    except OSError as e:
        raise InstanceError(f"cannot read: {e.strerror}", path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise InstanceError("expected UTF-8 text", path, line, col) from None
    if not text.strip():
        raise InstanceError("empty file, expected a puzzle", path, 1, 1)
    return text


def load(path: str) -> list[Puzzle]:
    """The puzzles in ``path``: a TOML instance, or a Sudoku text grid/collection."""
    text = read_text(path)
    return loads(text, path)


def loads(text: str, file: str = "<string>") -> list[Puzzle]:
    """Like :func:`load`, from the text of a file."""
    if file.endswith(".toml") or re.search(r'^\s*puzzle\s*=', text, re.M):
        return [_from_toml(text, file)]
    fmt = text_format_for(text, file)
    if fmt is None:
        raise InstanceError("expected a TOML instance (puzzle = \"KIND\") or a text format "
                            "of a kind; found neither", file, 1, 1)
    return fmt.parse(text, file)


def _from_toml(text: str, file: str) -> Puzzle:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line, col = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg) or "invalid TOML"
        raise InstanceError(f"invalid TOML: {msg}", file, line, col) from None
    kind = data.get("puzzle")
    if kind is None:
        raise InstanceError("expected a 'puzzle' key naming the kind "
                            f"({', '.join(sorted(KINDS))})", file, 1, 1)
    if not isinstance(kind, str) or kind not in KINDS:
        from .grid import key_line
        raise InstanceError(f"unknown puzzle kind {kind!r}; expected one of "
                            f"{', '.join(sorted(KINDS))}", file, key_line(text, "puzzle"), 1)
    try:
        return KINDS[kind].from_toml(data, text, file)
    except InstanceError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # a kind's parser met a shape it did not foresee: still one clear line
        raise InstanceError(f"{kind}: unusable instance ({type(e).__name__}: {e})", file) from None


# ---------------------------------------------------------------- compiling
def compile_puzzle(p: Puzzle, opts: Options | None = None, givens: str = "units") -> Model:
    """The puzzle's Model; its givens as unit clauses (``givens='units'``) or not at all."""
    opts = opts or Options()
    m = Model(amo=opts.amo, card=opts.card, pb=opts.pb, connectivity=opts.connectivity,
              description=f"{p.kind}: {p.label()}")
    with paused_gc():  # tens of thousands of small acyclic lists
        p.build(m)
        if givens == "units":
            m.clauses([[l] for l in p.givens(m)], f"{p.kind}.givens")
    return m


# ---------------------------------------------------------------- solving
def solver_options(p: Puzzle, opts: Options) -> dict[str, int]:
    """The tuning options a session for ``p`` gets: the kind's own tuning when
    the solver takes options, then the user's (checked by the Session)."""
    from .session import CAPABILITIES, canonical_name
    tuned = CAPABILITIES[canonical_name(opts.solver)].options
    return {**(p.tuning if tuned else {}), **(opts.solver_options or {})}


def _open(m: Model, p: Puzzle, opts: Options):
    return m.session(opts.solver, options=solver_options(p, opts))


def _stats(m: Model, opts: Options, seconds: float) -> dict:
    s = m.session().stats if m._session is not None else {}
    return {"solver": opts.solver, "variables": m.formula.nvars, "clauses": m.formula.nclauses,
            "rounds": int(s.get("rounds", 0)), "cuts": int(s.get("cuts", 0)),
            "conflicts": int(s.get("conflicts", 0)), "seconds": round(seconds, 6)}


def verify(p: Puzzle, decoded: dict) -> None:
    """Raise CheckFailed when the independent checker rejects ``decoded``."""
    problems = p.check(decoded)
    if problems:
        raise CheckFailed(f"{p.file}: the checker rejects the decoded solution: {problems[0]}"
                          + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))


def _result(p: Puzzle, status: str) -> dict:
    return {"puzzle": p.kind, "file": p.file, "status": status}


def _with_solution(res: dict, p: Puzzle, sol: Solution) -> dict:
    decoded = p.decode(sol)
    verify(p, decoded)
    res.update(decoded)
    res["answer"] = p.answer(decoded)
    return res


def solve(p: Puzzle, opts: Options | None = None, *, unique: bool = False) -> dict:
    """Solve one puzzle: the JSON result of SPEC.md section 3 (``_model`` holds the Model)."""
    opts = opts or Options()
    t0 = time.perf_counter()
    m = compile_puzzle(p, opts)
    _open(m, p, opts)
    sol = m.solve(time_limit=opts.time_limit, conflict_limit=opts.conflict_limit)
    res = _result(p, m.status)
    if sol is not None:
        _with_solution(res, p, sol)
    else:
        res["answer"] = None
    res["unique"] = None
    if unique and sol is not None:
        left = None if opts.time_limit is None else max(0.0, opts.time_limit - (time.perf_counter() - t0))
        second = m.second_solution(time_limit=left, first=sol)
        if second is not None:
            res["unique"] = False
            # a solution other than the printed one: it differs on m.over
            decoded = p.decode(second)
            verify(p, decoded)
            res["second"] = decoded
        else:
            res["unique"] = True if m.session().complete else None
    res["stats"] = _stats(m, opts, time.perf_counter() - t0)
    res["_model"] = m
    return res


def solve_all(p: Puzzle, opts: Options | None = None, limit: int | None = None) -> dict:
    """Every solution (up to ``limit``), each decoded and checked."""
    opts = opts or Options()
    t0 = time.perf_counter()
    m = compile_puzzle(p, opts)
    _open(m, p, opts)
    sols = []
    for sol in m.solutions(limit=limit, time_limit=opts.time_limit):
        sols.append(_with_solution({}, p, sol))
    complete = bool(m.session().complete)  # every solution produced (no limit hit)
    res = _result(p, "sat" if sols else ("unknown" if not complete else "unsat"))
    res.update({"solutions": sols, "count": len(sols), "complete": complete})
    res["stats"] = _stats(m, opts, time.perf_counter() - t0)
    return res


def count(p: Puzzle, opts: Options | None = None, limit: int | None = None) -> dict:
    opts = opts or Options()
    t0 = time.perf_counter()
    m = compile_puzzle(p, opts)
    _open(m, p, opts)
    n, complete = m.count(limit=limit, time_limit=opts.time_limit)
    return {"puzzle": p.kind, "file": p.file, "count": n, "complete": complete,
            "stats": _stats(m, opts, time.perf_counter() - t0)}


def solve_collection(puzzles: list[Puzzle], opts: Options | None = None, *,
                     unique: bool = False) -> Iterator[dict]:
    """Solve puzzles that share a base formula in one incremental session.

    The rules are compiled once (per signature); each puzzle's givens are
    assumptions, so the solver is never rebuilt.
    """
    opts = opts or Options()
    models: dict[tuple, Model] = {}
    for p in puzzles:
        t0 = time.perf_counter()
        key = p.signature()
        m = models.get(key)
        if m is None:
            m = models[key] = compile_puzzle(p, opts, givens="none")
            _open(m, p, opts)
        assumptions = p.givens(m)
        sol = m.solve(assumptions, time_limit=opts.time_limit, conflict_limit=opts.conflict_limit)
        res = _result(p, m.status)
        if sol is not None:
            _with_solution(res, p, sol)
        else:
            res["answer"] = None
        res["unique"] = m.is_unique(assumptions, time_limit=opts.time_limit, first=sol) if (
            unique and sol is not None) else None
        res["stats"] = _stats(m, opts, time.perf_counter() - t0)
        yield res


def check(p: Puzzle, opts: Options | None = None) -> tuple[bool, list[str], dict]:
    """Solve and compare with the instance's ``[expect]`` table.

    Returns (ok, list of mismatches, the solve result).
    """
    opts = opts or Options()
    exp = p.expect
    res = solve(p, opts, unique="unique" in exp)
    bad = []
    wants_solution = bool({"answer", "unique", "solution"} & set(exp)) or exp.get("count", 1) > 0
    if res["status"] != "sat":
        if wants_solution or res["status"] == "unknown":
            bad.append(f"status {res['status']}, expected a solution")
    elif exp.get("count") == 0:
        bad.append("found a solution, expected none (count = 0)")
    else:
        if "answer" in exp and res.get("answer") != exp["answer"]:
            bad.append(f"answer {res.get('answer')}, expected {exp['answer']}")
        if "unique" in exp and res.get("unique") != exp["unique"]:
            bad.append(f"unique {res.get('unique')}, expected {exp['unique']}")
        want = p.expected_solution()
        got = res.get("grids") if "grids" in res else res.get("grid")
        # with several solutions (unique = false) another valid one is fine
        if want is not None and got != want and exp.get("unique") is not False:
            bad.append("solution differs from [expect] solution")
    if "count" in exp:
        c = count(p, opts)
        if c["count"] != exp["count"] or not c["complete"]:
            bad.append(f"count {c['count']} (complete={c['complete']}), expected {exp['count']}")
    return (not bad), bad, res


def stats(p: Puzzle, opts: Options | None = None) -> dict:
    """Sizes per constraint group and in total, with the encodings chosen."""
    opts = opts or Options()
    t0 = time.perf_counter()
    m = compile_puzzle(p, opts)
    seconds = time.perf_counter() - t0
    groups = {g: s.as_dict() for g, s in m.stats().items()}
    return {"puzzle": p.kind, "file": p.file, "groups": groups,
            "total": m.formula.total().as_dict(), "encodings": dict(sorted(m.formula.encodings.items())),
            "lazy": [type(c).__name__ for c in m.lazy], "compile_seconds": round(seconds, 6)}


def public(res: dict) -> dict[str, Any]:
    """The JSON-visible part of a result (drops private keys such as ``_model``)."""
    return {k: v for k, v in res.items() if not k.startswith("_")}


def solution_path(path: str) -> str:
    root, _ = os.path.splitext(path)
    return root + ".solution.txt"
