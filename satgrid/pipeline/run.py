"""Compiling one puzzle, solving it, counting, sizes, comparing with ``[expect]``.

The owner of the result dictionaries of SPEC.md section 3 (``status``,
``answer``, ``unique``, ``stats``, the decoded solution) and of the rule that
every decoded solution passes the kind's referee (:meth:`Puzzle.check`)
before anyone sees it. Several puzzles in one session are
:mod:`satgrid.pipeline.collection`'s business; DIMACS export is
:mod:`satgrid.pipeline.export`'s.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..modelling.connectivity.modes import DEFAULT_MODE
from ..errors import SatgridError
from ..modelling.model import Model, Solution
from ..puzzles import Puzzle
from ..core.session import Session
from ..core.solvers import CAPABILITIES, DEFAULT_SOLVER, canonical_name
from ..util import paused_gc
from ..limits import CompileTimeout
from .bounds import bounded_build


class CheckFailed(SatgridError):
    """A decoded solution that the independent checker rejects (a defect)."""

    exit_status = 1


class Options:
    """How to compile and solve (the command line's options): every field a
    keyword (or positional, in this order), compared by value.

    Attributes:
        solver: the PySAT solver's name.
        amo, card, pb: the encodings (None: the Model's defaults).
        connectivity: the connectivity mode (:mod:`satgrid.modelling.connectivity`).
        time_limit: seconds of wall-clock time, compiling included (None: none).
        conflict_limit: conflicts per SAT call (None: none).
        solver_options: solver tuning options (CaDiCaL: ``{"chrono": 0}``, ...);
            they override the puzzle kind's own
            :attr:`~satgrid.puzzles.base.Puzzle.tuning`.
        max_clauses: refuse a puzzle whose formula is estimated above this many
            clauses (None: :data:`satgrid.limits.DEFAULT_MAX_CLAUSES`); see
            :func:`compile_puzzle`.

    A plain class rather than a dataclass: ``dataclasses`` and the code it
    generates cost a one-puzzle run about 8 ms of its start-up.
    """

    __hash__ = None     # type: ignore[assignment]   (mutable, as a dataclass's)

    def __init__(self, solver: str = DEFAULT_SOLVER, amo: str | None = None,
                 card: str | None = None, pb: str | None = None,
                 connectivity: str = DEFAULT_MODE, time_limit: float | None = None,
                 conflict_limit: int | None = None, solver_options: dict | None = None,
                 max_clauses: int | None = None):
        self.solver, self.amo, self.card, self.pb = solver, amo, card, pb
        self.connectivity, self.time_limit, self.conflict_limit = (connectivity, time_limit,
                                                                   conflict_limit)
        self.solver_options, self.max_clauses = solver_options, max_clauses

    def replace(self, **changes) -> "Options":
        """A copy with ``changes`` (field name -> value) made."""
        return Options(**{**vars(self), **changes})

    def __eq__(self, other) -> bool:
        return vars(self) == vars(other) if type(other) is type(self) else NotImplemented

    def __repr__(self) -> str:
        return "Options(" + ", ".join(f"{k}={v!r}" for k, v in vars(self).items()) + ")"


# ---------------------------------------------------------------- compiling
def compile_puzzle(p: Puzzle, opts: Options | None = None, givens: str = "units") -> Model:
    """The puzzle's Model; its givens as unit clauses (``givens='units'``:
    :meth:`Puzzle.build_given`, which may leave out what the givens settle)
    or not at all (:meth:`Puzzle.build`, the rules any puzzle of the
    signature may share).

    Bounded (:mod:`satgrid.pipeline.bounds`): the kind's estimate of the
    formula's clauses, from the header alone, is refused past
    ``opts.max_clauses`` before anything is built; while building, the
    clauses made so far are held to the same ceiling and ``opts.time_limit``
    is checked (:class:`~satgrid.errors.LimitError`, exit 3).
    """
    if not isinstance(p, Puzzle):
        raise TypeError(f"expected a Puzzle (one item of the list load() returns), "
                        f"found {type(p).__name__}")
    opts = opts or Options()
    m = Model(amo=opts.amo, card=opts.card, pb=opts.pb, connectivity=opts.connectivity,
              description=f"{p.kind}: {p.label()}")
    with bounded_build(p, m, opts.max_clauses, opts.time_limit), paused_gc():
        if givens == "units":
            m.clauses([[l] for l in p.build_given(m)], f"{p.kind}.givens")
        else:
            p.build(m)
    return m


def sizes(p: Puzzle, opts: Options | None = None) -> dict:
    """Encoding sizes per constraint group and in total, with the encodings chosen
    (what ``satgrid stats`` prints)."""
    opts = opts or Options()
    t0 = time.perf_counter()
    m = compile_puzzle(p, opts)
    seconds = time.perf_counter() - t0
    groups = {g: s.as_dict() for g, s in m.sizes().items()}
    return {"puzzle": p.kind, "file": p.file, "groups": groups,
            "total": m.formula.total().as_dict(), "encodings": dict(sorted(m.formula.encodings.items())),
            "lazy": [type(c).__name__ for c in m.lazy], "compile_seconds": round(seconds, 6)}


# ---------------------------------------------------------------- solving
def solver_options(p: Puzzle, opts: Options) -> dict[str, int]:
    """The tuning options a session for ``p`` gets: the kind's own tuning when
    the solver takes options, then the user's (checked by the Session)."""
    tuned = CAPABILITIES[canonical_name(opts.solver)].options
    return {**(p.tuning if tuned else {}), **(opts.solver_options or {})}


def open_session(m: Model, p: Puzzle, opts: Options) -> Session:
    """The model's session, created with ``opts.solver`` and :func:`solver_options`."""
    return m.session(opts.solver, options=solver_options(p, opts))


def run_stats(m: Model, opts: Options, seconds: float) -> dict:
    """The ``stats`` entry of a result: formula size and the solver's run
    statistics (CEGAR rounds, cuts, conflicts) of ``m``'s open session."""
    rounds, cuts, conflicts = m.session().run_counts()
    f = m.formula
    return {"solver": opts.solver, "variables": f.nvars, "clauses": f.nclauses,
            "rounds": rounds, "cuts": cuts, "conflicts": int(conflicts or 0),
            "seconds": round(seconds, 6)}


def verify(p: Puzzle, decoded: dict) -> None:
    """Raise CheckFailed when the independent checker rejects ``decoded``."""
    problems = p.check(decoded)
    if problems:
        raise CheckFailed(f"{p.file}: the checker rejects the decoded solution: {problems[0]}"
                          + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))


