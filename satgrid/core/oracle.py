"""The Session's oracle: one SAT call within a budget, interruptible, and the
CEGAR loop over lazy checkers around it.

:class:`Budget` holds what is left of a session operation's conflicts and
wall-clock time. An :class:`Oracle` is given a
:class:`~satgrid.core.solver_handle.SolverHandle` (the solver, its capabilities,
counters) and asks its solver questions: :meth:`Oracle.prepare` checks an
operation's assumptions and limits against the solver and makes its budget;
:meth:`Oracle.call` makes one SAT call within the budget (True, False, or
None for "a limit was reached"); :meth:`Oracle.solve` makes calls until every
lazy checker (:meth:`Oracle.add_checker`) accepts the model, which is then
:attr:`Oracle.model`.

Every call of an incremental solver with conflict budgets (CaDiCaL, Glucose,
MiniSat, ...) runs in *slices*: ``solve_limited`` with a conflict budget that
starts at 1,000 conflicts under a deadline (20,000 without one) and
doubles. Without a deadline the sizes depend on nothing but the conflicts
(20,000, 40,000, then :data:`MAX_FREE_SLICE` each), so the same call makes the
same search on every run and machine (the atlas's counts, a cluster run equal
to the serial one); under a deadline they are aimed at no more than
:data:`TICK` seconds and half the time left. Between
slices the oracle looks at the clock and the conflicts left, and Python runs
its signal handlers: a SIGINT or SIGTERM received during a slice raises
``KeyboardInterrupt`` when the slice ends, with the solver consistent (see
:mod:`satgrid.core.interrupts` for why PySAT's own handling cannot be used).
Under a deadline a solver with a real interrupt (Glucose, MiniSat, ...) is
interrupted by a timer instead, every :data:`TICK` seconds at most, and
resumed while time is left. Solvers without budgets (Lingeling) and
non-incremental ones (Kissat) get one call: a signal then takes effect when
that call returns. A call without limits on CaDiCaL (a collection's every
puzzle) makes the same slices straight through PySAT's C extension, without
its Python layers (:meth:`Oracle._solve_direct`).

The oracle uses only the handle's public attributes and methods (``solver``,
``formula``, ``capabilities``, ``counters``, ``calls``, ``spent``, ``added``,
``check_incremental``, ``declare``, ``reserve_minted``, ``sync_formula``,
``refuse``, ``live``, ``stat``).
"""

from __future__ import annotations

import math
import numbers
import threading
import time

import pysat.solvers as _pysat_solvers
import pysolvers

from ..errors import SolverError
from .solver_handle import SolverHandle

__all__ = ["Budget", "CheckedLiterals", "InSearchChecker", "Oracle", "checked_literals", "FIRST_SLICE", "FIRST_FREE_SLICE",
           "MAX_FREE_SLICE", "MAX_SLICE", "TICK"]


class _NotMainThread:
    """Stands in for PySAT's ``MainThread`` during satgrid's SAT calls, so that
    PySAT installs no SIGINT ``longjmp`` handler (see :mod:`satgrid.core.interrupts`)."""

    @staticmethod
    def check() -> bool:
        return False


_PySatSolver = _pysat_solvers.Solver   # the direct calls only on PySAT's own (see _DIRECT)

#: PySAT's own, restored after every call (never a stand-in another thread left)
_PYSAT_MAIN_THREAD = _pysat_solvers.MainThread

FIRST_SLICE = 1000          # conflicts of the first budget slice under a deadline
#: conflicts of the first slice of a call without a deadline: large enough that
#: almost every call ends in it (a slice that ends unanswered costs a restart)
FIRST_FREE_SLICE = 20_000
MAX_SLICE = 1 << 22
#: the largest slice of a call without a deadline: how many conflicts a
#: signal may wait for (well under a second on puzzle-sized formulas)
MAX_FREE_SLICE = 1 << 16
#: seconds a slice (or an interrupt-timer period) aims at: how long a signal may wait
TICK = 0.25


#: PySAT backends whose calls without limits go straight to the C extension
#: (as :func:`satgrid.core.solvers.load_clauses` does for clauses): class name ->
#: (conflict budget, solve with a budget, variable count), each taking the
#: backend's ``cadical`` handle (:meth:`Oracle._solve_direct`)
_DIRECT = {name: tuple(getattr(pysolvers, f"{prefix}_{f}") for f in ("cbudget", "solve_lim",
                                                                     "nof_vars"))
           for name, prefix in (("Cadical195", "cadical195"), ("Cadical153", "cadical153"))
           if all(hasattr(pysolvers, f"{prefix}_{f}") for f in ("cbudget", "solve_lim",
                                                                "nof_vars"))}


