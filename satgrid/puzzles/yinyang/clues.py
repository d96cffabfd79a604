"""Yin-Yang's clue hooks (:mod:`satgrid.explain.generate`): a given circle
(white or black) is a clue, removed whole. The family gives every cell's
circle at ``shown=100``."""

from __future__ import annotations

from ..clue_grids import GridClues

CIRCLE = {0: ".", 1: "W", 2: "B"}


class YinYangClues(GridClues):
    clue_key = "circles"
    hidden = 0

    def clue_grid(self) -> list[list]:
        return self.givens_grid

    def removable(self, value) -> bool:
        return value != 0

    def clue_token(self, value) -> str:
        return CIRCLE[value]
