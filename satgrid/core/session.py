"""Session: a formula loaded once into a PySAT solver, then used incrementally.

A :class:`Session` hands a :class:`~satgrid.core.formula.Formula` to a PySAT solver
in bulk (:func:`~satgrid.core.solvers.load_clauses`: one C-level pass for
CaDiCaL, ``append_formula`` otherwise) and then answers questions about it without ever
rebuilding the solver: solve under assumptions, read the model or the
failed-assumption core, add clauses, enumerate and count solutions *projected
on the puzzle's own variables*, prove uniqueness, and run a generic CEGAR loop
over lazy constraints (:meth:`Session.add_lazy`). Conflict and wall-clock
limits turn an answer into ``"unknown"`` instead of running forever.

The Session is a facade over three collaborators, each with a public
interface and none reading another's private fields:
:class:`~satgrid.core.solver_handle.SolverHandle` (the PySAT solver, its options,
declared variables, bulk loading, sync, rebuild, minted variables, counters),
:class:`~satgrid.core.oracle.Oracle` (assumptions and limits checked, one SAT call
within a budget, the CEGAR loop) and :class:`~satgrid.core.enumeration.Enumerator`
(asking for more than one model: enumeration, counting, uniqueness, the
activation variables). An engine inside the search (the connectivity
propagator: an :class:`InSearchChecker` given to :meth:`Session.add_lazy`)
reads :attr:`Session.solver` and :attr:`Session.generation` only. What the solvers can
do, their names and tuning options are :mod:`satgrid.core.solvers`.

Variables: one pool for everyone
    Every variable the session ever mentions comes from the formula's pool.
    The activation literal that guards an enumeration's blocking clauses is
    made with ``formula.new_var()`` (in group ``"session"``), never picked by
    hand above the current top, so a variable the caller makes *later*
    (``formula.new_var()`` for a new auxiliary definition, then
    :meth:`Session.add`) can never collide with it. This is the PySAT pitfall
    of auxiliary variables chosen without a shared pool (pysat issues #133,
    #207): two parties each take "top + 1" and silently share a variable.
    Before each SAT call the solver is told about every variable of the pool
    (a tautology ``[n, -n]`` on the top variable ``n`` declares it, once
    :func:`~satgrid.limits.check_solver_memory` finds room for them: solvers
    allocate variables densely), so models cover all formula variables, and
    an assumption on a variable no clause mentions is safe (without the
    declaration Lingeling aborts the process with "API usage error ...
    assuming melted literal": probed). Conversely, if a solver ever minted variables of its own
    (bounded variable addition; PySAT keeps it off for ``cadical300`` and
    ``ergo`` unless an IDPool is attached, and the session never attaches
    one), their ids are reserved in the formula (group ``"session.solver"``)
    so the pool never hands them out again.

What is recorded
    Clauses given to :meth:`Session.add` / :meth:`Session.add_clauses` and the
    cuts returned by lazy checkers go to the solver *and* to the list
    :attr:`Session.added_clauses`, in order, so a caller can export what was
    learned (for instance append it to the formula in a group of its own
    before writing DIMACS). The formula itself is not modified by these
    calls. Blocking clauses and activation units of enumerations are not
    recorded: they are not constraints of the problem.

Always in sync
    Before every SAT call (solve, count, enumeration, uniqueness) the
    clauses the formula gained since they were last loaded -- a
    :class:`~satgrid.modelling.model.Model` constraint added after the first solve,
    ``formula.add`` -- are loaded (:meth:`Session.sync`; one sum over the
    groups per call when nothing is new).

Activation variables recycled
    Every enumeration (also each :meth:`is_unique` or :meth:`count`) ends
    with its activation variable fixed false in the solver. PySAT reads the
    whole model on every call, so each such variable makes later calls dearer. After
    :data:`RECYCLE_AT` of them (or an eighth of the formula's variables),
    between enumerations, the session loads the formula and
    :attr:`added_clauses` into a fresh solver (learned clauses are lost,
    nothing else) and hands the retired variables out again: the pool and
    the solver stay bounded. This is the only time a solver is rebuilt.

Interrupts
    SIGINT (and SIGTERM where a Python handler raises, as in the command
    line) during any call reaches the caller as ``KeyboardInterrupt`` when
    the current conflict-budget slice ends (a fraction of a second), and
    the session stays usable: see :mod:`satgrid.core.interrupts` and
    :mod:`satgrid.core.oracle`. An interrupted enumeration leaves
    :attr:`complete` False.

Example:
    >>> from satgrid.core.formula import Formula
    >>> f = Formula()
    >>> x, y = f.var("x"), f.var("y")
    >>> f.add([x, y])
    >>> with Session(f) as s:
    ...     s.solve(assumptions=[-x]), s.value(y), s.count([x, y])
    ('sat', True, (3, True))
"""