def new_result(p: Puzzle, status: str) -> dict:
    """A result's first entries: ``puzzle`` (the kind), ``file``, ``status``."""
    return {"puzzle": p.kind, "file": p.file, "status": status}


def add_solution(res: dict, p: Puzzle, sol: Solution) -> dict:
    """Decode ``sol``, have the referee verify it, and add it and its answer to ``res``."""
    decoded = p.decode(sol)
    verify(p, decoded)
    res.update(decoded)
    res["answer"] = p.answer(decoded)
    return res


def _left(opts: Options, t0: float) -> float | None:
    """What is left of ``opts.time_limit`` since ``t0`` (compiling counts too)."""
    return None if opts.time_limit is None else max(0.0, opts.time_limit - (time.perf_counter() - t0))


def _timed_out(p: Puzzle, opts: Options, t0: float, **entries) -> dict:
    """The result when the time limit ran out while compiling: status unknown."""
    return {**new_result(p, "unknown"), **entries,
            "stats": {"solver": opts.solver, "variables": 0, "clauses": 0, "rounds": 0,
                      "cuts": 0, "conflicts": 0, "seconds": round(time.perf_counter() - t0, 6)}}


def solve(p: Puzzle, opts: Options | None = None, *, unique: bool = False) -> dict:
    """Solve one puzzle: the JSON result of SPEC.md section 3 (``_model`` holds the Model)."""
    opts = opts or Options()
    t0 = time.perf_counter()
    try:
        m = compile_puzzle(p, opts)
    except CompileTimeout:
        return _timed_out(p, opts, t0, answer=None, unique=None)
    open_session(m, p, opts)
    hints, budget = p.search_hints()
    sol = None
    if hints:                       # the kind's guess first, within its budget
        sol = m.solve(p.search_assumptions() + hints, time_limit=_left(opts, t0),
                      conflict_limit=min(budget, opts.conflict_limit or budget))
    if sol is None:
        sol = m.solve(p.search_assumptions(), time_limit=_left(opts, t0),
                      conflict_limit=opts.conflict_limit)
    res = new_result(p, m.status)
    if sol is not None:
        add_solution(res, p, sol)
    else:
        res["answer"] = None
    res["unique"] = None
    if unique and sol is not None:
        left = None if opts.time_limit is None else max(0.0, opts.time_limit - (time.perf_counter() - t0))
        second = m.second_solution(p.search_assumptions(sol), time_limit=left, first=sol)
        if second is not None:
            res["unique"] = False
            # a solution other than the printed one: it differs on m.over
            decoded = p.decode(second)
            verify(p, decoded)
            res["second"] = decoded
        else:
            res["unique"] = True if m.session().complete else None
    res["stats"] = run_stats(m, opts, time.perf_counter() - t0)
    res["_model"] = m
    return res


