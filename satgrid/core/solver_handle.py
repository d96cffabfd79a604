"""The PySAT solver behind a Session: made, loaded, kept in sync, rebuilt.

A :class:`SolverHandle` owns one live PySAT solver for a
:class:`~satgrid.core.formula.Formula` and everything that is about that solver
rather than about a question asked of it: its canonical name, tuning options
and :class:`~satgrid.core.solvers.Capabilities`; the variables declared to it
(``top``); the clauses loaded from each formula group (bulk loading with
:func:`~satgrid.core.solvers.load_clauses`, :meth:`SolverHandle.sync` for those the
formula gained later); the clauses added beside the formula (``added``: the
Session's ``added_clauses``); the variables the solver minted on its own,
reserved in the pool; the rebuild into a fresh solver (``generation`` counts
them); and the statistics counters of the session's calls.

The :class:`~satgrid.core.oracle.Oracle` makes its SAT calls on ``handle.solver``
and the :class:`~satgrid.core.enumeration.Enumerator` adds its blocking clauses
there; both read and write only the public attributes below. See
:mod:`satgrid.core.session` for why variables are declared densely and minted ones
reserved.
"""

from __future__ import annotations

from ..errors import SolverError
from .formula import Formula
from ..limits import check_solver_memory
from .solvers import CAPABILITIES, DEFAULT_SOLVER, canonical_name, new_solver, validate_options
from .solvers import load_clauses
from ..util import paused_gc

__all__ = ["SolverHandle", "SOLVER_GROUP"]

#: the formula group of variables the solver minted on its own
SOLVER_GROUP = "session.solver"

_WHO = {"assumptions": "assumptions", "conflict limits": "budgets",
        "time limits": "time_limit", "phases": "phases", "incremental use": "incremental"}


