"""Star Battle's generator hooks (:mod:`satgrid.explain.generate`): the
regions are the puzzle, so there is no clue to remove; a generator starts
from the family's regions grown around planted stars and moves cells
between regions (:meth:`StarBattleClues.nearby`) until the stars are unique."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..clue_grids import label_text, moved_rooms
from ..rooms import rooms_from_labels


class StarBattleClues:
    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one cell moved into a region beside it."""
        for rooms in moved_rooms(rooms_from_labels(self.regions), rng):
            yield type(self)(self.stars, [[str(v) for v in row] for row in rooms],
                             file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "stars": self.stars,
                "regions": label_text(rooms_from_labels(self.regions))}
