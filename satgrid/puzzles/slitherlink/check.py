"""Independent checker for Slitherlink (plain Python, no SAT).

Rules: draw one closed loop along the lines between the dots of the grid;
it never crosses or branches; a number in a cell says how many of the cell's
four sides the loop uses. This module imports only the standard library and
:mod:`satgrid.puzzles.referee`.

The solution is a link grid over the (rows+1) x (cols+1) dots (bitmasks:
north 1, east 2, south 4, west 8) and the inside/outside grid of the cells
(1 = inside the loop), the published answers' form.

Example:
    >>> check([[6, 12], [3, 9]], [[1]], [[4]])
    []
    >>> check([[6, 12], [3, 9]], [[1]], [[3]])
    ['cell (0,0): the loop uses 4 of its sides, the clue says 3']
"""

from __future__ import annotations

from typing import Sequence

from ..referee import line_pieces


def sides_used(links, r: int, c: int) -> int:
    """How many sides of cell (r, c) the loop uses: the top and left sides
    leave dot (r, c) east and south, the right side leaves dot (r, c+1)
    south, the bottom side leaves dot (r+1, c) east."""
    return (bool(links[r][c] & 2) + bool(links[r][c] & 4)
            + bool(links[r][c + 1] & 4) + bool(links[r + 1][c] & 2))


def check(links: Sequence[Sequence[int]], inside: Sequence[Sequence[int]],
          clues: Sequence[Sequence[int | None]]) -> list[str]:
    """Rules that the loop ``links`` (and its ``inside`` grid) break; [] = valid."""
    rows, cols = len(clues), len(clues[0])
    if len(links) != rows + 1 or any(len(row) != cols + 1 for row in links):
        return [f"expected a link grid of {rows + 1} x {cols + 1} dots"]
    if len(inside) != rows or any(len(row) != cols for row in inside):
        return [f"expected an inside grid of {rows} x {cols} cells"]
    problems, deg, pieces = line_pieces(links)
    if problems:
        return problems
    for (r, c), d in sorted(deg.items()):
        if d != 2:
            problems.append(f"dot ({r},{c}): the line has {d} ends there, expected 2 (a loop)")
    if not pieces:
        problems.append("there is no loop")
    elif len(pieces) > 1:
        problems.append(f"the line is in {len(pieces)} pieces, expected one loop")
    for r in range(rows):
        crossed = 0
        for c in range(cols):
            crossed += bool(links[r][c] & 4)       # the left side of cell (r, c)
            if inside[r][c] not in (0, 1):
                problems.append(f"cell ({r},{c}): inside must be 0 or 1, found {inside[r][c]!r}")
            elif inside[r][c] != crossed % 2:
                problems.append(f"cell ({r},{c}): marked {'inside' if inside[r][c] else 'outside'}"
                                f" but it lies {'inside' if crossed % 2 else 'outside'} the loop")
            k = clues[r][c]
            if k is not None and sides_used(links, r, c) != k:
                problems.append(f"cell ({r},{c}): the loop uses {sides_used(links, r, c)} of "
                                f"its sides, the clue says {k}")
    return problems
