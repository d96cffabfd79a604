"""``aqre``: shade cells so that rooms hold their counts, in one connected group.

Rules (pzprjs's ``aqre`` check): shade cells so that the shaded cells form
one orthogonally connected group, a room with a number holds exactly that
many shaded cells (a "?" or no number: any), and no row or column holds four
shaded cells or four unshaded cells in a row. With the URL flag ``b`` (the
"borders" variant), the two cells on either side of a room border differ.

Model (:mod:`satgrid.rules.shading`): ``shaded[r,c]`` per cell (the
projection), ``connected`` (shaded; the ``auto`` mode by the propagator), ``count_in``
per numbered room, ``no_run`` of four for either colour, ``differ_across``
the borders with ``b``.
"""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.model import Model
from ...rules import shading
from ..base import register
from ..rooms import RoomShading
from . import check as checker
from . import drawing
from .clues import AqreClues


K = "aqre"


@register
class Aqre(AqreClues, RoomShading):
    """An Aqre instance: ``rooms`` (room index per cell), ``numbers`` per room,
    ``flags`` ``"b"`` for the borders variant."""

    kind, drawing = K, drawing
    encoding_choices = ("card", "connectivity")

    def estimate_clauses(self, m: Model) -> int:
        """Room counts, four run and two border clauses per cell, eager connectivity."""
        n, rooms = self.rows * self.cols, zip(self.cells, self.numbers)
        return 6 * n + shading.connected_estimate(m, n) + sum(
            estimate.exactly(m.amo, m.card, len(c), k) for c, k in rooms if k is not None and k >= 0)

    def build(self, m: Model) -> None:
        s = self.chosen = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        shading.connected(m, s, 1, f"{K}.connected",    # the cuts: 225 rounds on a 15x15
                          auto="propagate")
        for cells, k in zip(self.cells, self.numbers):
            if k is not None and k >= 0:
                shading.count_in(m, s, cells, k, group=f"{K}.room")
        shading.no_run(m, s, 3, 1, f"{K}.run.shaded")
        shading.no_run(m, s, 3, 0, f"{K}.run.unshaded")
        if "b" in self.flags:
            shading.differ_across(m, s, sorted(self.borders()), f"{K}.borders")
        m.projection = list(s.values())

    def check(self, decoded) -> list[str]:
        return checker.check(decoded["grid"], self.vert, self.hori, self.clues(),
                             borders="b" in self.flags)
