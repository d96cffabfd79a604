"""Bridges between islands (Hashiwokakero and its kin): 0, 1 or 2 straight
bridges between two islands that see each other along a row or a column.

An *island* is a cell of ``islands``; two islands see each other when every
cell between them, in one row or column, is not an island. Each such pair
gets two literals, "at least one bridge" and "two bridges" (the second
implies the first), so the bridge count is their sum. On that layout
(:func:`layout`, under its own group ``bridges.count``):

* :func:`no_crossing`: a horizontal and a vertical bridge never pass through
  the same cell (one clause per crossing cell);
* :func:`degree`: the bridges at an island number ``n`` (the Model's
  cardinality encoding over the pairs' literals); :func:`touched`: an
  island has a bridge;
* :func:`connected`: the islands that have a bridge, with the bridges
  between them, form one connected group (:meth:`Model.connected` on the
  graph of islands and bridges: a node per island, "it has a bridge", and
  per pair, "a bridge is built");
* :func:`some`: at least one bridge.

Example: three islands in an L, ``2`` at the corner, ``1`` at the ends: one
bridge each way.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); br = layout(m, 3, 3, [(0, 0), (0, 2), (2, 0)])
    >>> degree(m, br, (0, 0), 2); degree(m, br, (0, 2), 1); degree(m, br, (2, 0), 1)
    >>> connected(m, br); m.count()[0]
    1
"""

from __future__ import annotations

from typing import Iterable

from ..core.encodings import estimate
from ..modelling import connectivity as con
from ..modelling.geometry import Cell
from ..modelling.graphs import Graph
from ..modelling.model import Model

__all__ = ["Bridge", "Bridges", "sightlines", "layout", "no_crossing", "degree", "touched",
           "connected", "some", "estimate_clauses"]


class Bridge:
    """The possible bridge between islands ``a`` and ``b`` (``a`` left of or
    above ``b``): the cells ``between`` them, ``one`` ("at least one bridge")
    and ``two`` ("two bridges")."""

    def __init__(self, a: Cell, b: Cell, between: list[Cell], one: int, two: int):
        self.a, self.b, self.between, self.one, self.two = a, b, between, one, two

    def count(self, solution) -> int:
        """How many bridges a solution builds here."""
        return int(solution[self.one]) + int(solution[self.two])


class Bridges:
    """The bridges a layout allows: ``pairs`` (each a :class:`Bridge`) and,
    per island, the pairs it is an end of (``at``)."""

    def __init__(self, islands: list[Cell], pairs: list[Bridge]):
        self.islands, self.pairs = islands, pairs
        self.at: dict[Cell, list[Bridge]] = {v: [] for v in islands}
        for p in pairs:
            self.at[p.a].append(p)
            self.at[p.b].append(p)


def sightlines(rows: int, cols: int, islands: Iterable[Cell]) -> list[tuple[Cell, Cell, list[Cell]]]:
    """``(island, island to its right or below, the cells between)`` for every
    two islands that see each other.

    >>> sightlines(2, 3, [(0, 0), (0, 2), (1, 0)])
    [((0, 0), (0, 2), [(0, 1)]), ((0, 0), (1, 0), [])]
    """
    isl = sorted(set(islands))
    where = set(isl)
    out = []
    for a in isl:
        for dr, dc in ((0, 1), (1, 0)):
            r, c, between = a[0] + dr, a[1] + dc, []
            while 0 <= r < rows and 0 <= c < cols and (r, c) not in where:
                between.append((r, c))
                r, c = r + dr, c + dc
            if 0 <= r < rows and 0 <= c < cols:
                out.append((a, (r, c), between))
    return out


def layout(model: Model, rows: int, cols: int, islands: Iterable[Cell],
           group: str = "bridges.count") -> Bridges:
    """One pair of literals per two islands that see each other (``two -> one``).

    >>> m = Model(); br = layout(m, 1, 4, [(0, 0), (0, 3)]); [(p.a, p.b, p.between) for p in br.pairs]
    [((0, 0), (0, 3), [(0, 1), (0, 2)])]
    >>> m.count()[0]                                        # 0, 1 or 2 bridges
    3
    """
    isl = sorted(set(islands))
    pairs = []
    for a, b, between in sightlines(rows, cols, isl):
        tag = "%d,%d-%d,%d" % (*a, *b)
        one = model.bool(f"bridge[{tag}]", group)
        two = model.bool(f"bridge2[{tag}]", group)
        model.implies(two, one, group)
        pairs.append(Bridge(a, b, between, one, two))
    return Bridges(isl, pairs)


