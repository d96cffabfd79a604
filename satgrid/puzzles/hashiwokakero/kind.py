"""``hashiwokakero`` (Bridges): connect the islands with bridges (rules:
``format.md``; a ``?`` island needs a bridge, as the genre and cspuz have it,
though pzprjs's checker passes one no line touches; a 0 stays apart). Model:
:mod:`satgrid.rules.bridges`, groups ``hashiwokakero.*``; decoded: ``{"grid":
rows of east + 4 * south}``, the bridges east and south of each cell."""

from __future__ import annotations

from ...modelling.model import Model, Solution
from ...rules import bridges
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import HashiwokakeroClues


K = "hashiwokakero"


@register
class Hashiwokakero(HashiwokakeroClues, Puzzle):
    """A Hashiwokakero: ``clues`` rows of None, a number or -2 ("?")."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(self.clues), len(self.clues[0])
        self._bridges = None

    def estimate_clauses(self, m: Model) -> int:
        """:func:`satgrid.rules.bridges.estimate_clauses` of the islands."""
        return bridges.estimate_clauses(m, self.rows, self.cols, {
            (r, c): (v if v >= 0 else None) for r, row in enumerate(self.clues)
            for c, v in enumerate(row) if v is not None})

    def build(self, m: Model) -> None:
        islands = [(r, c) for r, row in enumerate(self.clues) for c, v in enumerate(row)
                   if v is not None]
        br = bridges.layout(m, self.rows, self.cols, islands, f"{K}.count")
        bridges.no_crossing(m, br, f"{K}.crossing")
        for r, c in islands:
            if self.clues[r][c] >= 0:
                bridges.degree(m, br, (r, c), self.clues[r][c], f"{K}.degree")
            else:
                bridges.touched(m, br, (r, c), f"{K}.touched")
        bridges.connected(m, br, f"{K}.connected")
        bridges.some(m, br, f"{K}.some")
        self._bridges = br
        m.projection = [x for p in br.pairs for x in (p.one, p.two)]

    def decode(self, sol: Solution) -> dict:
        grid = [[0] * self.cols for _ in range(self.rows)]
        for p in self._bridges.pairs:
            n, flat = p.count(sol), p.a[0] == p.b[0]
            for r, c in [p.a] + p.between:
                grid[r][c] += n if flat else 4 * n
        return {"grid": grid}

    def check(self, decoded: dict) -> list[str]:
        return checker.check(decoded["grid"], self.clues)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)
