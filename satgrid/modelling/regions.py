"""Region partitions: cells grouped into connected regions, one anchor each.

:func:`regions` (reached as :meth:`Model.regions <satgrid.modelling.model.Model.regions>`)
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
``a`` is given, ``v`` is within distance s - 1 of ``a`` in ``graph``; with
``separated``, through cells that are neither another anchor nor beside one
(such a cell would join that anchor's region).
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
  :class:`~satgrid.modelling.connectivity.ConnectivityCuts` with ``a`` as the anchor of
  its cuts (so every cut is implied by the anchor being in the region) and
  the layered encoding rooted at ``a`` (depth s - 1) as the fallback after
  ``switch_after`` rounds; eagerly, that layered encoding up front
  (``(n_a - 1) * D`` variables and about ``(2D + 1)(n_a - 1)`` clauses for
  n_a candidate cells and depth D, see :func:`~satgrid.modelling.connectivity.eager_size`).

Regions without known anchors (Fillomino's unnumbered regions, whose count
is unknown) are :func:`partition`'s, reached as ``Model.regions`` with
``anchors=None`` (see there).

Example: the 2 x 3 grid split into two connected regions of 3 cells around
the anchors (0, 0) and (1, 2)::

    >>> import networkx as nx
    >>> from satgrid.modelling.model import Model
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
from . import large_regions as _large
from ..core.encodings import estimate
from ..core.encodings import totalizer as _tot
from ..errors import SatgridError

# the Model is not imported: model.py imports this module (its ``regions`` method)

__all__ = ["Partition", "Regions", "partition", "regions"]


class Regions:
    """The literals :func:`regions` made.

    Attributes:
        label: ``{cell: {anchor: literal}}`` (only the candidate anchors of a cell).
        member: ``{cell: literal}``: the cell lies in some region.
        anchors: ``{anchor: size or None}``.
        checkers: the lazy :class:`~satgrid.modelling.connectivity.ConnectivityCuts`, one
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


def distances(graph, source, limit: int, avoid=frozenset()) -> dict:
    """Graph distance from ``source`` to every node within ``limit`` steps,
    on paths through no node of ``avoid`` (``graph``: node -> its neighbours)."""
    dist = {source: 0}
    todo = deque([source])
    while todo:
        u = todo.popleft()
        if dist[u] == limit:
            continue
        for w in graph[u]:
            if w not in dist and w not in avoid:
                dist[w] = dist[u] + 1
                todo.append(w)
    return dist


def regions(m, cells: Iterable[Hashable], graph, anchors: Mapping[Hashable, int | None], *,
            members: Mapping[Hashable, int] | None = None, separated: bool = False,
            mode: str | None = None, group: str = "regions", switch_after: int = 30,
            fallback_method: str = "layers") -> Regions:
    """Connected regions of ``cells``, one per anchor (see the module docstring).

    Args:
        m: the :class:`~satgrid.modelling.model.Model`.
        cells: the cells (nodes of ``graph``) that regions may use.
        graph: an undirected networkx graph holding the cells.
        anchors: anchor cell -> the size of its region (None: any size).
        members: cell -> literal "the cell lies in a region"; None: every
            cell does (a partition of ``cells``).
        separated: adjacent members lie in the same region.
        mode: ``"lazy"`` or ``"eager"`` connectivity (default: the model's;
            ``"propagate"`` is refused, :func:`satgrid.modelling.connectivity.resolve_mode`).
        group: the constraint group prefix.
        switch_after: CEGAR rounds before a region's layered encoding joins.
        fallback_method: the eager encoding (``"layers"`` or ``"tree"``).

    Returns:
        A :class:`Regions`.
    """
    mode = con.resolve_mode(mode, "regions", default=m.connectivity)   # no "propagate"
    cells = list(dict.fromkeys(cells))
    inside = set(cells)
    anchors = dict(anchors)
    for a, s in anchors.items():
        if a not in inside:
            raise SatgridError(f"anchor {a!r} is not one of the cells")
        if s is not None and (isinstance(s, bool) or not isinstance(s, int) or s < 1):
            raise SatgridError(f"size of the region of {a!r} must be an int >= 1, not {s!r}")
    sub = graph.subgraph(cells)
    adj = {v: list(sub[v]) for v in cells}
    T = m.true
    label: dict = {v: {} for v in cells}
    beside: dict = {}                   # cell -> how many anchors it is or is beside
    if separated:
        for b in anchors:
            for v in [b] + adj[b]:
                beside[v] = beside.get(v, 0) + 1
    near = set(beside)
    pos = {v: i for i, v in enumerate(cells)}
    own: dict = {}                      # anchor -> {cell: its label literal}
    for a, s in anchors.items():
        avoid = frozenset()
        if separated:                   # a region never holds another anchor nor its neighbours
            avoid = near - {v for v in [a] + adj[a] if beside[v] == 1}
        reach = distances(adj, a, len(cells) if s is None else s - 1, avoid)
        mine = own[a] = {}              # in the order of cells, as the literals are made
        for v in sorted(reach, key=pos.__getitem__):
            if v == a:
                label[v][a] = mine[v] = T
            elif v not in anchors:
                label[v][a] = mine[v] = m.bool(f"{group}[{_name(v)}]={_name(a)}",
                                               group + ".label")
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
            lits = [l for l in own[a].values() if l != T]
            if len(lits) < s - 1:
                m.clause([m.false], group + ".size")
            else:
                m.exactly(lits, s - 1, group + ".size")
    checkers = []
    for a, s in anchors.items():
        lits = own[a]
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
                                    switch_after=switch_after,
                                    fallback_clauses=_layers_clauses(len(lits), s))
        m.add_lazy(cuts)
        m.formula.encodings[g] = "lazy cuts"
        checkers.append(cuts)
    return Regions(label, member, anchors, checkers, T)


