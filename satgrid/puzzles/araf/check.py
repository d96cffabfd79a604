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

from ..referee import int_grid_problems, value_regions


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    problems = int_grid_problems(grid, h, w, "a region number")
    if problems:
        return problems
    groups = value_regions(grid)
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
