"""Paths and cycles of an undirected graph, as constraints on edge literals.

``edges`` maps an undirected edge ``(u, v)`` to a literal ("the edge is
used"). Two constraints, reached through the Model
(:meth:`~satgrid.modelling.model.Model.path`, :meth:`~satgrid.modelling.model.Model.cycle`):

* :func:`path`: the used edges form one simple path from ``start`` to
  ``end``: degree 1 at the two ends, 0 or 2 at every other vertex, and no
  separate cycle. ``start == end`` is the path of no edge.
* :func:`cycle`: the used edges form exactly one simple cycle: degree 0 or 2
  everywhere, at least one edge, one component.

How. Degrees: for every vertex v with incident edge literals E_v, the "on"
literal o_v <-> OR(E_v); ``at_most(E_v, 2)`` with the Model's cardinality
encoding (``exactly(E_v, 1)`` at a path's ends); and e -> OR(E_v - e) for each
e in E_v (no vertex of degree 1). Degrees 0/2 make the used edges a disjoint
union of paths and cycles; "one component" is then connectivity of the used
edges in the *line graph* (a node per edge, two edges adjacent when they
share a vertex): two used edges that share a vertex lie in one component of
the used subgraph and conversely, so :meth:`Model.connected
<satgrid.modelling.model.Model.connected>` over the edge literals says exactly "one
component" -- lazily by separator cuts (CEGAR, the default; the layered
encoding joins after 30 rounds), or eagerly by the layered reachability
encoding (complete CNF, for DIMACS), or by the reachability propagator
inside the search (``"propagate"``, :mod:`satgrid.modelling.connectivity.propagator`; no encoding
built, cadical195). Connectivity on the vertices would not
do: two cycles side by side are adjacent in the grid graph without sharing
an edge.

Sizes (n vertices, m edges, d_v the degree of v, L = sum_v C(d_v, 2) the
edges of the line graph; card(d, k) the size of the Model's cardinality
encoding of at-most-k of d, used only where d > 2; at a path's two ends
exactly-one instead):

=================  =============================  ==========================================
part               variables                      clauses
=================  =============================  ==========================================
"on" literals      n                              sum_v (d_v + 1)
degree             sum_v card(d_v, 2)             sum_v (card(d_v, 2) + d_v)
connectivity lazy  0 up front                     cuts as found
connectivity eager eager_size(m, L, D) "layers"   (2D + 1)(m - 1) + (m - 1) + root choice
=================  =============================  ==========================================

with D = min(m, n) - 1 for a cycle (a cycle has at most n edges) and
min(m, n - 1) - 1 for a path, d0 the line-graph degree of the first edge in
sorted order: :func:`satgrid.modelling.connectivity.eager_size` (m, L, D, d0,
method="layers") gives the numbers. Measured, the cycle of the 6 x 6 grid
graph (n = 36, m = 60, L = 148, D = 35, default encodings): "on" 36 variables
/ 156 clauses, degrees 64 / 265, eager connectivity 2 182 / 4 599 (equal to
``eager_size(60, 148, 35, 3, method="layers")``); lazy: nothing up front.

Example: the cycles of the 3 x 3 grid graph (OEIS A140517: 13):

    >>> from satgrid.modelling.model import Model
    >>> from satgrid.modelling.geometry import grid_graph
    >>> m = Model()
    >>> g = grid_graph(3)
    >>> e = {(u, v): m.bool(f"e{u}{v}") for u, v in g.edges}
    >>> on = m.cycle(e)
    >>> m.count()
    (13, True)
    >>> m = Model(connectivity="eager")
    >>> e = {(u, v): m.bool(f"e{u}{v}") for u, v in g.edges}
    >>> on = m.path(e, (0, 0), (2, 2))
    >>> m.count()                                  # OEIS A007764: 12
    (12, True)
"""

from __future__ import annotations

from typing import Hashable

from . import connectivity as con
from .graphs import Graph
from ..core.encodings import estimate
from ..errors import EncodingError

__all__ = ["path", "cycle", "incidence", "line_graph", "grid_degrees", "estimate_lines"]

Edge = tuple[Hashable, Hashable]


