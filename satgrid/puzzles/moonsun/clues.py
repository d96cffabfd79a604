"""Moon or Sun's clue hooks (:mod:`satgrid.explain.generate`): a mark (a
moon or a sun) is a clue, removed whole. The family marks every cell of the
loop at ``mark=100``."""

from __future__ import annotations

from ..clue_grids import GridClues, label_text


class MoonSunClues(GridClues):
    clue_key = "marks"
    hidden = "."

    def clue_token(self, value) -> str:
        return value

    def copy_with(self, grid):
        return type(self)(self.vert, self.hori, grid, file=self.file, title=self.title,
                          source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "rooms": label_text(self.rooms),
                "marks": super().toml_table()["marks"]}
