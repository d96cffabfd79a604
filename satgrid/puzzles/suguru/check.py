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


def check(grid, rooms, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the puzzle)."""
    h, w = len(rooms), len(rooms[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int for row in grid for v in row):
        return ["grid: expected an int in every cell"]
    problems = []
    members: dict = {}
    for r in range(h):
        for c in range(w):
            if rooms[r][c] is None:
                if grid[r][c] != 0:
                    problems.append(f"({r}, {c}): an empty cell holds {grid[r][c]}")
                continue
            members.setdefault(rooms[r][c], []).append(grid[r][c])
            if clues[r][c] is not None and clues[r][c] >= 0 and grid[r][c] != clues[r][c]:
                problems.append(f"({r}, {c}): given {clues[r][c]}, found {grid[r][c]}")
    for room, values in members.items():
        if sorted(values) != list(range(1, len(values) + 1)):
            problems.append(f"room {room}: holds {sorted(values)}, not 1..{len(values)}")
    for r in range(h):
        for c in range(w):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                y, x = r + dr, c + dc
                if 0 <= y < h and 0 <= x < w and grid[r][c] > 0 and grid[y][x] == grid[r][c]:
                    problems.append(f"({r}, {c}) and ({y}, {x}) touch and both hold {grid[r][c]}")
    return problems
