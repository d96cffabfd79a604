"""``lits``: one tetromino per region, same letters never touching.

Rules (Nikoli's LITS): shade four cells in every region, forming an L, I, T
or S tetromino (rotations and reflections allowed); two tetrominoes of the
same letter may not share an edge; all shaded cells are orthogonally
connected; no 2x2 square is all shaded.

Model (Model API only; groups ``lits.*``):

* ``place``: per region, :meth:`Model.place <satgrid.modelling.model.Model.place>` of
  the free L, I, T, S on the region's cells, ``cover="none"``: one
  placement literal per way to put a tetromino in the region; a cell is
  shaded iff it is covered (``Placement.covered``, the projection).
* ``place.count``: one tetromino per region, as at least one placement and
  at most 4 covered cells (two placements cover 5 cells or more), the
  Model's cardinality encoding. Not ``total=1`` over the placements: a
  region of n cells has about 19 n of them, and their at-most-one
  (pairwise by default) grew as their square, 935,000 clauses for one
  region of 258 cells (noqx's 24x24), against about 8 n here. The same
  bound keeps placements from overlapping, so no at-most-one per cell
  either (``cover="at-most"`` made one, pairwise: 107,000 of the 24x24's
  131,000 clauses, most of its compile and load; its search without them
  679 conflicts, 1,102 with).
* ``touch``: for each edge between two regions and each letter both sides
  can hold, not both cells covered by that letter (``Placement.shape_at``).
* ``2x2``: one clause per window: not all four shaded.
* ``connected``: :meth:`Model.connected` over the shaded cells.

The TOML instance is read by :mod:`.formats`; the referee is :mod:`.check`.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling import geometry as G
from ...modelling.connectivity import eager_size
from ...modelling.model import Model, Solution
from ...modelling.shapes import TETROMINOES, estimate_place
from ..base import Puzzle, register
from .clues import LitsClues
from . import check as checker
from . import drawing

K = "lits"
LETTERS = {k: TETROMINOES[k] for k in "LITS"}


@register
class Lits(LitsClues, Puzzle):
    """A LITS instance: ``regions`` rows of tokens (equal token = same region)."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, regions: list[list[str]], *, solution=None, **kw):
        super().__init__(**kw)
        self.regions = [list(row) for row in regions]
        self.rows, self.cols = len(regions), len(regions[0])
        self._solution = solution
        self._shaded: dict = {}
        self._letter: dict = {}

    def estimate_clauses(self, m: Model) -> int:
        """The placements per region (:func:`satgrid.modelling.shapes.estimate_place`;
        counted without building in grids up to 250 000 cells, bounded above),
        4 touch clauses per edge, the 2x2 windows and, eager, the connectivity."""
        h, w = self.rows, self.cols
        members: dict[str, list] = {}
        if h * w <= 250_000:
            for r, row in enumerate(self.regions):
                for c, name in enumerate(row):
                    members.setdefault(name, []).append((r, c))
        else:                                  # sizes only: bounded, not counted
            for row in self.regions:
                for name in row:
                    members[name] = members.get(name, 0) + 1
        total = sum(estimate_place(m.amo, m.card, LETTERS, cells, cover="none")
                    + 1 + (estimate.at_most(m.card, n, 4) if n > 4 else 0)
                    for cells in members.values()
                    for n in [cells if isinstance(cells, int) else len(cells)])
        total += 4 * (h * (w - 1) + w * (h - 1)) + max(0, h - 1) * max(0, w - 1)
        if m.connectivity == "eager" and h * w > 1:
            total += eager_size(h * w, 0, h * w - 1, 0, method="layers")[1]
        return total

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        graph = G.grid_graph(h, w)
        members: dict[str, list] = {}
        for r, c in G.cells(h, w):
            members.setdefault(self.regions[r][c], []).append((r, c))
        shaded, letter = {}, {}
        for name, cells in members.items():
            p = m.place(LETTERS, cells, cover="none", group=f"{K}.place")
            m.clause(list(p.lits.values()) or [m.false], f"{K}.place.count")
            if len(cells) > 4:
                m.at_most([p.covered[c] for c in cells], 4, f"{K}.place.count")
            shaded.update(p.covered)
            letter.update(p.shape_at)
        self._shaded, self._letter = shaded, letter
        touch = []
        for u, v in graph.edges():
            if self.regions[u[0]][u[1]] != self.regions[v[0]][v[1]]:
                touch += [[-a, -letter[v][s]] for s, a in letter[u].items() if s in letter[v]]
        m.clauses(touch, f"{K}.touch")
        m.clauses([[-shaded[v] for v in win] for win in G.windows(h, w)], f"{K}.2x2")
        m.connected(shaded, graph, group=f"{K}.connected")
        m.projection = list(dict.fromkeys(abs(l) for l in shaded.values()))

    def decode(self, sol: Solution) -> dict[str, Any]:
        grid = [[int(sol[self._shaded[r, c]]) for c in range(self.cols)] for r in range(self.rows)]
        shapes = [[next((s for s, l in self._letter[r, c].items() if sol[l]), ".")
                   for c in range(self.cols)] for r in range(self.rows)]
        return {"grid": grid, "shapes": shapes}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.regions)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution
