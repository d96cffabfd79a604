"""Solver names, capabilities and tuning options: what each PySAT solver can do.

This module owns the facts about PySAT's solvers that do not depend on a
formula: the canonical name of every solver and its aliases
(:func:`canonical_name`, :func:`solver_names`), what each one supports
through PySAT's interface (:class:`Capabilities`, the :data:`CAPABILITIES`
table, probed by ``tests/test_session.py``), the CaDiCaL tuning options
satgrid knows (:data:`SOLVER_OPTIONS`, checked by :func:`validate_options`),
the default solver, and creating a solver with a one-line error when that is
impossible here (:func:`new_solver`, which checks for a missing extra package
first). The :class:`~satgrid.core.session.Session` builds on it.

Example:
    >>> canonical_name("cd19")
    'cadical195'
    >>> CAPABILITIES["kissat404"].incremental
    False
"""

from __future__ import annotations

import importlib.util
from collections import deque
from itertools import filterfalse, repeat
from typing import Iterable

import pysolvers  # PySAT's C extension (pysat.solvers imports it too): load_clauses
from pysat.solvers import NoSuchSolverError, Solver, SolverNames

from ..errors import SolverError
from ..util import FrozenRecord

__all__ = ["Capabilities", "CAPABILITIES", "DEFAULT_SOLVER", "PROPAGATOR_SOLVERS", "SOLVER_OPTIONS",
           "validate_options", "canonical_name", "solver_names", "pysat_name",
           "missing_package", "new_solver"]

#: the solver a Session uses unless told otherwise (written in satgrid.core, for the CLI)
from . import DEFAULT_SOLVER  # noqa: E402


# --------------------------------------------------------------- capabilities
class Capabilities(FrozenRecord):
    """What a PySAT solver can do through PySAT's interface.

    Every field is a keyword; the defaults describe a fully incremental
    MiniSat-style solver (everything but a decision budget), so an entry of
    :data:`CAPABILITIES` names only where a solver differs.

    Attributes:
        incremental: clauses may be added and the solver called again after a
            call (enumeration, CEGAR and slicing a time limit need this).
        assumptions: ``solve(assumptions)`` honours the assumptions.
        cores: ``get_core()`` returns the failed assumptions after UNSAT.
        budgets: ``conf_budget`` + ``solve_limited`` stop a call after about
            that many conflicts (answer ``None``).
        decision_budget: ``dec_budget`` is supported.
        interrupt: ``interrupt()`` from another thread stops a
            ``solve_limited(expect_interrupt=True)`` call.
        phases: ``set_phases(literals)`` steers the polarity of decisions.
        stats: ``accum_stats()`` reports conflicts, decisions, propagations.
        options: the solver takes tuning options (:data:`SOLVER_OPTIONS`,
            ``Session(options=...)``), passed to PySAT's ``configure``.
        propagator: the solver takes a user propagator (IPASIR-UP, PySAT's
            ``connect_propagator``): connectivity ``"propagate"`` runs inside
            its search (:mod:`satgrid.modelling.connectivity.propagator`; the solvers
            with it: :data:`PROPAGATOR_SOLVERS`).
        verified: every claim above was checked by running the solver
            (``tests/test_session.py::test_capability_table_matches_probes``);
            False only for a solver whose extra package is not installed here.
        note: anything a user should know (overshooting budgets, ...).
    """

    __slots__ = ("incremental", "assumptions", "cores", "budgets", "decision_budget",
                 "interrupt", "phases", "stats", "verified", "note", "options", "propagator")

    def __init__(self, *, incremental: bool = True, assumptions: bool = True,
                 cores: bool = True, budgets: bool = True, decision_budget: bool = False,
                 interrupt: bool = True, phases: bool = True, stats: bool = True,
                 verified: bool = True, note: str = "", options: bool = False,
                 propagator: bool = False):
        super().__init__(incremental=incremental, assumptions=assumptions, cores=cores,
                         budgets=budgets, decision_budget=decision_budget, interrupt=interrupt,
                         phases=phases, stats=stats, verified=verified, note=note, options=options,
                         propagator=propagator)

    @property
    def time_limit(self) -> bool:
        """A wall-clock limit is possible: by interrupt, or by budget slices."""
        return self.interrupt or (self.budgets and self.incremental)

    def as_dict(self) -> dict:
        """Every capability by name, ``time_limit`` included (for JSON and tables)."""
        return {k: getattr(self, k) for k in (
            "incremental", "assumptions", "cores", "budgets", "decision_budget",
            "interrupt", "phases", "stats", "time_limit", "options", "propagator", "verified",
            "note")}


_GLUCOSE_NOTE = ("the conflict budget is checked at restarts only: a budget of 100 "
                 "was observed to stop after 1127 conflicts")
_CADICAL_NOTE = "no interrupt: a time limit is enforced by growing conflict-budget slices"

