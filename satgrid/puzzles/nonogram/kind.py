"""``nonogram``: shade cells so that each line's blocks are its clue.

Rules (pzprjs ``nonogram``): every row and every column lists the lengths
of its blocks of consecutive shaded cells, in order (left to right, top to
bottom); a line without numbers has no shaded cell.

Model (groups ``nonogram.*``): one Boolean per cell (the projection); each
line's clue by :func:`satgrid.rules.counts.runs` (an automaton of the clue
unrolled along the line; ``rows``, ``columns``).
"""

from __future__ import annotations

from typing import Any

from ...modelling import geometry as G
from ...modelling.model import Model
from ...rules import counts, shading
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import NonogramClues


K = "nonogram"


@register
class Nonogram(NonogramClues, Puzzle):
    """``row_clues`` (one list per row, left to right) and ``column_clues``
    (one per column, top to bottom)."""

    kind, drawing = K, drawing

    def __init__(self, row_clues, column_clues, **kw):
        super().__init__(**kw)
        self.row_clues = [list(c) for c in row_clues]
        self.column_clues = [list(c) for c in column_clues]
        self.rows, self.cols = len(self.row_clues), len(self.column_clues)

    def estimate_clauses(self, m: Model) -> int:
        """Per line of n cells: at most a = 2 (slack + 1) states alive per
        step (of the clue's q), 4 clauses each, 3 more per step."""
        total = 0
        for n, clues in ((self.cols, self.row_clues), (self.rows, self.column_clues)):
            for clue in clues:
                q = sum(clue) + len(clue) + 1
                total += (n + 1) * (4 * min(q, 2 * max(n - q + 3, 1)) + 3)
        return total

    def build(self, m: Model) -> None:
        s = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        for line, clue in zip(G.rows_of(self.rows, self.cols), self.row_clues):
            counts.runs(m, [s[v] for v in line], clue, group=f"{K}.rows")
        for line, clue in zip(G.columns_of(self.rows, self.cols), self.column_clues):
            counts.runs(m, [s[v] for v in line], clue, group=f"{K}.columns")
        self.chosen = s
        m.projection = list(s.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.row_clues, self.column_clues)
