"""Independent checker for ``tents``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = a tent, 0 = none; ``trees``
rows of 0/1; ``columns`` and ``rows`` the numbers outside the grid (None or
a negative value: no number). Rules as pzprjs checks them: no tent on a
tree; no two tents touch, diagonally either; in every camp (a group of trees
and tents joined side by side, tree to tent) as many tents as trees; the
numbers count the tents of their row or column.

Example:
    >>> check([[1, 0]], [[0, 1]], [None, None], [1])
    []
    >>> check([[0, 1]], [[1, 0]], [None, None], [2])
    ['row 0: 1 tents, expected 2']
    >>> check([[1, 0], [0, 0]], [[0, 1], [1, 0]], [None] * 2, [None] * 2)
    ['a camp at (0, 0) holds 1 tents and 2 trees']
    >>> check([[1, 0, 0]], [[0, 1, 1]], [None] * 3, [None])     # trees join only through tents
    ['a camp at (0, 2) holds 0 tents and 1 trees']
"""

from __future__ import annotations


def check(grid, trees, columns, rows) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the puzzle)."""
    h, w = len(trees), len(trees[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (no tent) or 1 (a tent) in every cell"]
    problems = []
    for r in range(h):
        for c in range(w):
            if grid[r][c] and trees[r][c]:
                problems.append(f"a tent on the tree at ({r}, {c})")
            for y, x in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if grid[r][c] and 0 <= y < h and 0 <= x < w and grid[y][x]:
                    problems.append(f"the tents at ({r}, {c}) and ({y}, {x}) touch")
    seen = set()
    for start in [(r, c) for r in range(h) for c in range(w) if trees[r][c] or grid[r][c]]:
        if start in seen:
            continue
        camp, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (0 <= y < h and 0 <= x < w and (y, x) not in camp
                        and (trees[r][c] and grid[y][x] or grid[r][c] and trees[y][x])):
                    camp.add((y, x))
                    todo.append((y, x))
        seen |= camp
        n_tree = sum(trees[r][c] for r, c in camp)
        n_tent = sum(grid[r][c] for r, c in camp)
        if n_tree != n_tent:
            problems.append(f"a camp at {min(camp)} holds {n_tent} tents and {n_tree} trees")
    for what, counts, lines in (("row", rows, [[(r, c) for c in range(w)] for r in range(h)]),
                                ("column", columns, [[(r, c) for r in range(h)] for c in range(w)])):
        for i, k in enumerate(counts):
            n = sum(grid[r][c] for r, c in lines[i])
            if k is not None and k >= 0 and n != k:
                problems.append(f"{what} {i}: {n} tents, expected {k}")
    return problems
