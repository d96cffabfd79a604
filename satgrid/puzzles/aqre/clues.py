"""Aqre's clue hooks (:mod:`satgrid.explain.generate`): a room's number is
a clue, removed whole; the borders variant (flag ``b``) is kept and written.
A generator first cuts rooms in two (:meth:`AqreClues.nearby`) until the
answer is unique, then removes numbers."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..clue_grids import RoomClues, counted_rooms, split_rooms


class AqreClues(RoomClues):
    generate_size = 6

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one room cut in two, every room numbered (the
        family's random rectangles seldom fix the shading, however numbered)."""
        for rooms in split_rooms(self.rooms, rng):
            vert, hori, numbers = counted_rooms(rooms, solution["grid"])
            yield type(self)(vert, hori, numbers, flags=self.flags, file=self.file,
                             title=self.title, source=self.source)

    def copy_with(self, numbers):
        return type(self)(self.vert, self.hori, numbers, flags=self.flags, file=self.file,
                          title=self.title, source=self.source)

    def toml_table(self) -> dict:
        table = super().toml_table()
        if "b" in self.flags:
            table["borders"] = True
        return table
