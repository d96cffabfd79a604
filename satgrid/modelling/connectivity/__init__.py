"""Connectivity: "the nodes whose literal is true form one connected set".

Given a dict ``lits`` from the nodes of an undirected ``graph`` to literals
(DIMACS ints), the constraint holds for an assignment when the set

    X = {v in lits : lits[v] is true}

induces a connected subgraph of ``graph[lits]`` (the graph restricted to the
nodes that have a literal; a node of ``graph`` without a literal is never in X
and never links two nodes of X). **The empty set and a single node count as
connected**; a caller that needs at least one true node adds the clause
``OR(lits.values())`` itself.

The package, one module per part:

* :mod:`.modes` -- the modes (``"lazy"``, ``"eager"``, ``"propagate"``), the
  one default and :func:`~.modes.resolve_mode`, the one place that decides
  which mode a constraint uses and refuses one it cannot use;
* :mod:`.cuts` -- :class:`ConnectivityCuts`, lazy: a CEGAR checker whose
  separator cuts the session adds until X is connected;
* :mod:`.eager` -- :func:`eager_connectivity`, a complete CNF (a rooted
  spanning tree with order-encoded breadth-first levels, or layered
  reachability), for DIMACS export and for comparison;
* :mod:`.propagator` and :mod:`.reach` -- the reachability propagator inside
  CaDiCaL's search (``"propagate"``; the solvers with the interface are the
  ``propagator`` column of :data:`satgrid.core.solvers.CAPABILITIES`). They load
  pysat.engines, so this package does not import them: use
  ``satgrid.modelling.connectivity.propagator``.

Nodes known to be false (forbidden cells) are best left out of ``lits``:
the eager encoding gets smaller and the cuts stop routing separators through
them.

Which one. ``bench/bench_connectivity.py`` measures both: the lazy cuts add
nothing when the other constraints already make the true nodes connected
(often 0 to a few rounds), but can need hundreds of rounds when connectivity
must join far-apart given cells, where the eager ``"layers"`` encoding solves
the same models one to two orders of magnitude faster (and ``"tree"`` is
several times slower than ``"layers"``). Hence a checker's ``fallback``: the
:class:`~satgrid.modelling.model.Model`'s lazy mode gives the session the layered
encoding once the cuts have taken ``switch_after`` (30) rounds, which is the
fastest of the three ways over that benchmark's sets.
"""

from __future__ import annotations

# the modes are what every run asks (Options, Model, the command line); the
# cuts and encodings load on first use (PEP 562): a Sudoku solve never needs them
from .modes import CONSTRAINT_MODES, DEFAULT_MODE, MODES, resolve_mode

#: the names of the cuts and the encodings, by the module they live in
_HOME = {"ConnectivityCuts": "cuts", "SEPARATORS": "cuts", "node_order": "cuts",
         "eager_connectivity": "eager", "eager_size": "eager", "EAGER_METHODS": "eager"}


def __getattr__(name):  # PEP 562
    if name in _HOME:
        from . import cuts, eager
        value = getattr(cuts if _HOME[name] == "cuts" else eager, name)
        globals()[name] = value          # asked once: later reads are plain attributes
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ConnectivityCuts", "eager_connectivity", "eager_size", "EAGER_METHODS",
           "node_order", "SEPARATORS", "MODES", "DEFAULT_MODE", "CONSTRAINT_MODES",
           "resolve_mode"]
