"""Independent referee for ``aqre``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. The rooms are the
areas the borders cut the grid into (``vert[r][c]`` = 1: a border right of
cell (r, c); ``hori[r][c]``: below it); ``clues`` a number per cell (-1
none, -2 "?"), a number counting for its room. Rules: the
shaded cells connected; a numbered room holds that many shaded cells; no
four cells of one colour in a row or column; with ``borders``, the cells on
the two sides of a border differ.

Example:
    >>> check([[1, 1], [0, 0]], [[0], [0]], [[1, 1]], [[2, -1], [-1, -1]])
    []
    >>> check([[1, 0], [0, 1]], [[0], [0]], [[1, 1]], [[-1, -1], [-1, -1]])
    ['shaded cells form 2 groups, expected one']
"""

from __future__ import annotations

from ..referee import numbered_room_problems, shading_shape_problems, split_colour



def check(grid, vert, hori, clues, borders: bool = False) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the borders' rooms and ``clues``)."""
    h, w = len(vert), len(vert[0]) + 1
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    problems += split_colour(grid, 1)
    problems += numbered_room_problems(grid, vert, hori, clues)
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    for line in lines:
        for i in range(len(line) - 3):
            colours = {grid[r][c] for r, c in line[i:i + 4]}
            if len(colours) == 1:
                what = "shaded" if colours == {1} else "unshaded"
                problems.append(f"four {what} cells in a line from {line[i]}")
    if borders:
        pairs = [((r, c), (r, c + 1)) for r in range(h) for c in range(w - 1) if vert[r][c]]
        pairs += [((r, c), (r + 1, c)) for r in range(h - 1) for c in range(w) if hori[r][c]]
        for (a, b), (x, y) in pairs:
            if grid[a][b] == grid[x][y]:
                problems.append(f"cells {(a, b)} and {(x, y)} across a border are alike")
    return problems
