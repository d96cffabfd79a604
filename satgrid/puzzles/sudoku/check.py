"""Referee for Sudoku solutions (plain Python, no SAT).

This module is the referee that makes a wrong encoding visible: it reads the
rules from SPEC.md section 1 and nothing else, cell by cell, so that it is
obviously right. It imports only the standard library -- never the model,
the encodings or the session. Rows, columns, boxes and cells are numbered
from 0, as grids are indexed in SPEC.md.

Collections check every solved puzzle, so :meth:`Sudoku.check
<satgrid.puzzles.sudoku.kind.Sudoku.check>` first asks the quick yes/no test
of :mod:`.check_fast` (tested against this module) and asks this one only
when that test says no.

Example:
    >>> check([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], (2, 2))
    []
    >>> check([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 1, 2]], (2, 2))[0]
    'column 2: 1 appears twice, at (1,2) and (3,2)'
"""

from __future__ import annotations

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


def check(grid: Sequence[Sequence[int]], box: tuple[int, int],
          givens: Sequence[Sequence[int]] | None = None) -> list[str]:
    """Rules of Sudoku that ``grid`` breaks; an empty list means a valid solution.

    Args:
        grid: n rows of n ints (the decoded solution).
        box: (height, width) of the boxes.
        givens: optional n x n grid of the puzzle's givens (0 = empty); the
            solution must keep every given.

    Returns:
        Human-readable problems (rows, columns, boxes and cells numbered from
        0), in a fixed order: the grid's shape and values first (and nothing
        else when one is wrong), then every repeated value of a row, column
        or box, then every changed given.
    """
    h, w = box
    n = h * w
    if not isinstance(grid, (list, tuple)):
        return [f"expected {n} rows, found {grid!r}"]
    if len(grid) != n:
        return [f"expected {n} rows, found {len(grid)}"]
    problems: list[str] = []
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
        for r, c in cells:
            v = grid[r][c]
            if v in seen:
                r0, c0 = seen[v]
                problems.append(f"{name}: {v} appears twice, at ({r0},{c0}) and ({r},{c})")
            else:
                seen[v] = (r, c)
    for r, c, g, v in changed_givens(grid, givens):
        problems.append(f"cell ({r},{c}): the given {g} was changed to {v}")
    return problems
