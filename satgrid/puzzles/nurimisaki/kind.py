"""``nurimisaki``: shade cells so that the circles are exactly the capes.

Rules (as pzprjs checks them): circles (a number, or "?") stay unshaded; no
2x2 block of one colour; the unshaded cells connected; some cell shaded. A
cape (an unshaded cell with one unshaded neighbour) is a circle and every
circle a cape; a number counts the cells its circle sees (itself included).

Model (groups ``nurimisaki.*``): ``cell`` (the projection), ``given``,
``2x2.*``, ``connected``, ``some``, ``cape`` (circles: ``count_around``;
other cells: a clause per neighbour) from :mod:`satgrid.rules.shading`;
``sight``: :func:`satgrid.rules.sight.count_seen` per number.
"""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model, Solution
from ...rules import shading, sight
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import NurimisakiClues

K = "nurimisaki"
UNKNOWN = -2       # a circle without a number ("?")


@register
class Nurimisaki(NurimisakiClues, Puzzle):
    """A Nurimisaki instance: ``clues`` rows of None, -2 (a "?" circle) or a number."""

    kind = K
    encoding_choices = ("card", "connectivity")

    def __init__(self, clues: list[list[int | None]], *, solution=None, **kw):
        super().__init__(**kw)
        self.clues, self.rows, self.cols = [list(r) for r in clues], len(clues), len(clues[0])
        self._solution, self._shaded = solution, {}

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        circles = {(r, c): k for r, row in enumerate(self.clues) for c, k in enumerate(row)
                   if k is not None}
        s = self._shaded = shading.grid(m, h, w, f"{K}.cell")
        shading.fixed(m, s, dict.fromkeys(circles, 0), f"{K}.given")
        shading.no_2x2(m, s, 1, f"{K}.2x2.shaded")
        shading.no_2x2(m, s, 0, f"{K}.2x2.unshaded")
        shading.connected(m, s, 0, f"{K}.connected")
        shading.some(m, s, 1, f"{K}.some")
        for x in s:
            near = shading.neighbours(s, x)
            if x in circles:
                shading.count_around(m, s, x, len(near) - 1, group=f"{K}.cape")
            else:
                m.clauses([[s[x], s[y]] + [-s[z] for z in near if z != y] for y in near],
                          f"{K}.cape")
        clear = {x: True if x in circles else -lit for x, lit in s.items()}
        for x, k in circles.items():
            if k != UNKNOWN:
                sight.count_seen(m, x, h, w, clear, k, group=f"{K}.sight")
        m.projection = list(s.values())

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": [[int(sol[self._shaded[r, c]]) for c in range(self.cols)]
                         for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def puzzle_svg(self) -> str:
        return drawing.svg(self, None)

    def expected_solution(self):
        return self._solution
