"""Aqre's clue hooks (:mod:`satgrid.explain.generate`): a room's number is
a clue, removed whole; the borders variant (flag ``b``) is kept and written."""

from __future__ import annotations

from ..clue_grids import RoomClues


class AqreClues(RoomClues):
    def copy_with(self, numbers):
        return type(self)(self.vert, self.hori, numbers, flags=self.flags, file=self.file,
                          title=self.title, source=self.source)

    def toml_table(self) -> dict:
        table = super().toml_table()
        if "b" in self.flags:
            table["borders"] = True
        return table
