"""Light Up's clue hooks (:mod:`satgrid.explain.generate`): a wall's number
is a clue; removed, the wall stays (a wall is a rule: it stops the light)."""

from __future__ import annotations

from typing import Any

from ..clue_grids import GridClues

WALL = -2          # a wall without a number (as .kind.WALL)


class LightUpClues(GridClues):
    hidden = WALL

    def clue_token(self, value) -> str:
        return "." if value is None else "#" if value == WALL else str(value)

    def from_solution(self, decoded: dict[str, Any]):
        """Every wall numbered with the lights beside it."""
        g = decoded["grid"]
        def near(r, c):
            return sum(g[y][x] for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= y < self.rows and 0 <= x < self.cols)
        return self.copy_with([[None if v is None else near(r, c) for c, v in enumerate(row)]
                               for r, row in enumerate(self.clues)])
