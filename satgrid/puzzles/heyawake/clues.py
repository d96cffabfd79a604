"""Heyawake's clue hooks (:mod:`satgrid.explain.generate`): a room's number
is a clue, removed whole. The family numbers every room at ``shown=100``."""

from __future__ import annotations

from ..clue_grids import RoomClues


class HeyawakeClues(RoomClues):
    pass
