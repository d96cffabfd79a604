"""Yajilin's clue hooks (:mod:`satgrid.explain.generate`): an arrow's number
is a clue; removed, the clue cell and its arrow stay with "?" (a clue cell
is a rule: the loop avoids it)."""

from __future__ import annotations

from ..clue_grids import UNKNOWN, GridClues


class YajilinClues(GridClues):
    def removable(self, value) -> bool:
        return value is not None and value[1] >= 0

    def hide(self, value):
        return (value[0], UNKNOWN)

    def clue_token(self, value) -> str:
        if value is None:
            return "."
        arrow, n = value
        return "+" if n == -3 else arrow + ("?" if n == UNKNOWN else str(n))

    def copy_with(self, grid):
        return type(self)(grid, outside=self.outside, gray=self.gray, file=self.file,
                          title=self.title, source=self.source)

    def toml_table(self) -> dict:
        table = super().toml_table()
        for key in ("outside", "gray"):
            if getattr(self, key):
                table[key] = True
        return table
