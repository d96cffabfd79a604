"""``lightup`` (Akari, puzz.link ``akari``): place lights that light every cell.

Rules (as pzprjs checks them): lights go in empty cells and shine along their
row and column up to a wall or the edge; no light shines on another, every
empty cell is lit, a wall's number counts the lights beside it.

Model (groups ``lightup.*``): ``cell``, ``light[r,c]`` per empty cell (the
projection); ``see``: one light at most per segment between walls and
``lit``: a light in each cell's segments (:mod:`satgrid.rules.sight`);
``clue``: ``shading.count_around``.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling import geometry as G
from ...modelling.model import Model
from ...rules import shading, sight
from ..base import Puzzle, given_cells, register
from . import check as checker, drawing
from .clues import LightUpClues


K = "lightup"
WALL = -2          # a black wall without a number (puzz.link's "?" cell)


@register
class LightUp(LightUpClues, Puzzle):
    """A Light Up instance: ``clues`` rows of None (empty), -2 (a wall) or 0..4."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card")

    def __init__(self, clues: list[list[int | None]], **kw):
        super().__init__(**kw)
        self.clues, self.rows, self.cols = [list(r) for r in clues], len(clues), len(clues[0])

    def estimate_clauses(self, m: Model) -> int:
        """An at-most-one per segment, a clause per cell, a count per number."""
        segs = sight.segments(self.rows, self.cols, set(given_cells(self.clues)))
        return self.rows * self.cols + sum(estimate.at_most(m.amo, len(s), 1) for s in segs) + sum(
            estimate.exactly(m.amo, m.card, 4, k) for row in self.clues for k in row if k and k > 0)

    def build(self, m: Model) -> None:
        h, w, walls = self.rows, self.cols, set(given_cells(self.clues))
        light = self.chosen = {x: m.bool(f"light[{x[0]},{x[1]}]", f"{K}.cell")
                               for x in G.cells(h, w) if x not in walls}
        segs = sight.segments(h, w, walls)
        sight.at_most_one_per_segment(m, light, segs, f"{K}.see")
        sight.all_lit(m, light, segs, f"{K}.lit")
        for r, c in sorted(walls):
            if (k := self.clues[r][c]) >= 0:
                shading.count_around(m, light, (r, c), k, group=f"{K}.clue")
        m.projection = list(light.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)
