"""Independent referee for ``shikaku``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of region numbers (cells with the
same number side by side are one region). Rules: every region is a
rectangle holding exactly one clue, and a number clue is its area (a
negative clue is a "?", and a 0 too, as pzprjs judges it: any area).

Example:
    >>> check([[1, 1], [2, 2]], [[2, None], [None, 2]])
    []
    >>> check([[1, 1], [1, 1]], [[2, None], [None, 2]])
    ['region at (0, 0): 2 clues, expected one']
"""

from __future__ import annotations

from ..referee import int_grid_problems, value_regions


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    problems = int_grid_problems(grid, h, w, "a region number")
    if problems:
        return problems
    for reg in sorted(value_regions(grid), key=min):
        at = min(reg)
        rs, cs = [r for r, _ in reg], [c for _, c in reg]
        if (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) != len(reg):
            problems.append(f"region at {at}: not a rectangle")
        inside = [clues[r][c] for r, c in sorted(reg) if clues[r][c] is not None]
        if len(inside) != 1:
            problems.append(f"region at {at}: {len(inside)} clues, expected one")
        elif inside[0] > 0 and inside[0] != len(reg):
            problems.append(f"region at {at}: {len(reg)} cells, its number is {inside[0]}")
    return problems
