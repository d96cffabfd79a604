"""Independent referee for ``norinori``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. ``rooms`` gives each
cell a label; a room is a connected group of cells with one label. Rules:
every room holds exactly two shaded cells; every shaded cell has exactly one
shaded orthogonal neighbour.

Example:
    >>> check([[1, 1], [0, 0]], [[0, 0], [0, 0]])
    []
    >>> check([[1, 0], [0, 1]], [[0, 0], [0, 0]])
    ['shaded cell (0, 0) has 0 shaded neighbours, expected 1', 'shaded cell (1, 1) has 0 shaded neighbours, expected 1']
"""

from __future__ import annotations

from ..referee import connected_groups


def _rooms(labels):
    """The rooms: the connected groups of cells of one label, each sorted."""
    by_label: dict = {}
    for r, row in enumerate(labels):
        for c, v in enumerate(row):
            by_label.setdefault(v, []).append((r, c))
    return [sorted(g) for cells in by_label.values() for g in connected_groups(cells)]


def check(grid, rooms) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the room grid ``rooms``)."""
    h, w = len(rooms), len(rooms[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (unshaded) or 1 (shaded) in every cell"]
    problems = []
    for cells in _rooms(rooms):
        n = sum(grid[r][c] for r, c in cells)
        if n != 2:
            problems.append(f"room at {cells[0]} holds {n} shaded cells, expected 2")
    for r in range(h):
        for c in range(w):
            if grid[r][c]:
                n = sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                        if 0 <= rr < h and 0 <= cc < w and grid[rr][cc])
                if n != 1:
                    problems.append(f"shaded cell ({r}, {c}) has {n} shaded neighbours, expected 1")
    return problems
