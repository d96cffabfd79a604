"""``shakashaka``: put triangles in white cells so that every white area is a rectangle.

Rules (pzprjs ``shakashaka``): each free cell stays white or holds a black
half-square triangle (its black corner bottom-left, bottom-right, top-right
or top-left); a number on a black cell counts the triangles beside it (up,
down, left, right); every white area is a rectangle, upright or at 45
degrees; at least one triangle.

Model (groups ``shakashaka.*``, :mod:`satgrid.rules.counts`): the shapes
(``cell``), the numbers (``number``), the white rectangles (``rectangle``: a
clause per refused arc of white around a grid point), a triangle (``some``).
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...rules import counts
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import ShakashakaClues


K = "shakashaka"


@register
class Shakashaka(ShakashakaClues, Puzzle):
    """``clues``: rows of None (a free cell), -1 (a black cell) or 0..4 (a
    numbered black cell)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card")

    def __init__(self, clues, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self._t = None

    def estimate_clauses(self, m: Model) -> int:
        """Per cell 8 shape clauses, per grid point 40 arc clauses, per number
        an exactly-k of 4."""
        numbers = sum(1 for row in self.clues for v in row if v is not None and v >= 0)
        return (8 * self.rows * self.cols + 40 * (self.rows + 1) * (self.cols + 1) + 1
                + numbers * max(estimate.exactly(m.amo, m.card, 4, k) for k in range(5)))

    def build(self, m: Model) -> None:
        walls = {(r, c) for r, row in enumerate(self.clues) for c, v in enumerate(row)
                 if v is not None}
        t = counts.triangles(m, self.rows, self.cols, walls, group=f"{K}.cell")
        for r, c in sorted(walls):
            if self.clues[r][c] >= 0:
                counts.count_triangles(m, t, (r, c), self.clues[r][c], group=f"{K}.number")
        counts.white_rectangles(m, t, group=f"{K}.rectangle")
        m.at_least(list(t.triangle.values()), 1, f"{K}.some")
        self._t = t
        m.projection = t.projection()

    def decode(self, sol: Solution) -> dict[str, Any]:
        def name(v):
            shape = self._t.shape(sol, v) if v in self._t.blocked else "#"
            return "." if shape == "white" else shape
        return {"grid": [[name((r, c)) for c in range(self.cols)] for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)
