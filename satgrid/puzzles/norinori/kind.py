"""``norinori``: shade two cells in every room, the shaded cells in dominoes.

Rules (Nikoli; pzprjs's ``norinori`` check): shade cells so that every room
holds exactly two shaded cells and every shaded cell has exactly one shaded
orthogonal neighbour (the shaded cells form dominoes, which may cross room
borders but never touch side by side).

Model (:mod:`satgrid.rules.shading`): ``shaded[r,c]`` per cell (the
projection), ``count_in`` each room == 2, ``dominoes``.
"""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.model import Model
from ...rules import shading
from ..base import register
from ..rooms import RoomShading
from . import check as checker
from .clues import NorinoriClues
from . import drawing


K = "norinori"


@register
class Norinori(NorinoriClues, RoomShading):
    """A Norinori instance: ``rooms`` (room index per cell)."""

    kind, drawing = K, drawing
    encoding_choices = ("card",)

    def estimate_clauses(self, m: Model) -> int:
        """Exactly two per room and a domino rule per cell (at most 7 clauses)."""
        return (sum(estimate.exactly(m.amo, m.card, len(c), 2) for c in self.cells)
                + 7 * self.rows * self.cols)

    def build(self, m: Model) -> None:
        s = self.chosen = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        for cells in self.cells:
            shading.count_in(m, s, cells, 2, group=f"{K}.room")
        shading.dominoes(m, s, f"{K}.dominoes")
        m.projection = list(s.values())

    def check(self, decoded) -> list[str]:
        return checker.check(decoded["grid"], self.vert, self.hori)
