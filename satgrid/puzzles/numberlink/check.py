"""Independent checker for Numberlink (Arukone; plain Python, no SAT).

Rules: join each pair of equal numbers by a line through cell centres,
moving orthogonally; lines never cross, branch or share a cell. With
``fill`` (the Flow-style variant) every cell is on a line. This module
imports only the standard library and :mod:`satgrid.puzzles.referee`.

The solution is a link grid over the cells (bitmasks: north 1, east 2,
south 4, west 8) and the label of the line through every cell ('.' none).

Example:
    >>> check([[2, 8]], [["1", "1"]], [["1", "1"]])
    []
    >>> check([[2, 8, 0]], [["1", "1", "."]], [["1", "1", "."]], fill=True)
    ['cell (0,2): not on a line (every cell must be used)']
"""

from __future__ import annotations

from typing import Sequence

from ..referee import line_pieces


def check(links: Sequence[Sequence[int]], labels: Sequence[Sequence[str]],
          numbers: Sequence[Sequence[str]], fill: bool = False) -> list[str]:
    """Rules the lines ``links`` (labelled ``labels``) break; [] = valid.
    ``numbers``: rows of the given tokens, '.' for an empty cell."""
    rows, cols = len(numbers), len(numbers[0])
    for name, g in (("link", links), ("label", labels)):
        if len(g) != rows or any(len(row) != cols for row in g):
            return [f"expected a {name} grid of {rows} x {cols} cells"]
    problems, deg, pieces = line_pieces(links)
    if problems:
        return problems
    for r in range(rows):
        for c in range(cols):
            want = 1 if numbers[r][c] != "." else 2
            d = deg.get((r, c), 0)
            if d and d != want or numbers[r][c] != "." and d != 1:
                problems.append(f"cell ({r},{c}): the line has {d} sides there, expected {want}")
            if fill and not d:
                problems.append(f"cell ({r},{c}): not on a line (every cell must be used)")
    where: dict[str, list[tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            if numbers[r][c] != ".":
                where.setdefault(numbers[r][c], []).append((r, c))
    for piece in pieces:
        ends = sorted({numbers[r][c] for r, c in piece if numbers[r][c] != "."})
        count = sum(numbers[r][c] != "." for r, c in piece)
        if count != 2 or len(ends) != 1:
            problems.append(f"the line through {min(piece)} joins {count} numbers "
                            f"({', '.join(ends) or 'none'}), expected one pair")
            continue
        for r, c in piece:
            if labels[r][c] != ends[0]:
                problems.append(f"cell ({r},{c}): labelled {labels[r][c]!r}, on the line of "
                                f"{ends[0]}")
    on_line = {v for p in pieces for v in p}
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in on_line and labels[r][c] != ".":
                problems.append(f"cell ({r},{c}): labelled {labels[r][c]!r} but on no line")
    for k, cells in sorted(where.items()):
        if len(cells) != 2:
            problems.append(f"number {k} appears {len(cells)} times, expected 2")
    return problems
