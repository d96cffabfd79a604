"""Araf's clue hooks (:mod:`satgrid.explain.generate`): a number's value is
a clue; removed, the number stays as "?" (its place is a rule: the region
holding it). The family's numbers bound each planted region's size without
fixing it, so a generator first changes numbers (:meth:`ArafClues.nearby`:
one number's value, or one number moved to a free cell) until the regions
are unique, then hides values."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..clue_grids import UNKNOWN, GridClues


class ArafClues(GridClues):
    hidden = UNKNOWN
    generate_size = 5

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one number's value changed (0 up to the cells'
        count) or one number moved to a cell without one."""
        spots = [(r, c) for r, row in enumerate(self.clues) for c, v in enumerate(row)
                 if v is not None]
        free = [(r, c) for r, row in enumerate(self.clues) for c, v in enumerate(row)
                if v is None]
        top = min(self.rows * self.cols, 2 + max((v for row in self.clues for v in row
                                                  if isinstance(v, int) and v >= 0), default=0))
        changes = [(u, u, v) for u in spots for v in range(top + 1)
                   if v != self.clues[u[0]][u[1]]]
        changes += [(u, w, self.clues[u[0]][u[1]]) for u in spots for w in free]
        rng.shuffle(changes)
        for (r, c), (y, x), v in changes:
            grid = [list(row) for row in self.clues]
            grid[r][c] = None
            grid[y][x] = v
            yield self.copy_with(grid)
