"""``tapa``: shade cells around the clues, one connected wall without 2x2 blocks.

Rules (pzprjs ``tapa``): shade at least one cell, never a clue cell; each
clue lists the blocks of shaded cells around it, in any order (``?`` any
length; a lone ``0`` or ``?`` is also met by none); no 2x2 block all
shaded; the shaded cells connected.

Model (groups ``tapa.*``): :mod:`satgrid.rules.shading` (``cell``, clue
cells unshaded ``given``, ``some``, ``2x2``, ``connected``) and each clue by
:func:`satgrid.rules.counts.ring_runs` (``ring``).
"""

from __future__ import annotations

from typing import Any

from ...modelling.connectivity import eager_size
from ...modelling.model import Model, Solution
from ...rules import counts, shading
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import TapaClues

K = "tapa"


@register
class Tapa(TapaClues, Puzzle):
    """``clues``: rows of None (no clue) or a list of ints and None ("?")."""

    kind = K
    encoding_choices = ("connectivity",)

    def __init__(self, clues, *, solution=None, **kw):
        super().__init__(**kw)
        self.clues = [[None if v is None else list(v) for v in row] for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self._solution, self._shaded = solution, {}

    def estimate_clauses(self, m: Model) -> int:
        """Per clue at most 8 x 2^8 ring clauses; 2x2 blocks; eager connectivity."""
        n = self.rows * self.cols
        total = n + 1 + sum(8 * 256 + 256 for row in self.clues for v in row if v is not None)
        if m.connectivity == "eager" and n > 1:
            total += eager_size(n, 0, n - 1, 0, method="layers")[1]
        return total

    def build(self, m: Model) -> None:
        s = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        clue_cells = {(r, c) for r, row in enumerate(self.clues)
                      for c, v in enumerate(row) if v is not None}
        shading.fixed(m, s, {v: 0 for v in sorted(clue_cells)}, f"{K}.given")
        shading.some(m, s, group=f"{K}.some")
        shading.no_2x2(m, s, group=f"{K}.2x2")
        for r, c in sorted(clue_cells):
            ring = [None if v is None or v in clue_cells else s[v]
                    for v in counts.ring((r, c), self.rows, self.cols)]
            counts.ring_runs(m, ring, self.clues[r][c], group=f"{K}.ring")
        shading.connected(m, s, group=f"{K}.connected")
        self._shaded = s
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
