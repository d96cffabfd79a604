"""``hitori``: shade cells so that no number repeats in a row or column.

Rules (Nikoli): shade some cells of a grid of numbers so that no number
appears twice among the unshaded cells of a row or of a column, no two
shaded cells are orthogonally adjacent, and the unshaded cells form one
orthogonally connected group.

Model (Model API only; groups ``hitori.*``):

* ``cell``: ``shaded[r,c]``, one Boolean per cell: the projection.
* ``repeat``: per line and number seen more than once in it, at most one of
  its cells unshaded (model ``amo`` encoding over the "unshaded" literals).
* ``adjacent``: one binary clause per orthogonal pair: not both shaded.
* ``connected``: :meth:`Model.connected` over the unshaded cells (lazy cuts,
  eager for DIMACS).
* ``walls`` (redundant, implied by the two above): no unshaded cell, no
  unshaded domino and no unshaded star (a cell with its two to four
  neighbours) walled in by shaded cells. Shaded cells never touch, so
  at least floor(rows x cols / 2) cells are unshaded: from 4 cells on a
  walled cell, from 6 on a walled domino, from 12 on a walled star, would
  be a component apart. The cuts find these too, one CEGAR round at a
  time: noqx's 65x65 took 178 rounds without them, 51 with the cells and
  dominoes (``bench/RESULTS.md``), 20 with the stars too (the walled
  pluses were 3,180 of its 3,988 components cut off, over the rounds).

The instance is read by :mod:`.formats` (TOML, or pzprv3 text); the
referee is :mod:`.check`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...modelling import geometry as G
from ...modelling.connectivity import eager_size
from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ..base import Puzzle, register
from . import check as checker
from .clues import HitoriClues
from . import drawing

K = "hitori"


@register
class Hitori(HitoriClues, Puzzle):
    """A Hitori instance: ``numbers`` rows of ints."""

    kind = K
    encoding_choices = ("amo", "connectivity")

    def __init__(self, numbers: list[list[int]], *, solution=None, **kw):
        super().__init__(**kw)
        self.numbers = [list(row) for row in numbers]
        self.rows, self.cols = len(numbers), len(numbers[0])
        self._solution = solution
        self._shaded: dict = {}

    def estimate_clauses(self, m: Model) -> int:
        """At most one unshaded per repeated number and line, a clause per
        adjacent pair and, eager, the connectivity of the unshaded cells."""
        h, w = self.rows, self.cols
        total = h * (w - 1) + w * (h - 1)
        repeats: Counter = Counter()       # {times a number repeats in a line: lines}
        for line in list(self.numbers) + list(zip(*self.numbers)):
            repeats.update(k for k in Counter(line).values() if k > 1)
        total += sum(n * estimate.at_most(m.amo, k, 1) for k, n in repeats.items())
        n = h * w                          # the walls: per cell, adjacent pair and star
        total += (n if n >= 4 else 0) + (h * (w - 1) + w * (h - 1) if n >= 6 else 0)
        total += n if n >= 12 else 0
        if m.connectivity == "eager" and h * w > 1:
            total += eager_size(h * w, 0, h * w - 1, 0, method="layers")[1]
        return total

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        graph = G.grid_graph(h, w)
        s = {(r, c): m.bool(f"shaded[{r},{c}]", f"{K}.cell") for r, c in G.cells(h, w)}
        self._shaded = s
        repeats = []
        for line in G.rows_of(h, w) + G.columns_of(h, w):
            by_value: dict[int, list] = {}
            for r, c in line:
                by_value.setdefault(self.numbers[r][c], []).append(-s[r, c])
            repeats += [lits for lits in by_value.values() if len(lits) > 1]
        m.at_most_one_each(repeats, f"{K}.repeat")      # one batch, as at_most each
        m.clauses([[-s[u], -s[v]] for u, v in graph.edges()], f"{K}.adjacent")
        m.connected({v: -l for v, l in s.items()}, graph, group=f"{K}.connected")
        m.clauses(self._walls(graph, s), f"{K}.walls")
        m.projection = list(s.values())

    def _walls(self, graph, s: dict) -> list:
        """The ``walls`` clauses (module docstring): per cell, per pair of
        adjacent cells and per star, one of them shaded or one of the cells
        around them unshaded."""
        n = self.rows * self.cols
        around = {v: [-s[u] for u in graph.neighbors(v)] for v in graph.nodes()}
        out = [[s[v]] + around[v] for v in graph.nodes()] if n >= 4 else []
        if n >= 6:
            for u, v in graph.edges():
                su, sv = s[u], s[v]
                out.append([su, sv] + [x for x in around[u] if x != -sv]
                           + [x for x in around[v] if x != -su])
        if n >= 12:
            nb = {v: list(graph.neighbors(v)) for v in graph.nodes()}
            for v, arms in nb.items():
                if len(arms) > 1:
                    ring = dict.fromkeys(u for x in arms for u in nb[x] if u != v)
                    out.append([s[v]] + [s[x] for x in arms] + [-s[u] for u in ring])
        return out

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": [[int(sol[self._shaded[r, c]]) for c in range(self.cols)]
                         for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.numbers)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution
