"""``rippleeffect``: numbers in rooms, equal ones far apart.

Rules (Nikoli; puzz.link's ``ripple`` checks): every cell of a room of n
cells holds one of 1..n, each once; two equal numbers k in a row or a column
have at least k cells between them. Empty cells (no room) hold nothing but
count in the distance; a given number stays, a "?" says nothing.
``rooms[r][c]``: a room index (None: empty); ``clues[r][c]``: None, a
number, or "?" (< 0).

Model (groups ``rippleeffect.*``, :mod:`satgrid.rules.numbers`): ``cell``
one-hot 1..n per room cell, ``given``, ``room`` (1..n once each), ``ripple``.
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model, Solution
from ...rules import numbers as N
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import RippleEffectClues


K = "rippleeffect"


@register
class RippleEffect(RippleEffectClues, Puzzle):
    """Rooms of numbers (``rooms``, ``clues``; ``borders`` as read from a URL)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo",)

    def __init__(self, rooms, clues, *, borders=None, **kw):
        super().__init__(**kw)
        self.rooms, self.clues = [list(r) for r in rooms], [list(r) for r in clues]
        self.rows, self.cols = len(rooms), len(rooms[0])
        self.borders, self._nums = borders, {}
        self.members: dict[int, list] = {}
        for r, row in enumerate(self.rooms):
            for c, k in enumerate(row):
                if k is not None:
                    self.members.setdefault(k, []).append((r, c))

    def estimate_clauses(self, m: Model) -> int:
        n = max(map(len, self.members.values()), default=1)
        return self.rows * self.cols * n * n * (self.rows + self.cols + 2)

    def numbers(self, m: Model) -> dict:
        """The cells' numbers (1..n in a room of n), the givens fixed, each room 1..n."""
        cells = {x: range(1, len(room) + 1) for room in self.members.values() for x in room}
        self._nums = nums = N.cells(m, sorted(cells), cells, group=f"{self.kind}.cell")
        N.fix(m, nums, {(r, c): self.clues[r][c] for r, c in cells
                        if self.clues[r][c] is not None and self.clues[r][c] >= 0},
              group=f"{self.kind}.given")
        N.one_to_n(m, nums, self.members.values(), group=f"{self.kind}.room")
        m.projection = [l for x in nums.values() for l in x.lits.values()]
        return nums

    def build(self, m: Model) -> None:
        N.ripple(m, N.lines_of(self.rows, self.cols), self.numbers(m), group=f"{K}.ripple")

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": N.value_grid(sol, self._nums, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.rooms, self.clues)

    def given_grid(self) -> list:
        return [[v if v and v > 0 else 0 for v in row] for row in self.clues]
