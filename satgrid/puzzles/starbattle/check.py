"""Independent checker for ``starbattle``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = a star, 0 = none. Rules: every
row, column and region holds exactly ``stars`` stars (a region: the cells
of one label joined side by side), and no two stars touch, not even
diagonally.

Example:
    >>> regions = [["a", "a", "b", "b"]] * 2 + [["c", "c", "d", "d"]] * 2
    >>> check([[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 1, 0]], 1, regions)
    []
    >>> check([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], 1, regions)[:2]
    ['stars touch at (0, 0) and (1, 1)', 'stars touch at (1, 1) and (2, 2)']
"""

from __future__ import annotations

from ..referee import connected_groups


def check(grid, stars: int, regions) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the puzzle)."""
    h, w = len(regions), len(regions[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (no star) or 1 (a star) in every cell"]
    problems = []
    for r in range(h):
        for c in range(w):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                y, x = r + dr, c + dc
                if grid[r][c] and 0 <= y < h and 0 <= x < w and grid[y][x]:
                    problems.append(f"stars touch at ({r}, {c}) and ({y}, {x})")
    for r in range(h):
        if sum(grid[r]) != stars:
            problems.append(f"row {r}: {sum(grid[r])} stars, expected {stars}")
    for c in range(w):
        n = sum(grid[r][c] for r in range(h))
        if n != stars:
            problems.append(f"column {c}: {n} stars, expected {stars}")
    labels = {}
    for r in range(h):
        for c in range(w):
            labels.setdefault(regions[r][c], []).append((r, c))
    for cells in labels.values():
        for group in connected_groups(cells):
            n = sum(grid[r][c] for r, c in group)
            if n != stars:
                problems.append(f"region at {min(group)}: {n} stars, expected {stars}")
    return problems
