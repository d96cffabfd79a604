"""The clue hooks of Ripple Effect and Suguru (:mod:`satgrid.explain.generate`):
a given number is a clue, removed whole; the rooms are the puzzle and stay
(written as a ``rooms`` label grid, ``#`` a cell outside every room)."""

from __future__ import annotations

from ..clue_grids import GridClues, token_text


class RippleEffectClues(GridClues):
    def copy_with(self, grid):
        return type(self)(self.rooms, grid, borders=self.borders, file=self.file,
                          title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "rooms": token_text(
                    [["#" if k is None else str(k) for k in row] for row in self.rooms]),
                "clues": super().toml_table()["clues"]}
