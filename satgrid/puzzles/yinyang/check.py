"""Independent referee for ``yinyang``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = black, 0 = white; ``givens``
rows of 0 (none), 1 (a white circle), 2 (a black circle). Rules: every given
keeps its colour; the black cells are one connected group, so are the white
cells; no 2 x 2 block of one colour.

Example:
    >>> check([[1, 1], [0, 0]], [[2, 0], [0, 1]])
    []
    >>> check([[1, 0], [0, 1]], [[0, 0], [0, 0]])
    ['black cells form 2 groups, expected one', 'white cells form 2 groups, expected one']
"""

from __future__ import annotations

from ..referee import connected_groups


def check(grid, givens) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``givens``)."""
    h, w = len(givens), len(givens[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (white) or 1 (black) in every cell"]
    problems = []
    for r in range(h):
        for c in range(w):
            if givens[r][c] and grid[r][c] != givens[r][c] - 1:
                problems.append(f"cell ({r}, {c}) is given {'black' if givens[r][c] == 2 else 'white'}")
    for colour, name in ((1, "black"), (0, "white")):
        groups = connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c] == colour)
        if len(groups) > 1:
            problems.append(f"{name} cells form {len(groups)} groups, expected one")
    for r in range(h - 1):
        for c in range(w - 1):
            block = {grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1]}
            if len(block) == 1:
                problems.append(f"2x2 block of {'black' if block == {1} else 'white'} at ({r}, {c})")
    return problems
