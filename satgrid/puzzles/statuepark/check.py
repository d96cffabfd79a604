"""Independent referee for ``statuepark``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded, 0 = unshaded. Rules:
the groups of shaded cells (side by side) are the bank's pieces, each used
as often as the bank lists it (rotations and reflections are the same
piece); the unshaded cells form one group; black circles (2) are shaded,
white circles (1) unshaded.

Example:
    >>> check([[1, 0, 1]], [[0, 0, 0]], [[(0, 0)], [(0, 0)]])
    []
    >>> check([[1, 1, 0]], [[1, 0, 0]], [[(0, 0)], [(0, 0)]])
    ['white circle at (0, 0) shaded', 'pieces: 1 x 2 cells placed, the bank has 2 x 1 cells']
"""

from __future__ import annotations

from ..referee import connected_groups, shading_shape_problems, shape_key, split_colour


def _name(keys) -> str:
    return ", ".join(f"{n} x {len(k)} cells" for k, n in sorted(
        {k: keys.count(k) for k in keys}.items(), key=lambda kv: (len(kv[0]), kv[0])))


def check(grid, circles, pieces) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``circles`` with the bank ``pieces``)."""
    h, w = len(circles), len(circles[0])
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    for r in range(h):
        for c in range(w):
            if circles[r][c] == 1 and grid[r][c]:
                problems.append(f"white circle at ({r}, {c}) shaded")
            if circles[r][c] == 2 and not grid[r][c]:
                problems.append(f"black circle at ({r}, {c}) unshaded")
    placed = sorted(shape_key(g) for g in connected_groups(
        (r, c) for r in range(h) for c in range(w) if grid[r][c]))
    bank = sorted(shape_key(p) for p in pieces)
    if placed != bank:
        problems.append(f"pieces: {_name(placed)} placed, the bank has {_name(bank)}")
    problems += split_colour(grid, 0)
    return problems
