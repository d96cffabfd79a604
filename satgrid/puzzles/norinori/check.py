"""Independent referee for ``norinori``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. The rooms are the
areas the borders cut the grid into (``vert[r][c]`` = 1: a border right of
cell (r, c); ``hori[r][c]``: below it). Rules:
every room holds exactly two shaded cells; every shaded cell has exactly one
shaded orthogonal neighbour.

Example:
    >>> check([[1, 1], [0, 0]], [[0], [0]], [[0, 0]])
    []
    >>> check([[1, 0], [0, 1]], [[0], [0]], [[0, 0]])
    ['shaded cell (0, 0) has 0 shaded neighbours, expected 1', 'shaded cell (1, 1) has 0 shaded neighbours, expected 1']
"""

from __future__ import annotations

def _rooms(vert, hori):
    """The rooms: the cells the borders cut the grid into, each sorted
    (``vert[r][c]``: a border right of (r, c); ``hori[r][c]``: below it)."""
    h, w = len(vert), len(vert[0]) + 1
    seen, out = set(), []
    for start in ((r, c) for r in range(h) for c in range(w)):
        if start in seen:
            continue
        seen.add(start)
        room, todo = [start], [start]
        while todo:
            r, c = todo.pop()
            steps = [((r, c + 1), c + 1 < w and not vert[r][c]), ((r, c - 1), c > 0 and not vert[r][c - 1]),
                     ((r + 1, c), r + 1 < h and not hori[r][c]), ((r - 1, c), r > 0 and not hori[r - 1][c])]
            for v, open_ in steps:
                if open_ and v not in seen:
                    seen.add(v)
                    room.append(v)
                    todo.append(v)
        out.append(sorted(room))
    return out


def check(grid, vert, hori) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the rooms of the borders)."""
    h, w = len(vert), len(vert[0]) + 1
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (unshaded) or 1 (shaded) in every cell"]
    problems = []
    for cells in _rooms(vert, hori):
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
