"""``suguru`` (Tectonic, puzz.link ``suguru``): numbers in rooms that never touch.

Rules (as puzz.link checks them): every cell of a room of n cells holds one
of 1..n, each once; two cells that touch, side by side or diagonally, never
hold the same number (in one room or not). Empty cells hold nothing; a given
number stays, a "?" says nothing. The grid is Ripple Effect's (``rooms``,
``clues``, its formats and drawings); only the second rule differs.

Model (groups ``suguru.*``, :mod:`satgrid.rules.numbers`): ``cell``,
``given``, ``room`` as Ripple Effect's, ``touch`` (``differ`` on the pairs
of touching cells).
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model
from ...rules import numbers as N
from ..base import register
from ..rippleeffect.kind import RippleEffect
from . import check as checker

K = "suguru"


@register
class Suguru(RippleEffect):
    """Rooms of numbers, equal numbers never touching."""

    kind = K

    def build(self, m: Model) -> None:
        nums = self.numbers(m)
        pairs = [((r, c), (r + dr, c + dc)) for r, c in nums
                 for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)) if (r + dr, c + dc) in nums]
        N.differ(m, nums, pairs, group=f"{K}.touch")

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.rooms, self.clues)
