"""Independent checker for ``hitori``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded, 0 = unshaded. Rules:
no number appears twice unshaded in a row or a column; no two shaded cells
are orthogonally adjacent; the unshaded cells form one connected group.

Example:
    >>> numbers = [[1, 1], [2, 1]]
    >>> check([[1, 0], [0, 1]], numbers)
    ['unshaded cells form 2 groups, expected one']
    >>> check([[0, 1], [0, 0]], numbers)
    []
"""

from __future__ import annotations

from ..referee import connected_groups, shading_shape_problems


def check(grid, numbers) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``numbers``)."""
    h, w = len(numbers), len(numbers[0])
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    line_sets = ([("row", r, [(r, c) for c in range(w)]) for r in range(h)]
                 + [("column", c, [(r, c) for r in range(h)]) for c in range(w)])
    for what, i, cells in line_sets:
        seen = {}
        for r, c in cells:
            if grid[r][c] == 0:
                v = numbers[r][c]
                if v in seen:
                    problems.append(f"{what} {i}: {v} unshaded twice")
                    break
                seen[v] = (r, c)
    for r in range(h):
        for c in range(w):
            if grid[r][c] and ((r + 1 < h and grid[r + 1][c]) or (c + 1 < w and grid[r][c + 1])):
                problems.append(f"shaded cells touch at ({r}, {c})")
    groups = connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c] == 0)
    if len(groups) != 1:
        problems.append(f"unshaded cells form {len(groups)} groups, expected one")
    return problems
