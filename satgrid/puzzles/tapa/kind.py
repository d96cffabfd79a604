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

from ...modelling.model import Model
from ...rules import counts, shading
from ..base import Puzzle, given_cells, register
from . import check as checker, drawing
from .clues import TapaClues


K = "tapa"


@register
class Tapa(TapaClues, Puzzle):
    """``clues``: rows of None (no clue) or a list of ints and None ("?")."""

    kind, drawing = K, drawing
    encoding_choices = ("connectivity",)

    def __init__(self, clues, **kw):
        super().__init__(**kw)
        self.clues = [[None if v is None else list(v) for v in row] for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])

    def estimate_clauses(self, m: Model) -> int:
        """Per clue at most 8 x 2^8 ring clauses; 2x2 blocks; eager connectivity."""
        n = self.rows * self.cols
        total = n + 1 + sum(8 * 256 + 256 for row in self.clues for v in row if v is not None)
        return total + shading.connected_estimate(m, n)

    def build(self, m: Model) -> None:
        s = self.chosen = shading.grid(m, self.rows, self.cols, f"{K}.cell")
        clue_cells = set(given_cells(self.clues))
        shading.fixed(m, s, {v: 0 for v in sorted(clue_cells)}, f"{K}.given")
        shading.some(m, s, group=f"{K}.some")
        shading.no_2x2(m, s, group=f"{K}.2x2")
        for r, c in sorted(clue_cells):
            ring = [None if v is None or v in clue_cells else s[v]
                    for v in counts.ring((r, c), self.rows, self.cols)]
            counts.ring_runs(m, ring, self.clues[r][c], group=f"{K}.ring")
        shading.connected(m, s, group=f"{K}.connected")
        m.projection = list(s.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)
