"""``nurimisaki``: shade cells so that the circles are exactly the capes.

Rules (as pzprjs checks them): circles (a number, or "?") stay unshaded; no
2x2 block of one colour; the unshaded cells connected; some cell shaded. A
cape (an unshaded cell with one unshaded neighbour) is a circle and every
circle a cape; a number counts the cells its circle sees (itself included).

Model (groups ``nurimisaki.*``): ``cell`` (the projection), ``given``,
``2x2.*``, ``connected``, ``some``, ``cape`` (``dead_ends``: the circles
exactly) from :mod:`satgrid.rules.shading`;
``sight``: :func:`satgrid.rules.sight.count_seen` per number.
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model
from ...rules import shading, sight
from ..base import Puzzle, given_cells, register
from . import check as checker, drawing
from .clues import NurimisakiClues


K = "nurimisaki"
UNKNOWN = -2       # a circle without a number ("?")


@register
class Nurimisaki(NurimisakiClues, Puzzle):
    """A Nurimisaki instance: ``clues`` rows of None, -2 (a "?" circle) or a number."""

    kind, drawing = K, drawing
    encoding_choices = ("card", "connectivity")

    def __init__(self, clues: list[list[int | None]], **kw):
        super().__init__(**kw)
        self.clues, self.rows, self.cols = [list(r) for r in clues], len(clues), len(clues[0])

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        circles = given_cells(self.clues)
        s = self.chosen = shading.grid(m, h, w, f"{K}.cell")
        shading.fixed(m, s, dict.fromkeys(circles, 0), f"{K}.given")
        shading.no_2x2(m, s, 1, f"{K}.2x2.shaded")
        shading.no_2x2(m, s, 0, f"{K}.2x2.unshaded")
        shading.connected(m, s, 0, f"{K}.connected")
        shading.some(m, s, 1, f"{K}.some")
        shading.dead_ends(m, s, circles, 0, f"{K}.cape")
        clear = {x: True if x in circles else -lit for x, lit in s.items()}
        for x, k in circles.items():
            if k != UNKNOWN:
                sight.count_seen(m, x, h, w, clear, k, group=f"{K}.sight")
        m.projection = list(s.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)
