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

from ..referee import connected_groups


def regions(grid) -> list[set]:
    """The regions: connected groups of cells holding the same number."""
    h, w = len(grid), len(grid[0])
    out = []
    for v in sorted({x for row in grid for x in row}):
        out += connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c] == v)
    return out


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int for row in grid for v in row):
        return ["grid: expected a region number in every cell"]
    problems = []
    for reg in sorted(regions(grid), key=min):
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
