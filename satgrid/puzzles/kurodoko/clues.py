"""Kurodoko's clue hooks (:mod:`satgrid.explain.generate`): a number is a
clue; removed, its cell may be shaded. The family shows every unshaded
cell's number at ``clue=100``."""

from __future__ import annotations

from ..clue_grids import GridClues


class KurodokoClues(GridClues):
    hidden = None