def grid_label_counts(rows: int, cols: int, anchors: Mapping[tuple[int, int], int | None]
                      ) -> tuple[dict[int, int], list[int]]:
    """For :func:`estimate_regions` over the whole ``rows`` x ``cols`` grid, by
    arithmetic (a sweep per row, no cell visited): ``({labels: cells}, [the
    cells each anchor reaches])``, a cell reached by an anchor of size s within
    distance s - 1 (any distance for None). Upper bounds: anchors' own cells
    are not left out."""
    reach, rows_events = [], {}
    for (r, c), s in anchors.items():
        rad, n = rows + cols if s is None else s - 1, 0
        for i in range(max(0, r - rad), min(rows, r + rad + 1)):
            lo, hi = max(0, c - rad + abs(i - r)), min(cols - 1, c + rad - abs(i - r))
            n += hi - lo + 1
            rows_events.setdefault(i, []).extend(((lo, 1), (hi + 1, -1)))
        reach.append(n)
    counts: dict[int, int] = {}
    for events in rows_events.values():
        cur = prev = 0
        for x, d in sorted(events):
            if cur:
                counts[cur] = counts.get(cur, 0) + x - prev
            cur, prev = cur + d, x
    return counts, reach


def estimate_regions(amo: str, card: str, cells: int, counts: dict[int, int],
                     anchors: list[tuple[int | None, int]], *, degree: int = 4,
                     members: bool = True, separated: bool = False,
                     connectivity: str = con.DEFAULT_MODE) -> int:
    """An upper bound on the clauses :func:`regions` makes, before building:
    ``counts`` is ``{labels: cells}`` (how many anchors may label a cell),
    ``anchors`` the (size, cells it reaches, itself included) of each anchor,
    ``degree`` the graph's largest degree (see :func:`grid_label_counts`)."""
    labelled = sum(counts.values())
    per_cell = (lambda k: 1 + k + (estimate.at_most(amo, k, 1) if k > 1 else 0)) if members \
        else (lambda k: estimate.exactly(amo, card, k, 1) if k else 1)
    total = max(0, cells - labelled) + sum(n * per_cell(k) for k, n in counts.items())
    if separated:
        total += degree * sum(k * n for k, n in counts.items())
    for s, n in anchors:
        if s is not None:
            total += estimate.exactly(amo, card, n - 1, s - 1) if n >= s else 1
        if connectivity == "eager" and n > 1 and s != 1:
            depth = max(1, n - 1 if s is None else min(n - 1, s - 1))
            total += con.eager_size(n, 0, depth, 0, method="layers", rooted=True)[1]
    return total


def _fallback(m, lits, graph, root, size, group, method) -> Callable[[], list[list[int]]]:
    def build():
        # variables from the pool, clauses to the session only (as Model.connected)
        with m.formula.group(group + ".fallback"):
            return con.eager_connectivity(lits, graph, m.formula, root=root,
                                          method=method, max_true=size)
    return build


def _layers_clauses(n: int, size: int | None) -> int:
    """About the clauses of the rooted layered encoding of n cells, depth
    ``size - 1`` (n - 1 without a size): (2D + 1)(n - 1)."""
    depth = n - 1 if size is None else max(1, min(n, size) - 1)
    return (2 * depth + 1) * (n - 1)


