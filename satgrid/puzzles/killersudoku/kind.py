"""``killersudoku``: a Sudoku whose cages add up to their sums.

Rules: every row, column and box of the n x n grid holds 1..n once each;
the digits of a cage add up to its sum (if it has one) and do not repeat; a
given digit stays. ``cages``: ``(cells, sum or None)``; ``box``: (height,
width); ``givens`` rows (0: none). puzz.link has no Killer Sudoku.

Model (groups ``killersudoku.*``, :mod:`satgrid.rules.numbers`): ``cell``, ``given``,
``unit`` (rows, columns, boxes 1..n), ``cage`` (no repeats, the sum, its digit sets).
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...rules import numbers as N
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import KillerSudokuClues


K = "killersudoku"


@register
class KillerSudoku(KillerSudokuClues, Puzzle):
    """A Killer Sudoku: side ``n``, ``box`` (h, w), ``cages``, ``givens``."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "pb")

    def __init__(self, n: int, box, cages, givens, **kw):
        super().__init__(**kw)
        self.n, self.box, self.rows, self.cols = n, tuple(box), n, n
        self.cages = [(list(cells), total) for cells, total in cages]
        self.digits = [list(row) for row in givens]
        self._nums = {}

    def units(self) -> list[list]:
        n, (bh, bw) = self.n, self.box
        boxes = [[(r, c) for r in range(i, i + bh) for c in range(j, j + bw)]
                 for i in range(0, n, bh) for j in range(0, n, bw)]
        return N.lines_of(n, n) + boxes

    def estimate_clauses(self, m: Model) -> int:
        n, one = self.n, estimate.exactly(m.amo, m.card, self.n, 1)
        return (n * n + 3 * n * n) * one + sum(N.estimate_cage(m, len(c), range(1, n + 1), k or 0,
                                                               True) for c, k in self.cages)

    def build(self, m: Model) -> None:
        n = self.n
        cells = [(r, c) for r in range(n) for c in range(n)]
        self._nums = nums = N.cells(m, cells, range(1, n + 1), group=f"{K}.cell")
        N.fix(m, nums, {x: self.digits[x[0]][x[1]] for x in cells if self.digits[x[0]][x[1]]},
              group=f"{K}.given")
        N.one_to_n(m, nums, self.units(), group=f"{K}.unit")
        for group, total in self.cages:
            if total is None:
                N.distinct(m, nums, [group], group=f"{K}.cage")
            else:
                N.cage(m, [nums[x] for x in group], "+", total, different=True, group=f"{K}.cage")
        m.projection = [l for x in nums.values() for l in x.lits.values()]

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": N.value_grid(sol, self._nums, self.n, self.n)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.box, self.cages, self.digits)

    def given_grid(self) -> list:
        return self.digits
