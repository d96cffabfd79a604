"""Independent checker for vertex-sum squares (plain Python, no SAT).

Rules (SPEC.md section 1, ``vertex-sums``): an n x n grid holds 1..n^2, each
once; the four cells around each interior vertex that carries a number add up
to it. This module imports only the standard library. Rows, columns and
cells are numbered from 0, as grids are indexed in SPEC.md.

Example:
    >>> check([[4, 2, 9], [8, 3, 7], [5, 6, 1]], [[17, 21], [22, 17]])
    []
    >>> check([[4, 2, 9], [8, 3, 7], [5, 6, 1]], [[17, 25], [0, 0]])
    ['vertex between rows 0-1 and columns 1-2: 2 + 9 + 3 + 7 = 21, expected 25']
"""

from __future__ import annotations

from typing import Sequence

from ..referee import changed_givens


def vertex_cells(r: int, c: int) -> list[tuple[int, int]]:
    """The four cells around interior vertex (r, c): the corner below-right of cell (r, c)."""
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def check(grid: Sequence[Sequence[int]], sums: Sequence[Sequence[int]],
          givens: Sequence[Sequence[int]] | None = None) -> list[str]:
    """Rules that ``grid`` breaks; an empty list means a valid solution.

    Args:
        grid: n rows of n ints.
        sums: (n-1) rows of (n-1) ints, the number on each interior vertex,
            0 (or None) where there is none. Vertex (r, c) is the corner shared
            by cells (r, c), (r, c+1), (r+1, c), (r+1, c+1).
        givens: optional n x n grid of given values (0 = empty).

    Returns:
        Human-readable problems (rows and columns 0-based), in a fixed order.
    """
    n = len(sums) + 1
    if not isinstance(grid, (list, tuple)) or len(grid) != n:
        return [f"expected {n} rows"]
    problems = []
    for r, row in enumerate(grid):
        if not isinstance(row, (list, tuple)) or len(row) != n:
            problems.append(f"row {r}: expected {n} cells")
            continue
        for c, v in enumerate(row):
            if type(v) is not int or not 1 <= v <= n * n:
                problems.append(f"cell ({r},{c}): expected a number 1..{n * n}, found {v!r}")
    if problems:
        return problems
    where: dict[int, list[tuple[int, int]]] = {}
    for r in range(n):
        for c in range(n):
            where.setdefault(grid[r][c], []).append((r, c))
    for v in sorted(where):
        if len(where[v]) > 1:
            problems.append(f"{v} appears {len(where[v])} times, at "
                            + ", ".join(f"({r},{c})" for r, c in where[v]))
    missing = [v for v in range(1, n * n + 1) if v not in where]
    if missing:
        problems.append(f"missing numbers: {missing}")
    for r in range(n - 1):
        for c in range(n - 1):
            s = sums[r][c]
            if not s:
                continue
            vals = [grid[i][j] for i, j in vertex_cells(r, c)]
            if sum(vals) != s:
                problems.append(f"vertex between rows {r}-{r + 1} and columns {c}-{c + 1}: "
                                f"{' + '.join(map(str, vals))} = {sum(vals)}, expected {s}")
    problems += [f"cell ({r},{c}): the given {g} was changed to {v}"
                 for r, c, g, v in changed_givens(grid, givens)]
    return problems
