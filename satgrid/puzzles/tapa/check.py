"""Independent checker for ``tapa``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded, 0 = not. Rules: at
least one shaded cell; clue cells unshaded; around each clue, the blocks of
shaded cells among its eight neighbours (read as a cycle) have the clue's
lengths in some order (None, "?", any length; with no shaded neighbour the
blocks read ``[0]``); no 2x2 block all shaded; the shaded cells connected.

Example:
    >>> check([[1, 1, 1], [1, 0, 0], [1, 1, 1]], [[None, None, None], [None, [7], None],
    ...                                          [None, None, None]])
    []
    >>> check([[1, 1, 0], [1, 0, 0], [0, 0, 1]], [[None] * 3, [None, [3], None], [None] * 3])
    ['clue at (1, 1): blocks [1, 3], clue [3]', 'shaded cells form 2 groups, expected one']
"""

from __future__ import annotations

from ..referee import connected_groups, shading_shape_problems, squares_2x2

AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def blocks_around(grid, r: int, c: int) -> list[int]:
    """The block lengths of shaded cells around (r, c), sorted; [0] for none."""
    h, w = len(grid), len(grid[0])
    ring = "".join("1" if 0 <= r + dr < h and 0 <= c + dc < w and grid[r + dr][c + dc] else "0"
                   for dr, dc in AROUND)
    if ring == "11111111":
        return [8]
    cut = ring.index("0")
    ring = ring[cut:] + ring[:cut]              # start at an unshaded cell: no block wraps
    return sorted(len(b) for b in ring.split("0") if b) or [0]


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    shaded = [(r, c) for r in range(h) for c in range(w) if grid[r][c]]
    if not shaded:
        problems.append("no shaded cell")
    for r in range(h):
        for c in range(w):
            clue = clues[r][c]
            if clue is None:
                continue
            if grid[r][c]:
                problems.append(f"clue at ({r}, {c}) is shaded")
            found = blocks_around(grid, r, c)
            left = list(found)
            ok = len(found) == len(clue)
            for v in clue:
                if ok and v is not None:
                    ok = v in left
                    if ok:
                        left.remove(v)
            if not ok:
                problems.append(f"clue at ({r}, {c}): blocks {found}, clue {clue}")
    for square in squares_2x2(h, w):
        if all(grid[r][c] for r, c in square):
            problems.append(f"2x2 shaded block at {square[0]}")
    groups = connected_groups(shaded)
    if len(groups) > 1:
        problems.append(f"shaded cells form {len(groups)} groups, expected one")
    return problems
