"""``fillomino``: divide the grid into regions, each cell holding its region's size.

Rules (Nikoli): a number in every cell, so that the grid divides into regions
(orthogonally connected) whose cells hold the region's size; regions of one
size never share a side; givens stay; a given border (puzz.link) separates.

Model (Model API only; groups ``fillomino.*``):

* ``region``: a partition whose regions are rooted at their first number
  (:func:`satgrid.modelling.clued_partition.clued_partition`): a numbered
  region is labelled by its first given, within the given's reach; a region
  without a number by its first cell, up to :data:`FREE` cells; larger
  unnumbered ones are *large* cells of any size
  (:mod:`satgrid.modelling.large_regions`, checked lazily, equal sizes side by
  side refused, beside labelled regions too): no bound the puzzle does not
  state, so "unique" is unique among all fillings. Per-cell size literals
  ``size[v][k]`` ("v's region has k cells") for the sizes its roots allow.
  ``max_size`` (optional) is a stated bound on every region. Eager
  connectivity (a complete CNF, DIMACS) labels unnumbered regions of every
  size up to ``max_size`` or rows x cols instead.
* ``touch``: for each pair of neighbours v, w and each k: ``size[v][k] and
  size[w][k] -> same(v, w)`` (equal sizes side by side are one region);
  ``-same(v, w)`` across a given border (and a large cell joins no neighbour
  across one).
* ``local`` (implied, for unit propagation): a cell of labelled size k >= 2
  has a neighbour of size k and at most k - 1 of them.

Example:
    >>> from satgrid.pipeline import count, solve
    >>> count(Fillomino([[0, 0], [0, 3]]))["count"]      # a 3 and a 1, three ways
    3
    >>> res = solve(Fillomino([[0, 0], [1, 3]]), unique=True); res["grid"], res["unique"]
    ([[3, 3], [1, 3]], True)
"""

from __future__ import annotations

import itertools
from typing import Any

from ...modelling import geometry as G
from ...modelling.connectivity import eager_size
from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...modelling.clued_partition import clued_partition
from ..base import Puzzle, register
from . import check as checker
from . import drawing

K = "fillomino"
#: the estimate searches the roots' reach while their diamonds hold at most this many cells
COUNT_LIMIT = 10 ** 6
#: regions without a number are labelled up to this many cells (larger: large cells); 3
#: was the fastest of 3, 4, 5 and the largest number on Janko's and noqx's puzzles
#: (bench/bench_region_speed.py)
FREE = 3


