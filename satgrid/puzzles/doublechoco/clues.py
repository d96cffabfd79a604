"""Double Choco's clue hooks (:mod:`satgrid.explain.generate`): a number is
a clue, removed whole; the grey cells are the puzzle and stay. The family
numbers every block at ``shown=100``."""

from __future__ import annotations

from ..clue_grids import GridClues, token_text


class DoubleChocoClues(GridClues):
    clue_key = "numbers"

    def copy_with(self, grid):
        return type(self)(self.grey, grid, file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind,
                "grey": token_text([["#" if g else "." for g in row] for row in self.grey]),
                "numbers": super().toml_table()["numbers"]}
