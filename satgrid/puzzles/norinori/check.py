"""Independent referee for ``norinori``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. The rooms are the
areas the borders cut the grid into (``vert[r][c]`` = 1: a border right of
cell (r, c); ``hori[r][c]``: below it). Rules:
every room holds exactly two shaded cells; every shaded cell has exactly one
shaded orthogonal neighbour.

Example:
    >>> check([[1, 1], [0, 0]], [[0], [0]], [[0, 0]])
    []
    >>> check([[1, 0], [0, 1]], [[0], [0]], [[0, 0]])
    ['shaded cell (0, 0) has 0 shaded neighbours, expected 1', 'shaded cell (1, 1) has 0 shaded neighbours, expected 1']
"""

from __future__ import annotations

from ..referee import border_room_cells, shading_shape_problems


def check(grid, vert, hori) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the rooms of the borders)."""
    h, w = len(vert), len(vert[0]) + 1
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    for cells in border_room_cells(vert, hori):
        n = sum(grid[r][c] for r, c in cells)
        if n != 2:
            problems.append(f"room at {cells[0]} holds {n} shaded cells, expected 2")
    for r in range(h):
        for c in range(w):
            if grid[r][c]:
                n = sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                        if 0 <= rr < h and 0 <= cc < w and grid[rr][cc])
                if n != 1:
                    problems.append(f"shaded cell ({r}, {c}) has {n} shaded neighbours, expected 1")
    return problems
