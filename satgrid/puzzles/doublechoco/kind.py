"""``doublechoco``: divide the grid into regions of a white and a grey half, congruent.

Rules (as pzprjs checks them): every region holds exactly two halves (its
groups of one colour), one white and one grey, of the same shape up to
rotation and reflection; a number is the size of its cell's half ("?" any).

Model: :func:`satgrid.rules.areas.congruent_halves` (regions rooted at
their first white cell, a map twinning the halves cell by cell), the white
halves' connectivity eager: the lazy cuts took six times longer on
pzprjs-size boards (the grey halves, the map's images of the white, need none).
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model, Solution
from ...rules import areas
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import DoubleChocoClues


K = "doublechoco"
UNKNOWN = -2            # a "?" number (as satgrid.puzzles.puzzlink.UNKNOWN)


@register
class DoubleChoco(DoubleChocoClues, Puzzle):
    """``grey`` rows (1 grey, 0 white) and ``numbers`` rows (None, ``UNKNOWN`` or n)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card")

    def __init__(self, grey, numbers, **kw):
        super().__init__(**kw)
        self.grey, self.numbers = [list(r) for r in grey], [list(r) for r in numbers]
        self.rows, self.cols = len(grey), len(grey[0])
        self._areas = None

    def estimate_clauses(self, m: Model) -> int:
        """Labels (cells x white roots), the twins (cells x cells / 2), and
        per edge and turn a clause per twin, with the same-region literals."""
        n = self.rows * self.cols
        return 4 * n * n + 2 * n * n * 8 * 2 + 4 * n * n + n * 100 + 40 * n * n + 6 * n * n * n

    def build(self, m: Model) -> None:
        grey = {(r, c) for r, row in enumerate(self.grey) for c, v in enumerate(row) if v}
        sizes = {(r, c): v for r, row in enumerate(self.numbers) for c, v in enumerate(row)
                 if v is not None and v > 0}
        self._areas = areas.congruent_halves(m, self.rows, self.cols, grey, sizes,
                                             connectivity="eager", group=K)
        m.projection = self._areas.projection()

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": self._areas.numbered(sol, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.grey, self.numbers)
