"""``yinyang``: colour every cell black or white, each colour one group.

Rules (pzprjs's ``yinyang`` check): the given circles keep their colour,
each colour forms one orthogonally connected group, no 2 x 2 block is all
one colour. Model (:mod:`satgrid.rules.shading`): ``shaded[r,c]`` = black
(the projection), givens as unit literals, ``connected`` and ``no_2x2`` per
colour, and, implied but cutting the search (12 x 12 family grids: seconds
to hundredths), ``ring_changes`` and ``no_checker_2x2``."""

from __future__ import annotations

from ...core.encodings import estimate
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

    kind, drawing = K, drawing
    encoding_choices = ("connectivity",)

    def __init__(self, givens, **kw):
        super().__init__(**kw)
        self.givens_grid = [list(row) for row in givens]
        self.rows, self.cols = len(givens), len(givens[0])

    def estimate_clauses(self, m: Model) -> int:
        """2 x 2 blocks, givens, the border and, eager, both colours' connectivity."""
        n = self.rows * self.cols
        ring = 2 * (self.rows + self.cols)
        total = 5 * n + 4 * ring + estimate.at_most(m.card, ring, 2)
        return total + shading.connected_estimate(m, n, 2)

    def build(self, m: Model) -> None:
        s = self.chosen = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        for colour in (1, 0):
            shading.connected(m, s, colour, f"{K}.connected.{'black' if colour else 'white'}")
            shading.no_2x2(m, s, colour, f"{K}.2x2.{'black' if colour else 'white'}")
        shading.ring_changes(m, s, self.rows, self.cols, 2, f"{K}.ring")
        shading.no_checker_2x2(m, s, f"{K}.checker")
        m.projection = list(s.values())

    def givens(self, m: Model) -> list[int]:
        return [self.chosen[r, c] if v == BLACK else -self.chosen[r, c]
                for r, row in enumerate(self.givens_grid) for c, v in enumerate(row) if v]

    def check(self, decoded) -> list[str]:
        return checker.check(decoded["grid"], self.givens_grid)

    def given_grid(self):
        return self.givens_grid
