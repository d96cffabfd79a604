"""Independent checker for ``rippleeffect``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``: a number in every cell of a room,
0 in an empty cell (room None). Rules: a room of n cells holds 1..n, each
once; two equal numbers k in a row or column are more than k cells apart
(empty cells count in the distance); a given number (>= 0) stays.

Example:
    >>> rooms = [[0, 0, 1]]
    >>> check([[1, 2, 1]], rooms, [[None, None, None]])
    []
    >>> check([[2, 1, 1]], rooms, [[None, None, None]])
    ['row 0: 1 at columns 1 and 2, 1 apart']
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
    for what, n, m, at in (("row", h, w, lambda i, j: grid[i][j]),
                           ("column", w, h, lambda i, j: grid[j][i])):
        for i in range(n):
            for a in range(m):
                for b in range(a + 1, m):
                    v = at(i, a)
                    if v > 0 and at(i, b) == v and b - a <= v:
                        problems.append(f"{what} {i}: {v} at {'columns' if what == 'row' else 'rows'}"
                                        f" {a} and {b}, {b - a} apart")
    return problems
