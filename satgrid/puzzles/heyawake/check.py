"""Independent referee for ``heyawake``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. ``rooms`` gives each
cell a label (a room: a connected group of one label); ``clues`` a number
per cell (-1 none, -2 "?"), a number counting for its room. Rules: no two
shaded cells side by side; the unshaded cells connected; a numbered room
holds that many shaded cells; no unshaded run in a row or column spans
three rooms; at least one shaded cell.

Example:
    >>> check([[0, 1], [0, 0]], [[0, 0], [0, 0]], [[1, -1], [-1, -1]])
    []
    >>> check([[0, 0], [0, 0]], [[0, 0], [0, 0]], [[-2, -1], [-1, -1]])
    ['no shaded cell']
"""

from __future__ import annotations

from ..referee import connected_groups


def _rooms(labels):
    by_label: dict = {}
    for r, row in enumerate(labels):
        for c, v in enumerate(row):
            by_label.setdefault(v, []).append((r, c))
    return [sorted(g) for cells in by_label.values() for g in connected_groups(cells)]


def check(grid, rooms, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``rooms`` and ``clues``)."""
    h, w = len(rooms), len(rooms[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (unshaded) or 1 (shaded) in every cell"]
    problems = []
    if not any(map(any, grid)):
        problems.append("no shaded cell")
    for r in range(h):
        for c in range(w):
            if grid[r][c] and ((r + 1 < h and grid[r + 1][c]) or (c + 1 < w and grid[r][c + 1])):
                problems.append(f"shaded cells touch at ({r}, {c})")
    groups = connected_groups((r, c) for r in range(h) for c in range(w) if not grid[r][c])
    if len(groups) > 1:
        problems.append(f"unshaded cells form {len(groups)} groups, expected one")
    room_of = {}
    for i, cells in enumerate(_rooms(rooms)):
        numbers = [clues[r][c] for r, c in cells if clues[r][c] >= 0]
        for v in cells:
            room_of[v] = i
        shaded = sum(grid[r][c] for r, c in cells)
        if numbers and shaded != numbers[0]:
            problems.append(f"room at {cells[0]} holds {shaded} shaded cells, expected {numbers[0]}")
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    for line in lines:
        run: list = []
        for v in line + [None]:
            if v is not None and not grid[v[0]][v[1]]:
                run.append(v)
                continue
            crossings = sum(room_of[a] != room_of[b] for a, b in zip(run, run[1:]))
            if crossings > 1:
                problems.append(f"unshaded run from {run[0]} to {run[-1]} spans {crossings + 1} rooms")
            run = []
    return problems
