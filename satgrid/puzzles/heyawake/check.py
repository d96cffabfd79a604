"""Independent referee for ``heyawake``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. The rooms are the
areas the borders cut the grid into (``vert[r][c]`` = 1: a border right of
cell (r, c); ``hori[r][c]``: below it); ``clues`` a number per cell (-1
none, -2 "?"), a number counting for its room. Rules: no two shaded cells
side by side; the unshaded cells connected; a numbered room holds that many
shaded cells; no unshaded run in a row or column crosses two borders; at
least one shaded cell.

Example:
    >>> check([[0, 1], [0, 0]], [[0], [0]], [[0, 0]], [[1, -1], [-1, -1]])
    []
    >>> check([[0, 0], [0, 0]], [[0], [0]], [[0, 0]], [[-2, -1], [-1, -1]])
    ['no shaded cell']
"""

from __future__ import annotations

from ..referee import numbered_room_problems, shading_shape_problems, split_colour



def check(grid, vert, hori, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the borders' rooms and ``clues``)."""
    h, w = len(vert), len(vert[0]) + 1
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    if not any(map(any, grid)):
        problems.append("no shaded cell")
    for r in range(h):
        for c in range(w):
            if grid[r][c] and ((r + 1 < h and grid[r + 1][c]) or (c + 1 < w and grid[r][c + 1])):
                problems.append(f"shaded cells touch at ({r}, {c})")
    problems += split_colour(grid, 0)
    problems += numbered_room_problems(grid, vert, hori, clues)
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    for line in lines:
        run: list = []
        for v in line + [None]:
            if v is not None and not grid[v[0]][v[1]]:
                run.append(v)
                continue
            crossings = sum(vert[a[0]][a[1]] if a[0] == b[0] else hori[a[0]][a[1]]
                            for a, b in zip(run, run[1:]))
            if crossings > 1:
                problems.append(f"unshaded run from {run[0]} to {run[-1]} crosses {crossings} borders")
            run = []
    return problems
