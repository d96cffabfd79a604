"""Shikaku's clue hooks (:mod:`satgrid.explain.generate`): a number's value is
a clue; removed, the number stays as "?" (its place is a rule: the region
holding it)."""

from __future__ import annotations

from ..clue_grids import UNKNOWN, GridClues


class ShikakuClues(GridClues):
    hidden = UNKNOWN
