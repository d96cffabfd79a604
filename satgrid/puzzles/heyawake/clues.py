"""Heyawake's clue hooks (:mod:`satgrid.explain.generate`): a room's number
is a clue, removed whole. The family numbers every room at ``shown=100``,
but its random rectangles seldom fix the shading, so a generator first cuts
rooms in two (:meth:`HeyawakeClues.nearby`, each new room numbered with the
answer's count) until the answer is unique, then removes numbers."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..clue_grids import RoomClues, counted_rooms, split_rooms


class HeyawakeClues(RoomClues):
    generate_size = 6

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one room cut in two, every room numbered."""
        for rooms in split_rooms(self.rooms, rng):
            vert, hori, numbers = counted_rooms(rooms, solution["grid"])
            yield type(self)(vert, hori, numbers, file=self.file, title=self.title,
                             source=self.source)
