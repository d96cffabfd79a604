"""Pentominous's clue hooks (:mod:`satgrid.explain.generate`): a letter is
a clue, removed whole; blocks (``*``) and "?" stay. A puzzle with given
borders is not written (its TOML lists them, which the writer does not)."""

from __future__ import annotations

from ..clue_grids import GridClues

LETTERS = "FILNPTUVWXYZ"


class PentominousClues(GridClues):
    def removable(self, value) -> bool:
        return value is not None and value in LETTERS

    def clue_token(self, value) -> str:
        return "." if value is None else value

    def copy_with(self, grid):
        return type(self)(grid, borders=self.borders, file=self.file, title=self.title,
                          source=self.source)

    def toml_table(self) -> dict | None:
        return None if self.borders else super().toml_table()