#: Capabilities of every PySAT solver, by canonical PySAT name (the attribute
#: names of :class:`pysat.solvers.SolverNames`; every PySAT alias is accepted
#: too). Established by probing each solver in python-sat 1.9.dev17 (the
#: probes are in tests/test_session.py); where this contradicts PySAT's own
#: docstrings (which say CaDiCaL has neither ``solve_limited`` nor phases),
#: the probes win.
CAPABILITIES: dict[str, Capabilities] = {
    "cadical103": Capabilities(interrupt=False, phases=False, decision_budget=True,
                               note=_CADICAL_NOTE
                               + "; set_phases is not implemented for CaDiCaL 1.0.3"),
    "cadical153": Capabilities(interrupt=False, decision_budget=True, options=True,
                               note=_CADICAL_NOTE),
    "cadical195": Capabilities(interrupt=False, decision_budget=True, options=True,
                               propagator=True, note=_CADICAL_NOTE),
    "cadical300": Capabilities(interrupt=False, decision_budget=True, options=True,
                               note=_CADICAL_NOTE),
    "cryptosat": Capabilities(interrupt=False, phases=False, stats=False, verified=False,
                              note="needs the pycryptosat package (not installed here); "
                                   "claims taken from pysat/solvers.py, not probed"),
    "ergo": Capabilities(),
    "gluecard3": Capabilities(note=_GLUCOSE_NOTE),
    "gluecard4": Capabilities(note=_GLUCOSE_NOTE),
    "glucose3": Capabilities(note=_GLUCOSE_NOTE),
    "glucose4": Capabilities(note=_GLUCOSE_NOTE),
    "glucose42": Capabilities(note=_GLUCOSE_NOTE),
    "kissat404": Capabilities(incremental=False, assumptions=False, cores=False,
                              decision_budget=True, interrupt=False, phases=False,
                              stats=False,
                              note="not incremental: one SAT call per session (a second "
                                   "call or a clause added after it aborts the process); "
                                   "PySAT ignores assumptions with a warning; a conflict "
                                   "budget works for that single call"),
    "lingeling": Capabilities(budgets=False, interrupt=False,
                              note="no solve_limited: neither conflict nor time limits"),
    "maplechrono": Capabilities(),
    "maplecm": Capabilities(note="accum_stats always reports 0 propagations"),
    "maplesat": Capabilities(),
    "mergesat3": Capabilities(),
    "minicard": Capabilities(),
    "minisat22": Capabilities(),
    "minisatgh": Capabilities(),
    "minisatep": Capabilities(),
}
# solvers this PySAT build does not know are left out
CAPABILITIES = {k: v for k, v in CAPABILITIES.items() if hasattr(SolverNames, k)}
#: the solvers with a user-propagator interface (the ``propagator`` column)
PROPAGATOR_SOLVERS = tuple(k for k, v in CAPABILITIES.items() if v.propagator)

#: every accepted spelling (lower case) -> canonical name
_ALIASES: dict[str, str] = {}
for _key in CAPABILITIES:
    _ALIASES[_key] = _key
    for _alias in getattr(SolverNames, _key):
        _ALIASES.setdefault(_alias.lower(), _key)


# ------------------------------------------------------------ tuning options
#: Tuning options satgrid passes to CaDiCaL (PySAT's ``configure``), with
#: their ranges as in CaDiCaL's ``src/options.hpp``: a deliberately small set
#: of long-standing search options. PySAT's ``configure`` silently ignores a
#: misspelled name or a value out of range (CaDiCaL's ``set`` answers false
#: and PySAT drops the answer), so the Session validates names and values
#: against this table first (:func:`validate_options`).
SOLVER_OPTIONS: dict[str, tuple[int, int, str]] = {
    "bumpreason": (0, 1, "bump reason literals too"),
    "chrono": (0, 2, "chronological backtracking (0 = always backjump)"),
    "eagersubsume": (0, 1, "subsume recently learned clauses"),
    "elim": (0, 1, "bounded variable elimination"),
    "forcephase": (0, 1, "always use the initial phase"),
    "lucky": (0, 1, "search for lucky phases"),
    "minimize": (0, 1, "minimize learned clauses"),
    "phase": (0, 1, "initial phase (1 = true)"),
    "probe": (0, 1, "failed literal probing"),
    "reduce": (0, 1, "reduce useless learned clauses"),
    "reduceint": (10, 1_000_000, "reduce interval (conflicts)"),
    "rephase": (0, 1, "reset phases now and then"),
    "restart": (0, 1, "restarts"),
    "restartint": (1, 2_000_000_000, "restart interval (conflicts)"),
    "score": (0, 1, "EVSIDS scores (0 = VMTF queue only)"),
    "seed": (0, 2_000_000_000, "random seed"),
    "shrink": (0, 3, "shrink learned clauses"),
    "subsume": (0, 1, "clause subsumption"),
    "target": (0, 2, "target phases (1 = stable mode only)"),
    "vivify": (0, 1, "vivification"),
    "walk": (0, 1, "random walks"),
}