class CheckedLiterals(list):
    """Assumption literals that the code making them from a formula's own
    variables vouches for: distinct, non-zero ints of ``formula``'s pool (a
    kind's literal table, such as a Sudoku's givens), which nobody changes
    afterwards. :meth:`Session.solve <satgrid.core.session.Session.solve>` takes
    them as they are when ``formula`` is its own (the per-call check of up
    to n^2 literals is a Sudoku collection's cost: see
    bench/bench_collection_overhead.py); any other assumptions (lists,
    tuples, iterables, these unbound or bound to another formula) are
    checked one by one, and a literal outside the pool is refused.

    >>> from satgrid.core.formula import Formula
    >>> from satgrid.core.session import Session
    >>> f = Formula(); x = f.var("x"); a = CheckedLiterals([x]); a.formula = f
    >>> with Session(f) as s:
    ...     s.solve(a), s.value(x)
    ('sat', True)
    """

    __slots__ = ("formula",)     # the formula whose pool they are from (unset: checked)


_INT_ONLY = frozenset((int,))


def _whole(l, what: str) -> int:
    """``l`` as an int when it is a whole number type (numpy's too)."""
    if isinstance(l, bool) or not isinstance(l, numbers.Integral):
        raise ValueError(f"{what} {l!r} is not an integer literal")
    return int(l)


def checked_literals(formula, lits, what: str) -> list[int]:
    """``lits`` without repeats, checked: whole numbers (not bool, not
    1.5, which ``int()`` would quietly make 1), non-zero, in ``formula``'s pool."""
    out = list(lits)
    if not _INT_ONLY.issuperset(map(type, out)):
        out = [_whole(l, what) for l in out]
    seen = set(out)              # one pass for repeats, range and zero
    if len(seen) != len(out):
        out = list(dict.fromkeys(out))
    n = formula.nvars
    if out and (max(seen) > n or min(seen) < -n or 0 in seen):
        for l in out:
            if l == 0 or abs(l) > n:
                raise ValueError(f"{what} {l} is not a literal of the formula's "
                                 f"{n} variables")
    return out


class InSearchChecker:
    """A lazy checker that also takes part inside the search: the public hook
    of the connectivity engine (:mod:`satgrid.modelling.connectivity.propagator`).

    ``Session.add_lazy`` calls :meth:`join_engine` with the session for
    checkers of this class (an object that merely has such a method is a
    plain lazy checker); the checker then reads the session's public
    ``solver`` and ``generation`` (which changes when the session replaces
    its solver: the engine must join the new one) and nothing private. The
    oracle calls :meth:`search_interrupted` when a SAT call ends in an
    exception (an interrupt): the solver's callbacks were skipped since.
    """

    def violated(self, model: list[int]) -> list[list[int]]:   # pragma: no cover
        raise NotImplementedError

    def join_engine(self, session) -> None:                     # pragma: no cover
        raise NotImplementedError

    def search_interrupted(self) -> None:
        """A SAT call ended by an exception; nothing to do by default."""