def _name(v) -> str:
    return ",".join(map(str, v)) if isinstance(v, tuple) else str(v)


# ------------------------------------------------------- regions without anchors
class Partition(Regions):
    """The literals :func:`partition` made (a :class:`Regions` whose anchors
    are the regions' roots, unknown up front).

    Attributes:
        label: ``{cell: {root: literal}}``: the cell lies in the region whose
            least cell is ``root`` (only candidate roots of a cell).
        root: ``{cell: literal}``: the cell is the least cell of its region
            (``label[v][v]``).
        size: ``{cell: {k: literal}}``: the cell's region has k cells
            (k = 1..max_size; empty without ``max_size``).
        member: ``{cell: true literal}`` (every cell lies in a region).
        anchors: ``{}`` (no region has a known anchor).
    """

    def __init__(self, m, label, size, checkers, group: str, large=None, join=None):
        super().__init__(label, {v: m.true for v in label}, {}, checkers, m.true)
        self._m, self._group, self._same = m, group, {}
        self.root = {v: label[v].get(v, -m.true) for v in label}
        self.size = size
        self.large, self.join = large or {}, join or {}
        self._large = next((c for c in checkers if isinstance(c, _large.LargeRegions)), None)

    def projection(self) -> list[int]:
        """The labels, large cells and joins: one assignment per partition."""
        return super().projection() + list(self.large.values()) + list(self.join.values())

    def sizes_of(self, sol) -> dict:
        """``{cell: its region's size}`` of a Solution (needs ``size`` literals)."""
        out = {v: next(k for k, l in ks.items() if sol[l]) for v, ks in self.size.items()
               if not (v in self.large and sol[self.large[v]])}
        if self._large is not None:
            top = max(map(abs, [*self.large.values(), *self.join.values()]))
            out.update(self._large.sizes([v if sol[v] else -v for v in range(1, top + 1)]))
        return out

    def same(self, v, w) -> int:
        """A literal "``v`` and ``w`` lie in one region" (made on first use:
        3 clauses per common candidate root, 1 per other candidate; group
        ``G.same``). Its negation says "different regions"."""
        key = (v, w) if (w, v) not in self._same else (w, v)
        if key in self._same:
            return self._same[key]
        m, T, g = self._m, self._true, self._group + ".same"
        s = m.bool(f"{self._group}.same[{_name(v)}|{_name(w)}]", g)
        lv, lw, cl = self.label[v], self.label[w], []
        for r, a in lv.items():
            b = lw.get(r)
            if b is None:
                cl.append([-s, -a])
            else:
                cl += [[-s, -a, b], [-s, a, -b], [s, -a, -b]]
        cl += [[-s, -b] for r, b in lw.items() if r not in lv]
        kept = [[l for l in c if l != -T] for c in cl if T not in c]
        m.clauses([c or [m.false] for c in kept], g)
        self._same[key] = s
        return s