def solve_all(p: Puzzle, opts: Options | None = None, limit: int | None = None,
              on_solution: Callable[[dict], None] | None = None) -> dict:
    """Every solution (up to ``limit``), each decoded and checked;
    ``on_solution(decoded)`` is called on each as soon as it is found."""
    opts = opts or Options()
    t0 = time.perf_counter()
    try:
        m = compile_puzzle(p, opts)
    except CompileTimeout:
        return _timed_out(p, opts, t0, solutions=[], count=0, complete=False)
    open_session(m, p, opts)
    sols = []
    for sol in m.solutions(limit=limit, time_limit=_left(opts, t0)):
        sols.append(add_solution({}, p, sol))
        if on_solution is not None:
            on_solution(sols[-1])
    complete = bool(m.session().complete)  # every solution produced (no limit hit)
    res = new_result(p, "sat" if sols else ("unknown" if not complete else "unsat"))
    res.update({"solutions": sols, "count": len(sols), "complete": complete})
    res["stats"] = run_stats(m, opts, time.perf_counter() - t0)
    return res


def count(p: Puzzle, opts: Options | None = None, limit: int | None = None,
          on_count: Callable[[int], None] | None = None) -> dict:
    """The number of solutions (up to ``limit``) and whether the count is complete;
    ``on_count(n)`` is called after each solution found (a live count)."""
    opts = opts or Options()
    t0 = time.perf_counter()
    try:
        m = compile_puzzle(p, opts)
    except CompileTimeout:
        res = _timed_out(p, opts, t0, count=0, complete=False)
        del res["status"]
        return res
    s = open_session(m, p, opts)
    if on_count is None:
        n, complete = m.count(limit=limit, time_limit=_left(opts, t0))
    else:
        n = 0
        for _ in s.enumerate(m.over, limit=limit, time_limit=_left(opts, t0)):
            n += 1
            on_count(n)
        complete = bool(s.complete)
    return {"puzzle": p.kind, "file": p.file, "count": n, "complete": complete,
            "stats": run_stats(m, opts, time.perf_counter() - t0)}


def compare_expect(p: Puzzle, opts: Options | None = None,
                   published: Any = None, result: dict | None = None,
                   ) -> tuple[bool, list[str], dict]:
    """Solve and compare with the instance's ``[expect]`` table (``satgrid check``)
    and with ``published``, a solution from elsewhere (a collection's
    ``.solutions`` file). Nothing to compare is a failed check, not "ok".
    ``result``: a solve result already made (a collection's session, with
    ``unique`` where ``[expect]`` asks for it) instead of solving here.

    Returns (ok, list of mismatches, the solve result).
    """
    opts = opts or Options()
    exp = p.expect
    res = solve(p, opts, unique="unique" in exp) if result is None else result
    if not exp and published is None and p.expected_solution() is None:
        return False, ["nothing to compare: no [expect] table (nor, for a Sudoku "
                       "collection, a .solutions file beside it)"], res
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
        want = p.expected_solution() if published is None else published
        got = res.get("grids") if "grids" in res else res.get("grid")
        # with several solutions (unique = false) another valid one is fine
        if want is not None and got != want and exp.get("unique") is not False:
            bad.append("solution differs from [expect] solution")
    if "count" in exp:
        c = count(p, opts)
        if c["count"] != exp["count"] or not c["complete"]:
            bad.append(f"count {c['count']} (complete={c['complete']}), expected {exp['count']}")
    return (not bad), bad, res


def public(res: dict) -> dict[str, Any]:
    """The JSON-visible part of a result (drops private keys such as ``_model``)."""
    return {k: v for k, v in res.items() if not k.startswith("_")}