def no_crossing(model: Model, br: Bridges, group: str = "bridges.crossing") -> None:
    """No cell has a horizontal and a vertical bridge through it.

    >>> m = Model(); br = layout(m, 3, 3, [(0, 1), (2, 1), (1, 0), (1, 2)])
    >>> no_crossing(m, br); m.count()[0]                     # 3 x 3 counts, less both built
    5
    """
    through: dict[Cell, list[Bridge]] = {}
    for p in br.pairs:
        for v in p.between:
            through.setdefault(v, []).append(p)
    for ps in through.values():
        flat = [p for p in ps if p.a[0] == p.b[0]]
        tall = [p for p in ps if p.a[1] == p.b[1]]
        model.clauses([[-h.one, -v.one] for h in flat for v in tall], group)


def degree(model: Model, br: Bridges, island: Cell, n: int, group: str = "bridges.degree") -> None:
    """The bridges at ``island`` number exactly ``n``.

    >>> m = Model(); br = layout(m, 1, 3, [(0, 0), (0, 2)]); degree(m, br, (0, 0), 2); m.count()[0]
    1
    """
    lits = [x for p in br.at[island] for x in (p.one, p.two)]
    model.exactly(lits, n, group)


def touched(model: Model, br: Bridges, island: Cell, group: str = "bridges.touched") -> None:
    """``island`` has at least one bridge (an island whose number is not
    given still belongs to the connected group).

    >>> m = Model(); br = layout(m, 1, 3, [(0, 0), (0, 2)]); touched(m, br, (0, 0)); m.count()[0]
    2
    """
    model.clause([p.one for p in br.at[island]], group)


def connected(model: Model, br: Bridges, group: str = "bridges.connected",
              mode: str | None = None) -> None:
    """The islands with a bridge and the bridges built form one connected group.

    >>> m = Model(); br = layout(m, 2, 2, [(0, 0), (0, 1), (1, 0), (1, 1)])
    >>> connected(m, br); some(m, br); m.count()[0]   # 3^4 - 1 non-empty, less 2 x 2 x 2 apart
    72
    """
    g = Graph()
    lits: dict = {}
    for v in br.islands:
        ones = [p.one for p in br.at[v]]
        lits[v] = model.reify_or(ones, group=group) if ones else model.false
        g.add_node(v)
    for i, p in enumerate(br.pairs):
        lits[i] = p.one
        g.add_edges_from([(i, p.a), (i, p.b)])
    model.connected(lits, g, group=group, mode=mode)


def some(model: Model, br: Bridges, group: str = "bridges.some") -> None:
    """At least one bridge is built (pzprjs refuses a board without a line).

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); br = layout(m, 1, 3, [(0, 0), (0, 2)]); some(m, br); m.count()[0]   # 1 or 2
    2
    """
    model.clause([p.one for p in br.pairs], group)


def estimate_clauses(model: Model, rows: int, cols: int, counts: dict) -> int:
    """An upper estimate of the clauses of :func:`layout`, :func:`no_crossing`,
    :func:`degree` per island of ``counts`` (island -> its number, or None:
    :func:`touched`), :func:`connected` and :func:`some`, for ``model``'s
    encodings, before anything is built.

    >>> estimate_clauses(Model(), 1, 3, {(0, 0): 2, (0, 2): None}) >= 5
    True
    """
    lines = sightlines(rows, cols, counts)
    at: dict = {v: 0 for v in counts}
    for a, b, _ in lines:
        at[a] += 1
        at[b] += 1
    total = 2 * len(lines) + rows * cols + 1          # two -> one, crossings, some
    for v, n in counts.items():
        total += 1 if n is None else estimate.exactly(model.amo, model.card, 2 * at[v], n)
        total += at[v] + 1                            # the island's "has a bridge"
    if model.connectivity == "eager" and len(counts) + len(lines) > 1:
        nodes = len(counts) + len(lines)
        total += con.eager_size(nodes, 2 * len(lines), nodes - 1, 0, method="layers")[1]
    return total
