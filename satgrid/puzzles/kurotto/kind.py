"""``kurotto``: shade cells so that each number counts the shaded cells it touches.

Rules (pzprjs's ``kurotto`` check): clue cells (a number or "?") stay
unshaded; the shaded groups touching a number's cell side by side hold that
many cells in all, each group counted once; at least one cell is shaded.
Model (:mod:`satgrid.rules.shading`): ``shaded[r,c]`` per cell (the
projection), ``fixed`` clues and 0s' neighbours, ``groups_around`` each number,
``some``."""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.model import Model
from ...rules import shading
from ..base import Puzzle, given_cells, register
from . import check as checker
from . import drawing
from .clues import KurottoClues


K = "kurotto"
UNKNOWN = -2          # a "?" clue
NUMBER = lambda v: v is not None and v >= 0      # noqa: E731  (a clue with its number)


@register
class Kurotto(KurottoClues, Puzzle):
    """A Kurotto instance: ``clues`` rows (None none, -2 "?", else the number)."""

    kind, drawing = K, drawing
    encoding_choices = ("card",)

    def __init__(self, clues, **kw):
        super().__init__(**kw)
        self.clues, self.rows, self.cols = [list(r) for r in clues], len(clues), len(clues[0])

    def estimate_clauses(self, m: Model) -> int:
        """Per number k, about ten clauses per cell within reach and layer, and its count."""
        n = self.rows * self.cols
        return n + 1 + sum(10 * k * min(n, 2 * k * (k + 1) + 1)
                           + estimate.exactly(m.amo, m.card, min(n, 2 * k * (k + 1)), min(k, n))
                           for k in given_cells(self.clues, NUMBER).values())

    def build(self, m: Model) -> None:
        s = self.chosen = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        nums = given_cells(self.clues, NUMBER)      # the clues and what a 0 touches stay white
        white = dict.fromkeys([*given_cells(self.clues), *(v for c, k in nums.items() if k == 0
                                                           for v in shading.neighbours(s, c))], 0)
        shading.fixed(m, s, white, f"{K}.clue")
        for cell, k in nums.items():
            shading.groups_around(m, s, cell, k, white, f"{K}.number")
        shading.some(m, s, 1, f"{K}.some")
        m.projection = list(s.values())

    def check(self, decoded) -> list[str]:
        return checker.check(decoded["grid"], [[-1 if v is None else v for v in r] for r in self.clues])

    def cell_texts(self, grid) -> list[list[str]]:
        return drawing.cell_texts(self, grid)
