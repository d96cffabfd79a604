"""Independent checker for ``suguru``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``: a number in every cell of a room,
0 in an empty cell (room None). Rules: a room of n cells holds 1..n, each
once; no two touching cells (side by side or diagonally) hold the same
number; a given number (>= 0) stays.

Example:
    >>> rooms = [[0, 0], [1, 1]]
    >>> check([[1, 2], [2, 1]], rooms, [[None, None], [None, None]])
    ['(0, 0) and (1, 1) touch and both hold 1', '(0, 1) and (1, 0) touch and both hold 2']
    >>> check([[1, 2]], [[0, 0]], [[None, 2]])
    []
"""

from __future__ import annotations

from ..referee import int_grid_problems, room_numbers_problems


def check(grid, rooms, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the puzzle)."""
    h, w = len(rooms), len(rooms[0])
    problems = int_grid_problems(grid, h, w)
    if problems:
        return problems
    problems = room_numbers_problems(grid, rooms, clues)
    for r in range(h):
        for c in range(w):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                y, x = r + dr, c + dc
                if 0 <= y < h and 0 <= x < w and grid[r][c] > 0 and grid[y][x] == grid[r][c]:
                    problems.append(f"({r}, {c}) and ({y}, {x}) touch and both hold {grid[r][c]}")
    return problems
