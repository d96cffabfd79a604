"""Independent referee for ``araf``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of region numbers (cells with the
same number side by side are one region). Rules, as pzprjs judges them:
every region holds exactly two clues; its size is neither of their numbers
and, when both are numbers (a negative clue is a "?"), lies between them.

Example:
    >>> check([[1, 1, 1, 2, 2, 2]], [[2, None, 4, 1, None, 5]])
    []
    >>> check([[1, 1, 2, 2, 2, 2]], [[2, None, 4, 1, None, 5]])
    ['region at (0, 0): 1 clues, expected two', 'region at (0, 2): 3 clues, expected two']
"""

from __future__ import annotations

from ..referee import connected_groups


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int for row in grid for v in row):
        return ["grid: expected a region number in every cell"]
    groups = []
    for v in sorted({x for row in grid for x in row}):
        groups += connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c] == v)
    problems = []
    for reg in sorted(groups, key=min):
        at, size = min(reg), len(reg)
        nums = [clues[r][c] for r, c in sorted(reg) if clues[r][c] is not None]
        if len(nums) != 2:
            problems.append(f"region at {at}: {len(nums)} clues, expected two")
        elif size in nums:
            problems.append(f"region at {at}: {size} cells, equal to a number")
        elif min(nums) >= 0 and not min(nums) < size < max(nums):
            problems.append(f"region at {at}: {size} cells, not between {nums[0]} and {nums[1]}")
    return problems