class Budget:
    """Conflicts and wall-clock time left for one session operation.

    ``time_limit=inf`` means no deadline (``threading.Timer`` cannot wait
    that long: it raised OverflowError in its thread).
    """

    __slots__ = ("conflicts", "deadline")

    def __init__(self, conflict_limit, time_limit):
        if conflict_limit is not None:
            if isinstance(conflict_limit, bool) or not isinstance(conflict_limit, int) \
                    or conflict_limit < 1:
                raise ValueError(f"conflict_limit must be an int >= 1, got {conflict_limit!r}")
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
                    or not time_limit >= 0:
                raise ValueError(f"time_limit must be a number of seconds >= 0, "
                                 f"got {time_limit!r}")
            if math.isinf(time_limit):
                time_limit = None
        self.conflicts = conflict_limit
        self.deadline = None if time_limit is None else time.monotonic() + time_limit

    def time_left(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()


class Oracle:
    """The SAT calls of a Session on ``handle``'s solver (see the module docs).

    Attributes:
        handle: the :class:`~satgrid.core.solver_handle.SolverHandle`.
        model: the model of the last :meth:`solve` that answered True (every
            checker accepts it), else None.
    """

    def __init__(self, handle: SolverHandle):
        self.handle = handle
        self.model: list[int] | None = None
        self.checkers: list = []
        self._in_search: list[InSearchChecker] = []
        self._cut_keys: set[tuple[int, ...]] = set()

    def prepare(self, assumptions, conflict_limit, time_limit) -> tuple[list[int], Budget]:
        """An operation's assumptions checked (unless vouched for: :class:`CheckedLiterals`
        of the formula), its limits refused where the solver has none; and its budget."""
        h = self.handle
        h.live()
        if type(assumptions) is not CheckedLiterals or \
                getattr(assumptions, "formula", None) is not h.formula:
            assumptions = checked_literals(h.formula, assumptions, "assumption")
        caps = h.capabilities
        if assumptions and not caps.assumptions:
            h.refuse("assumptions")
        if conflict_limit is not None and not caps.budgets:
            h.refuse("conflict limits")
        if time_limit is not None and not caps.time_limit:
            h.refuse("time limits")
        return assumptions, Budget(conflict_limit, time_limit)

    def add_checker(self, checker) -> None:
        """A lazy checker (``violated(model)``) the next :meth:`solve` honours."""
        self.checkers.append(checker)
        if isinstance(checker, InSearchChecker):
            self._in_search.append(checker)

    def _interrupted(self) -> None:
        """A SAT call left by an exception (an interrupt): python-sat skipped
        the callbacks of an engine inside the search since, so the in-search
        checkers are told (their engine forgets what it knew of the trail)."""
        for c in self._in_search:
            c.search_interrupted()

    # ------------------------------------------------------------ CEGAR loop
    def _read_model(self) -> list[int]:
        model = self.handle.solver.get_model() or []
        n = self.handle.formula.nvars
        if len(model) < n:   # variables unknown to the solver are unconstrained
            model = model + [-v for v in range(len(model) + 1, n + 1)]
        return model

    def solve(self, assumptions: list[int], budget: Budget) -> bool | None:
        """The CEGAR loop: solve, ask the checkers, add cuts, solve again.
        True (:attr:`model` set), False, or None (a limit was reached)."""
        self.model = None
        while True:
            result = self.call(assumptions, budget)
            if result is not True:
                return result
            model = self._read_model()
            if not self.checkers:
                self.model = model
                return True
            cuts: list[list[int]] = []
            late = False
            for i, checker in enumerate(self.checkers):
                got = checker.violated(model)
                if got:
                    cuts.extend(c if type(c) is list else list(c) for c in got)
                # the checkers' own time counts: past the deadline, no more of them
                late = budget.deadline is not None and budget.time_left() <= 0
                if late and (cuts or i + 1 < len(self.checkers)):
                    break
            if not cuts and (not late or len(self.checkers) == i + 1):
                self.model = model
                return True
            if cuts:
                self._add_cuts(cuts, model)
            if late:
                return None

    def _add_cuts(self, cuts: list[list[int]], model: list[int]) -> None:
        h = self.handle
        h.formula.validate_literals(cuts)
        n = len(model)
        if not any(all(abs(l) <= n and model[abs(l) - 1] == -l for l in c) for c in cuts):
            raise SolverError("lazy checkers rejected a model but none of the clauses "
                              "they returned is falsified by it: the CEGAR loop would "
                              "not progress")
        distinct = {}
        for c in cuts:
            key = tuple(sorted(set(c)))
            if key not in self._cut_keys:
                distinct[key] = c
        # the solver first: an interrupt after it leaves a cut unrecorded (made again), not lost
        h.solver.append_formula(list(distinct.values()))
        self._cut_keys.update(distinct)
        distinct = list(distinct.values())
        h.added.extend(distinct)
        h.counters["cuts"] += len(cuts)
        h.counters["lazy_clauses"] += len(distinct)
        h.counters["rounds"] += 1

    def failed(self, assumptions: list[int]) -> list[int]:
        """The failed assumptions after an UNSAT call ([] without assumptions or cores)."""
        if not assumptions or not self.handle.capabilities.cores:
            return []
        core = self.handle.solver.get_core() or []
        wanted = set(assumptions)
        return [l for l in core if l in wanted]

    # -------------------------------------------------------- one SAT call
    def call(self, assumptions: list[int], budget: Budget) -> bool | None:
        """One SAT call within ``budget``: True, False or None (limit reached)."""
        h = self.handle
        s = h.solver
        h.sync_formula()
        caps = h.capabilities
        if not caps.incremental:
            h.check_incremental("another SAT call")
        h.declare()
        if budget.conflicts is not None and budget.conflicts <= 0:
            return None
        if budget.deadline is not None and budget.time_left() <= 0:
            return None
        h.calls += 1
        if not caps.incremental:
            h.spent = True
        if budget.conflicts is None and budget.deadline is None and type(s) is _PySatSolver:
            backend = s.solver
            direct = _DIRECT.get(type(backend).__name__)
            if direct is not None and caps.budgets and backend.cadical and not backend.use_timer:
                return self._solve_direct(backend, direct, assumptions)
        _pysat_solvers.MainThread = _NotMainThread   # no longjmp out of the solver on SIGINT
        try:
            if not caps.incremental or not caps.budgets:
                result = s.solve(assumptions) if budget.conflicts is None or not caps.budgets \
                    else self._solve_budget(assumptions, budget)
            elif budget.deadline is not None and caps.interrupt:
                result = self._solve_interrupt(assumptions, budget)
            else:
                result = self._solve_slices(assumptions, budget)
        except BaseException:
            self._interrupted()
            raise
        finally:
            _pysat_solvers.MainThread = _PYSAT_MAIN_THREAD
        h.reserve_minted()
        return result

    def _solve_direct(self, backend, direct, assumptions) -> bool:
        """:meth:`_solve_slices` without limits (a collection's every puzzle)
        on CaDiCaL, straight to PySAT's C extension: its ``conf_budget`` and
        ``solve_limited`` without their Python layers, the same C calls
        (main thread 0, as under :class:`_NotMainThread`: no SIGINT handler),
        the same slices and the same status kept for ``get_model``; then the
        solver's variable count, and ``reserve_minted`` only when it
        exceeds the pool's."""
        conf_budget, solve_limited, nof_vars = direct
        h = self.handle
        handle, size, counters = backend.cadical, FIRST_FREE_SLICE, h.counters
        try:
            while True:
                counters["slices"] += 1
                conf_budget(handle, size)
                status = solve_limited(handle, assumptions, 0)
                result = None if status == 0 else bool((status + 1) / 2)
                backend.status, backend.prev_assumps = result, assumptions
                if result is not None:
                    break
                size = min(2 * size, MAX_FREE_SLICE)
        except BaseException:
            self._interrupted()
            raise
        if nof_vars(handle) > h.formula.nvars:    # (the pool's top is synced)
            h.reserve_minted()
        return result

    def _solve_budget(self, assumptions, budget) -> bool | None:
        """One ``solve_limited`` call with the whole conflict budget (Kissat)."""
        s = self.handle.solver
        s.conf_budget(budget.conflicts)
        result = s.solve_limited(assumptions)
        budget.conflicts = 0 if result is None else budget.conflicts
        return result

    def _solve_interrupt(self, assumptions, budget) -> bool | None:
        """A real interrupt at the deadline, or every TICK seconds to look at signals."""
        s, stat = self.handle.solver, self.handle.stat
        while True:
            left = budget.time_left()
            if left <= 0 or (
                    budget.conflicts is not None and budget.conflicts <= 0):
                return None
            before = stat("conflicts")
            s.conf_budget(budget.conflicts if budget.conflicts is not None else -1)
            timer = threading.Timer(min(left, TICK), s.interrupt)
            timer.start()
            try:
                result = s.solve_limited(assumptions, expect_interrupt=True)
            finally:
                timer.cancel()
                timer.join()
                s.clear_interrupt()  # the timer may have fired after the call ended
            if budget.conflicts is not None:
                budget.conflicts -= stat("conflicts") - before
            if result is not None:
                return result

    def _solve_slices(self, assumptions, budget) -> bool | None:
        """Growing conflict-budget slices, looking at the clock, the conflicts
        left between them (and Python its signal handlers)."""
        h = self.handle
        s, stat = h.solver, h.stat
        size = FIRST_SLICE if budget.deadline is not None else FIRST_FREE_SLICE
        counted = budget.conflicts is not None and h.capabilities.stats
        while True:
            left = None if budget.deadline is None else budget.time_left()
            if (left is not None and left <= 0) or (
                    budget.conflicts is not None and budget.conflicts <= 0):
                return None
            n = size if budget.conflicts is None else min(size, budget.conflicts)
            t0 = time.monotonic()
            c0 = stat("conflicts") if counted else 0
            h.counters["slices"] += 1
            s.conf_budget(n)
            result = s.solve_limited(assumptions)
            if budget.conflicts is not None:
                # a slice that answers may have used fewer conflicts than n
                budget.conflicts -= (stat("conflicts") - c0) if counted else n
            if result is not None:
                return result
            if left is None:          # deterministic: conflicts alone decide the cuts
                size = min(2 * size, MAX_FREE_SLICE)
                continue
            dt = time.monotonic() - t0
            # double, but aim a slice at TICK seconds and at most half the time left
            horizon = min(TICK, max(budget.time_left(), 0.0) / 2)
            rate = n / dt if dt > 0 else float("inf")
            size = int(max(100, min(2 * size, rate * horizon, MAX_SLICE)))
