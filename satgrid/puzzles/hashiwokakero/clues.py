"""Hashiwokakero's clue hooks (:mod:`satgrid.explain.generate`): an
island's number is a clue; removed, the island stays as "?" (an island is
a rule: bridges end there)."""

from __future__ import annotations

from ..clue_grids import UNKNOWN, GridClues


class HashiwokakeroClues(GridClues):
    hidden = UNKNOWN
