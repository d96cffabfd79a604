"""Region partitions: cells grouped into connected regions, one anchor each.

:func:`regions` (reached as :meth:`Model.regions <satgrid.model.Model.regions>`)
divides cells of a graph into regions. Every region holds exactly one
*anchor* (a clue cell, given up front) and is connected in ``graph``;
anchor ``a`` may fix its region's size. Which cells take part is either all
of them (a partition into rooms) or decided by the solver through
``members`` (a literal per cell: Nurikabe's white cells). With
``separated=True`` two adjacent members always share a region, so the
regions are exactly the connected components of the members, each with one
anchor (Nurikabe's islands: one number per island, its size the number).

Literals. ``label[v][a]`` = "cell v lies in the region of anchor a", made
only where it can hold: ``v`` is not another anchor and, when the size s of
``a`` is given, ``v`` is within distance s - 1 of ``a`` in ``graph``.
``label[a][a]`` is the model's true literal.

Constraints (group ``G`` = ``group``):

* ``G.label``: a member has exactly one label, a non-member none
  (``member[v] <-> OR_a label[v][a]`` and at most one label; model ``amo``);
  with no candidate label a cell is never a member.
* ``G.separated`` (``separated=True``): for adjacent v, w and each anchor a,
  ``label[v][a] and member[w] -> label[w][a]``: 2 clauses per edge and anchor
  candidate (fewer where w has no label a: then ``label[v][a] -> -member[w]``).
* ``G.size``: exactly s labels a (model cardinality encoding) per sized anchor.
* ``G.connected``: the cells labelled a are connected, per anchor: lazily,
  :class:`~satgrid.connectivity.ConnectivityCuts` with ``a`` as the anchor of
  its cuts (so every cut is implied by the anchor being in the region) and
  the layered encoding rooted at ``a`` (depth s - 1) as the fallback after
  ``switch_after`` rounds; eagerly, that layered encoding up front
  (``(n_a - 1) * D`` variables and about ``(2D + 1)(n_a - 1)`` clauses for
  n_a candidate cells and depth D, see :func:`~satgrid.connectivity.eager_size`).

Not covered: regions without a known anchor (Fillomino's unnumbered
regions, whose count is unknown); the caller then needs labels of its own.

Example: the 2 x 3 grid split into two connected regions of 3 cells around
the anchors (0, 0) and (1, 2)::

    >>> import networkx as nx
    >>> from satgrid.model import Model
    >>> cells = [(r, c) for r in range(2) for c in range(3)]
    >>> g = nx.grid_2d_graph(2, 3)
    >>> m = Model()
    >>> reg = m.regions(cells, g, {(0, 0): 3, (1, 2): 3})
    >>> m.projection = reg.projection()
    >>> m.count()      # top row / bottom row, and two L-shaped splits
    (3, True)
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Iterable, Mapping

from . import connectivity as con
from .errors import SatgridError

# the Model is not imported: model.py imports this module (its ``regions`` method)

__all__ = ["Regions", "regions"]


class Regions:
    """The literals :func:`regions` made.

    Attributes:
        label: ``{cell: {anchor: literal}}`` (only the candidate anchors of a cell).
        member: ``{cell: literal}``: the cell lies in some region.
        anchors: ``{anchor: size or None}``.
        checkers: the lazy :class:`~satgrid.connectivity.ConnectivityCuts`, one
            per anchor (empty with eager connectivity).
    """

    def __init__(self, label, member, anchors, checkers, true: int):
        self._true = abs(true)
        self.label = label
        self.member = member
        self.anchors = anchors
        self.checkers = checkers

    def projection(self) -> list[int]:
        """The label literals (which cell lies in which region), for counting."""
        return [l for labels in self.label.values() for l in labels.values()
                if abs(l) != self._true]

    def region_of(self, sol) -> dict:
        """``{cell: anchor}`` for the member cells of ``sol`` (a Solution)."""
        return {v: a for v, labels in self.label.items() for a, l in labels.items() if sol[l]}


def distances(graph, source, limit: int) -> dict:
    """Graph distance from ``source`` to every node within ``limit`` steps."""
    dist = {source: 0}
    todo = deque([source])
    while todo:
        u = todo.popleft()
        if dist[u] == limit:
            continue
        for w in graph[u]:
            if w not in dist:
                dist[w] = dist[u] + 1
                todo.append(w)
    return dist


def regions(m, cells: Iterable[Hashable], graph, anchors: Mapping[Hashable, int | None], *,
            members: Mapping[Hashable, int] | None = None, separated: bool = False,
            mode: str | None = None, group: str = "regions", switch_after: int = 30,
            fallback_method: str = "layers") -> Regions:
    """Connected regions of ``cells``, one per anchor (see the module docstring).

    Args:
        m: the :class:`~satgrid.model.Model`.
        cells: the cells (nodes of ``graph``) that regions may use.
        graph: an undirected networkx graph holding the cells.
        anchors: anchor cell -> the size of its region (None: any size).
        members: cell -> literal "the cell lies in a region"; None: every
            cell does (a partition of ``cells``).
        separated: adjacent members lie in the same region.
        mode: ``"lazy"`` or ``"eager"`` connectivity (default: the model's).
        group: the constraint group prefix.
        switch_after: CEGAR rounds before a region's layered encoding joins.
        fallback_method: the eager encoding (``"layers"`` or ``"tree"``).

    Returns:
        A :class:`Regions`.
    """
    mode = mode or m.connectivity
    if mode not in ("lazy", "eager"):
        raise SatgridError(f"connectivity must be 'lazy' or 'eager', not {mode!r}")
    cells = list(dict.fromkeys(cells))
    inside = set(cells)
    anchors = dict(anchors)
    for a, s in anchors.items():
        if a not in inside:
            raise SatgridError(f"anchor {a!r} is not one of the cells")
        if s is not None and (isinstance(s, bool) or not isinstance(s, int) or s < 1):
            raise SatgridError(f"size of the region of {a!r} must be an int >= 1, not {s!r}")
    sub = graph.subgraph(cells)
    T = m.true
    label: dict = {v: {} for v in cells}
    for a, s in anchors.items():
        reach = distances(sub, a, len(cells) if s is None else s - 1)
        for v in cells:
            if v == a:
                label[v][a] = T
            elif v in reach and v not in anchors:
                label[v][a] = m.bool(f"{group}[{_name(v)}]={_name(a)}", group + ".label")
    member = {}
    for v in cells:
        ls = list(label[v].values())
        given = None if members is None else members[v]
        if v in anchors:
            member[v] = T
            if given is not None:
                m.clause([given], group + ".label")
            continue
        if given is None:
            if ls:
                m.exactly(ls, 1, group + ".label")
            else:                       # no anchor can reach the cell: no partition
                m.clause([m.false], group + ".label")
            member[v] = T
            continue
        member[v] = given
        m.implies(given, ls, group + ".label")           # a member has a label ...
        m.clauses([[-l, given] for l in ls], group + ".label")   # ... and only members do
        if len(ls) > 1:
            m.at_most(ls, 1, group + ".label")
    if separated:
        cl = []
        for v, w in sub.edges():
            for x, y in ((v, w), (w, v)):
                for a, l in label[x].items():
                    if a == y:
                        continue
                    other = label[y].get(a)
                    if other is None:
                        cl.append([-l, -member[y]])
                    elif l != T or other != T:
                        cl.append([-l, -member[y], other])
        kept = []
        for c in cl:                    # T is true: drop satisfied clauses, false literals
            if T not in c:
                c = [l for l in c if l != -T]
                kept.append(c or [m.false])
        m.clauses(kept, group + ".separated")
    for a, s in anchors.items():
        if s is not None:
            lits = [l for v in cells if (l := label[v].get(a)) is not None and l != T]
            if len(lits) < s - 1:
                m.clause([m.false], group + ".size")
            else:
                m.exactly(lits, s - 1, group + ".size")
    checkers = []
    for a, s in anchors.items():
        lits = {v: label[v][a] for v in cells if a in label[v]}
        if len(lits) <= 1 or s == 1:
            continue
        g = f"{group}.connected"
        if mode == "eager":
            with m.formula.group(g):
                m.clauses(con.eager_connectivity(lits, sub, m.formula, root=a,
                                                 method=fallback_method, max_true=s), g)
            m.formula.encodings[g] = f"eager reachability {fallback_method}"
            continue
        cuts = con.ConnectivityCuts(lits, sub, anchors=[a], name=f"{g}[{_name(a)}]",
                                    fallback=_fallback(m, lits, sub, a, s, g, fallback_method),
                                    switch_after=switch_after)
        m.add_lazy(cuts)
        m.formula.encodings[g] = "lazy cuts"
        checkers.append(cuts)
    return Regions(label, member, anchors, checkers, T)


def _fallback(m, lits, graph, root, size, group, method) -> Callable[[], list[list[int]]]:
    def build():
        # variables from the pool, clauses to the session only (as Model.connected)
        with m.formula.group(group + ".fallback"):
            return con.eager_connectivity(lits, graph, m.formula, root=root,
                                          method=method, max_true=size)
    return build


def _name(v) -> str:
    return ",".join(map(str, v)) if isinstance(v, tuple) else str(v)
