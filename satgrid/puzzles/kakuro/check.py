"""Independent checker for ``kakuro``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` over the whole picture (frame
included): a digit 1-9 in every white cell, 0 in every black one. The
puzzle's ``grid`` has None for a white cell and ``(down, right)`` clues for
a black one. Rules: no digit twice in a run (white cells in a line between
black cells or the edge); a run whose clue is above 0 sums to it.

Example:
    >>> puzzle = [[(None, None), (3, None), (4, None)], [(None, 7), None, None]]
    >>> check([[0, 0, 0], [0, 3, 4]], puzzle)
    []
    >>> check([[0, 0, 0], [0, 2, 5]], puzzle)
    ['run down from (0, 1): sum 2, clue 3', 'run down from (0, 2): sum 5, clue 4']
"""

from __future__ import annotations


def check(grid, puzzle) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``puzzle``)."""
    h, w = len(puzzle), len(puzzle[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    problems = []
    for r in range(h):
        for c in range(w):
            v = grid[r][c]
            if type(v) is not int:
                return [f"({r}, {c}): expected an int, found {v!r}"]
            if puzzle[r][c] is None and not 1 <= v <= 9:
                problems.append(f"({r}, {c}): white cell holds {v}, not a digit 1-9")
            if puzzle[r][c] is not None and v != 0:
                problems.append(f"({r}, {c}): black cell holds {v}")
    lines = [("right", [(r, c) for c in range(w)]) for r in range(h)]
    lines += [("down", [(r, c) for r in range(h)]) for c in range(w)]
    for name, line in lines:
        before, digits = None, []
        for cell in line + [None]:
            if cell is not None and puzzle[cell[0]][cell[1]] is None:
                digits.append(grid[cell[0]][cell[1]])
                continue
            if digits:
                if len(set(digits)) != len(digits):
                    problems.append(f"run {name} from {before}: a digit repeats in {digits}")
                clue = puzzle[before[0]][before[1]][name == "right"] if before else None
                if clue and sum(digits) != clue:
                    problems.append(f"run {name} from {before}: sum {sum(digits)}, clue {clue}")
            before, digits = cell, []
    return problems