def validate_options(solver: str, options: dict | None) -> dict[str, int]:
    """``options`` validated for ``solver`` (a canonical name): name -> int.

    Raises:
        SolverError: the solver takes no options, an unknown name, a value
            that is not a whole number or lies outside the option's range.
    """
    if not options:
        return {}
    if not CAPABILITIES[solver].options:
        takes = ", ".join(k for k, c in CAPABILITIES.items() if c.options)
        raise SolverError(f"solver {solver} takes no options through satgrid (only {takes} do)")
    out = {}
    for name, value in options.items():
        if name not in SOLVER_OPTIONS:
            raise SolverError(f"unknown {solver} option {name!r}; known options: "
                              + ", ".join(SOLVER_OPTIONS))
        lo, hi, _ = SOLVER_OPTIONS[name]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise SolverError(f"{solver} option {name}: expected a whole number in "
                              f"{lo}..{hi}, got {value!r}")
        out[name] = value
    return out


# --------------------------------------------------------- names, creation
#: solvers that need a package besides python-sat
_REQUIRES = {"cryptosat": "pycryptosat"}
#: canonical name -> whether it can be created here (filled by solver_names)
_AVAILABLE: dict[str, bool] = {}


def missing_package(name: str) -> str | None:
    """The extra package solver ``name`` (canonical) needs and lacks here, or None."""
    pkg = _REQUIRES.get(name)
    if pkg is not None and importlib.util.find_spec(pkg) is None:
        return pkg
    return None


def canonical_name(name: str) -> str:
    """The canonical PySAT name (a :data:`CAPABILITIES` key) of ``name``.

    Raises:
        SolverError: an unknown name; the message lists the known ones.
    """
    key = _ALIASES.get(str(name).lower())
    if key is None:
        raise SolverError(f"unknown solver {name!r}; known solvers: "
                          + ", ".join(CAPABILITIES))
    return key


def pysat_name(name: str) -> str:
    """The name to give PySAT's ``Solver(name=...)`` for canonical ``name``.

    The canonical key itself is not always an alias PySAT accepts
    (``"minisatgh"``, ``"cryptosat"``); its first alias always is.
    """
    return getattr(SolverNames, name)[0]


def solver_names(available: bool = False) -> list[str]:
    """Canonical names of PySAT's solvers, in :data:`CAPABILITIES` order.

    Args:
        available: only the solvers that can be created in this installation
            (each is tried once and the answer cached).
    """
    if not available:
        return list(CAPABILITIES)
    out = []
    for key in CAPABILITIES:
        if key not in _AVAILABLE and missing_package(key):
            _AVAILABLE[key] = False
        if key not in _AVAILABLE:
            try:
                Solver(name=pysat_name(key)).delete()
                _AVAILABLE[key] = True
            except Exception:  # NoSuchSolverError, missing extra package, ...
                _AVAILABLE[key] = False
        if _AVAILABLE[key]:
            out.append(key)
    return out


def new_solver(name: str) -> Solver:
    """A new, empty PySAT solver for canonical ``name``.

    Raises:
        SolverError: the solver needs a package that is not installed, or
            cannot be created in this installation.
    """
    missing = missing_package(name)
    if missing:
        raise SolverError(f"solver {name} needs the {missing} package, "
                          "which is not installed")
    try:
        return Solver(name=pysat_name(name))
    except NoSuchSolverError as e:  # pragma: no cover - the table mirrors SolverNames
        raise SolverError(f"solver {name} is not in this PySAT build") from e
    except Exception as e:
        raise SolverError(f"solver {name} cannot be created in this "
                          f"installation: {e}") from e


#: PySAT backends whose clauses the bulk load hands straight to the C
#: extension: backend class -> (attribute holding its handle, add-clause function)
_ADD_CLAUSE = {"Cadical195": ("cadical", "cadical195_add_cl"),
               "Cadical153": ("cadical", "cadical153_add_cl")}


def load_clauses(solver: Solver, clauses: Iterable[list[int]]) -> None:
    """Hand ``clauses`` to a PySAT ``solver`` in bulk.

    For CaDiCaL (1.5.3, 1.9.5) each clause goes straight to the C extension's
    add-clause function, in one C-level ``map`` over the clauses, skipping
    the two Python calls per clause of ``Solver.append_formula`` (1.4x
    faster on 51,625 clauses: bench/bench_compile.py's ``bare`` column);
    a falsified clause marks the backend unsatisfiable as PySAT's own
    ``add_clause`` does. Other solvers: ``append_formula``.
    """
    backend = getattr(solver, "solver", None)
    how = _ADD_CLAUSE.get(type(backend).__name__)
    handle = getattr(backend, how[0], None) if how else None
    if handle is None:
        solver.append_formula(clauses)
        return
    add = getattr(pysolvers, how[1])
    # every clause loaded (all in C: map, filterfalse, deque), then any False seen
    if deque(filterfalse(None, map(add, repeat(handle), clauses)), maxlen=1):
        backend.status = False
