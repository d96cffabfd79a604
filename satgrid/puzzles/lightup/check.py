"""Independent checker for ``lightup`` (Akari): plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = a light, 0 = none. The clues
are rows of None (an empty cell), -2 (a black wall without a number) or 0..4
(a wall with a number). Rules (as pzprjs checks them): lights only on empty
cells; no light shines on another (a light sees along its row and column up
to a wall or the edge); every empty cell is lit (it holds a light or sees
one); a numbered wall has that many lights among its four neighbours.

Example:
    >>> clues = [[None, None], [None, 1]]
    >>> check([[0, 1], [1, 0]], clues)
    ['the wall at (1, 1) touches 2 lights, expected 1']
    >>> check([[1, 0], [0, 0]], clues)
    ['the wall at (1, 1) touches 0 lights, expected 1']
    >>> check([[0, 1], [0, 0]], clues)
    ['(1, 0) is not lit']
    >>> check([[0, 0], [1, 0]], [[None, None], [None, -2]])
    ['(0, 1) is not lit']
    >>> check([[0, 1], [1, 0]], [[None, None], [None, -2]])
    []
"""

from __future__ import annotations


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (no light) or 1 (a light) in every cell"]
    problems = []
    wall = [[clues[r][c] is not None for c in range(w)] for r in range(h)]
    for r in range(h):
        for c in range(w):
            if wall[r][c] and grid[r][c]:
                problems.append(f"a light on the wall at ({r}, {c})")
    lit = [[False] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if not grid[r][c] or wall[r][c]:
                continue
            lit[r][c] = True
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                y, x = r + dr, c + dc
                while 0 <= y < h and 0 <= x < w and not wall[y][x]:
                    lit[y][x] = True
                    if grid[y][x] and (y, x) > (r, c):
                        problems.append(f"the lights at ({r}, {c}) and ({y}, {x}) see each other")
                    y, x = y + dr, x + dc
    for r in range(h):
        for c in range(w):
            k = clues[r][c]
            if k is not None and k >= 0:
                n = sum(grid[y][x] for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                        if 0 <= y < h and 0 <= x < w)
                if n != k:
                    problems.append(f"the wall at ({r}, {c}) touches {n} lights, expected {k}")
    problems += [f"({r}, {c}) is not lit" for r in range(h) for c in range(w)
                 if not wall[r][c] and not lit[r][c]]
    return problems