@register
class Fillomino(Puzzle):
    """A Fillomino instance: ``clues`` rows of ints (0 = no number);
    ``borders``: pairs of adjacent cells separated by a given border;
    ``max_size``: the largest region allowed, a rule of the instance
    (default: none)."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues: list[list[int]], *, borders=(), max_size: int | None = None,
                 solution=None, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self.borders = [tuple(sorted(b)) for b in borders]
        largest = max((k for row in clues for k in row), default=0)
        self.max_size = max_size
        #: the regions labelled (with size literals): up to the largest given
        self.small = max(largest, 1)
        self._solution = solution
        self._part = None

    def estimate_clauses(self, m: Model) -> int:
        """An upper estimate from the roots of
        :func:`~satgrid.modelling.clued_partition.clued_partition` (each reaches
        m_r cells, counted by search while the diamonds' cells total at most
        ``COUNT_LIMIT``, else the diamond of its radius): per cell exactly one
        label and one size; per root a totalizer cut at its bound + 1 and the
        layered encoding of depth bound - 1; per edge the ``same`` and
        ``touch`` clauses; the large cells and the implied ``local`` ones."""
        h, w, amo, card, n = self.rows, self.cols, m.amo, m.card, self.rows * self.cols
        free, bound = self.labelled(m)
        cap = bound if free is None else min(free, bound)
        limits = [min(self.clues[r][c] or cap, n) for r in range(h) for c in range(w)]
        flat = [k for row in self.clues for k in row]
        # the cells within k - 1 steps; from a free root only those after it (half)
        diamond = [min(n, 2 * (k - 1) * k + 1 if s else min((k - 1) * k + 1, n - i))
                   for i, (k, s) in enumerate(zip(limits, flat))]
        clued = sum(1 for s in flat if s)
        members = diamond
        labels = [min(n, min((cap - 1) * cap + 1, i + 1) + clued) for i in range(n)]
        if sum(diamond) <= COUNT_LIMIT:
            members, labels = [], [0] * n
            for i in range(n):                      # BFS from each root through its room
                s = flat[i]
                seen, todo = {i: 0}, [i]
                for u in todo:
                    r, c = divmod(u, w)
                    for x, ok in ((u - w, r), (u + w, r < h - 1), (u - 1, c), (u + 1, c < w - 1)):
                        if ok and x not in seen and seen[u] < limits[i] - 1 and (
                                (not s and not flat[x] and x > i)
                                or (s and (not flat[x] or (flat[x] == s and x > i)))):
                            seen[x] = seen[u] + 1
                            todo.append(x)
                members.append(len(seen))
                for x in seen:
                    labels[x] += 1
        tree: dict = {0: 0, 1: 0}

        def tot(k, cut):                            # totalizer clauses over k inputs
            if (k, cut) not in tree:
                a, b = k >> 1, k - (k >> 1)
                tree[k, cut] = (0 if k < 2 else tot(a, cut) + tot(b, cut)
                                + 2 * (min(a, cut) + 1) * (min(b, cut) + 1))
            return tree[k, cut]
        large = 0 if cap >= bound else 1
        top = max(cap, self.small)
        total = sum(estimate.exactly(amo, card, k + large, 1) + k
                    + estimate.exactly(amo, card, top + large, 1) + k * (top + 1) for k in labels)
        for k, lim in zip(members, limits):
            total += tot(k, lim + 1) + 2
            if k > 1 and lim > 1:
                total += eager_size(k, 0, max(1, min(k, lim) - 1), 0, method="layers",
                                    rooted=True)[1]
        total += 6 * sum(labels) + 2 * n * (1 + top) + 6 * n * large
        return total + n * (top + 11) + len(self.borders) * 3

    def labelled(self, m: Model) -> tuple[int | None, int]:
        """``(free, bound)``: regions without a number labelled up to ``free``
        cells (None: every size, for eager connectivity's complete CNF), every
        region at most ``bound`` cells (``max_size``, else the cell count)."""
        bound = min(self.max_size or self.rows * self.cols, self.rows * self.cols)
        if m.connectivity == "eager":
            return None, bound
        return FREE, bound

    def build(self, m: Model) -> None:
        cells = G.cells(self.rows, self.cols)
        graph = G.grid_graph(self.rows, self.cols)
        sizes = {(r, c): k for r, c in cells if (k := self.clues[r][c])}
        free, _ = self.labelled(m)
        part = clued_partition(m, cells, graph, sizes, free=free, max_size=self.max_size,
                               group=f"{K}.region", distinct_sizes=True, mode="eager")
        self._part = part
        touch = []
        for v, w in graph.edges:
            touch += [[-part.size[v][k], -part.size[w][k], part.same(v, w)]
                      for k in part.size[v] if k in part.size[w]]
        touch += [[-part.same(v, w)] for v, w in self.borders]
        touch += [[-part.join[e]] for v, w in self.borders for e in ((v, w), (w, v))
                  if e in part.join]
        m.clauses(touch, f"{K}.touch")
        m.clauses(self._local(graph, part.size), f"{K}.local")
        m.projection = part.projection()

    def _local(self, graph, size) -> list[list[int]]:
        """Implied clauses that unit propagation uses at once: neighbours of
        one size share a region (``touch``), so a cell of size k >= 2 has a
        neighbour of size k (not across a given border), and at most k - 1
        of them (k = 2, 3, 4 on a grid)."""
        cut = set(self.borders) | {(w, v) for v, w in self.borders}
        out = []
        for v in graph:
            nbrs = [w for w in graph[v] if (v, w) not in cut]
            for k, lit in size[v].items():
                if k < 2:
                    continue
                same = [size[w][k] for w in nbrs if k in size[w]]
                out.append([-lit] + same)
                if k <= len(same):
                    out += [[-lit] + [-x for x in group]
                            for group in itertools.combinations(same, k)]
        return out

    def decode(self, sol: Solution) -> dict[str, Any]:
        size = self._part.sizes_of(sol)
        return {"grid": [[size[r, c] for c in range(self.cols)] for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues, self.borders)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution

    # ------------------------------------------------- clues (generators)
    def clue_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.clues) for c, k in enumerate(row) if k]

    def with_clues(self, cells) -> "Fillomino":
        keep = set(cells)
        return Fillomino([[k if (r, c) in keep else 0 for c, k in enumerate(row)]
                          for r, row in enumerate(self.clues)], borders=self.borders,
                         max_size=self.max_size, file=self.file, title=self.title)

    @classmethod
    def blank(cls, size: int) -> "Fillomino":
        """No numbers, regions of at most min(size, 5) cells."""
        return cls([[0] * size for _ in range(size)], max_size=min(size, 5))

    def from_solution(self, decoded: dict[str, Any]) -> "Fillomino":
        """Every cell's region size: a full grid has one solution (regions of
        one size never touch)."""
        return Fillomino(decoded["grid"], borders=self.borders, max_size=self.max_size,
                         file=self.file, title=self.title)

    def toml_table(self) -> dict | None:
        if self.borders:
            return None
        table = {"puzzle": "fillomino"}
        if self.max_size is not None:
            table["max_size"] = self.max_size
        table["clues"] = "\n".join(" ".join(str(k) if k else "." for k in row)
                                    for row in self.clues)
        return table
