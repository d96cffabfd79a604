"""Norinori's generator hooks (:mod:`satgrid.explain.generate`): the rooms
are the puzzle, so there is no clue to remove; a generator starts from the
family's rooms grown around planted dominoes and moves cells between rooms
(:meth:`NorinoriClues.nearby`) until the shading is unique."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..clue_grids import label_text, moved_rooms
from ..rooms import borders_of


class NorinoriClues:
    generate_size, mend_steps = 6, 30
    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one cell moved into a room beside it."""
        for rooms in moved_rooms(self.rooms, rng):
            yield type(self)(*borders_of(rooms), file=self.file, title=self.title,
                             source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "rooms": label_text(self.rooms)}
