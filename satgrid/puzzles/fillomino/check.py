"""Independent checker for ``fillomino``: plain Python, no SAT.

Rules (Nikoli): write a number in every cell so that the grid divides into
regions (orthogonally connected groups of cells) in which every cell holds
the region's size; two regions of the same size never share a side; the
given numbers stay; a given border separates two regions.

A decoded solution is ``{"grid": rows}``, the number of every cell. The
regions are the connected groups of equal numbers: a group of k cells
holding the number n is right only when n = k (a group larger than its
number is two same-sized regions touching, which the rules forbid).

Example:
    >>> check([[2, 2], [1, 3]], [[2, 0], [0, 0]])
    ['region at (1, 1) has 1 cells, its number is 3']
    >>> check([[2, 2], [1, 2]], [[2, 0], [0, 0]])
    ['region at (0, 0) has 3 cells, its number is 2']
    >>> check([[2, 2], [1, 1]], [[2, 0], [0, 0]])
    ['region at (1, 0) has 2 cells, its number is 1']
    >>> check([[2, 2], [3, 3]], [[0, 0], [0, 0]])
    ['region at (1, 0) has 2 cells, its number is 3']
    >>> check([[3, 3], [1, 3]], [[0, 0], [1, 3]])
    []
    >>> check([[1, 2], [2, 1]], [[0, 0], [0, 0]])
    ['region at (0, 1) has 1 cells, its number is 2', 'region at (1, 0) has 1 cells, its number is 2']
"""

from __future__ import annotations

from ..referee import connected_groups


def check(grid, clues, borders=()) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``, 0 = no
    number; ``borders``: pairs of adjacent cells a given border separates)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v < 1 for row in grid for v in row):
        return ["grid: expected a number >= 1 in every cell"]
    problems = []
    for r in range(h):
        for c in range(w):
            if clues[r][c] and grid[r][c] != clues[r][c]:
                problems.append(f"cell ({r}, {c}): the given {clues[r][c]} became {grid[r][c]}")
    by_number: dict[int, list] = {}
    for r in range(h):
        for c in range(w):
            by_number.setdefault(grid[r][c], []).append((r, c))
    for n, cells in sorted(by_number.items()):
        for group in sorted(connected_groups(cells), key=min):
            if len(group) != n:
                problems.append(f"region at {min(group)} has {len(group)} cells, "
                                f"its number is {n}")
    for a, b in borders:
        if grid[a[0]][a[1]] == grid[b[0]][b[1]]:
            problems.append(f"cells {a} and {b}: one region across a given border")
    return problems