from __future__ import annotations

import time
from typing import Iterable, Iterator, Protocol, Sequence

from pysat.solvers import Solver

from . import enumeration as _enumeration
from .enumeration import SESSION_GROUP, Count, Enumerator  # noqa: F401 (the groups, as before)
from ..errors import ModelError, SolverError
from .formula import Formula
from .oracle import CheckedLiterals, InSearchChecker, Oracle, checked_literals
from .solver_handle import SOLVER_GROUP, SolverHandle  # noqa: F401
from .solvers import DEFAULT_SOLVER

__all__ = ["CheckedLiterals", "InSearchChecker", "LazyChecker", "Session", "SAT", "UNSAT",
           "UNKNOWN"]

SAT, UNSAT, UNKNOWN = "sat", "unsat", "unknown"
#: retired activation variables (ended enumerations) that make the session
#: rebuild its solver and recycle them (read when a Session is made)
RECYCLE_AT = _enumeration.RECYCLE_AT


# -------------------------------------------------------------- lazy checkers
class LazyChecker(Protocol):
    """A lazy constraint: ``violated(model)`` returns clauses the model breaks.

    ``model`` is the PySAT-style model list (index ``v-1`` holds ``+v`` or
    ``-v``). An empty list means the model is accepted. Returned clauses must
    be valid constraints of the problem (they are added permanently) over
    variables of the formula's pool, and at least one of them must be
    falsified by ``model``.
    """

    def violated(self, model: list[int]) -> list[list[int]]: ...