def incidence(edges: dict[Edge, int]) -> dict[Hashable, list[int]]:
    """vertex -> the literals of its incident edges (vertices and edges in
    the order of ``edges``)."""
    inc: dict[Hashable, list[int]] = {}
    for (u, v), lit in edges.items():
        if u == v:
            raise EncodingError(f"edge {(u, v)!r} is a loop; a simple path or cycle has none")
        inc.setdefault(u, []).append(lit)
        inc.setdefault(v, []).append(lit)
    return inc


def line_graph(edges: dict[Edge, int]) -> Graph:
    """The line graph: a node per edge key of ``edges``, two nodes adjacent
    when the edges share a vertex (a plain :class:`~satgrid.modelling.graphs.Graph`)."""
    at: dict[Hashable, list[Edge]] = {}
    for e in edges:
        at.setdefault(e[0], []).append(e)
        at.setdefault(e[1], []).append(e)
    g = Graph()
    g.add_nodes_from(edges)
    for es in at.values():
        for i in range(len(es)):
            for j in range(i + 1, len(es)):
                g.add_edge(es[i], es[j])
    return g


def grid_degrees(rows: int, cols: int) -> dict[int, int]:
    """``{degree: how many vertices}`` of the ``rows`` x ``cols`` grid graph,
    by arithmetic (no graph is made): the input of :func:`estimate_lines`."""
    def along(n: int) -> dict[int, int]:       # neighbours along one axis: {count: cells}
        return {0: n} if n <= 1 else {1: 2, 2: n - 2}
    out: dict[int, int] = {}
    for a, ka in along(rows).items():
        for b, kb in along(cols).items():
            if ka * kb:
                out[a + b] = out.get(a + b, 0) + ka * kb
    return out