def partition(m, cells: Iterable[Hashable], graph, *, sizes: Mapping[Hashable, int] | None = None,
              max_size: int | None = None, mode: str | None = None, group: str = "regions",
              switch_after: int = 30, fallback_method: str = "layers",
              small: int | None = None, distinct_sizes: bool = False) -> Partition:
    """A partition of ``cells`` into connected regions whose number is not
    known: no anchors (Fillomino's regions).

    Roots. The cells are taken in the order given (duplicates dropped),
    v_0, v_1, ...; a region is named by its *root*, its least cell in that
    order. ``label[v][r]`` ("v lies in the region of root r") exists only
    for r = v or r before v, when v is reachable from r in ``graph`` through
    cells not before r (within ``max_size - 1`` steps, and within
    ``sizes[v] - 1`` for a clue cell v). ``label[v_0][v_0]`` is the true
    literal. Every partition into connected regions has exactly one labelling
    (each cell labelled with its region's least cell), so counting the
    ``projection()`` counts the partitions.

    Constraints (group ``G`` = ``group``):

    * ``G.label``: exactly one label per cell (model ``amo``), and
      ``label[v][r] -> label[r][r]`` (a used root lies in its own region,
      which then holds no cell before it).
    * ``G.connected``: per candidate root r, the cells labelled r are
      connected: lazily, :class:`~satgrid.modelling.connectivity.ConnectivityCuts`
      with r as the cuts' anchor and the layered encoding rooted at r as the
      fallback; eagerly, that encoding up front (``root=r``: the set is empty
      or holds r). (n_r - 1) * D variables and about (2D + 1)(n_r - 1)
      clauses per root with n_r candidate cells and D = min(n_r, max_size) - 1.
    * ``G.size`` (with ``sizes`` or ``max_size``): per root r that a clue cell
      or ``max_size`` needs, a totalizer with up and down clauses over r's
      labels cut at c = min(n_r, cap + 1), cap = ``max_size`` or the largest
      clue: outputs o_j <-> "at least j cells labelled r" (about n_r log n_r
      * c auxiliaries at most, O(n_r c) clauses per tree level). Then
      ``-o_{max_size+1}``; a clue s of v: ``label[v][r] -> o_s and -o_{s+1}``;
      with ``max_size``, ``size[v][k]`` (k = 1..max_size, exactly one per
      cell) and ``label[v][r] and o_k and -o_{k+1} -> size[v][k]``, so
      ``size[v][k]`` <-> "v's region has k cells".

    ``Partition.same(v, w)`` makes the literal "v and w share a region" for the
    rules between regions (Fillomino: adjacent cells of equal size share one).

    Example: the 2 x 2 square has 12 partitions into connected pieces (the 15
    set partitions less the three with a diagonal pair); with the Fillomino
    rules and clues 3 at (0, 0) and 1 at (1, 1) one grid is left::

        >>> import networkx as nx
        >>> from satgrid.modelling.model import Model
        >>> g = nx.grid_2d_graph(2, 2)
        >>> m = Model(); reg = m.regions(sorted(g), g)
        >>> m.projection = reg.projection(); m.count()
        (12, True)
        >>> m = Model(); reg = m.regions(sorted(g), g, sizes={(0, 0): 3, (1, 1): 1}, max_size=4)
        >>> for v, w in g.edges:        # equal sizes side by side share a region
        ...     for k in range(1, 5):
        ...         m.clause([-reg.size[v][k], -reg.size[w][k], reg.same(v, w)])
        >>> m.projection = reg.projection(); m.count()
        (1, True)
        >>> sol = m.solve(); sorted(reg.region_of(sol).items())
        [((0, 0), (0, 0)), ((0, 1), (0, 0)), ((1, 0), (0, 0)), ((1, 1), (1, 1))]

    Args:
        m: the :class:`~satgrid.modelling.model.Model`.
        cells: the cells (nodes of ``graph``), in the order that names roots.
        graph: an undirected networkx graph holding the cells.
        sizes: clue cell -> the size of its region (Fillomino's numbers).
        max_size: the largest region allowed; also makes ``Partition.size``.
        small: with ``max_size`` None or larger, only the regions of up to
            ``small`` cells are labelled (and have ``size`` literals); larger
            ones are :mod:`satgrid.modelling.large_regions`' large cells, any
            size up to ``max_size`` (none: no bound), checked lazily
            (``Partition.large``, ``Partition.join``). At least every clue.
        distinct_sizes: large regions side by side never have one size.
        mode, group, switch_after, fallback_method: as for :func:`regions`.
    """
    mode = con.resolve_mode(mode, "regions", default=m.connectivity)   # no "propagate"
    cells = list(dict.fromkeys(cells))
    index = {v: i for i, v in enumerate(cells)}
    sizes = dict(sizes or {})
    bad = [v for v in sizes if v not in index]
    if bad:
        raise SatgridError(f"sized cell {bad[0]!r} is not one of the cells")
    for what, s in [(f"the region of {v!r}", s) for v, s in sizes.items()] + (
            [] if max_size is None else [("max_size", max_size)]):
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise SatgridError(f"size of {what} must be an int >= 1, not {s!r}")
    if small is not None and (isinstance(small, bool) or not isinstance(small, int)
                              or small < max(sizes.values(), default=1)):
        raise SatgridError(f"small must be an int >= every size and >= 1, not {small!r}")
    cap = max_size if small is None or (max_size is not None and max_size <= small) else small
    sub = graph.subgraph(cells)
    T, gl = m.true, group + ".label"
    large = {} if cap == max_size else {v: m.bool(f"{group}.large[{_name(v)}]", gl)
                                        for v in cells if v not in sizes}
    label: dict = {v: {} for v in cells}
    for i, r in enumerate(cells):
        later = sub.subgraph(cells[i:])
        reach = distances(later, r, len(cells) if cap is None else cap - 1)
        for v in sorted(reach, key=index.get):
            if v in sizes and reach[v] > sizes[v] - 1:
                continue
            first = v == r == cells[0] and v not in large
            label[v][r] = T if first else m.bool(f"{group}[{_name(v)}]={_name(r)}", gl)
    for v in cells:
        ls = list(label[v].values()) + ([large[v]] if v in large else [])
        if not ls:
            m.clause([m.false], gl)
        elif T not in ls:
            m.exactly(ls, 1, gl)
        for r, l in label[v].items():
            if r != v and label[r][r] != T:
                m.clause([-l, label[r][r]], gl)
    members = {r: {v: label[v][r] for v in cells if r in label[v]} for r in cells}
    size = _partition_sizes(m, cells, label, members, sizes, cap, group, large)
    checkers = []
    join = _large_regions(m, sub, large, cap, max_size, distinct_sizes, group, checkers)
    g = f"{group}.connected"
    for r in cells:
        lits = members[r]
        if len(lits) <= 1:
            continue
        if mode == "eager":
            with m.formula.group(g):
                m.clauses(con.eager_connectivity(lits, sub, m.formula, root=r,
                                                 method=fallback_method, max_true=cap), g)
            m.formula.encodings[g] = f"eager reachability {fallback_method}"
            continue
        cuts = con.ConnectivityCuts(lits, sub, anchors=[r], name=f"{g}[{_name(r)}]",
                                    fallback=_fallback(m, lits, sub, r, cap, g,
                                                       fallback_method),
                                    switch_after=switch_after,
                                    fallback_clauses=_layers_clauses(len(lits), cap))
        m.add_lazy(cuts)
        m.formula.encodings[g] = "lazy cuts"
        checkers.append(cuts)
    return Partition(m, label, size, checkers, group, large, join)


