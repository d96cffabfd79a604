"""Independent checker for ``killersudoku``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of digits. Rules: every row,
column and box (``box`` = (height, width)) holds 1..n once each; the digits
of each cage ``(cells, sum)`` do not repeat and, when the sum is not None,
add up to it; a given digit (``givens``, 0: none) stays.

Example:
    >>> cages = [([(0, 0), (0, 1)], 3), ([(1, 0), (1, 1)], None)]
    >>> check([[1, 2], [2, 1]], (1, 2), cages, [[0, 0], [0, 0]])
    []
    >>> check([[2, 1], [1, 2]], (1, 2), [([(0, 0), (1, 0)], 4)], [[0, 0], [0, 0]])
    ['cage at (0, 0): sum 3, expected 4']
"""

from __future__ import annotations


def check(grid, box, cages, givens) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the puzzle)."""
    n = len(givens)
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"grid: expected {n} x {n}"]
    if any(type(v) is not int or not 1 <= v <= n for row in grid for v in row):
        return [f"grid: expected a digit 1..{n} in every cell"]
    problems = []
    bh, bw = box
    units = [("row", i, [(i, c) for c in range(n)]) for i in range(n)]
    units += [("column", i, [(r, i) for r in range(n)]) for i in range(n)]
    units += [("box", (i, j), [(r, c) for r in range(i, i + bh) for c in range(j, j + bw)])
              for i in range(0, n, bh) for j in range(0, n, bw)]
    for what, i, cells in units:
        values = sorted(grid[r][c] for r, c in cells)
        if values != list(range(1, n + 1)):
            problems.append(f"{what} {i}: holds {values}, not 1..{n}")
    for cells, total in cages:
        values = [grid[r][c] for r, c in cells]
        first = min(cells)
        if len(set(values)) != len(values):
            problems.append(f"cage at {first}: a digit repeats in {values}")
        if total is not None and sum(values) != total:
            problems.append(f"cage at {first}: sum {sum(values)}, expected {total}")
    for r in range(n):
        for c in range(n):
            if givens[r][c] and grid[r][c] != givens[r][c]:
                problems.append(f"({r}, {c}): given {givens[r][c]}, found {grid[r][c]}")
    return problems
