"""Independent checker for ``nurikabe``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded (stream), 0 = white
(island). The rules, checked from their definition: every clue cell is
white; the white cells form islands (orthogonally connected groups), each
holding exactly one clue whose number is the island's size; the shaded
cells form one connected group; no 2x2 square is all shaded.

Example:
    >>> clues = [[2, 0], [0, 0]]
    >>> check([[0, 0], [1, 1]], clues)
    []
    >>> check([[0, 1], [1, 1]], clues)
    ['island at (0, 0) has 1 cells, its clue says 2']
"""

from __future__ import annotations

from ..referee import connected_groups, squares_2x2


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it is a solution of ``clues``)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (white) or 1 (shaded) in every cell"]
    problems = []
    white = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == 0]
    shaded = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == 1]
    for r, c in shaded:
        if clues[r][c]:
            problems.append(f"clue {clues[r][c]} at ({r}, {c}) is shaded")
    for island in connected_groups(white):
        numbers = [(cell, clues[cell[0]][cell[1]]) for cell in sorted(island)
                   if clues[cell[0]][cell[1]]]
        first = min(island)
        if len(numbers) != 1:
            problems.append(f"island at {first} holds {len(numbers)} clues, expected 1")
        elif numbers[0][1] != len(island):
            problems.append(f"island at {first} has {len(island)} cells, "
                            f"its clue says {numbers[0][1]}")
    groups = connected_groups(shaded)
    if len(groups) > 1:
        problems.append(f"shaded cells form {len(groups)} groups, expected one")
    for sq in squares_2x2(h, w):
        if all(grid[r][c] for r, c in sq):
            problems.append(f"2x2 square at {sq[0]} is all shaded")
    return problems
