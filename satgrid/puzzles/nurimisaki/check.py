"""Independent checker for ``nurimisaki``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded, 0 = unshaded; the
clues are rows of None (no circle), -2 (a circle without a number) or a
number. Rules (as pzprjs checks them): at least one cell is shaded; circles
are unshaded; no 2x2 block is all shaded or all unshaded; the unshaded cells
are connected; a circle has exactly one unshaded neighbour (a cape) and an
unshaded cell without a circle does not; a number equals the count of cells
its circle sees along its row and column up to a shaded cell or the edge,
itself included.

Example:
    >>> clues = [[2, None], [None, None]]
    >>> check([[0, 0], [1, 0]], clues)
    ['(1, 1) is a cape without a circle']
    >>> check([[0, 1], [0, 1]], [[None, None], [2, None]])
    ['(0, 0) is a cape without a circle']
    >>> check([[0, 1], [1, 1]], [[1, None], [None, None]])
    ['(0, 0) has 0 unshaded neighbours, a circle has one']
"""

from __future__ import annotations

from ..referee import shading_shape_problems, split_colour, squares_2x2


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    if not any(map(any, grid)):
        problems.append("no shaded cell")
    for block in squares_2x2(h, w):
        colours = {grid[r][c] for r, c in block}
        if len(colours) == 1:
            problems.append(f"2x2 {'shaded' if colours == {1} else 'unshaded'} at {block[0]}")
    problems += split_colour(grid, 0)
    for r in range(h):
        for c in range(w):
            k = clues[r][c]
            if grid[r][c]:
                if k is not None:
                    problems.append(f"the circle at ({r}, {c}) is shaded")
                continue
            near = sum(1 for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= y < h and 0 <= x < w and grid[y][x] == 0)
            if k is None:
                if near == 1:
                    problems.append(f"({r}, {c}) is a cape without a circle")
                continue
            if near != 1:
                problems.append(f"({r}, {c}) has {near} unshaded neighbours, a circle has one")
            if k >= 0:
                n = 1
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    y, x = r + dr, c + dc
                    while 0 <= y < h and 0 <= x < w and not grid[y][x]:
                        n, y, x = n + 1, y + dr, x + dc
                if n != k:
                    problems.append(f"({r}, {c}) sees {n} cells, expected {k}")
    return problems
