"""``tents``: pitch a tent beside every tree.

Rules (as pzprjs checks them): tents go in cells without a tree; trees and
tents pair off one to one, side by side (pzprjs: each group of trees and
tents joined side by side holds as many of each); no two tents touch, even
diagonally; a number outside the grid counts its row's or column's tents.

Model (groups ``tents.*``): ``cell``, ``tent[r,c]`` (the projection);
``touch`` (``shading.no_adjacent``, corners too); ``match``: the trees and
tents paired off (``shading.paired``); ``count``: ``shading.count_in``.
"""

from __future__ import annotations

from typing import Any

from ...modelling import geometry as G
from ...modelling.model import Model
from ...rules import shading
from ..base import Puzzle, register
from . import check as checker, drawing
from .clues import TentsClues


K = "tents"


@register
class Tents(TentsClues, Puzzle):
    """``trees`` rows of 0/1; ``columns``, ``rows_`` numbers (None: none)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card")

    def __init__(self, trees, columns, rows_, **kw):
        super().__init__(**kw)
        self.trees, self.rows, self.cols = [list(r) for r in trees], len(trees), len(trees[0])
        self.columns, self.row_counts = list(columns), list(rows_)

    def build(self, m: Model) -> None:
        h, w = self.rows, self.cols
        trees = [x for x in G.cells(h, w) if self.trees[x[0]][x[1]]]
        t = self.chosen = {x: m.bool(f"tent[{x[0]},{x[1]}]", f"{K}.cell")
                          for x in G.cells(h, w) if not self.trees[x[0]][x[1]]}
        shading.no_adjacent(m, t, f"{K}.touch", diagonal=True)
        shading.paired(m, t, trees, f"{K}.match")
        lines = [(k, G.rows_of(h, w)[r]) for r, k in enumerate(self.row_counts)]
        lines += [(k, G.columns_of(h, w)[c]) for c, k in enumerate(self.columns)]
        for k, line in lines:
            if k is not None and k >= 0:
                shading.count_in(m, t, [x for x in line if x in t], k, group=f"{K}.count")
        m.projection = list(t.values())

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.trees, self.columns, self.row_counts)
