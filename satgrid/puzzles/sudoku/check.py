"""Independent checker for Sudoku solutions (plain Python, no SAT).

This module is the referee that makes a wrong encoding visible: it reads the
rules from SPEC.md section 1 and nothing else. It imports only the standard
library -- never the model, the encodings or the session. Rows, columns,
boxes and cells are numbered from 0, as grids are indexed in SPEC.md.

Example:
    >>> check([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], (2, 2))
    []
    >>> check([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 1, 2]], (2, 2))[0]
    'column 2: 1 appears twice, at (1,2) and (3,2)'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import Sequence

from ..referee import changed_givens


def units(n: int, box: tuple[int, int]) -> list[tuple[str, list[tuple[int, int]]]]:
    """The n rows, n columns and n boxes of an n x n Sudoku, named for messages.

    Args:
        n: side of the grid.
        box: (height, width) of a box, height * width == n.

    Returns:
        3n pairs (name, cells); boxes are numbered in reading order from 0.
    """
    h, w = box
    out = [(f"row {r}", [(r, c) for c in range(n)]) for r in range(n)]
    out += [(f"column {c}", [(r, c) for r in range(n)]) for c in range(n)]
    k = 0
    for br in range(0, n, h):
        for bc in range(0, n, w):
            out.append((f"box {k} (rows {br}-{br + h - 1}, columns {bc}-{bc + w - 1})",
                        [(br + i, bc + j) for i in range(h) for j in range(w)]))
            k += 1
    return out


@lru_cache(maxsize=32)
def _box_index(n: int, box: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """Flat indices r*n + c of the cells of each box."""
    return tuple(tuple(r * n + c for r, c in cells) for name, cells in units(n, box)[2 * n:])


def _valid(grid, box, givens) -> bool:
    """True when ``grid`` is a valid solution (quick yes/no; :func:`check` says why not).

    Written with C-level builtins (set, map, zip, compress): it runs once per
    solved puzzle in collection benchmarks.
    """
    h, w = box
    n = h * w
    if type(grid) not in (list, tuple) or len(grid) != n:
        return False
    if not all(type(row) in (list, tuple) and len(row) == n for row in grid):
        return False
    flat = [v for row in grid for v in row]
    if set(map(type, flat)) != {int}:
        return False
    full = set(range(1, n + 1))
    if not all(set(row) == full for row in grid):
        return False
    if not all(set(col) == full for col in zip(*grid)):
        return False
    get = flat.__getitem__
    if not all(set(map(get, idx)) == full for idx in _box_index(n, box)):
        return False
    if givens is not None:
        gflat = [v for row in givens for v in row]
        if len(gflat) != n * n or list(compress(flat, gflat)) != list(compress(gflat, gflat)):
            return False
    return True


def check(grid: Sequence[Sequence[int]], box: tuple[int, int],
          givens: Sequence[Sequence[int]] | None = None) -> list[str]:
    """Rules of Sudoku that ``grid`` breaks; an empty list means a valid solution.

    Args:
        grid: n rows of n ints (the decoded solution).
        box: (height, width) of the boxes.
        givens: optional n x n grid of the puzzle's givens (0 = empty); the
            solution must keep every given.

    Returns:
        Human-readable problems (row/column numbers 1-based), in a fixed order.
    """
    if _valid(grid, box, givens):
        return []
    problems: list[str] = []
    h, w = box
    n = h * w
    if not isinstance(grid, (list, tuple)) or len(grid) != n:
        return [f"expected {n} rows, found {len(grid) if isinstance(grid, (list, tuple)) else grid!r}"]
    for r, row in enumerate(grid):
        if not isinstance(row, (list, tuple)) or len(row) != n:
            problems.append(f"row {r}: expected {n} cells")
            continue
        for c, v in enumerate(row):
            if type(v) is not int or not 1 <= v <= n:
                problems.append(f"cell ({r},{c}): expected a number 1..{n}, found {v!r}")
    if problems:
        return problems
    for name, cells in units(n, box):
        seen: dict[int, tuple[int, int]] = {}
        for cell in cells:
            v = grid[cell[0]][cell[1]]
            if v in seen:
                a, b = seen[v], cell
                problems.append(f"{name}: {v} appears twice, at ({a[0]},{a[1]}) "
                                f"and ({b[0]},{b[1]})")
            else:
                seen[v] = cell
    problems += [f"cell ({r},{c}): the given {g} was changed to {v}"
                 for r, c, g, v in changed_givens(grid, givens)]
    if not problems:  # pragma: no cover (the quick test and this one agree)
        problems.append("the grid is not a valid solution")
    return problems
