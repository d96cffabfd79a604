"""``shikaku``: divide the grid into rectangles, one number in each, its area.

Rules (Nikoli; as pzprjs checks them): every region is a rectangle holding
exactly one number, and the number is the rectangle's area; a "?" (or a
0, which pzprjs takes for no size) may have any area.

Model: :func:`satgrid.rules.areas.rectangles` (groups ``shikaku.rect*``):
one literal per rectangle a clue could take (its area, no other clue
inside), exactly one per clue and exactly one over every cell.
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model, Solution
from ...rules import areas
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import ShikakuClues


K = "shikaku"
UNKNOWN = -2            # a "?" clue (as satgrid.puzzles.puzzlink.UNKNOWN)


@register
class Shikaku(ShikakuClues, Puzzle):
    """A Shikaku instance: ``clues`` rows (None: no number, ``UNKNOWN``: "?")."""

    kind, drawing = K, drawing
    encoding_choices = ("amo",)

    def __init__(self, clues: list[list[int | None]], **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self._areas = None

    def _given(self) -> dict:
        return {(r, c): (None if v <= 0 else v) for r, row in enumerate(self.clues)
                for c, v in enumerate(row) if v is not None}

    def estimate_clauses(self, m: Model) -> int:
        return areas.estimate_rectangles(m.amo, m.card, self.rows, self.cols, self._given())

    def build(self, m: Model) -> None:
        self._areas = areas.rectangles(m, self.rows, self.cols, self._given(), group=f"{K}.rect")
        m.projection = self._areas.projection()

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": self._areas.numbered(sol, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)

    def given_grid(self):
        return [[v if v and v > 0 else 0 for v in row] for row in self.clues]
