"""Independent checker for ``twenty-four-seven`` solutions (plain Python, no SAT).

The rules (SPEC.md): an n x n grid (n = 7 by default) gets one 1, two 2's, ...,
n n's. Each row and each column holds exactly (n+1)/2 numbers summing to
(n+1)(2n+1)/6 (4 and 20 for n = 7). The numbered cells form one orthogonally
connected group; every 2x2 square has at least one empty cell. Edge clues give
the first number seen looking into a row or column from that side. Some
numbers are given.

Imports only the standard library and :mod:`satgrid.puzzles.referee`.
"""

from __future__ import annotations

from math import prod
from typing import Mapping, Sequence

from ..referee import changed_givens, connected_groups, lines, seen_from, squares_2x2

SIDES = ("top", "bottom", "left", "right")


def line_rules(n: int) -> tuple[int, int]:
    """(numbers per line, line sum) for size n, or raise ValueError if not whole.

    Example:
        >>> line_rules(7), line_rules(5)
        ((4, 20), (3, 11))
    """
    if n < 1 or (n + 1) % 2 or ((n + 1) * (2 * n + 1)) % 6:
        raise ValueError(f"size {n}: (n+1)/2 and (n+1)(2n+1)/6 must be whole numbers")
    return (n + 1) // 2, (n + 1) * (2 * n + 1) // 6


def check(grid: Sequence[Sequence[int]], size: int = 7,
          givens: Sequence[Sequence[int]] | None = None,
          clues: Mapping[str, Sequence[int]] | None = None) -> list[str]:
    """Rules that one solved grid breaks (empty list = valid).

    Args:
        grid: n rows of n numbers, 0 = empty.
        size: n.
        givens: n x n given numbers (0 = none), or None.
        clues: ``{"top": [...], "bottom": [...], "left": [...], "right": [...]}``,
            n entries each, 0 = no clue; missing sides have no clues.

    Returns:
        One message per problem found.
    """
    n = size
    per_line, line_sum = line_rules(n)
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"expected a {n}x{n} grid"]
    problems: list[str] = []
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= n:
                problems.append(f"cell ({r},{c}): {v!r} is not 0..{n}")
    if problems:
        return problems
    for v in range(1, n + 1):
        k = sum(row.count(v) for row in grid)
        if k != v:
            problems.append(f"number {v} appears {k} times, expected {v}")
    for what, i, line in lines(n):
        vals = [grid[r][c] for r, c in line if grid[r][c]]
        if len(vals) != per_line:
            problems.append(f"{what} {i}: {len(vals)} numbers, expected {per_line}")
        if sum(vals) != line_sum:
            problems.append(f"{what} {i}: sum {sum(vals)}, expected {line_sum}")
    for win in squares_2x2(n, n):
        if all(grid[r][c] for r, c in win):
            problems.append(f"2x2 square at {win[0]} is completely filled")
    filled = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
    comps = connected_groups(filled)
    if len(comps) > 1:
        problems.append(f"numbered cells form {len(comps)} groups, expected one")
    problems += [f"cell ({r},{c}): given {g}, found {v}"
                 for r, c, g, v in changed_givens(grid, givens)]
    for side, vals in (clues or {}).items():
        for i, want in enumerate(vals):
            if not want:
                continue
            seen = next((grid[r][c] for r, c in seen_from(side, i, n) if grid[r][c]), 0)
            if seen != want:
                problems.append(f"{side} clue {i}: expected {want} seen first, found {seen}")
    return problems


def answer(grid: Sequence[Sequence[int]]) -> int:
    """Product of the areas of the orthogonally connected groups of empty cells.

    Example:
        >>> answer([[0, 1, 0], [0, 1, 0], [0, 1, 1]])   # groups of 3 and 2
        6
    """
    n = len(grid)
    empty = [(r, c) for r in range(n) for c in range(len(grid[r])) if not grid[r][c]]
    return prod(len(comp) for comp in connected_groups(empty))


def answer_2x2(grids: Sequence[Sequence[Sequence[int]]]) -> int:
    """Add the grids as matrices (empty = 0); the sum of the squares of the entries.

    Example:
        >>> answer_2x2([[[1, 0], [0, 2]], [[0, 3], [0, 2]]])   # 1 + 9 + 0 + 16
        26
    """
    n = len(grids[0])
    return sum(sum(g[r][c] for g in grids) ** 2 for r in range(n) for c in range(n))
