"""Tapa's clue hooks (:mod:`satgrid.explain.generate`): a clue is removed
whole (its cell may then be shaded). The family gives every unshaded cell
its clue at ``clues=100``."""

from __future__ import annotations

from ..clue_grids import GridClues


class TapaClues(GridClues):
    hidden = None

    def clue_token(self, value) -> str:
        return "." if value is None else ",".join("?" if v is None else str(v) for v in value)
