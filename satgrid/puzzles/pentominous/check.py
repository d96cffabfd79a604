"""Independent referee for ``pentominous``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of letters (each cell's pentomino;
``*`` a blocked cell). Since equal pentominoes never share a side, the
regions are the connected groups of equal letters. Rules: each region has
five cells and is the pentomino its letter names (rotations and reflections
allowed); a given letter is its cell's; a given border separates two
regions; blocked cells stay blocked.

Example:
    >>> check([list("IIIII")], [[None] * 5])
    []
    >>> check([list("LLLLL")], [[None, None, "?", None, None]])
    ['region at (0, 0): the L pentomino, not its shape']
"""

from __future__ import annotations

from ..referee import connected_groups, shape_key

#: the twelve pentominoes, one picture each (rows split by '/')
PICTURES = {"F": ".##/##./.#.", "I": "#####", "L": "#.../####", "N": "##../.###",
            "P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
            "W": "#../##./.##", "X": ".#./###/.#.", "Y": "..#./####", "Z": "##./.#./.##"}


SHAPES = {k: shape_key([(r, c) for r, row in enumerate(v.split("/")) for c, ch in enumerate(row)
                        if ch == "#"]) for k, v in PICTURES.items()}


def check(grid, clues, borders=()) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    problems = []
    for r in range(h):
        for c in range(w):
            g, k = grid[r][c], clues[r][c]
            if (g == "*") != (k == "*") or (g != "*" and g not in SHAPES):
                problems.append(f"cell ({r}, {c}): {g!r} where the clue is {k!r}")
            elif k in SHAPES and g != k:
                problems.append(f"cell ({r}, {c}): {g}, its letter is {k}")
    if problems:
        return problems
    for letter in sorted(SHAPES):
        for reg in sorted(connected_groups((r, c) for r in range(h) for c in range(w)
                                           if grid[r][c] == letter), key=min):
            if len(reg) != 5:
                problems.append(f"region at {min(reg)}: {len(reg)} cells, expected five")
            elif shape_key(reg) != SHAPES[letter]:
                problems.append(f"region at {min(reg)}: the {letter} pentomino, not its shape")
    for u, v in borders:
        if grid[u[0]][u[1]] == grid[v[0]][v[1]]:
            problems.append(f"given border between {u} and {v} inside a region")
    return problems
