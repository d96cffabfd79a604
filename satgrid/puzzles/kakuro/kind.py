"""``kakuro``: digits 1-9 in the white cells, each run summing to its clue.

Rules (Nikoli; puzz.link's checks): every white cell holds a digit 1-9; no
digit repeats in a run (a maximal line of white cells across or down); a run
whose clue cell (the black cell before it) shows a sum greater than 0 adds up
to it (a run without a clue, or with 0, only repeats no digit).

The grid is the whole picture, its frame (row 0, column 0) black: a cell is
``None`` (white) or a black cell ``(down, right)``, each clue an int or None.

Model (groups ``kakuro.*``, :mod:`satgrid.rules.numbers`): ``cell`` digits,
``sum`` per clued run (``cage``: no repeats, the sum, its digit sets),
``distinct`` per run without a clue.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...rules import numbers as N
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import KakuroClues


K = "kakuro"
DIGITS = range(1, 10)


@register
class Kakuro(KakuroClues, Puzzle):
    """A Kakuro instance: ``grid`` rows (frame included) of None / (down, right)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "pb")

    def __init__(self, grid, **kw):
        super().__init__(**kw)
        self.grid = [list(row) for row in grid]
        self.rows, self.cols = len(grid), len(grid[0])
        self._nums: dict = {}

    def white(self) -> set:
        return {(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v is None}

    def runs(self) -> list[tuple[int | None, list]]:
        """Every run with its clue (None: no clue)."""
        return [(self.grid[r][c][d == "right"], cells)
                for (r, c), d, cells in N.runs(self.white(), self.rows, self.cols)]

    def estimate_clauses(self, m: Model) -> int:
        return len(self.white()) * estimate.exactly(m.amo, m.card, 9, 1) + sum(
            N.estimate_cage(m, len(cells), DIGITS, k or 0, True) for k, cells in self.runs())

    def build(self, m: Model) -> None:
        self._nums = nums = N.cells(m, sorted(self.white()), DIGITS, group=f"{K}.cell")
        for clue, cells in self.runs():
            if clue:
                N.cage(m, [nums[c] for c in cells], "+", clue, different=True, group=f"{K}.sum")
            else:
                N.distinct(m, nums, [cells], group=f"{K}.distinct")
        m.projection = [l for x in nums.values() for l in x.lits.values()]

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": N.value_grid(sol, self._nums, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.grid)
