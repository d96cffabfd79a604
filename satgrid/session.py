"""Session: a formula loaded once into a PySAT solver, then used incrementally.

A :class:`Session` hands a :class:`~satgrid.formula.Formula` to a PySAT solver
in bulk (:func:`~satgrid.solvers.load_clauses`: one C-level pass for
CaDiCaL, ``append_formula`` otherwise) and then answers questions about it without ever
rebuilding the solver: solve under assumptions, read the model or the
failed-assumption core, add clauses, enumerate and count solutions *projected
on the puzzle's own variables*, prove uniqueness, and run a generic CEGAR loop
over lazy constraints (:meth:`Session.add_lazy`). Conflict and wall-clock
limits turn an answer into ``"unknown"`` instead of running forever.

The session owns the single SAT call: assumptions, cores, limits (the
budget), the CEGAR loop, clauses and the shared pool. What the solvers can
do, their names and tuning options are :mod:`satgrid.solvers`; asking for
more than one model (enumeration, counting, uniqueness) is the mixin
:class:`~satgrid.enumeration.ProjectedEnumeration` in
:mod:`satgrid.enumeration`.

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
    :class:`~satgrid.model.Model` constraint added after the first solve,
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
    the session stays usable: see :mod:`satgrid.interrupts` and
    :mod:`satgrid.oracle`. An interrupted enumeration leaves
    :attr:`complete` False.

Example:
    >>> from satgrid.formula import Formula
    >>> f = Formula()
    >>> x, y = f.var("x"), f.var("y")
    >>> f.add([x, y])
    >>> with Session(f) as s:
    ...     s.solve(assumptions=[-x]), s.value(y), s.count([x, y])
    ('sat', True, (3, True))
"""

from __future__ import annotations

import time
from typing import Iterable, Protocol, Sequence

from pysat.solvers import Solver

from .enumeration import ProjectedEnumeration
from .errors import ModelError, SolverError
from .formula import Formula
from .limits import check_solver_memory
from .oracle import Budget as _Budget
from .oracle import CheckedLiterals, SlicedOracle, checked_literals
from .solvers import CAPABILITIES, DEFAULT_SOLVER, canonical_name, new_solver, validate_options
from .solvers import load_clauses as _load_clauses
from .util import paused_gc

__all__ = ["CheckedLiterals", "InSearchChecker", "LazyChecker", "Session", "SAT", "UNSAT",
           "UNKNOWN"]

SAT, UNSAT, UNKNOWN = "sat", "unsat", "unknown"
SESSION_GROUP = "session"
SOLVER_GROUP = "session.solver"
#: retired activation variables (ended enumerations) that make the session
#: rebuild its solver and recycle them (see Session._rebuild)
RECYCLE_AT = 1024


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


class InSearchChecker:
    """A lazy constraint that can also work inside the search: the declared
    interface (a base class, not a duck test) of the connectivity propagator
    (:class:`satgrid.connectivity.propagator.PropagatedConnectivity`).
    :meth:`Session.add_lazy` calls :meth:`join_engine` once, with the session,
    whose public :attr:`Session.solver`, :attr:`Session.generation` and
    ``solver_name`` are all the checker reads."""

    def join_engine(self, session: "Session") -> None:
        raise NotImplementedError


