"""Kurotto's clue hooks (:mod:`satgrid.explain.generate`): a numbered circle
is a clue, removed whole (its cell may then be shaded). The family numbers
every unshaded cell at ``shown=100``."""

from __future__ import annotations

from ..clue_grids import GridClues


class KurottoClues(GridClues):
    hidden = None
