"""Nurimisaki's clue hooks (:mod:`satgrid.explain.generate`): a circle's
number is a clue; removed, the circle stays ("?": a circle is a rule, a
dead end). The family numbers every circle at ``numbers=100``."""

from __future__ import annotations

from ..clue_grids import UNKNOWN, GridClues


class NurimisakiClues(GridClues):
    hidden = UNKNOWN
