"""Regions to find: a grid divided into connected regions whose borders are
the answer (Shikaku, Araf, Double Choco, Pentominous, Statue Park).

Every function takes a :class:`~satgrid.modelling.model.Model`, builds its
clauses under its own constraint group (``areas.<rule>`` unless ``group``
says otherwise) and uses the Model's selectable encodings (``m.exactly``,
``m.at_most``: the ``amo``/``card`` methods; ``m.linear``: the ``pb`` method;
``m.connected``/``m.regions``: the connectivity mode).

* :func:`rectangles`: one rectangle per clue, holding no other, tiling the
  grid (Shikaku).
* :func:`paired_regions`: regions of exactly two clues whose sizes the pair
  allows (Araf, :func:`araf_sizes`: between the numbers; "?" not the other).
* :func:`shape_regions`: every cell named by a shape (or blank), each group
  of equal names one copy of its shape (Pentominous, Statue Park);
  :func:`pieces_alone`: shaded neighbours in one piece (Statue Park).
* :func:`congruent_halves`: every region one white and one grey half,
  congruent (Double Choco).
* :func:`anchored_connected`: a region connected around its anchor (lazy
  cuts with the anchor, or the rooted layered encoding).

What they return, :class:`Areas`, holds ``label[cell][key]`` (the cell lies
in region ``key``; exactly one per cell), the literal "two cells share a
region" (:meth:`Areas.same`), its negation the border (:meth:`Areas.border`),
and a solution's regions numbered by their first cell (:meth:`Areas.numbered`).

Example: the 2 x 2 grid's Shikaku with a 2 at the top left and a 2 at the
bottom right has two answers (two rows or two columns)::

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); a = rectangles(m, 2, 2, {(0, 0): 2, (1, 1): 2})
    >>> m.projection = a.projection(); m.count()
    (2, True)
    >>> sorted(g for g in m.sizes() if g.startswith("areas"))
    ['areas.rectangles', 'areas.rectangles.clue']
"""

from __future__ import annotations

from collections import deque

from typing import Hashable, Iterable, Mapping

from ..modelling import connectivity as con
from ..core.encodings import estimate
from ..modelling.graphs import grid_2d_graph
from ..modelling.model import LAZY_SWITCH_AFTER, Model
from ..modelling.shapes import orientations

__all__ = ["Areas", "rectangles", "candidate_rectangles", "paired_regions",
           "araf_sizes", "shape_regions", "pieces_alone", "congruent_halves",
           "anchored_connected", "distances", "renumber",
           "distinct_shapes", "estimate_shape_regions", "estimate_pairs", "estimate_rectangles"]


class Areas:
    """Regions found by a rule: ``label[cell][key]`` literals, exactly one true per cell.

    ``pairs`` (:func:`paired_regions`): ``{(a, b): literal}``, the region
    holding clues a and b exists.
    """

    def __init__(self, m: Model, label: dict, group: str):
        self.m, self.label, self.group = m, label, group
        self.pairs: dict = {}
        self._same: dict = {}

    def projection(self) -> list[int]:
        """The label literals: counting them counts the partitions."""
        t = abs(self.m.true)
        return [l for ls in self.label.values() for l in ls.values() if abs(l) != t]

    def same(self, v, w) -> int:
        """A literal "``v`` and ``w`` lie in one region" (made once, group ``G.same``).

        >>> m = Model(); a = rectangles(m, 1, 2, {(0, 0): None}); s = a.same((0, 0), (0, 1))
        >>> m.solve()[s]
        True
        """
        key = (v, w) if (w, v) not in self._same else (w, v)
        if key in self._same:
            return self._same[key]
        m, g = self.m, self.group + ".same"
        s = m.bool(f"{self.group}.same[{_name(v)}|{_name(w)}]", g)
        lv, lw, cl = self.label[v], self.label[w], []
        for k, a in lv.items():
            b = lw.get(k)
            cl += [[-s, -a]] if b is None else [[-s, -a, b], [-s, a, -b], [s, -a, -b]]
        cl += [[-s, -b] for k, b in lw.items() if k not in lv]
        m.clauses(cl, g)
        self._same[key] = s
        return s

    def border(self, v, w) -> int:
        """The literal "a border runs between ``v`` and ``w``" (different regions)."""
        return -self.same(v, w)

    def region_of(self, sol) -> dict:
        """``{cell: key}`` of a solution."""
        return {v: next(k for k, l in ls.items() if sol[l]) for v, ls in self.label.items()}

    def numbered(self, sol, rows: int, cols: int) -> list[list[int]]:
        """The regions of ``sol`` as a grid of numbers 1, 2, ... in the order
        of each region's first cell (row by row): one grid per partition."""
        of, names = self.region_of(sol), {}
        return [[names.setdefault(of[r, c], len(names) + 1) for c in range(cols)]
                for r in range(rows)]


