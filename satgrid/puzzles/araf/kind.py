"""``araf``: divide the grid into regions, each holding two numbers, its size between them.

Rules (as pzprjs checks them): every region holds exactly two numbers (a
"?" counts as one), and its number of cells lies strictly between them; a
region with a "?" only may not have the other number's size.

Model: :func:`satgrid.rules.areas.paired_regions` with ``araf_sizes``.
"""

from __future__ import annotations

from typing import Any

from ...modelling import geometry as G
from ...modelling.model import Model, Solution
from ...rules import areas
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import ArafClues


K = "araf"
UNKNOWN = -2            # a "?" clue (as satgrid.puzzles.puzzlink.UNKNOWN)


@register
class Araf(ArafClues, Puzzle):
    """An Araf instance: ``clues`` rows (None: no number, ``UNKNOWN``: "?")."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues: list[list[int | None]], **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self._areas = None

    def _values(self) -> dict:
        return {(r, c): (None if v == UNKNOWN else v) for r, row in enumerate(self.clues)
                for c, v in enumerate(row) if v is not None}

    def _sizes(self):
        """The sizes a region holding clues a and b may have (pzprjs's rules)."""
        values, n = self._values(), self.rows * self.cols
        return lambda a, b: areas.araf_sizes(values[a], values[b], n)

    def estimate_clauses(self, m: Model) -> int:
        """From the pairs of clues whose largest size reaches (Manhattan)."""
        sizes_of, clues = self._sizes(), list(self._values())
        tops = [max(ok) for i, a in enumerate(clues) for b in clues[i + 1:]
                if (ok := [k for k in sizes_of(a, b) if k >= 2])
                and abs(a[0] - b[0]) + abs(a[1] - b[1]) + 1 <= max(ok)]
        return areas.estimate_pairs(self.rows * self.cols, tops)

    def build(self, m: Model) -> None:
        a = areas.paired_regions(m, G.cells(self.rows, self.cols),
                                 G.grid_graph(self.rows, self.cols), self._values(),
                                 self._sizes(), group=f"{K}.regions")
        self._areas = a
        m.projection = a.projection()

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": self._areas.numbered(sol, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)
