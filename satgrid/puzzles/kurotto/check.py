"""Independent referee for ``kurotto``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded; ``clues`` rows of -1
(none), -2 ("?") or a number. Rules: clue cells are unshaded; the shaded
groups touching a number's cell side by side hold that many cells in all
(each group once); at least one shaded cell.

Example:
    >>> check([[1, 0, 1, 1]], [[-1, 3, -1, -1]])
    []
    >>> check([[1, 0, 1, 0]], [[-1, 3, -1, -1]])
    ['number 3 at (0, 1) touches 2 shaded cells']
"""

from __future__ import annotations

from ..referee import connected_groups, shading_shape_problems


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves ``clues``)."""
    h, w = len(clues), len(clues[0])
    problems = shading_shape_problems(grid, h, w)
    if problems:
        return problems
    if not any(map(any, grid)):
        problems.append("no shaded cell")
    group_of = {}
    for group in connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c]):
        for v in group:
            group_of[v] = frozenset(group)
    for r in range(h):
        for c in range(w):
            if clues[r][c] == -1:
                continue
            if grid[r][c]:
                problems.append(f"clue cell ({r}, {c}) is shaded")
            elif clues[r][c] >= 0:
                touching = {group_of[v] for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                            if v in group_of}
                size = sum(map(len, touching))
                if size != clues[r][c]:
                    problems.append(f"number {clues[r][c]} at ({r}, {c}) touches {size} shaded cells")
    return problems
