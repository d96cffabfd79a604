"""Independent checker for ``kurodoko``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded, 0 = unshaded; the
clues are rows of None (no clue), -2 (a clue without its number) or a
number. Rules (as pzprjs checks them): at least one cell is shaded; clue
cells are unshaded; no two shaded cells are side by side; the unshaded cells
are connected; a number equals the count of cells it sees along its row and
column up to a shaded cell or the edge, itself included.

Example:
    >>> clues = [[None, 2], [None, None]]
    >>> check([[1, 0], [0, 0]], clues)
    []
    >>> check([[0, 0], [1, 0]], clues)
    ['(0, 1) sees 3 cells, expected 2']
    >>> check([[0, 0], [0, 0]], [[None, None], [None, None]])
    ['no shaded cell']
"""

from __future__ import annotations

from ..referee import shading_shape_problems, split_colour


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    if not any(map(any, grid)):
        problems.append("no shaded cell")
    for r in range(h):
        for c in range(w):
            if grid[r][c] and clues[r][c] is not None:
                problems.append(f"the clue at ({r}, {c}) is shaded")
            if grid[r][c] and ((r + 1 < h and grid[r + 1][c]) or (c + 1 < w and grid[r][c + 1])):
                problems.append(f"shaded cells touch at ({r}, {c})")
    problems += split_colour(grid, 0)
    for r in range(h):
        for c in range(w):
            k = clues[r][c]
            if k is None or k < 0 or grid[r][c]:
                continue
            n = 1
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                y, x = r + dr, c + dc
                while 0 <= y < h and 0 <= x < w and not grid[y][x]:
                    n, y, x = n + 1, y + dr, x + dc
            if n != k:
                problems.append(f"({r}, {c}) sees {n} cells, expected {k}")
    return problems
