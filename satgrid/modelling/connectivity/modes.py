"""The connectivity modes and the one place that decides which one is used.

A connectivity constraint is imposed in one of three modes, or left to
``"auto"`` (:data:`DEFAULT_MODE`) to choose among them:

* ``"lazy"``: separator cuts found on each model, in
  the Session's CEGAR loop (:mod:`satgrid.modelling.connectivity.cuts`), with the
  layered encoding after 30 rounds;
* ``"eager"``: a complete CNF up front (:mod:`satgrid.modelling.connectivity.eager`),
  what a DIMACS export needs;
* ``"propagate"``: the reachability propagator inside the search
  (:mod:`satgrid.modelling.connectivity.propagator`), on a solver whose row of the
  capability table (:data:`satgrid.core.solvers.CAPABILITIES`) has ``propagator``;
* ``"auto"``: the mode measured best for the constraint. The lazy cuts
  (switching to the layers when they do not settle) unless the rule that
  imposes the constraint names another (``auto=`` of :func:`resolve_mode`,
  :meth:`Model.connected <satgrid.modelling.model.Model.connected>` and the
  rules): Aqre's shaded cells take the propagator (the cuts needed 10-225
  rounds on its family, the propagator 2: 0.98 s against 8.6 s over the
  10x10 and 15x15 seeds 1-6, ``bench/RESULTS.md``), on a solver without
  one the lazy cuts, silently. Across Slitherlink, LITS and Hitori the
  propagator was 1.0-1.8x the lazy cuts, on Nurikabe and Hooks slower, so
  they keep the cuts. An explicit mode is always the one used.

:func:`resolve_mode` is what every caller (``Model.connected``, paths and
cycles, regions, the pipeline's options, the command line) asks: it takes
the mode asked for (or, when none, the model's or the default), the
constraint and, when known, the solver, and returns the mode or refuses it
with one message, the same everywhere: an unknown mode and a mode the
constraint cannot use are an :class:`~satgrid.errors.EncodingError`,
``"propagate"`` on a solver without the interface a
:class:`~satgrid.errors.SolverError` (both exit status 2 on the command
line).

Example:
    >>> resolve_mode(None, "regions")
    'lazy'
    >>> resolve_mode(None, "connected", auto="propagate"), resolve_mode("auto", None)
    ('propagate', 'auto')
    >>> resolve_mode("propagate", "regions")
    Traceback (most recent call last):
    ...
    satgrid.errors.EncodingError: connectivity 'propagate' is not available for regions; use auto, lazy or eager
"""

from __future__ import annotations

from ... import lazy
from ...errors import EncodingError, SolverError

# the solver table loads PySAT: only when a solver is named (--help needs the names alone)
solvers = lazy.module("satgrid.core.solvers")

__all__ = ["MODES", "DEFAULT_MODE", "AUTO", "CONSTRAINT_MODES", "resolve_mode", "has_propagator",
           "no_propagator"]

#: every connectivity mode, in the order the command line lists them
MODES = ("auto", "lazy", "eager", "propagate")
#: the mode used when nobody asks for one (``Model()``, ``Options()``, the CLI)
DEFAULT_MODE = "auto"
#: the modes each constraint can use. Regions (``Model.regions``, one
#: connected set per anchor over shared cells) have no propagator: the
#: engine serves sets of one literal per node only.
CONSTRAINT_MODES: dict[str, tuple[str, ...]] = {
    "connected": MODES,
    "path": MODES,
    "cycle": MODES,
    "regions": ("auto", "lazy", "eager"),
}
#: what ``"auto"`` picks for a constraint whose rule names no other choice
AUTO = "lazy"


def no_propagator(solver: str, what: str = "connectivity 'propagate'") -> str:
    """The one message for ``"propagate"`` on a solver without the interface."""
    return (f"{what}: solver {solver} has no user-propagator interface "
            f"({', '.join(solvers.PROPAGATOR_SOLVERS)} has one); use connectivity 'lazy' "
            f"or a solver with one")


def resolve_mode(requested: str | None, constraint: str | None = "connected",
                 solver: str | None = None, *, default: str | None = None,
                 auto: str | None = None) -> str:
    """The connectivity mode ``constraint`` uses, or a one-line refusal.

    Args:
        requested: the mode asked for, or None for ``default``.
        constraint: a key of :data:`CONSTRAINT_MODES` (``"connected"``,
            ``"path"``, ``"cycle"``, ``"regions"``), or None for an option
            checked before any constraint is known (``Model(connectivity=)``,
            the command line): ``"auto"`` then stays ``"auto"``.
        auto: the mode ``"auto"`` picks for this constraint (default
            :data:`AUTO`); ``"propagate"`` becomes ``"lazy"`` when
            ``solver`` is known to have no propagator.
        solver: the solver's name or alias when it is known (the command
            line, a certified run), else None: a Session on a solver
            without the interface then falls back on the lazy cuts with a
            warning (:class:`~satgrid.modelling.connectivity.propagator.PropagatorFallback`).
        default: the mode when ``requested`` is None (a Model's own), else
            :data:`DEFAULT_MODE`.

    Returns:
        One of :data:`MODES`, ``"auto"`` only when ``constraint`` is None.

    Raises:
        EncodingError: an unknown mode, or one the constraint cannot use.
        SolverError: ``"propagate"`` with a ``solver`` that has no
            user-propagator interface.
    """
    mode = requested if requested is not None else (default or DEFAULT_MODE)
    if mode not in MODES:
        raise EncodingError(f"connectivity must be one of {', '.join(MODES)}, not {mode!r}")
    usable = MODES if constraint is None else CONSTRAINT_MODES.get(constraint)
    if usable is None:
        raise ValueError(f"unknown connectivity constraint {constraint!r}")
    if mode == "auto" and constraint is not None:
        mode = auto or AUTO
        if mode == "propagate" and solver is not None and not has_propagator(solver):
            return "lazy"
    if mode not in usable:
        raise EncodingError(f"connectivity {mode!r} is not available for {constraint}; "
                            f"use {', '.join(usable[:-1])} or {usable[-1]}")
    if mode == "propagate" and solver is not None and not has_propagator(solver):
        raise SolverError(no_propagator(solvers.canonical_name(solver)))
    return mode


def has_propagator(solver: str) -> bool:
    """Whether the solver named (or aliased) ``solver`` has the user-propagator interface."""
    return solvers.canonical_name(solver) in solvers.PROPAGATOR_SOLVERS
