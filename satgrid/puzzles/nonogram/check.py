"""Independent checker for ``nonogram``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded, 0 = not. Rules: the
blocks of consecutive shaded cells of every row (left to right) and every
column (top to bottom) have the lengths of its clue, in order.

Example:
    >>> check([[1, 0, 1], [1, 1, 0]], [[1, 1], [2]], [[2], [1], [1]])
    []
    >>> check([[1, 0, 1], [0, 1, 1]], [[1, 1], [2]], [[2], [1], [1]])
    ['column 0: blocks [1], clue [2]', 'column 2: blocks [2], clue [1]']
"""

from __future__ import annotations

from ..referee import shading_shape_problems


def _blocks(cells) -> list[int]:
    out, run = [], 0
    for v in cells:
        if v:
            run += 1
        else:
            if run:
                out.append(run)
            run = 0
    return out + [run] if run else out


def check(grid, row_clues, column_clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the clues)."""
    h, w = len(row_clues), len(column_clues)
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    for r in range(h):
        if _blocks(grid[r]) != list(row_clues[r]):
            problems.append(f"row {r}: blocks {_blocks(grid[r])}, clue {list(row_clues[r])}")
    for c in range(w):
        col = [grid[r][c] for r in range(h)]
        if _blocks(col) != list(column_clues[c]):
            problems.append(f"column {c}: blocks {_blocks(col)}, clue {list(column_clues[c])}")
    return problems
