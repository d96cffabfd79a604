"""``kurodoko``: shade cells so that each number sees that many cells.

Rules (as pzprjs checks them): clue cells (numbers, "?") stay unshaded; no two shaded
cells side by side; the unshaded cells connected; some cell shaded; a number counts
the cells it sees in its row and column up to a shaded cell or the edge, itself included.

Model (groups ``kurodoko.*``): ``cell``, ``given``, ``adjacent``, ``connected``,
``some`` (:mod:`satgrid.rules.shading`); ``sight``: ``sight.count_seen`` with
its chains merged as unary numbers (``merge``; so ``--card`` is no choice).
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model
from ...rules import shading, sight
from ..base import Puzzle, given_cells, register
from . import check as checker, drawing
from .clues import KurodokoClues


K = "kurodoko"
UNKNOWN = -2       # a clue cell whose number is not given ("?")


@register
class Kurodoko(KurodokoClues, Puzzle):
    """A Kurodoko instance: ``clues`` rows of None (empty), -2 ("?") or a number."""

    kind, drawing = K, drawing
    encoding_choices = ("connectivity",)

    def __init__(self, clues: list[list[int | None]], **kw):
        super().__init__(**kw)
        self.clues, self.rows, self.cols = [list(r) for r in clues], len(clues), len(clues[0])

    def estimate_clauses(self, m: Model) -> int:
        """A clause per cell and pair, each number's sightlines, eager connectivity."""
        h, w = self.rows, self.cols
        numbers = given_cells(self.clues).values()
        return (3 * h * w + sum(sight.count_seen_size(m, h, w, k, merge=True) for k in numbers)
                + shading.connected_estimate(m, h * w))

    def build(self, m: Model) -> None:
        h, w, numbers = self.rows, self.cols, given_cells(self.clues)
        s = self.chosen = shading.grid(m, h, w, f"{K}.cell")
        shading.fixed(m, s, dict.fromkeys(numbers, 0), f"{K}.given")
        shading.no_adjacent(m, s, f"{K}.adjacent")
        shading.connected(m, s, 0, f"{K}.connected")
        shading.some(m, s, 1, f"{K}.some")
        clear = {x: True if x in numbers else -lit for x, lit in s.items()}
        for x, k in numbers.items():
            if k != UNKNOWN:
                sight.count_seen(m, x, h, w, clear, k, group=f"{K}.sight", merge=True)
        m.projection = list(s.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)
