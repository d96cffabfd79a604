"""Shakashaka's clue hooks (:mod:`satgrid.explain.generate`): a black
cell's number is a clue; removed, the black cell stays (``#``: it is a
rule). The family numbers every black cell at ``numbers=100``."""

from __future__ import annotations

from ..clue_grids import GridClues

BLACK = -1         # a black cell without a number (as the kind stores it)


class ShakashakaClues(GridClues):
    hidden = BLACK

    def clue_token(self, value) -> str:
        return "." if value is None else "#" if value == BLACK else str(value)