def renumber(grid: list[list[int]]) -> list[list[int]]:
    """A grid of region names as :meth:`Areas.numbered` writes it: each
    connected group of equal names numbered 1, 2, ... by its first cell.

    >>> renumber([[7, 7, 3], [3, 3, 7]])
    [[1, 1, 2], [3, 3, 4]]
    """
    h, w, n = len(grid), len(grid[0]), 0
    out = [[0] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if out[r][c]:
                continue
            n += 1
            out[r][c], todo = n, [(r, c)]
            while todo:
                y, x = todo.pop()
                for b, a in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= b < h and 0 <= a < w and not out[b][a] and grid[b][a] == grid[y][x]:
                        out[b][a] = n
                        todo.append((b, a))
    return out


def distances(graph, source, limit: int | None = None, stop=()) -> dict:
    """Steps from ``source`` to every node of ``graph`` within ``limit``
    steps; the nodes of ``stop`` are reached but not passed through.

    >>> path = {1: [2], 2: [1, 3], 3: [2, 4], 4: [3]}
    >>> distances(path, 1, stop={3}), distances(path, 1, limit=1)
    ({1: 0, 2: 1, 3: 2}, {1: 0, 2: 1})
    """
    dist, todo = {source: 0}, deque([source])
    while todo:
        u = todo.popleft()
        if (limit is not None and dist[u] >= limit) or u in stop:
            continue
        for w in graph[u]:
            if w not in dist:
                dist[w] = dist[u] + 1
                todo.append(w)
    return dist


def rectangles(m: Model, rows: int, cols: int, clues: Mapping[tuple[int, int], int | None], *,
               group: str = "areas.rectangles") -> Areas:
    """The grid tiled by rectangles, one per clue, each holding its clue and
    no other, of the clue's area (None: any area).

    One literal per candidate rectangle (a clue's rectangles that hold no
    other clue): exactly one per clue (``G.clue``) and exactly one over each
    cell (``G``); the Areas' keys are the rectangles ``(r0, c0, r1, c1)``.

    >>> m = Model(); a = rectangles(m, 1, 3, {(0, 0): 1, (0, 2): None})
    >>> a.numbered(m.solve(), 1, 3)
    [[1, 2, 2]]
    """
    covering: dict = {(r, c): {} for r in range(rows) for c in range(cols)}
    per_clue = []
    for clue, rects in candidate_rectangles(rows, cols, clues).items():
        lits = []
        for r0, c0, r1, c1 in rects:
            lits.append(lit := m.bool(f"{group}[{r0},{c0}:{r1},{c1}]", group))
            for y in range(r0, r1 + 1):
                for x in range(c0, c1 + 1):
                    covering[y, x][(r0, c0, r1, c1)] = lit
        per_clue.append(lits)
    for lits in per_clue:
        m.exactly(lits, 1, group + ".clue") if lits else m.clause([m.false], group + ".clue")
    for ls in covering.values():
        m.exactly(list(ls.values()), 1, group) if ls else m.clause([m.false], group)
    return Areas(m, covering, group)


def candidate_rectangles(rows: int, cols: int, clues: Mapping[tuple[int, int], int | None]
                         ) -> dict[tuple[int, int], list[tuple[int, int, int, int]]]:
    """Per clue, the rectangles ``(r0, c0, r1, c1)`` inside the grid that hold
    it and no other clue, of its area (None: any area).

    >>> candidate_rectangles(2, 2, {(0, 0): 2, (1, 1): None})[0, 0]
    [(0, 0, 0, 1), (0, 0, 1, 0)]
    """
    acc = [[0] * (cols + 1) for _ in range(rows + 1)]       # clue counts, prefix sums
    for r in range(rows):
        for c in range(cols):
            acc[r + 1][c + 1] = acc[r][c + 1] + acc[r + 1][c] - acc[r][c] + ((r, c) in clues)
    out = {}
    for (r, c), n in clues.items():
        dims = [(h, w) for h in range(1, rows + 1) for w in range(1, cols + 1)
                if n is None or h * w == n]
        rects = []
        for h, w in dims:
            for r0 in range(max(0, r - h + 1), min(r, rows - h) + 1):
                for c0 in range(max(0, c - w + 1), min(c, cols - w) + 1):
                    r1, c1 = r0 + h - 1, c0 + w - 1
                    if acc[r1 + 1][c1 + 1] - acc[r0][c1 + 1] - acc[r1 + 1][c0] + acc[r0][c0] == 1:
                        rects.append((r0, c0, r1, c1))
        out[r, c] = sorted(rects)
    return out


def estimate_rectangles(amo: str, card: str, rows: int, cols: int, clues) -> int:
    """An upper bound on the clauses of :func:`rectangles`: exactly one per
    clue over its candidates, one per cell over those covering it.

    >>> m = Model(); clues = {(0, 0): 2, (1, 2): 4}; a = rectangles(m, 2, 3, clues)
    >>> m.formula.nclauses <= estimate_rectangles(m.amo, m.card, 2, 3, clues)
    True
    """
    rects = candidate_rectangles(rows, cols, clues)
    cover: dict = {}
    for y, x in ((y, x) for rs in rects.values() for r0, c0, r1, c1 in rs
                 for y in range(r0, r1 + 1) for x in range(c0, c1 + 1)):
        cover[y, x] = cover.get((y, x), 0) + 1
    return (sum(estimate.exactly(amo, card, len(rs), 1) + 1 for rs in rects.values())
            + sum(estimate.exactly(amo, card, d, 1) for d in cover.values()) + rows * cols)


def paired_regions(m: Model, cells: Iterable[Hashable], graph, clues: Iterable[Hashable],
                   sizes_of, *, connectivity: str | None = None,
                   group: str = "areas.pairs") -> Areas:
    """A partition of ``cells`` into connected regions of ``graph``, each
    holding exactly two of the ``clues``, whose size ``sizes_of(a, b)``
    allows (a set or range of sizes; ``len(cells)`` and less matter).

    One region literal per candidate pair a < b (in the order given) whose
    allowed sizes reach: ``label[v][(a, b)]`` for the cells v with
    ``(d(a, v) + d(v, b) + d(a, b)) / 2 + 1`` at most the largest allowed
    size (the fewest cells a connected region holding a, b and v has, d the
    steps in ``graph`` through no other clue), no other clue. Exactly one
    label per cell (``G.label``); ``label[a][(a, b)] = label[b][(a, b)]`` is
    the pair's literal P, implied by each of its cells; the pair's cells
    connected (``Model.connected``, ``connectivity``, ``G.connected``); its
    size by a thermometer ``t`` over the cells but a and b (at least 1, 2, ...
    of them; ``others + [-t[k]]`` exactly ``len(t)`` true), ``P ->`` the
    smallest size, ``P -> -(size k)`` for each size ruled out between
    (``G.size``). ``Areas.pairs``: ``{(a, b): P}``.

    >>> import networkx as nx
    >>> m = Model(); g = nx.grid_2d_graph(1, 4)
    >>> a = paired_regions(m, sorted(g), g, [(0, 0), (0, 1), (0, 2), (0, 3)],
    ...                    lambda a, b: range(1, 5))
    >>> m.projection = a.projection(); m.count()          # ab|cd only
    (1, True)
    """
    cells, clues = list(dict.fromkeys(cells)), list(dict.fromkeys(clues))
    n, sub = len(cells), graph.subgraph(cells)
    free = {a: distances(sub, a) for a in clues}
    label: dict = {v: {} for v in cells}
    gl, gs, pairs = group + ".label", group + ".size", {}
    for i, a in enumerate(clues):
        for b in clues[i + 1:]:
            ok = sorted(k for k in sizes_of(a, b) if 2 <= k <= n)
            if not ok or free[a].get(b, n) + 1 > ok[-1]:
                continue
            stop = set(clues) - {a, b}
            da, db = distances(sub, a, ok[-1], stop), distances(sub, b, ok[-1], stop)
            d = da.get(b)
            if d is None or d + 1 > ok[-1]:
                continue
            mine = [v for v in cells if v in da and v in db and (v not in stop)
                    and (da[v] + db[v] + d) / 2 + 1 <= ok[-1]]
            pair = m.bool(f"{group}[{_name(a)}|{_name(b)}]", gl)
            for v in mine:
                label[v][a, b] = pair if v in (a, b) else m.bool(
                    f"{group}[{_name(v)}]={_name(a)}|{_name(b)}", gl)
            pairs[a, b] = (pair, ok, mine)
    for v, ls in label.items():
        m.exactly(list(ls.values()), 1, gl) if ls else m.clause([m.false], gl)
    out = Areas(m, label, group)
    out.pairs = {key: pair for key, (pair, _, _) in pairs.items()}
    for key, (pair, ok, mine) in pairs.items():
        lits = {v: label[v][key] for v in mine}
        anchored_connected(m, lits, sub, key[0], ok[-1], group + ".connected", connectivity)
        m.clauses([[-l, pair] for v, l in lits.items() if v not in key], gl)
        others = [l for v, l in lits.items() if v not in key]
        top = min(len(others), ok[-1] - 2)      # t[j - 1]: at least j other cells
        t = [m.bool(f"{group}.size[{_name(key[0])}|{_name(key[1])}]>={j + 2}", gs)
             for j in range(1, top + 1)]
        m.clauses([[-t[j + 1], t[j]] for j in range(len(t) - 1)], gs)
        if others:
            m.exactly(others + [-x for x in t], len(t), gs)
        ge = lambda j: m.true if j <= 0 else t[j - 1] if j <= top else m.false  # noqa: E731
        cl = [[-pair, ge(ok[0] - 2)]]
        cl += [[-pair, -ge(k - 2), ge(k - 1)] for k in range(ok[0] + 1, ok[-1]) if k not in ok]
        m.clauses([[l for l in c if l != m.false] or [m.false] for c in cl if m.true not in c], gs)
    return out


def araf_sizes(x: int | None, y: int | None, n: int) -> range | set:
    """The sizes (1..n) pzprjs allows a region holding the numbers ``x`` and
    ``y`` (None: a "?" clue): strictly between two numbers; with a "?", any
    size but the other number; two "?": any.

    >>> araf_sizes(3, 7, 9), araf_sizes(4, 4, 9), sorted(araf_sizes(None, 2, 4))
    (range(4, 7), range(5, 4), [1, 3, 4])
    """
    if x is None or y is None:
        return set(range(1, n + 1)) - {x, y}
    return range(min(x, y) + 1, max(x, y))


def shape_regions(m: Model, cells: Iterable[tuple[int, int]], shapes: Mapping[Hashable, object],
                  *, blank: bool = False, placements: dict | None = None,
                  group: str = "areas.shapes", empty: Iterable[tuple[int, int]] = (),
                  known: Mapping | None = None) -> dict:
    """Every cell takes one shape name, and each connected group of cells of
    one name is a copy of that shape (rotations and reflections allowed):
    Pentominous's regions, where equal shapes never share a side.

    ``letter[v][s]``: cell v takes shape s (exactly one per cell, ``G.cell``).
    One literal per placement P of a shape s (its ``orientations``) inside
    ``cells``: ``P -> letter[u][s]`` for its cells and ``P -> -letter[w][s]``
    for the cells around it, ``letter[v][s] -> OR(placements of s over v)``
    (``G.place``). Then the group of s-cells holding v is exactly a true
    placement: copies of a shape never touch nor overlap, with no
    at-most-one over placements. Returns ``letter``, the projection.
    ``blank=True``: a cell may also be None (no shape: Statue Park's unshaded
    cells). ``placements``, a dict, gets ``{shape: [placement literals]}``.
    ``empty``: cells known blank (Statue Park's white circles), no placement
    over them. ``known``: ``{cell: shape}`` the caller also states: no
    placement of another shape over such a cell, nor of its shape beside it.

    >>> from satgrid.modelling.shapes import parse_shape
    >>> m = Model(); cells = [(0, c) for c in range(4)]
    >>> letter = shape_regions(m, cells, {"I2": parse_shape("XX"), "I1": parse_shape("X")})
    >>> m.projection = [l for v in letter.values() for l in v.values()]; m.count()  # I1 I2 I1
    (1, True)
    """
    cells = sorted(set(cells))
    gc, gp, names = group + ".cell", group + ".place", list(shapes) + ([None] if blank else [])
    ids = iter(m.formula.vars([f"{group}[{_name(v)}]={s}" for v in cells for s in names], gc))
    letter = {v: {s: next(ids) for s in names} for v in cells}
    m.at_most_one_each([list(ls.values()) for ls in letter.values()], gc)
    m.clauses([list(ls.values()) for ls in letter.values()], gc)
    # cells as ints r * W + c - c0, W wide enough that no offset of a shape or
    # its ring wraps onto a real cell: a placement is sums of ints, not tuples
    orients = {s: orientations(sh) for s, sh in shapes.items()}
    c0 = min((c for _, c in cells), default=0)
    width = (max((c for _, c in cells), default=0) - c0 + 5
             + 2 * max((abs(b) for os in orients.values() for o in os for _, b in o), default=0))
    key = {v: v[0] * width + v[1] - c0 for v in cells}
    room = set(key.values()) - {key[v] for v in empty if v in key}  # where placements lie
    found, pnames = [], []
    for s, os in orients.items():
        first = len(pnames)     # the orientations differ: no placement is found twice
        own = {key[v] for v, t in (known or {}).items() if t == s and v in key}
        room_s = room - {key[v] for v, t in (known or {}).items() if t != s and v in key}
        for o in os:
            fr, fc = min(o)      # offsets from the first cell, sorted: moved, they stay sorted
            dbody = sorted((a - fr) * width + b - fc for a, b in o)
            dring = sorted({d + e for d in dbody for e in (width, -width, 1, -1)} - set(dbody))
            for v in cells:
                k = key[v]
                if room_s.issuperset(placed := [k + d for d in dbody]) \
                        and own.isdisjoint(around := [k + d for d in dring]):
                    pnames.append(f"{group}.p[{s}@{v[0]},{v[1]}:{len(pnames) - first + 1}]")
                    found.append((s, placed, around))
    cl, placements = [], {} if placements is None else placements
    of = {s: {key[v]: ls[s] for v, ls in letter.items()} for s in shapes}   # s -> key -> letter
    over = {s: {k: [] for k in key.values()} for s in shapes}
    for lit, (s, placed, around) in zip(m.formula.vars(pnames, gp), found):
        ls, ov = of[s], over[s]
        cl += [[-lit, ls[u]] for u in placed] + [[-lit, -ls[w]] for w in around if w in ls]
        for u in placed:
            ov[u].append(lit)
        placements.setdefault(s, []).append(lit)
    cl += [[-letter[v][s]] + over[s][key[v]] for v in cells for s in shapes]
    m.formula.add_pool_clauses(cl, group=gp)
    return letter


def distinct_shapes(pieces) -> tuple[dict, dict]:
    """A bank of pieces as ``({name: cells}, {name: copies})``: congruent
    pieces (rotations and reflections) are one shape listed as often.

    >>> distinct_shapes([{(0, 0), (0, 1)}, {(0, 0), (1, 0)}, {(0, 0)}])
    ({'s0': ((0, 0), (0, 1)), 's1': ((0, 0),)}, {'s0': 2, 's1': 1})
    """
    shapes: dict = {}
    counts: dict = {}
    for p in pieces:
        key = tuple(sorted(orientations(p)[0]))
        name = next((k for k, v in shapes.items() if v == key), f"s{len(shapes)}")
        shapes[name] = key
        counts[name] = counts.get(name, 0) + 1
    return shapes, counts


def estimate_shape_regions(amo: str, cells: int, shapes: int, size: int, blank: bool) -> int:
    """An upper bound on the clauses of :func:`shape_regions` (and
    :func:`pieces_alone` with ``blank``) on ``cells`` cells, ``shapes`` free
    shapes of at most ``size`` cells: per cell its names; per placement (8
    at each cell) its cells and ring; per cell four edges' clauses per shape.

    >>> from satgrid.modelling.shapes import parse_shape
    >>> m = Model(); cells = [(0, c) for c in range(4)]
    >>> _ = shape_regions(m, cells, {"I2": parse_shape("XX"), "I1": parse_shape("X")}, blank=True)
    >>> m.formula.nclauses <= estimate_shape_regions(m.amo, 4, 2, 2, True)
    True
    """
    k = shapes + blank
    return cells * (estimate.exactly(amo, "seqcounter-knuth", k, 1) + k) \
        + cells * 8 * shapes * (3 * size + 4) + (8 * cells * k if blank else 0)


def estimate_pairs(n: int, pairs) -> int:
    """An upper bound on the clauses of :func:`paired_regions` on a grid of
    ``n`` cells from its candidate pairs' largest sizes ``pairs`` (each
    pair's cells taken as ``min(n, top^2)``): labels, their share of the
    cells' exactly-one (pairwise: the worst), the thermometer's counter.

    >>> import networkx as nx
    >>> m = Model(); g = nx.grid_2d_graph(1, 4); clues = sorted(g)
    >>> _ = paired_regions(m, sorted(g), g, clues, lambda a, b: {2})
    >>> m.formula.nclauses <= estimate_pairs(4, [2] * 6)          # 6 candidate pairs
    True
    """
    per_cell = sum(min(n, t * t) for t in pairs) // max(n, 1) + 1       # labels per cell
    return sum(min(n, t * t) * (t + 6) for t in pairs) + n * per_cell * per_cell


def pieces_alone(m: Model, letter: dict, graph, *, group: str = "areas.alone") -> None:
    """Two shaded cells side by side take the same shape (:func:`shape_regions`
    with ``blank=True``): each group of shaded cells is one piece, so pieces
    never touch (Statue Park). Per directed edge (u, v) and shape s:
    ``letter[u][s] and not blank[v] -> letter[v][s]``.

    >>> import networkx as nx; from satgrid.modelling.shapes import parse_shape
    >>> m = Model(); cells = [(0, c) for c in range(3)]; found = {}
    >>> letter = shape_regions(m, cells, {"I1": parse_shape("X")}, blank=True, placements=found)
    >>> pieces_alone(m, letter, nx.grid_2d_graph(1, 3)); m.exactly(found["I1"], 2)
    >>> m.projection = [l for v in letter.values() for l in v.values()]; m.count()   # X.X
    (1, True)
    """
    cl = []
    for u, v in graph.edges:
        for a, b in ((u, v), (v, u)):
            cl += [[-l, letter[b][None], letter[b][s]] for s, l in letter[a].items()
                   if s is not None]
    m.clauses(cl, group)


#: the eight isometries of the grid, as images of a step (dr, dc); INVERSE[k] undoes k
TURNS = [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
         lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r)]
