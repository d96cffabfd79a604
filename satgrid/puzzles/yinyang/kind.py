"""``yinyang``: colour every cell black or white, each colour one group.

Rules (pzprjs's ``yinyang`` check): the given circles keep their colour,
each colour forms one orthogonally connected group, no 2 x 2 block is all
one colour. Model (:mod:`satgrid.rules.shading`): ``shaded[r,c]`` = black
(the projection), givens as unit literals, ``connected`` and ``no_2x2`` per
colour, and, implied but cutting the search (12 x 12 family grids: seconds
to hundredths), ``ring_changes`` and ``no_checker_2x2``."""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.connectivity import eager_size
from ...modelling.model import Model
from ...rules import shading
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import YinYangClues

K = "yinyang"
BLACK = 2                    # pzprjs's circles: 1 white, 2 black


@register
class YinYang(YinYangClues, Puzzle):
    """A Yin-Yang instance: ``givens`` rows (0 none, 1 white, 2 black)."""

    kind = K
    encoding_choices = ("connectivity",)

    def __init__(self, givens, *, solution=None, **kw):
        super().__init__(**kw)
        self.givens_grid = [list(row) for row in givens]
        self.rows, self.cols = len(givens), len(givens[0])
        self._solution = solution
        self.shaded: dict = {}

    def estimate_clauses(self, m: Model) -> int:
        """2 x 2 blocks, givens, the border and, eager, both colours' connectivity."""
        n = self.rows * self.cols
        ring = 2 * (self.rows + self.cols)
        total = 5 * n + 4 * ring + estimate.at_most(m.card, ring, 2)
        if m.connectivity == "eager" and n > 1:
            total += 2 * eager_size(n, 2 * n, n - 1, 2, method="layers")[1]
        return total

    def build(self, m: Model) -> None:
        s = self.shaded = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        for colour in (1, 0):
            shading.connected(m, s, colour, f"{K}.connected.{'black' if colour else 'white'}")
            shading.no_2x2(m, s, colour, f"{K}.2x2.{'black' if colour else 'white'}")
        shading.ring_changes(m, s, self.rows, self.cols, 2, f"{K}.ring")
        shading.no_checker_2x2(m, s, f"{K}.checker")
        m.projection = list(s.values())

    def givens(self, m: Model) -> list[int]:
        return [self.shaded[r, c] if v == BLACK else -self.shaded[r, c]
                for r, row in enumerate(self.givens_grid) for c, v in enumerate(row) if v]

    def decode(self, sol) -> dict:
        return {"grid": [[int(sol[self.shaded[r, c]]) for c in range(self.cols)]
                         for r in range(self.rows)]}

    def check(self, decoded) -> list[str]:
        return checker.check(decoded["grid"], self.givens_grid)

    def given_grid(self):
        return self.givens_grid

    def render(self, decoded) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded) -> str:
        return drawing.svg(self, decoded)

    def puzzle_svg(self) -> str:
        return drawing.svg(self, None)

    def expected_solution(self):
        return self._solution
