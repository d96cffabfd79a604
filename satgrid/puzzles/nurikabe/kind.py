"""``nurikabe``: shade cells so that the white islands match the numbers.

Rules (Nikoli): shade some cells of a grid. Every number is in a white
island (an orthogonally connected group of white cells) of that many cells,
each island holds exactly one number, the shaded cells (the stream) are one
connected group, and no 2x2 square is all shaded.

Model (Model API only; groups ``nurikabe.*``):

* ``cell``: ``white[r,c]``, one Boolean per cell: the projection (two
  solutions differ iff their shading does).
* ``island``: :meth:`Model.regions <satgrid.modelling.model.Model.regions>` with the
  numbers as anchors and their values as sizes, the white cells as members
  and ``separated=True``: every white cell lies in exactly one numbered
  island, adjacent white cells share it, each island is connected (the
  layered encoding rooted at its number, depth k - 1, in every mode: on
  published 10x10 to 30x20 puzzles 3-4x faster than lazy cuts, which let
  the solver wander among disconnected labellings, bench/bench_region_speed.py).
  A cell gets a label only within distance k - 1 of a number k.
* ``stream``: :meth:`Model.connected` over the shaded cells, the cells out
  of every number's reach (shaded by ``island``) the anchors of its cuts: a
  cut then needs one shaded cell, not two (cspuz's 10x10: 1,596 cuts, 0.355 s
  CPU before; 1,344 and 0.30 s with them).
* ``2x2``: one clause per 2x2 window: a white cell in it.
* ``sea`` (implied, for unit propagation; the stream has rows x cols less the
  numbers' sum cells): a connected set of up to :data:`SEA_PIECES` cells,
  fewer than the stream, is not all shaded with every cell around it white.
  Each such set is a cut the lazy check would find one at a time (the
  30x20 needed 2,000 of them; 1,200 with these). Left out where always
  true: a number in the set, or beside it a cell out of every number's
  reach (never white). Made from the shapes' offsets, not by growing sets
  cell by cell: on the 9x10 Wikipedia example the growing took 40% of the
  whole unique solve.

The TOML instance is read by :mod:`.formats`; the referee is :mod:`.check`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...modelling import geometry as G
from ...modelling.connectivity import eager_size
from ...modelling.model import Model, Solution
from ...modelling.regions import estimate_regions, grid_label_counts
from ..base import Puzzle, register
from . import check as checker
from . import drawing

K = "nurikabe"
#: the estimate searches the numbers' reach while their diamonds hold at most this many cells
COUNT_LIMIT = 10 ** 6
#: ``sea``: connected sets of up to this many cells are never the whole stream; 4 was the
#: fastest of 2 to 6 on the 30x20 and cspuz's 10x10 (bench/bench_region_speed.py)
SEA_PIECES = 4


@register
class Nurikabe(Puzzle):
    """A Nurikabe instance: ``clues`` rows of ints (0 = no number)."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues: list[list[int]], *, solution=None, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self._solution = solution
        self._white: dict = {}
        self._reached: tuple = (None, {})

    def estimate_clauses(self, m: Model) -> int:
        """The islands (:func:`satgrid.modelling.regions.estimate_regions`, a cell labelled
        only within reach of a number: searched as the build does while the
        numbers' diamonds hold at most ``COUNT_LIMIT`` cells, else the diamonds),
        the 2x2 windows, the sea pieces (counted as built) and, eager, the stream."""
        h, w = self.rows, self.cols
        anchors = {(r, c): k for r, row in enumerate(self.clues) for c, k in enumerate(row) if k}
        can = None                      # the cells that may be white (None: all)
        if sum(min(h * w, 2 * k * k) for k in anchors.values()) <= COUNT_LIMIT:
            counts, reach = self._label_counts(anchors)
            can = set().union(*self._reach(anchors).values())
        else:
            counts, reach = grid_label_counts(h, w, anchors)
        total = estimate_regions(m.amo, m.card, h * w, counts, list(zip(anchors.values(), reach)),
                                 separated=True, connectivity="eager")
        shaded = h * w - sum(anchors.values())
        total += max(0, h - 1) * max(0, w - 1) + _sea(h, w, None, can, anchors,
                                                      min(SEA_PIECES, shaded - 1))
        if m.connectivity == "eager" and h * w > 1:
            depth = max(1, min(h * w, h * w - sum(anchors.values())) - 1)
            total += eager_size(h * w, 0, depth, 0, method="layers")[1]
        return total

    def _label_counts(self, anchors) -> tuple[dict[int, int], list[int]]:
        """``({labels: cells}, [cells each number reaches])`` as the build labels
        them (:meth:`_reach`)."""
        reach = self._reach(anchors)
        labels: dict = {}
        for seen in reach.values():
            for x in seen:
                labels[x] = labels.get(x, 0) + 1
        counts: dict[int, int] = {}
        for n in labels.values():
            counts[n] = counts.get(n, 0) + 1
        return counts, [len(seen) for seen in reach.values()]

    def _reach(self, anchors) -> dict:
        """``{number: {cell: steps}}``: the cells each number k may hold in its
        island, as :func:`satgrid.modelling.regions.regions` labels them: within
        k - 1 steps, never through another number nor a cell beside one (kept
        for the same numbers: the estimate and the build ask)."""
        key = tuple(anchors.items())
        if self._reached[0] == key:
            return self._reached[1]
        h, w = self.rows, self.cols

        def near(r, c):
            return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= a < h and 0 <= b < w]
        beside: dict = {}
        for a in anchors:
            for x in [a] + near(*a):
                beside[x] = beside.get(x, 0) + 1
        out = {}
        for a, k in anchors.items():
            own = {a} | set(near(*a))
            seen, todo = {a: 0}, [a]
            for u in todo:
                for x in near(*u):
                    if x not in seen and seen[u] < k - 1 and beside.get(x, 0) == (x in own):
                        seen[x] = seen[u] + 1
                        todo.append(x)
            out[a] = seen
        self._reached = (key, out)
        return out

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        cells = G.cells(h, w)
        graph = G.grid_graph(h, w)
        white = {(r, c): m.bool(f"white[{r},{c}]", f"{K}.cell") for r, c in cells}
        self._white = white
        anchors = {(r, c): k for r, c in cells if (k := self.clues[r][c])}
        self.islands = m.regions(cells, graph, anchors, members=white, separated=True,
                                 group=f"{K}.island", connectivity="eager")
        can = set().union(*self._reach(anchors).values())    # the cells that may be white
        m.connected({v: -l for v, l in white.items()}, graph, group=f"{K}.stream",
                    max_true=h * w - sum(anchors.values()),
                    anchors=[v for v in cells if v not in can])
        m.clauses([[white[v] for v in win] for win in G.windows(h, w)], f"{K}.2x2")
        shaded = h * w - sum(anchors.values())
        m.clauses(_sea(h, w, white, can, anchors, min(SEA_PIECES, shaded - 1)), f"{K}.sea")
        m.projection = list(white.values())

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": [[0 if sol[self._white[r, c]] else 1 for c in range(self.cols)]
                         for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)

    def cell_texts(self, grid) -> list[list[str]]:
        """Each cell as drawn: its clue, ``#`` shaded or ``.`` (the drawing's text)."""
        return [[str(k) if (k := self.clues[r][c]) else ("#" if grid[r][c] else ".")
                 for c in range(self.cols)] for r in range(self.rows)]

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution

    # ------------------------------------------------- clues (generators)
    def clue_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.clues) for c, k in enumerate(row) if k]

    def with_clues(self, cells) -> "Nurikabe":
        keep = set(cells)
        return Nurikabe([[k if (r, c) in keep else 0 for c, k in enumerate(row)]
                         for r, row in enumerate(self.clues)], file=self.file, title=self.title)

    def toml_table(self) -> dict:
        return {"puzzle": "nurikabe", "clues": "\n".join(
            " ".join(str(k) if k else "." for k in row) for row in self.clues)}


