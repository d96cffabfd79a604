"""Country Road's clue hooks (:mod:`satgrid.explain.generate`): a room's
number is a clue, removed whole; the ``empty`` variant is kept and written.
The family numbers every room at ``clue=100``."""

from __future__ import annotations

from ..clue_grids import RoomClues


class CountryRoadClues(RoomClues):
    def copy_with(self, numbers):
        return type(self)(self.vert, self.hori, numbers, empty=self.empty, file=self.file,
                          title=self.title, source=self.source)

    def toml_table(self) -> dict:
        table = super().toml_table()
        if self.empty:
            table["empty"] = True
        return table