# -------------------------------------------------------------------- session
class Session(ProjectedEnumeration, SlicedOracle):
    """A formula loaded once into a PySAT solver, used incrementally.

    Enumeration, counting and uniqueness (:meth:`enumerate`, :meth:`count`,
    :meth:`second_solution`, :meth:`is_unique`) come from
    :class:`~satgrid.enumeration.ProjectedEnumeration`.

    Args:
        formula: the :class:`~satgrid.formula.Formula`. Its clauses are loaded
            in bulk now; clauses added to the formula later are loaded before
            the next SAT call (:meth:`sync`).
        solver: a PySAT solver name or alias (default ``"cadical195"``); see
            :data:`~satgrid.solvers.CAPABILITIES` and :func:`~satgrid.solvers.solver_names`.
        options: tuning options for solvers that take them (CaDiCaL), name ->
            int, e.g. ``{"chrono": 0}``; checked against
            :data:`~satgrid.solvers.SOLVER_OPTIONS` and set before the formula is loaded.

    Raises:
        SolverError: an unknown solver name, a solver that cannot be created
            in this installation, or options it does not take.

    Attributes:
        formula: the formula (its pool also provides the session's variables).
        solver_name: canonical PySAT name of the solver.
        options: the tuning options set (name -> int; empty: the solver's own
            defaults).
        capabilities: its :class:`~satgrid.solvers.Capabilities`.
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
        self.formula = formula
        self.solver_name = canonical_name(solver)
        self.capabilities = CAPABILITIES[self.solver_name]
        self.options = validate_options(self.solver_name, options)
        self._solver = None
        t0 = time.perf_counter()
        self._solver = new_solver(self.solver_name)
        if self.options:
            self._solver.configure(self.options)
        self._checkers: list[LazyChecker] = []
        self._cut_keys: set[tuple[int, ...]] = set()
        self.added_clauses: list[list[int]] = []
        self.status: str | None = None
        self.complete: bool | None = None
        self.witnesses: list[list[int]] = []
        self._model: list[int] | None = None
        self._core: list[int] | None = None
        self._calls = 0              # SAT oracle calls that ran
        self._spent = False          # a non-incremental solver has been called
        self._counters = dict(rounds=0, cuts=0, lazy_clauses=0, blocking_clauses=0,
                              enumerations=0, slices=0)
        # bulk load: clauses straight from the formula's group lists
        self._loaded = {g: len(cl) for g, cl in formula.clause_groups()}
        self._nloaded = sum(self._loaded.values())
        self._top = 0
        self._sync_vars()      # first: the solver sizes its arrays once
        with paused_gc():
            _load_clauses(self._solver, formula.iter_clauses())
        # activation variables: retired ones (fixed false in the solver) and
        # free ones (recycled after a rebuild: in no clause of the solver)
        self._retired: list[int] = []
        self._free: list[int] = []
        self._open = 0               # enumerations under way (their guards are live)
        self._stats_before: dict[str, int] = {}   # accum_stats of rebuilt solvers
        self._rebuilds = 0
        self._seconds = time.perf_counter() - t0

    # ------------------------------------------------------------ lifecycle
    def close(self) -> None:
        """Free the solver. Any later call raises :class:`SolverError`."""
        if self._solver is not None:
            self._solver.delete()
            self._solver = None

    delete = close

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        return self._solver is None

    @property
    def solver(self) -> Solver | None:
        """The live PySAT solver (the new one after a rebuild; None once closed)."""
        return self._solver

    @property
    def generation(self) -> int:
        """How many times the session replaced its :attr:`solver` (0 at first)."""
        return self._rebuilds

    def _live(self) -> Solver:
        if self._solver is None:
            raise SolverError("the session is closed")
        return self._solver

    def _refuse(self, what: str) -> None:
        raise SolverError(f"solver {self.solver_name} does not support {what}; "
                          f"solvers that do: {', '.join(self._who(what))}")

    @staticmethod
    def _who(what: str) -> list[str]:
        attr = {"assumptions": "assumptions", "conflict limits": "budgets",
                "time limits": "time_limit", "phases": "phases",
                "incremental use": "incremental"}.get(what, "incremental")
        return [k for k, c in CAPABILITIES.items() if getattr(c, attr)]

    def _check_incremental(self, what: str) -> None:
        if not self.capabilities.incremental and self._spent:
            raise SolverError(f"solver {self.solver_name} is not incremental and has "
                              f"already answered; {what} needs an incremental solver "
                              f"(for example {DEFAULT_SOLVER})")

    # ------------------------------------------------------------- variables
    def _sync_vars(self) -> None:
        """Declare every variable of the pool in the solver (dense allocation)."""
        n = self.formula.nvars
        if n > self._top:
            check_solver_memory(n)
            self._solver.add_clause([n, -n])
            self._top = n

    def _reserve_minted(self) -> None:
        """Reserve in the pool any variable the solver made on its own."""
        try:
            top = self._solver.nof_vars()
        except NotImplementedError:  # pragma: no cover - every probed solver has it
            return
        if top and top > self.formula.nvars:
            with self.formula.group(SOLVER_GROUP):
                self.formula.new_vars(top - self.formula.nvars)
        if top and top > self._top:
            self._top = top

    def _new_activation(self) -> int:
        """A variable to guard one enumeration: recycled when one is free."""
        if not self._free and not self._open and \
                len(self._retired) >= max(RECYCLE_AT, self.formula.nvars // 8):
            self._rebuild()
        if self._free:
            return self._free.pop()
        with self.formula.group(SESSION_GROUP):
            return self.formula.new_var()

    def _retire(self, act: int) -> None:
        """End an enumeration's guard: its blocking clauses are disabled for good."""
        self._solver.add_clause([-act])
        self._retired.append(act)

    def _rebuild(self) -> None:
        """A fresh solver with the formula and :attr:`added_clauses`, without
        the retired activation variables' blocking clauses and units, which
        become free for the next enumerations. Each retired variable costs
        every later call (PySAT reads the whole model: 20,000 of them made a
        9x9 Sudoku call 3x slower); a rebuild after :data:`RECYCLE_AT` of
        them (or an eighth of the formula's variables) keeps the solver's
        size bounded. Learned clauses are lost; the formula's are not."""
        old = self._solver
        fresh = new_solver(self.solver_name)
        if self.options:
            fresh.configure(self.options)
        n = self.formula.nvars
        check_solver_memory(n)
        fresh.add_clause([n, -n])          # every variable declared first, as in __init__
        with paused_gc():
            _load_clauses(fresh, self.formula.iter_clauses())
            _load_clauses(fresh, self.added_clauses)
        before = old.accum_stats() if self.capabilities.stats else None
        # swap, then record (an interrupt in between only loses a statistic)
        self._solver, self._top = fresh, n
        self._loaded = {g: len(cl) for g, cl in self.formula.clause_groups()}
        self._nloaded = sum(self._loaded.values())
        self._free, self._retired = self._retired, []
        self._rebuilds += 1
        for k, v in (before or {}).items():
            self._stats_before[k] = self._stats_before.get(k, 0) + v
        old.delete()

    def sync(self) -> int:
        """Load the clauses the formula gained since they were last loaded.

        Called before every SAT call (so a clause added to the formula or its
        :class:`~satgrid.model.Model` after the session was built counts in the
        next solve, count or enumeration); calling it yourself only loads them
        earlier. Groups only grow, so the new clauses are those past the count
        loaded from each group. Returns how many clauses were loaded. They are
        not put in :attr:`added_clauses` (they are already in the formula).
        """
        s = self._live()
        new = []
        loaded = dict(self._loaded)
        for g, cl in self.formula.clause_groups():
            done = loaded.get(g, 0)
            if len(cl) > done:
                new.extend(cl[done:])
                loaded[g] = len(cl)
        if new:
            self._check_incremental("adding clauses")
            _load_clauses(s, new)
        # recorded after the solver has them: an interrupt in between loads them twice, no harm
        self._loaded = loaded
        self._nloaded = sum(loaded.values())
        return len(new)

    def _sync_formula(self) -> None:
        """:meth:`sync` when the formula has clauses the solver lacks (one sum per call)."""
        if self.formula.nclauses != self._nloaded:
            self.sync()

    # --------------------------------------------------------------- clauses
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
        s = self._live()
        clauses = [c if type(c) is list else list(c) for c in clauses]
        if not clauses:
            return
        self.formula.validate_literals(clauses)
        self._check_incremental("adding clauses")
        s.append_formula(clauses)
        self.added_clauses.extend(clauses)

    def add_lazy(self, checker: LazyChecker) -> None:
        """Register a lazy constraint (an object with ``violated(model)``).

        After every SAT answer, each checker may return clauses the model
        violates; they are added (permanently, unguarded) and the solver is
        called again, until every checker accepts or the answer is UNSAT.

        Raises:
            TypeError: ``checker`` has no ``violated`` method.
            SolverError: a non-incremental solver (the loop re-solves).
        """
        self._live()
        if not callable(getattr(checker, "violated", None)):
            raise TypeError("a lazy checker needs a method violated(model) -> list of clauses")
        if not self.capabilities.incremental:
            raise SolverError(f"solver {self.solver_name} is not incremental: lazy "
                              f"constraints need re-solving; use for example {DEFAULT_SOLVER}")
        if isinstance(checker, InSearchChecker):   # also inside the search
            checker.join_engine(self)
        self._checkers.append(checker)

    def phases(self, lits: Iterable[int]) -> None:
        """Preferred polarities for decisions (PySAT ``set_phases``)."""
        s = self._live()
        if not self.capabilities.phases:
            self._refuse("phases")
        lits = checked_literals(self.formula, lits, "phase literal")
        self._sync_vars()
        s.set_phases(lits)

    # ---------------------------------------------------------------- oracle
    def _read_model(self) -> list[int]:
        model = self._solver.get_model() or []
        n = self.formula.nvars
        if len(model) < n:   # variables unknown to the solver are unconstrained
            model = model + [-v for v in range(len(model) + 1, n + 1)]
        return model

    def _solve_lazy(self, assumptions: list[int], budget: _Budget) -> bool | None:
        """The CEGAR loop: solve, ask the checkers, add cuts, solve again."""
        while True:
            result = self._oracle(assumptions, budget)
            if result is not True:
                return result
            model = self._read_model()
            if not self._checkers:
                self._model = model
                return True
            cuts: list[list[int]] = []
            for checker in self._checkers:
                got = checker.violated(model)
                if got:
                    cuts.extend(c if type(c) is list else list(c) for c in got)
            if not cuts:
                self._model = model
                return True
            self._add_cuts(cuts, model)

    def _add_cuts(self, cuts: list[list[int]], model: list[int]) -> None:
        self.formula.validate_literals(cuts)
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
        self._solver.append_formula(list(distinct.values()))
        self._cut_keys.update(distinct)
        distinct = list(distinct.values())
        self.added_clauses.extend(distinct)
        self._counters["cuts"] += len(cuts)
        self._counters["lazy_clauses"] += len(distinct)
        self._counters["rounds"] += 1

    # ----------------------------------------------------------------- solve
    def _prepare(self, assumptions, conflict_limit, time_limit) -> tuple[list[int], _Budget]:
        self._live()
        if type(assumptions) is not CheckedLiterals or \
                getattr(assumptions, "formula", None) is not self.formula:
            assumptions = checked_literals(self.formula, assumptions, "assumption")
        if assumptions and not self.capabilities.assumptions:
            self._refuse("assumptions")
        if conflict_limit is not None and not self.capabilities.budgets:
            self._refuse("conflict limits")
        if time_limit is not None and not self.capabilities.time_limit:
            self._refuse("time limits")
        return assumptions, _Budget(conflict_limit, time_limit)

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
        assumptions, budget = self._prepare(assumptions, conflict_limit, time_limit)
        t0 = time.perf_counter()
        self.status = None
        try:
            self._model = self._core = None
            result = self._solve_lazy(assumptions, budget)
        finally:
            self._seconds += time.perf_counter() - t0
        if result is None:
            self.status = UNKNOWN
        elif result:
            self.status = SAT
        else:
            self.status = UNSAT
            self._core = self._failed(assumptions)
        return self.status

    def _failed(self, assumptions: list[int]) -> list[int]:
        if not assumptions or not self.capabilities.cores:
            return []
        core = self._solver.get_core() or []
        wanted = set(assumptions)
        return [l for l in core if l in wanted]

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

    # ----------------------------------------------------------------- stats
    def run_counts(self) -> tuple[int, int, int | None]:
        """``(rounds, cuts, conflicts)`` as :attr:`stats` gives them, without
        the rest of it (read once per puzzle of a collection)."""
        acc = None
        if self._solver is not None and self.capabilities.stats:
            acc = self._solver.accum_stats() or {}
        conflicts = None if acc is None else (
            acc.get("conflicts", 0) + self._stats_before.get("conflicts", 0))
        return self._counters["rounds"], self._counters["cuts"], conflicts

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
        acc = None
        if self._solver is not None and self.capabilities.stats:
            acc = self._solver.accum_stats() or {}
        out = {"solver": self.solver_name, "seconds": self._seconds}
        if acc is not None and not self._stats_before:   # (once per puzzle of a collection)
            get = acc.get
            out["conflicts"], out["decisions"] = get("conflicts", 0), get("decisions", 0)
            out["propagations"], out["restarts"] = get("propagations", 0), get("restarts", 0)
        else:
            for k in ("conflicts", "decisions", "propagations", "restarts"):
                out[k] = None if acc is None else acc.get(k, 0) + self._stats_before.get(k, 0)
        out["solves"] = self._calls
        out.update(self._counters)
        out["added_clauses"] = len(self.added_clauses)
        return out
