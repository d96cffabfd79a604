"""``heyawake``: shade cells so that rooms hold their numbers of shaded cells.

Rules (Nikoli; pzprjs's ``heyawake`` check): shade cells so that no two
shaded cells are side by side, the unshaded cells are one orthogonally
connected group, a room with a number holds exactly that many shaded cells
(a "?" or no number: any), no run of unshaded cells along a row or column
crosses more than one room border (spans more than two rooms), and at least
one cell is shaded.

Model (:mod:`satgrid.rules.shading`): ``shaded[r,c]`` per cell (the
projection), ``no_adjacent``, ``connected`` (unshaded), ``count_in`` per
numbered room, ``no_run_across`` (unshaded, one crossing), ``some``.
"""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.model import Model
from ...rules import shading
from ..base import register
from ..rooms import RoomShading
from . import check as checker
from . import drawing
from .clues import HeyawakeClues


K = "heyawake"


@register
class Heyawake(HeyawakeClues, RoomShading):
    """A Heyawake instance: ``rooms`` (room index per cell), ``numbers`` per room."""

    kind, drawing = K, drawing
    encoding_choices = ("card", "connectivity")

    def estimate_clauses(self, m: Model) -> int:
        """The room counts, two clauses per cell (adjacency, runs) and, eager,
        the connectivity of the unshaded cells."""
        n = self.rows * self.cols
        total = 2 * n + 1 + sum(estimate.exactly(m.amo, m.card, len(c), k)
                                for c, k in zip(self.cells, self.numbers) if k is not None and k >= 0)
        return total + shading.connected_estimate(m, n)

    def build(self, m: Model) -> None:
        s = self.chosen = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        shading.no_adjacent(m, s, f"{K}.adjacent")
        shading.connected(m, s, 0, f"{K}.connected")
        for cells, k in zip(self.cells, self.numbers):
            if k is not None and k >= 0:
                shading.count_in(m, s, cells, k, group=f"{K}.room")
        shading.no_run_across(m, s, self.borders(), 1, 0, f"{K}.run")
        shading.some(m, s, 1, f"{K}.some")
        m.projection = list(s.values())

    def check(self, decoded) -> list[str]:
        return checker.check(decoded["grid"], self.vert, self.hori, self.clues())
