"""Double Choco's clue hooks (:mod:`satgrid.explain.generate`): a number is
a clue, removed whole; the grey cells are the puzzle and stay. The family's
two-cell blocks, all numbered 1, never fix a cut, so a generator plants
larger blocks (:meth:`DoubleChocoClues.random_start`: a small polyomino and
its mirror image beside it, one grey and one white, the cells left over
paired into two-cell blocks), writes more numbers
(:meth:`DoubleChocoClues.nearby`: a cell numbered with its half's size in
the answer) until the cut is unique, then removes numbers."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterator

from ...errors import SatgridError
from ..clue_grids import GridClues, token_text

#: the halves planted: polyominoes of one to four cells (one orientation
#: each; turned and mirrored when placed)
HALVES = [((0, 0),), ((0, 0), (0, 1)), ((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (1, 0)),
          ((0, 0), (0, 1), (0, 2), (0, 3)), ((0, 0), (0, 1), (0, 2), (1, 0)),
          ((0, 0), (0, 1), (0, 2), (1, 1)), ((0, 0), (0, 1), (1, 1), (1, 2)),
          ((0, 0), (0, 1), (1, 0), (1, 1))]


def _turned(shape, rng: random.Random) -> list[tuple[int, int]]:
    cells = list(shape)
    for _ in range(rng.randrange(4)):
        cells = [(c, -r) for r, c in cells]
    if rng.randrange(2):
        cells = [(r, -c) for r, c in cells]
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return [(r - r0, c - c0) for r, c in cells]


def _mirror(cells, side: int) -> list[tuple[int, int]]:
    """``cells`` mirrored across the side of their bounding box: 0 right, 1
    left, 2 below, 3 above."""
    rs, cs = [r for r, _ in cells], [c for _, c in cells]
    if side == 0:
        return [(r, 2 * max(cs) + 1 - c) for r, c in cells]
    if side == 1:
        return [(r, 2 * min(cs) - 1 - c) for r, c in cells]
    if side == 2:
        return [(2 * max(rs) + 1 - r, c) for r, c in cells]
    return [(2 * min(rs) - 1 - r, c) for r, c in cells]


def _plant(h: int, w: int, rng: random.Random):
    """(grey, blocks) of random mirrored blocks covering the grid, or None."""
    free = {(r, c) for r in range(h) for c in range(w)}
    grey = [[0] * w for _ in range(h)]
    blocks = []
    for _ in range(30 * h * w):
        if not free:
            break
        r, c = rng.choice(sorted(free))
        half = [(r + y, c + x) for y, x in _turned(rng.choice(HALVES[1:]), rng)]
        other = _mirror(half, rng.randrange(4))
        cells = half + other
        if all(v in free for v in cells):
            free.difference_update(cells)
            colour = rng.randrange(2)
            for y, x in half:
                grey[y][x] = colour
            for y, x in other:
                grey[y][x] = 1 - colour
            blocks.append(cells)
    while free:                                  # the rest in two-cell blocks
        def pairs(v):
            return [u for u in ((v[0] + 1, v[1]), (v[0] - 1, v[1]), (v[0], v[1] + 1),
                                (v[0], v[1] - 1)) if u in free]
        v = min(sorted(free), key=lambda v: len(pairs(v)))
        if not pairs(v):
            return None
        u = rng.choice(pairs(v))
        free.difference_update((u, v))
        grey[v[0]][v[1]] = rng.randrange(2)
        grey[u[0]][u[1]] = 1 - grey[v[0]][v[1]]
        blocks.append([v, u])
    return grey, blocks


class DoubleChocoClues(GridClues):
    clue_key = "numbers"
    generate_size = 6

    @classmethod
    def random_start(cls, size: int, rng: random.Random):
        """A ``size`` x ``size`` grid of planted blocks, each numbered once."""
        if size * size % 2:
            raise SatgridError(f"doublechoco: a {size}x{size} grid has an odd number of "
                               "cells; blocks have an even number")
        for _ in range(200):
            if (planted := _plant(size, size, rng)) is not None:
                grey, blocks = planted
                numbers = [[None] * size for _ in range(size)]
                for cells in blocks:
                    r, c = rng.choice(cells)
                    numbers[r][c] = len(cells) // 2
                return cls(grey, numbers)
        raise SatgridError(f"doublechoco: no blocks planted on a {size}x{size} grid")

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one more number: a cell's half's size in ``solution``."""
        blocks = solution["grid"]
        size = Counter(k for row in blocks for k in row)
        free = [(r, c) for r, row in enumerate(self.numbers) for c, v in enumerate(row)
                if v is None]
        rng.shuffle(free)
        for r, c in free:
            grid = [list(row) for row in self.numbers]
            grid[r][c] = size[blocks[r][c]] // 2
            yield self.copy_with(grid)

    def copy_with(self, grid):
        return type(self)(self.grey, grid, file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind,
                "grey": token_text([["#" if g else "." for g in row] for row in self.grey]),
                "numbers": super().toml_table()["numbers"]}