def estimate_lines(amo: str, card: str, degrees: dict[int, int], *, ends: int = 0,
                   connectivity: str = con.DEFAULT_MODE) -> int:
    """An upper bound on the clauses :func:`cycle` (``ends=0``) or :func:`path`
    (``ends=2``) makes over a graph whose vertex degrees are ``degrees``
    (``{degree: count}``, e.g. :func:`grid_degrees`), before anything is built:
    the "on" literals (d + 1 each), the degrees (``at_most(d, 2)`` past
    degree 2 plus d clauses; at an end the larger of that and exactly-one),
    and, eager, the layered connectivity of the line graph
    (:func:`satgrid.modelling.connectivity.eager_size`). A graph with fewer edges (a
    subgraph) makes no more clauses."""
    n = sum(degrees.values())
    m = sum(d * k for d, k in degrees.items()) // 2
    total = 2                      # the cycle's one-edge clause, a missing end's clause
    for d, k in degrees.items():
        total += k * (d + 1 + d + (estimate.at_most(card, d, 2) if d > 2 else 0))
    if ends and degrees:
        dmax = max(degrees)
        total += ends * estimate.exactly(amo, card, dmax, 1)
    if connectivity == "eager" and m > 1:
        line = sum(k * d * (d - 1) // 2 for d, k in degrees.items())
        depth = max(1, min(m, n) - 1)
        total += con.eager_size(m, line, depth, 0, method="layers")[1]
    return total


def _check_edges(edges: dict[Edge, int]) -> None:
    seen = set()
    for e, lit in edges.items():
        if not (isinstance(e, tuple) and len(e) == 2):
            raise EncodingError(f"edge {e!r}: expected a pair (u, v)")
        if isinstance(lit, bool) or not isinstance(lit, int) or lit == 0:
            raise EncodingError(f"edge {e!r}: expected a non-zero int literal, found {lit!r}")
        key = frozenset(e)
        if key in seen:
            raise EncodingError(f"edge {e!r} is given twice")
        seen.add(key)


def _degrees(model, inc: dict[Hashable, list[int]], ends: tuple, group: str) -> dict:
    """The "on" literals and the degree constraints (0 or 2; exactly 1 at ``ends``)."""
    on = {}
    for v, lits in inc.items():
        with model.formula.group(group + ".on"):     # its variable counted there too
            on[v] = model.reify_or(lits, group=group + ".on") if lits else model.false
        if v in ends:
            model.exactly(lits, 1, group=group + ".degree")
            continue
        if len(lits) > 2:
            model.at_most(lits, 2, group=group + ".degree")
        for i, l in enumerate(lits):
            model.clause([-l] + lits[:i] + lits[i + 1:], group + ".degree")
    return on


def _connect(model, edges: dict[Edge, int], group: str, connectivity: str | None,
             max_true: int, what: str) -> None:
    connectivity = con.resolve_mode(connectivity, what, default=model.connectivity)
    if len(edges) > 1:
        model.connected(dict(edges), line_graph(edges), group=group + ".connected",
                        mode=connectivity, max_true=max(1, max_true))


def path(model, edges: dict[Edge, int], start: Hashable, end: Hashable,
         group: str | None = None, connectivity: str | None = None) -> dict[Hashable, int]:
    """The used edges form one simple path from ``start`` to ``end``.

    Degree 1 at ``start`` and ``end``, 0 or 2 elsewhere, connected (see the
    module docs for the encodings and their sizes). ``start == end``: no edge
    is used (the path of one vertex).

    Args:
        model: the :class:`~satgrid.modelling.model.Model`.
        edges: ``(u, v)`` -> literal, each undirected edge once.
        start, end: vertices of the graph (an end on no edge, other than
            ``start == end``, makes the model unsatisfiable).
        group: constraint group (default ``"path"``); parts go to
            ``group.on``, ``group.degree``, ``group.connected``.
        connectivity: ``"lazy"``, ``"eager"`` or ``"propagate"`` (the
            reachability propagator, :mod:`satgrid.modelling.connectivity.propagator`; default: the model's).

    Returns:
        vertex -> a literal true exactly when the path visits the vertex.

    Example (corner-to-corner paths of the 3 x 3 grid, OEIS A007764):
        >>> from satgrid.modelling.model import Model
        >>> from satgrid.modelling.geometry import grid_graph
        >>> m = Model()
        >>> e = {(u, v): m.bool(f"e{u}{v}") for u, v in grid_graph(3).edges}
        >>> on = path(m, e, (0, 0), (2, 2))
        >>> m.count()
        (12, True)
    """
    g = group or "path"
    _check_edges(edges)
    inc = incidence(edges)
    if start == end:
        model.clauses([[-l] for l in edges.values()], g + ".degree")
        on = {v: model.false for v in inc}
        on[start] = model.true
        return on
    for v in (start, end):
        if v not in inc:   # an end on no edge: no path at all
            model.clause([model.false], g + ".degree")
            inc[v] = []
    on = _degrees(model, inc, (start, end), g)
    _connect(model, edges, g, connectivity, len(inc) - 1, "path")
    return on


def cycle(model, edges: dict[Edge, int], group: str | None = None,
          connectivity: str | None = None) -> dict[Hashable, int]:
    """The used edges form exactly one simple cycle (at least one edge).

    Degree 0 or 2 at every vertex, at least one edge used, connected (see
    the module docs for the encodings and their sizes).

    Args:
        model: the :class:`~satgrid.modelling.model.Model`.
        edges: ``(u, v)`` -> literal, each undirected edge once.
        group: constraint group (default ``"cycle"``); parts go to
            ``group.on``, ``group.degree``, ``group.connected``.
        connectivity: ``"lazy"``, ``"eager"`` or ``"propagate"`` (the
            reachability propagator, :mod:`satgrid.modelling.connectivity.propagator`; default: the model's).

    Returns:
        vertex -> a literal true exactly when the cycle visits the vertex.

    Example (Hamiltonian cycles of the 4 x 4 grid graph: 6):
        >>> from satgrid.modelling.model import Model
        >>> from satgrid.modelling.geometry import grid_graph
        >>> m = Model(connectivity="eager")
        >>> e = {(u, v): m.bool(f"e{u}{v}") for u, v in grid_graph(4).edges}
        >>> on = cycle(m, e)
        >>> m.clauses([[l] for l in on.values()])
        >>> m.count()
        (6, True)
    """
    g = group or "cycle"
    _check_edges(edges)
    inc = incidence(edges)
    model.clause(list(edges.values()), g + ".degree")
    on = _degrees(model, inc, (), g)
    _connect(model, edges, g, connectivity, len(inc), "cycle")
    return on
