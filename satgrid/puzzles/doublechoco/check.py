"""Independent referee for ``doublechoco``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of region numbers (cells with the
same number side by side are one region). Rules, as pzprjs judges them:
every region holds exactly two halves (groups of one colour side by side
within it), so one white and one grey, congruent (rotations and
reflections allowed); a number n (> 0) says its cell's half has n cells.

Example:
    >>> grey = [[0, 1, 1, 0]]
    >>> check([[1, 1, 2, 2]], grey, [[None] * 4])
    []
    >>> check([[1, 1, 1, 1]], grey, [[None] * 4])
    ['region at (0, 0): 3 halves, expected two']
"""

from __future__ import annotations

from ..referee import connected_groups, int_grid_problems, shape_key, value_regions


def check(grid, grey, numbers) -> list[str]:
    """Every rule ``grid`` breaks (``grey``: 1 for a grey cell; ``numbers``:
    None, a negative "?" or a size)."""
    h, w = len(grey), len(grey[0])
    problems = int_grid_problems(grid, h, w, "a region number")
    if problems:
        return problems
    regions = value_regions(grid)
    problems = []
    for reg in sorted(regions, key=min):
        halves = [g for colour in (0, 1)
                  for g in connected_groups(v for v in reg if grey[v[0]][v[1]] == colour)]
        if len(halves) != 2:
            problems.append(f"region at {min(reg)}: {len(halves)} halves, expected two")
            continue
        if shape_key(halves[0]) != shape_key(halves[1]):
            problems.append(f"region at {min(reg)}: its halves differ in shape")
        for half in halves:
            for r, c in sorted(half):
                n = numbers[r][c]
                if n is not None and n > 0 and n != len(half):
                    problems.append(f"number {n} at ({r}, {c}): its half has {len(half)} cells")
    return problems