class SolverHandle:
    """One PySAT solver loaded with a formula (see the module docs).

    Attributes (public, shared with the oracle and the enumerator):
        formula: the formula; its pool provides every variable.
        name: canonical PySAT name of the solver.
        options: the tuning options set (name -> int).
        capabilities: its :class:`~satgrid.core.solvers.Capabilities`.
        solver: the live PySAT solver, None once closed.
        generation: how many times the solver was replaced by a rebuild.
        added: clauses given beside the formula (the Session's
            ``added_clauses``), loaded again by a rebuild.
        counters: ``rounds``, ``cuts``, ``lazy_clauses``, ``blocking_clauses``,
            ``enumerations``, ``slices`` (see ``Session.stats``).
        calls: SAT calls that ran; spent: a non-incremental solver has answered.
        top: the highest variable declared to the solver.
        nloaded: clauses of the formula loaded (one sum, compared per call).
        stats_before: ``accum_stats`` summed over the solvers rebuilds replaced.
    """

    def __init__(self, formula: Formula, solver: str = DEFAULT_SOLVER,
                 options: dict[str, int] | None = None):
        self.formula = formula
        self.name = canonical_name(solver)
        self.capabilities = CAPABILITIES[self.name]
        self.options = validate_options(self.name, options)
        self.solver = None
        self.solver = self._fresh()
        self.added: list[list[int]] = []
        self.calls = 0
        self.spent = False
        self.counters = dict(rounds=0, cuts=0, lazy_clauses=0, blocking_clauses=0,
                             enumerations=0, slices=0)
        self.generation = 0
        self.stats_before: dict[str, int] = {}
        # bulk load: clauses straight from the formula's group lists
        self._loaded = {g: len(cl) for g, cl in formula.clause_groups()}
        self.nloaded = sum(self._loaded.values())
        self.top = 0
        self.declare()         # first: the solver sizes its arrays once
        with paused_gc():
            load_clauses(self.solver, formula.iter_clauses())

    def _fresh(self):
        s = new_solver(self.name)
        if self.options:
            s.configure(self.options)
        return s

    # ------------------------------------------------------------ lifecycle
    def close(self) -> None:
        """Free the solver; :meth:`live` raises from now on."""
        if self.solver is not None:
            self.solver.delete()
            self.solver = None

    def live(self):
        """The solver, or :class:`SolverError` when closed."""
        if self.solver is None:
            raise SolverError("the session is closed")
        return self.solver

    def refuse(self, what: str) -> None:
        """Raise: the solver cannot do ``what``; name those that can."""
        attr = _WHO.get(what, "incremental")
        who = [k for k, c in CAPABILITIES.items() if getattr(c, attr)]
        raise SolverError(f"solver {self.name} does not support {what}; "
                          f"solvers that do: {', '.join(who)}")

    def check_incremental(self, what: str) -> None:
        """Raise when a non-incremental solver has already answered."""
        if not self.capabilities.incremental and self.spent:
            raise SolverError(f"solver {self.name} is not incremental and has "
                              f"already answered; {what} needs an incremental solver "
                              f"(for example {DEFAULT_SOLVER})")

    # ------------------------------------------------------------- variables
    def declare(self) -> None:
        """Declare every variable of the pool in the solver (dense allocation)."""
        n = self.formula.nvars
        if n > self.top:
            check_solver_memory(n)
            self.solver.add_clause([n, -n])
            self.top = n

    def reserve_minted(self) -> None:
        """Reserve in the pool any variable the solver made on its own."""
        try:
            top = self.solver.nof_vars()
        except NotImplementedError:  # pragma: no cover - every probed solver has it
            return
        if top and top > self.formula.nvars:
            with self.formula.group(SOLVER_GROUP):
                self.formula.new_vars(top - self.formula.nvars)
        if top and top > self.top:
            self.top = top

    # --------------------------------------------------------------- clauses
    def sync(self) -> int:
        """Load the clauses the formula gained since they were last loaded
        (groups only grow: those past the count loaded from each group);
        how many. See ``Session.sync``."""
        s = self.live()
        new = []
        loaded = dict(self._loaded)
        for g, cl in self.formula.clause_groups():
            done = loaded.get(g, 0)
            if len(cl) > done:
                new.extend(cl[done:])
                loaded[g] = len(cl)
        if new:
            self.check_incremental("adding clauses")
            load_clauses(s, new)
        # recorded after the solver has them: an interrupt in between loads them twice, no harm
        self._loaded = loaded
        self.nloaded = sum(loaded.values())
        return len(new)

    def sync_formula(self) -> None:
        """:meth:`sync` when the formula has clauses the solver lacks (one sum per call)."""
        if self.formula.nclauses != self.nloaded:
            self.sync()

    def add(self, clauses: list[list[int]]) -> None:
        """Give the solver ``clauses`` (checked lists) and record them in :attr:`added`."""
        self.solver.append_formula(clauses)
        self.added.extend(clauses)

    def rebuild(self) -> None:
        """A fresh solver with the formula and :attr:`added`, nothing else
        (learned clauses, blocking clauses and activation units are lost);
        :attr:`generation` grows by one. The caller recycles what the old
        solver held (see ``Session`` and the enumerator)."""
        old = self.solver
        fresh = self._fresh()
        n = self.formula.nvars
        check_solver_memory(n)
        fresh.add_clause([n, -n])          # every variable declared first, as in __init__
        with paused_gc():
            load_clauses(fresh, self.formula.iter_clauses())
            load_clauses(fresh, self.added)
        before = old.accum_stats() if self.capabilities.stats else None
        # swap, then record (an interrupt in between only loses a statistic)
        self.solver, self.top = fresh, n
        self._loaded = {g: len(cl) for g, cl in self.formula.clause_groups()}
        self.nloaded = sum(self._loaded.values())
        self.generation += 1
        for k, v in (before or {}).items():
            self.stats_before[k] = self.stats_before.get(k, 0) + v
        old.delete()

    # ----------------------------------------------------------------- stats
    def accum(self) -> dict | None:
        """The solver's ``accum_stats()`` (None without stats or once closed)."""
        if self.solver is not None and self.capabilities.stats:
            return self.solver.accum_stats() or {}
        return None

    def stat(self, key: str) -> int:
        """One statistic of the live solver (0 without stats)."""
        if not self.capabilities.stats:
            return 0
        return (self.solver.accum_stats() or {}).get(key, 0)