# -------------------------------------------------------------------- session
class Session:
    """A formula loaded once into a PySAT solver, used incrementally.

    Enumeration, counting and uniqueness (:meth:`enumerate`, :meth:`count`,
    :meth:`second_solution`, :meth:`is_unique`) are
    :class:`~satgrid.core.enumeration.Enumerator`'s.

    Args:
        formula: the :class:`~satgrid.core.formula.Formula`. Its clauses are loaded
            in bulk now; clauses added to the formula later are loaded before
            the next SAT call (:meth:`sync`).
        solver: a PySAT solver name or alias (default ``"cadical195"``); see
            :data:`~satgrid.core.solvers.CAPABILITIES` and :func:`~satgrid.core.solvers.solver_names`.
        options: tuning options for solvers that take them (CaDiCaL), name ->
            int, e.g. ``{"chrono": 0}``; checked against
            :data:`~satgrid.core.solvers.SOLVER_OPTIONS` and set before the formula is loaded.

    Raises:
        SolverError: an unknown solver name, a solver that cannot be created
            in this installation, or options it does not take.

    Attributes:
        formula: the formula (its pool also provides the session's variables).
        solver_name: canonical PySAT name of the solver.
        options: the tuning options set (name -> int; empty: the solver's own
            defaults).
        capabilities: its :class:`~satgrid.core.solvers.Capabilities`.
        status: ``"sat"``, ``"unsat"``, ``"unknown"`` of the last
            :meth:`solve`, or None (before any, and after an enumeration).
        added_clauses: clauses given to :meth:`add`/:meth:`add_clauses` and
            lazy cuts, in order (see the module docs).
        complete: after :meth:`enumerate`, :meth:`count`, :meth:`is_unique`,
            :meth:`second_solution`: True when the search ran until no model
            was left (or, for uniqueness, until it was settled), False when a
            limit stopped it; None before any.
        witnesses: the models found by the last :meth:`is_unique` or
            :meth:`second_solution` (0, 1 or 2 of them).
    """

    def __init__(self, formula: Formula, solver: str = DEFAULT_SOLVER,
                 options: dict[str, int] | None = None):
        if not isinstance(formula, Formula):
            raise TypeError(f"Session needs a Formula, got {type(formula).__name__}")
        t0 = time.perf_counter()
        h = self._handle = SolverHandle(formula, solver, options)
        self.formula = formula
        self.solver_name, self.capabilities, self.options = h.name, h.capabilities, h.options
        self.added_clauses = h.added        # the same list: the handle records, rebuilds load it
        self._oracle = Oracle(h)
        self._enum = Enumerator(h, self._oracle, self._forget, RECYCLE_AT)
        self.status: str | None = None
        self._model: list[int] | None = None
        self._core: list[int] | None = None
        self._seconds = time.perf_counter() - t0

    def _forget(self, status: bool) -> None:
        """Clear the last answer (the enumerator's callback; ``status`` too at its start)."""
        self._model = self._core = None
        if status:
            self.status = None

    # ------------------------------------------------------------ lifecycle
    def close(self) -> None:
        """Free the solver. Any later call raises :class:`SolverError`."""
        self._handle.close()

    delete = close

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        return self._handle.solver is None

    @property
    def solver(self) -> Solver | None:
        """The live PySAT solver (the new one after a rebuild; None once closed)."""
        return self._handle.solver

    @property
    def generation(self) -> int:
        """How many times the session replaced its :attr:`solver` (0 at first)."""
        return self._handle.generation

    @property
    def complete(self) -> bool | None:
        return self._enum.complete

    @property
    def witnesses(self) -> list[list[int]]:
        return self._enum.witnesses

    # --------------------------------------------------------------- clauses
    def sync(self) -> int:
        """Load the clauses the formula gained since they were last loaded.

        Called before every SAT call (so a clause added to the formula or its
        :class:`~satgrid.modelling.model.Model` after the session was built counts in the
        next solve, count or enumeration); calling it yourself only loads them
        earlier. Groups only grow, so the new clauses are those past the count
        loaded from each group. Returns how many clauses were loaded. They are
        not put in :attr:`added_clauses` (they are already in the formula).
        """
        return self._handle.sync()

    def add(self, clause: Sequence[int]) -> None:
        """Add one clause (over variables of the formula's pool)."""
        self.add_clauses([clause])

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add clauses to the solver, in bulk; recorded in :attr:`added_clauses`.

        Raises:
            ValueError: a zero literal or a variable the pool never allocated
                (make new variables with ``formula.new_var()``).
            SolverError: a non-incremental solver that has already answered.
        """
        h = self._handle
        h.live()
        clauses = [c if type(c) is list else list(c) for c in clauses]
        if not clauses:
            return
        self.formula.validate_literals(clauses)
        h.check_incremental("adding clauses")
        h.add(clauses)

    def add_lazy(self, checker: LazyChecker) -> None:
        """Register a lazy constraint (an object with ``violated(model)``).

        After every SAT answer, each checker may return clauses the model
        violates; they are added (permanently, unguarded) and the solver is
        called again, until every checker accepts or the answer is UNSAT.
        An :class:`InSearchChecker` also takes part inside the search: its
        ``join_engine(session)`` is called now.

        Raises:
            TypeError: ``checker`` has no ``violated`` method.
            SolverError: a non-incremental solver (the loop re-solves).
        """
        self._handle.live()
        if not callable(getattr(checker, "violated", None)):
            raise TypeError("a lazy checker needs a method violated(model) -> list of clauses")
        if not self.capabilities.incremental:
            raise SolverError(f"solver {self.solver_name} is not incremental: lazy "
                              f"constraints need re-solving; use for example {DEFAULT_SOLVER}")
        if isinstance(checker, InSearchChecker):   # also inside the search
            checker.join_engine(self)
        self._oracle.add_checker(checker)

    def phases(self, lits: Iterable[int]) -> None:
        """Preferred polarities for decisions (PySAT ``set_phases``)."""
        h = self._handle
        s = h.live()
        if not self.capabilities.phases:
            h.refuse("phases")
        lits = checked_literals(self.formula, lits, "phase literal")
        h.declare()
        s.set_phases(lits)

    # ----------------------------------------------------------------- solve
    def solve(self, assumptions: Iterable[int] = (), conflict_limit: int | None = None,
              time_limit: float | None = None) -> str:
        """Solve under ``assumptions``, honouring every lazy checker.

        Args:
            assumptions: literals assumed for this call only (duplicates are
                dropped).
            conflict_limit: at most about this many conflicts over the whole
                call, CEGAR rounds included (int >= 1).
            time_limit: wall-clock seconds for the whole call.

        Returns:
            ``"sat"`` (then :attr:`model` is a model every checker accepts),
            ``"unsat"`` (then :attr:`core` holds failed assumptions) or
            ``"unknown"`` (a limit was reached; the session stays usable).

        Raises:
            SolverError: what the solver cannot do (see :data:`CAPABILITIES`).
            ValueError: a literal outside the pool, a bad limit.
        """
        oracle = self._oracle
        assumptions, budget = oracle.prepare(assumptions, conflict_limit, time_limit)
        t0 = time.perf_counter()
        self.status = None
        try:
            self._model = self._core = None
            result = oracle.solve(assumptions, budget)
        finally:
            self._seconds += time.perf_counter() - t0
        if result is None:
            self.status = UNKNOWN
        elif result:
            self._model = oracle.model
            self.status = SAT
        else:
            self.status = UNSAT
            self._core = oracle.failed(assumptions)
        return self.status

    @property
    def model(self) -> list[int] | None:
        """The last model (PySAT style: index ``v-1`` holds ``+v`` or ``-v``,
        for every variable ``1..formula.nvars`` at the time of the answer), or
        None when the last :meth:`solve` did not answer SAT."""
        return self._model

    @property
    def core(self) -> list[int] | None:
        """Failed assumptions after UNSAT (a subset of the assumptions; ``[]``
        when the formula is UNSAT without them); None unless the last
        :meth:`solve` answered UNSAT."""
        return self._core

    def value(self, lit: int) -> bool:
        """Truth value of ``lit`` in the last model.

        Raises:
            SolverError: there is no model (the last answer was not SAT).
            ModelError: ``lit`` is not a literal of a variable in the model.
        """
        if self._model is None:
            raise SolverError(f"no model: the last answer was {self.status or 'none'}")
        v = abs(lit)
        if lit == 0 or v > len(self._model):
            raise ModelError(f"literal {lit} is not over the model's "
                             f"{len(self._model)} variables")
        return (self._model[v - 1] > 0) == (lit > 0)

    # ------------------------------------------------------------ enumeration
    def enumerate(self, over: Iterable[int], assumptions: Iterable[int] = (),
                  limit: int | None = None, time_limit: float | None = None,
                  conflict_limit: int | None = None, *,
                  one_hot: Iterable[Sequence[int]] | None = None) -> Iterator[list[int]]:
        """Models that differ on ``over``: :meth:`Enumerator.enumerate
        <satgrid.core.enumeration.Enumerator.enumerate>`."""
        return self._enum.enumerate(over, assumptions, limit, time_limit, conflict_limit,
                                    one_hot=one_hot)

    def count(self, over: Iterable[int], assumptions: Iterable[int] = (),
              limit: int | None = None, time_limit: float | None = None,
              conflict_limit: int | None = None, *,
              one_hot: Iterable[Sequence[int]] | None = None) -> Count:
        """``(count, complete)`` of the models projected on ``over`` (a :class:`Count`):
        :meth:`Enumerator.count <satgrid.core.enumeration.Enumerator.count>`."""
        return self._enum.count(over, assumptions, limit, time_limit, conflict_limit,
                                one_hot=one_hot)

    def second_solution(self, over: Iterable[int], assumptions: Iterable[int] = (),
                        time_limit: float | None = None,
                        conflict_limit: int | None = None,
                        first: list[int] | None = None, *,
                        one_hot: Iterable[Sequence[int]] | None = None) -> list[int] | None:
        """A model that differs from a first one on ``over``, or None:
        :meth:`Enumerator.second_solution <satgrid.core.enumeration.Enumerator.second_solution>`."""
        return self._enum.second_solution(over, assumptions, time_limit, conflict_limit, first,
                                          one_hot=one_hot)

    def is_unique(self, over: Iterable[int], assumptions: Iterable[int] = (),
                  time_limit: float | None = None,
                  conflict_limit: int | None = None,
                  first: list[int] | None = None, *,
                  one_hot: Iterable[Sequence[int]] | None = None) -> bool | None:
        """Whether exactly one model exists, projected on ``over`` (None: a
        limit stopped the search): :meth:`Enumerator.is_unique
        <satgrid.core.enumeration.Enumerator.is_unique>`."""
        return self._enum.is_unique(over, assumptions, time_limit, conflict_limit, first,
                                    one_hot=one_hot)

    # ----------------------------------------------------------------- stats
    def run_counts(self) -> tuple[int, int, int | None]:
        """``(rounds, cuts, conflicts)`` as :attr:`stats` gives them, without
        the rest of it (read once per puzzle of a collection)."""
        h = self._handle
        acc = None
        if h.solver is not None and self.capabilities.stats:
            acc = h.solver.accum_stats() or {}
        conflicts = None if acc is None else (
            acc.get("conflicts", 0) + h.stats_before.get("conflicts", 0))
        return h.counters["rounds"], h.counters["cuts"], conflicts

    @property
    def stats(self) -> dict:
        """Statistics since the session was built.

        Keys: ``solver``; ``seconds`` (wall clock spent in the session:
        loading, SAT calls, checkers); ``conflicts``, ``decisions``,
        ``propagations``, ``restarts`` (the solver's ``accum_stats()``, None
        where the solver has none); ``solves`` (SAT calls made, a call sliced
        for a time limit counting once); ``slices`` (budget slices of such
        calls); ``rounds`` (re-solves after lazy cuts); ``cuts`` (clauses the
        checkers returned); ``lazy_clauses`` (cut clauses added to the
        solver: the returned ones without duplicates, within a round and
        across rounds); ``blocking_clauses``; ``enumerations``; ``added_clauses``
        (clauses recorded in :attr:`added_clauses`).
        """
        h = self._handle
        acc = h.accum()
        before = h.stats_before
        out = {"solver": self.solver_name, "seconds": self._seconds + self._enum.seconds}
        if acc is not None and not before:   # (once per puzzle of a collection)
            get = acc.get
            out["conflicts"], out["decisions"] = get("conflicts", 0), get("decisions", 0)
            out["propagations"], out["restarts"] = get("propagations", 0), get("restarts", 0)
        else:
            for k in ("conflicts", "decisions", "propagations", "restarts"):
                out[k] = None if acc is None else acc.get(k, 0) + before.get(k, 0)
        out["solves"] = h.calls
        out.update(h.counters)
        out["added_clauses"] = len(self.added_clauses)
        return out
