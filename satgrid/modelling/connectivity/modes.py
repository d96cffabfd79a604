"""The connectivity modes and the one place that decides which one is used.

A connectivity constraint is imposed in one of three modes:

* ``"lazy"`` (:data:`DEFAULT_MODE`): separator cuts found on each model, in
  the Session's CEGAR loop (:mod:`satgrid.modelling.connectivity.cuts`), with the
  layered encoding after 30 rounds;
* ``"eager"``: a complete CNF up front (:mod:`satgrid.modelling.connectivity.eager`),
  what a DIMACS export needs;
* ``"propagate"``: the reachability propagator inside the search
  (:mod:`satgrid.modelling.connectivity.propagator`), on a solver whose row of the
  capability table (:data:`satgrid.core.solvers.CAPABILITIES`) has ``propagator``.

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
    >>> resolve_mode("propagate", "regions")
    Traceback (most recent call last):
    ...
    satgrid.errors.EncodingError: connectivity 'propagate' is not available for regions; use lazy or eager
"""

from __future__ import annotations

from ... import lazy
from ...errors import EncodingError, SolverError

# the solver table loads PySAT: only when a solver is named (--help needs the names alone)
solvers = lazy.module("satgrid.core.solvers")

__all__ = ["MODES", "DEFAULT_MODE", "CONSTRAINT_MODES", "resolve_mode", "no_propagator"]

#: every connectivity mode, in the order the command line lists them
MODES = ("lazy", "eager", "propagate")
#: the mode used when nobody asks for one (``Model()``, ``Options()``, the CLI)
DEFAULT_MODE = "lazy"
#: the modes each constraint can use. Regions (``Model.regions``, one
#: connected set per anchor over shared cells) have no propagator: the
#: engine serves sets of one literal per node only.
CONSTRAINT_MODES: dict[str, tuple[str, ...]] = {
    "connected": MODES,
    "path": MODES,
    "cycle": MODES,
    "regions": ("lazy", "eager"),
}


def no_propagator(solver: str, what: str = "connectivity 'propagate'") -> str:
    """The one message for ``"propagate"`` on a solver without the interface."""
    return (f"{what}: solver {solver} has no user-propagator interface "
            f"({', '.join(solvers.PROPAGATOR_SOLVERS)} has one); use connectivity 'lazy' "
            f"or a solver with one")


def resolve_mode(requested: str | None, constraint: str = "connected",
                 solver: str | None = None, *, default: str | None = None) -> str:
    """The connectivity mode ``constraint`` uses, or a one-line refusal.

    Args:
        requested: the mode asked for, or None for ``default``.
        constraint: a key of :data:`CONSTRAINT_MODES` (``"connected"``,
            ``"path"``, ``"cycle"``, ``"regions"``).
        solver: the solver's name or alias when it is known (the command
            line, a certified run), else None: a Session on a solver
            without the interface then falls back on the lazy cuts with a
            warning (:class:`~satgrid.modelling.connectivity.propagator.PropagatorFallback`).
        default: the mode when ``requested`` is None (a Model's own), else
            :data:`DEFAULT_MODE`.

    Returns:
        One of :data:`MODES`.

    Raises:
        EncodingError: an unknown mode, or one the constraint cannot use.
        SolverError: ``"propagate"`` with a ``solver`` that has no
            user-propagator interface.
    """
    mode = requested if requested is not None else (default or DEFAULT_MODE)
    if mode not in MODES:
        raise EncodingError(f"connectivity must be one of {', '.join(MODES)}, not {mode!r}")
    usable = CONSTRAINT_MODES.get(constraint)
    if usable is None:
        raise ValueError(f"unknown connectivity constraint {constraint!r}")
    if mode not in usable:
        raise EncodingError(f"connectivity {mode!r} is not available for {constraint}; "
                            f"use {' or '.join(usable)}")
    if mode == "propagate" and solver is not None:
        name = solvers.canonical_name(solver)
        caps = solvers.CAPABILITIES.get(name)
        if caps is None or not caps.propagator:
            raise SolverError(no_propagator(name))
    return mode
