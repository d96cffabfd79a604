"""``skyscrapers``: a height in every cell, counted from outside.

Rules (as puzz.link checks them): every cell holds a height 1..N (N the larger
side), no height twice in a row or a column; an outside number is how many
buildings a viewer there sees, each taller than all before it. A given height
stays; an outside "?" (or none) says nothing. ``clues``: per side (top, bottom
per column; left, right per row) None, an int or "?" (< 0).

Model (groups ``skyscrapers.*``, :mod:`satgrid.rules.numbers`): ``cell``, ``given``,
``distinct`` (a full line 1..N), ``visible`` per clue.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...rules import numbers as N
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import SkyscrapersClues


K = "skyscrapers"


@register
class Skyscrapers(SkyscrapersClues, Puzzle):
    """A Skyscrapers instance: outside ``clues`` and inside ``givens``."""

    kind, drawing, encoding_choices = K, drawing, ("amo", "card")

    def __init__(self, clues: dict, givens, **kw):
        super().__init__(**kw)
        self.clues, self.heights = {k: list(v) for k, v in clues.items()}, [list(r) for r in givens]
        self.rows, self.cols = len(givens), len(givens[0])
        self.n, self._nums = max(self.rows, self.cols), {}

    def sights(self):
        """(clue, cells from the viewer on) of every numbered outside clue."""
        cols = [[(r, c) for r in range(self.rows)] for c in range(self.cols)]
        rows = [[(r, c) for c in range(self.cols)] for r in range(self.rows)]
        lines = {"top": cols, "bottom": [x[::-1] for x in cols], "left": rows,
                 "right": [x[::-1] for x in rows]}
        return [(k, lines[side][i]) for side, ks in self.clues.items()
                for i, k in enumerate(ks) if k is not None and k >= 0]

    def estimate_clauses(self, m: Model) -> int:
        return 3 * self.n ** 2 * estimate.at_most(m.amo, self.n, 1) + 4 * self.n ** 3 * (3 * self.n + 1)

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        cells = [(r, c) for r in range(h) for c in range(w)]
        self._nums = nums = N.cells(m, cells, range(1, self.n + 1), group=f"{K}.cell")
        N.fix(m, nums, {(r, c): v for r, c in cells if (v := self.heights[r][c]) is not None
                        and v >= 0}, group=f"{K}.given")
        full = [x for x in N.lines_of(h, w) if len(x) == self.n]     # each 1..n once
        N.one_to_n(m, nums, full, group=f"{K}.distinct")
        N.distinct(m, nums, [x for x in N.lines_of(h, w) if len(x) < self.n], f"{K}.distinct")
        for k, line in self.sights():
            N.visible(m, [nums[x] for x in line], k, group=f"{K}.visible")
        m.projection = [l for x in nums.values() for l in x.lits.values()]

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": N.value_grid(sol, self._nums, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues, self.heights)

    def given_grid(self) -> list:           # the drawing's frame of outside clues included
        return [[0] * (self.cols + 2)] + [[0] + [v if v and v > 0 else 0 for v in row] + [0]
                                          for row in self.heights] + [[0] * (self.cols + 2)]