def _large_regions(m, sub, large, small, max_size, distinct, group, checkers,
                   sized=None) -> dict:
    """The large cells' ``join`` literals, their clauses (``join -> large`` at
    both ends; a large cell joins a neighbour: a large region has two cells
    or more) and their lazy check (``sized``: the labelled cells' size
    literals, a large region never beside one of its size); returns ``join``."""
    if not large:
        return {}
    g = group + ".large"
    join = {}
    for v, w in sub.edges():
        if v in large and w in large:
            join[v, w] = m.bool(f"{group}.join[{_name(v)}|{_name(w)}]", g)
    cl = [c for (v, w), j in join.items() for c in ([-j, large[v]], [-j, large[w]])]
    touch: dict = {v: [] for v in large}
    for (v, w), j in join.items():
        touch[v].append(j)
        touch[w].append(j)
    cl += [[-l] + touch[v] for v, l in large.items()]
    m.clauses(cl, g)
    near = None
    if sized:
        near = {v: {w: sized[w] for w in sub[v] if sized.get(w)}
                for v in large}
    checker = _large.LargeRegions(large, join, small, max_size, distinct, name=g, beside=near)
    m.add_lazy(checker)
    m.formula.encodings[g] = "lazy cuts"
    checkers.append(checker)
    return join


def _partition_sizes(m, cells, label, members, sizes, max_size, group, large=()) -> dict:
    """The ``G.size`` constraints of :func:`partition`; returns ``size[v][k]``."""
    g, T = group + ".size", m.true
    cap = max_size if max_size is not None else max(sizes.values(), default=0)
    need = {r for v in sizes for r in label[v]} if max_size is None else set(cells)
    out: dict = {}
    for r in cells:
        lits = list(members[r].values())
        if r not in need or not lits:
            continue
        with m.formula.group(g):
            cl, out[r] = _tot.totalizer_outputs(lits, min(len(lits), cap + 1), m.formula,
                                                up=True, down=True)
            m.clauses(cl, g)
        if max_size is not None and len(out[r]) > max_size:
            m.clause([-out[r][max_size]], g)
    if out:
        m.formula.encodings[g] = "totalizer"

    def exactly_k(l, r, k):     # label l of root r and "r's region has k cells", as a clause body
        o = out[r]
        if k > len(o):
            return None
        return [-l, -o[k - 1]] + ([o[k]] if k < len(o) else [])

    cl = []
    for v, s in sizes.items():
        for r, l in label[v].items():
            o = out[r]
            cl.append([-l, o[s - 1]] if s <= len(o) else [-l])
            if s < len(o):
                cl.append([-l, -o[s]])
    size: dict = {v: {} for v in cells}
    if max_size is not None:
        for v in cells:
            size[v] = {k: m.bool(f"{group}.size[{_name(v)}]={k}", g) for k in range(1, max_size + 1)}
            m.exactly(list(size[v].values()) + ([large[v]] if v in large else []), 1, g)
            for r, l in label[v].items():
                for k, sk in size[v].items():
                    body = exactly_k(l, r, k)
                    if body is not None:
                        cl.append(body + [sk])
    m.clauses([[x for x in c if x != -T] or [m.false] for c in cl if T not in c], g)
    return size