def _sea(h: int, w: int, white: dict | None, can, numbers, k: int) -> list[list[int]] | int:
    """The ``sea`` clauses of the h x w grid: for every connected set S of 1 to
    ``k`` cells (each shape of :func:`_shapes` at each place it fits), some
    cell of S is white or some cell around S shaded. Left out when always
    true: S holds one of ``numbers``, or a cell around S is not in ``can``
    (never white; None: every cell may be). ``white=None``: how many clauses."""
    W = w + 2                           # cells numbered in the grid with a border
    lit = [0] * ((h + 2) * W)           # the border's cells: 0, left out of the clauses
    for (r, c), x in (white or {}).items():
        lit[(r + 1) * W + c + 1] = x
    numbers = [(r + 1) * W + c + 1 for r, c in numbers]
    never = [] if can is None else [(r + 1) * W + c + 1 for r in range(h) for c in range(w)
                                    if (r, c) not in can]
    out, count = [], 0
    for shape, around in _shapes(k):
        hr = max(r for r, _ in shape) + 1
        wc = max(c for _, c in shape) + 1
        inner = [r * W + c for r, c in shape]
        ring = [r * W + c for r, c in around]
        skip = {i - d for i in numbers for d in inner} | {i - d for i in never for d in ring}
        if white is None:
            count += (h - hr + 1) * (w - wc + 1) - sum(
                1 <= b // W <= h - hr + 1 and 1 <= b % W <= w - wc + 1 for b in skip)
            continue
        for r0 in range(1, h - hr + 2):
            row = r0 * W
            for b in range(row + 1, row + w - wc + 2):
                if b in skip:
                    continue
                if r0 == 1 or r0 == h - hr + 1 or b == row + 1 or b == row + w - wc + 1:
                    out.append([lit[b + d] for d in inner]
                               + [-x for d in ring if (x := lit[b + d])])
                else:
                    out.append([lit[b + d] for d in inner] + [-lit[b + d] for d in ring])
    return count if white is None else out


@lru_cache(maxsize=None)
def _shapes(k: int) -> tuple:
    """The fixed polyominoes of 1 to ``k`` cells, smallest first, as (sorted
    offsets from their bounding box's corner, the offsets around them)."""
    out, level = [], {((0, 0),)}
    for size in range(1, k + 1):
        if size > 1:
            grown = set()
            for S in level:
                for r, c in S:
                    for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                        if x not in S:
                            r0 = min(min(a for a, _ in S), x[0])
                            c0 = min(min(b for _, b in S), x[1])
                            grown.add(tuple(sorted((a - r0, b - c0) for a, b in S + (x,))))
            level = grown
        for S in sorted(level):
            inside = set(S)
            around = sorted({x for r, c in S for x in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                          (r, c + 1)) if x not in inside})
            out.append((S, tuple(around)))
    return tuple(out)
