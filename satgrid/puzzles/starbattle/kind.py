"""``starbattle``: place stars, k in every row, column and region, none touching.

Rules (pzprjs ``starbattle``): the grid is divided into regions (the
connected groups of cells between given borders); place stars so that every
row, every column and every region holds exactly ``stars`` of them, and no
two stars touch, not even at a corner.

Model (groups ``starbattle.*``, :mod:`satgrid.rules.counts`): a Boolean per
cell; exactly k per row and column (``lines``) and region (``regions``); at
most one per 2x2 window (``touch``).
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling.model import Model
from ...rules import counts, shading
from ..base import Puzzle, register
from ..rooms import room_cells, rooms_from_labels
from . import check as checker, drawing
from .clues import StarBattleClues


K = "starbattle"


@register
class StarBattle(StarBattleClues, Puzzle):
    """``stars`` per line and region; ``regions``: rows of region labels
    (a region: cells side by side with one label, :mod:`..rooms`);
    ``borders``: the URL's borders, written back as given (one may dangle)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card")

    def __init__(self, stars: int, regions: list[list[Any]], *, borders=None, **kw):
        super().__init__(**kw)
        self.borders = borders          # (vertical, horizontal) as a URL gave them
        self.stars, self.regions = stars, [list(row) for row in regions]
        self.rows, self.cols = len(regions), len(regions[0])
        self.rooms = room_cells(rooms_from_labels(self.regions))

    def estimate_clauses(self, m: Model) -> int:
        k, h, w = self.stars, self.rows, self.cols
        sizes = [w] * h + [h] * w + [len(r) for r in self.rooms]
        return (sum(estimate.exactly(m.amo, m.card, n, k) for n in sizes)
                + h * w * estimate.at_most(m.amo, 4, 1))

    def build(self, m: Model) -> None:
        s = shading.grid(m, self.rows, self.cols, f"{K}.cell", name="star")
        counts.per_lines(m, s, self.rows, self.cols, self.stars, group=f"{K}.lines")
        counts.per_regions(m, s, self.rooms, self.stars, group=f"{K}.regions")
        counts.no_touching(m, s, self.rows, self.cols, group=f"{K}.touch")
        self.chosen = s
        m.projection = list(s.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.stars, self.regions)