INVERSE = [0, 3, 2, 1, 4, 5, 6, 7]


def congruent_halves(m: Model, rows: int, cols: int, grey, numbers: Mapping, *,
                     connectivity: str | None = None, group: str = "areas.halves") -> Areas:
    """Double Choco: the grid divided into regions, each one connected white
    half and one connected grey half (``grey``: the grey cells), congruent
    up to rotation and reflection; a number is the size of its cell's half.

    Regions are rooted at their first white cell (``label[v][r]``, exactly
    one per cell, ``G.label``), their white cells connected (``G.white``). A
    map pairs the cells: ``twin[v][w]`` (w of the other colour, exactly one,
    ``twin[v][w] -> twin[w][v]``) with ``turn[v][k]`` (one of the eight
    isometries, inverted at the twin); along a half, side-by-side cells of
    one region keep the turn and their twins are the turned step apart, in
    one region too (``G.map``); a root's twin lies in its region. So the map
    takes the white half W onto the grey half by one isometry (every twin of
    W lies in W's region; a grey cell's twin, in its region's white half):
    the grey half is connected with no rule of its own (its eager rule was a
    quarter of a 6x6's formula). The halves touch (``G.touch``). A number n
    at v: the white cells of v's region, counted by a thermometer per root
    (``Model.exactly``), are n (``G.size``). ``connectivity``: W's mode.

    >>> m = Model(); a = congruent_halves(m, 1, 4, {(0, 1), (0, 2)}, {})
    >>> m.projection = a.projection(); m.count()     # [W G][G W]: the only way
    (1, True)
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    graph = grid_2d_graph(rows, cols)
    white = [v for v in cells if v not in grey]
    gl, gm, gt = group + ".label", group + ".map", group + ".touch"
    cross = [(u, v) for u, v in graph.edges if (u in grey) != (v in grey)]
    label: dict = {v: {} for v in cells}
    keys = [(v, r) for r in white for v in cells if v in grey or v >= r]
    for (v, r), lit in zip(keys, m.formula.vars([f"{group}[{_name(v)}]={_name(r)}"
                                                 for v, r in keys], gl)):
        label[v][r] = lit
    for v, ls in label.items():
        m.exactly(list(ls.values()), 1, gl) if ls else m.clause([m.false], gl)
    out = Areas(m, label, group)
    for r in white:
        mine = {v: ls[r] for v, ls in label.items() if r in ls}
        m.clauses([[-l, mine[r]] for v, l in mine.items() if v != r], gl)
        pairs = [(u, v) for u, v in cross if u in mine and v in mine]   # halves touch
        touch = [m.bool(f"{group}.touch[{_name(r)}|{_name(u)}|{_name(v)}]", gt) for u, v in pairs]
        m.clauses([[-mine[r]] + touch] + [[-e, mine[x]] for e, p in zip(touch, pairs) for x in p], gt)
        anchored_connected(m, {v: l for v, l in mine.items() if v not in grey}, graph, r,
                           None, group + ".white", connectivity)
    ids = iter(m.formula.vars([f"{group}.twin[{_name(v)}]={_name(w)}" for v in cells
                               for w in cells if (w in grey) != (v in grey)], gm))
    twin = {v: {w: next(ids) for w in cells if (w in grey) != (v in grey)} for v in cells}
    ids = iter(m.formula.vars([f"{group}.turn[{_name(v)}]={k}" for v in cells for k in range(8)],
                              gm))
    turn = {v: [next(ids) for _ in range(8)] for v in cells}
    for v in cells:
        m.exactly(list(twin[v].values()), 1, gm) if twin[v] else m.clause([m.false], gm)
        m.exactly(turn[v], 1, gm)
    cl = []
    for v in cells:
        for w, t in twin[v].items():
            cl.append([-t, twin[w][v]])
            cl += [[-t, -turn[v][k], turn[w][INVERSE[k]]] for k in range(8)]
    for r in white:
        cl += [[-label[r][r], -t] + ([label[w][r]] if r in label[w] else [])
               for w, t in twin[r].items()]
    for u, v in graph.edges:
        if (u in grey) != (v in grey):
            continue
        for a, b in ((u, v), (v, u)):
            same = out.same(a, b)
            cl += [[-same, -turn[a][k], turn[b][k]] for k in range(8)]
            step = (b[0] - a[0], b[1] - a[1])
            tb = twin[b]
            for k in range(8):
                dr, dc = TURNS[k](*step)
                s_, k_ = -same, -turn[a][k]
                for w, t in twin[a].items():
                    x = (w[0] + dr, w[1] + dc)
                    if x in tb:
                        cl += ([s_, k_, -t, tb[x]], [s_, k_, -t, out.same(w, x)])
                    else:
                        cl.append([s_, k_, -t])
    m.formula.add_pool_clauses(cl, group=gm)        # the pool's own literals
    for r in white:
        need = [n for v, n in numbers.items() if r in label[v]]
        if not need:
            continue
        whites = [ls[r] for v, ls in label.items() if r in ls and v not in grey]
        top = min(len(whites), max(need) + 1)
        t = [m.bool(f"{group}.size[{_name(r)}]>={k}", group + ".size") for k in range(1, top + 1)]
        m.clauses([[-t[k + 1], t[k]] for k in range(top - 1)], group + ".size")
        m.exactly(whites + [-x for x in t], top, group + ".size")
        ge = lambda k: m.true if k <= 0 else t[k - 1] if k <= top else m.false  # noqa: E731
        sz = [[-label[v][r], ge(n)] for v, n in numbers.items() if r in label[v]]
        sz += [[-label[v][r], -ge(n + 1)] for v, n in numbers.items() if r in label[v]]
        m.clauses([[l for l in c if l != m.false] or [m.false] for c in sz if m.true not in c],
                  group + ".size")
    return out


def anchored_connected(m: Model, lits: dict, graph, anchor, cap: int | None, group: str,
                       mode: str | None = None) -> None:
    """The cells whose literal is true are connected and, when there are any,
    hold ``anchor`` (true whenever another is); at most ``cap`` of them.

    As :meth:`Model.regions` connects a region around its anchor: lazily,
    separator cuts between a cell and the anchor (``ConnectivityCuts`` with
    the anchor, the rooted layered encoding as its fallback); eagerly, that
    encoding up front (``mode``: the model's connectivity by default). And
    in both, no cell without the anchor and no cell (of more than one)
    beside no cell of its own: ``lit[v] -> lit[anchor]`` and ``lit[v] ->
    OR(lit[w] for the neighbours w)`` (``G.near``).

    >>> import networkx as nx
    >>> m = Model(); g = nx.path_graph(3); on = {v: m.bool(f"on{v}") for v in g}
    >>> anchored_connected(m, on, g, 0, None, "conn"); m.count()   # {}, 0, 01, 012
    (4, True)
    >>> m = Model(); on = {v: m.bool(f"on{v}") for v in g}
    >>> anchored_connected(m, on, g, 1, None, "conn"); m.count()   # {}, 1, 01, 12, 012
    (5, True)
    """
    mode = con.resolve_mode(mode, "regions", default=m.connectivity)
    if len(lits) <= 1:
        return
    m.clauses([[-l] + [lits[w] for w in graph[v] if w in lits] for v, l in lits.items()
               if v != anchor], group + ".near")
    m.clauses([[-l, lits[anchor]] for v, l in lits.items() if v != anchor], group + ".near")
    if mode == "eager":
        with m.formula.group(group):
            m.clauses(con.eager_connectivity(lits, graph, m.formula, root=anchor,
                                             method="layers", max_true=cap), group)
        m.formula.encodings[group] = "eager reachability layers"
        return

    def fallback():
        with m.formula.group(group + ".fallback"):
            return con.eager_connectivity(lits, graph, m.formula, root=anchor,
                                          method="layers", max_true=cap)
    m.add_lazy(con.ConnectivityCuts(lits, graph, anchors=[anchor], name=f"{group}[{_name(anchor)}]",
                                    fallback=fallback, switch_after=LAZY_SWITCH_AFTER))
    m.formula.encodings[group] = "lazy cuts"


def _name(v) -> str:
    return ",".join(map(str, v)) if isinstance(v, tuple) else str(v)
