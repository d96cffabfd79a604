"""Independent checker for Masyu (plain Python, no SAT).

Rules: draw one closed loop through the centres of cells, moving
orthogonally; it never crosses or branches and passes through every pearl.
Through a white pearl it goes straight, and turns in at least one of the two
cells before and after it. On a black pearl it turns, and goes straight
through both cells after it. This module imports only the standard library
and :mod:`satgrid.puzzles.referee`.

The solution is a link grid over the cells (bitmasks: north 1, east 2,
south 4, west 8).

Example:
    >>> ring = [[6, 10, 12], [5, 0, 5], [3, 10, 9]]
    >>> check(ring, [["b", "w", "."], [".", ".", "."], [".", ".", "b"]])
    []
    >>> check([[6, 10, 12], [3, 10, 9]], [["w", ".", "."], [".", ".", "."]])
    ['cell (0,0): white pearl, but the loop turns there']
"""

from __future__ import annotations

from typing import Sequence

from ..referee import line_pieces

STRAIGHT = (5, 10)          # north-south, east-west
TURNS = (3, 6, 12, 9)


def check(links: Sequence[Sequence[int]], pearls: Sequence[Sequence[str]]) -> list[str]:
    """Rules that the loop ``links`` breaks; [] = valid. ``pearls``: rows of
    'w', 'b' or '.'."""
    rows, cols = len(pearls), len(pearls[0])
    if len(links) != rows or any(len(row) != cols for row in links):
        return [f"expected a link grid of {rows} x {cols} cells"]
    problems, deg, pieces = line_pieces(links)
    if problems:
        return problems
    for (r, c), d in sorted(deg.items()):
        if d != 2:
            problems.append(f"cell ({r},{c}): the line has {d} ends there, expected 2 (a loop)")
    if not pieces:
        return problems + ["there is no loop"]
    if len(pieces) > 1:
        problems.append(f"the line is in {len(pieces)} pieces, expected one loop")

    def at(r, c):
        return links[r][c] if 0 <= r < rows and 0 <= c < cols else 0

    for r in range(rows):
        for c in range(cols):
            p, m = pearls[r][c], links[r][c]
            if p not in ("w", "b"):
                continue
            name = "white" if p == "w" else "black"
            if m == 0:
                problems.append(f"cell ({r},{c}): {name} pearl off the loop")
            elif p == "w":
                if m not in STRAIGHT:
                    problems.append(f"cell ({r},{c}): white pearl, but the loop turns there")
                else:
                    a, b = ((r, c - 1), (r, c + 1)) if m == 10 else ((r - 1, c), (r + 1, c))
                    if at(*a) == m and at(*b) == m:
                        problems.append(f"cell ({r},{c}): white pearl, but the loop goes "
                                        "straight on both sides")
            else:
                if m not in TURNS:
                    problems.append(f"cell ({r},{c}): black pearl, but the loop goes straight")
                    continue
                for bit, dr, dc, axis in ((1, -1, 0, 5), (2, 0, 1, 10), (4, 1, 0, 5), (8, 0, -1, 10)):
                    if m & bit and at(r + dr, c + dc) != axis:
                        problems.append(f"cell ({r},{c}): black pearl, but the loop turns "
                                        f"right after it at ({r + dr},{c + dc})")
    return problems
