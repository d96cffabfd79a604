"""Vertex Sums's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any, Sequence

from ..render import svg_grid


def draw(grid: Sequence[Sequence[int]], sums: Sequence[Sequence[int]]) -> str:
    """The grid in box lines, each vertex number written over its crossing point.

    Empty cells (0) show as ``.``; a vertex without a number keeps its ``+``.

    Example:
        >>> print(draw([[4, 2, 9], [8, 3, 7], [5, 6, 1]], [[17, 21], [22, 17]]))
        +----+----+----+
        |  4 |  2 |  9 |
        +----17---21---+
        |  8 |  3 |  7 |
        +----22---17---+
        |  5 |  6 |  1 |
        +----+----+----+
    """
    n = len(grid)
    digits = max([len(str(v)) for row in grid for v in row] + [1])
    longest = max([len(str(s)) for row in sums for s in row if s] + [1])
    w = max(digits + 2, longest + 2, 3)
    plain = "+" + "+".join(["-" * w] * n) + "+"
    lines = [plain]
    for r in range(n):
        lines.append("|" + "|".join(f" {str(v) if v else '.':>{w - 2}} " for v in grid[r]) + "|")
        if r == n - 1:
            lines.append(plain)
            continue
        line = list(plain)
        for c in range(n - 1):
            s = sums[r][c]
            if s:
                text = str(s)
                p = (c + 1) * (w + 1)
                start = p - (len(text) - 1) // 2
                line[start:start + len(text)] = text
        lines.append("".join(line))
    return "\n".join(lines)


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The grid in box lines with the sums on the crossing points (see :func:`draw`)."""
    return draw(decoded["grid"], puzzle.sums)


def puzzle_text(puzzle) -> str:
    return draw(puzzle.given, puzzle.sums)


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """SVG: the grid, and each vertex number in a circle on its crossing point."""
    cell = 40
    svg = svg_grid(decoded["grid"], cell=cell)
    marks = []
    for r in range(puzzle.n - 1):
        for c in range(puzzle.n - 1):
            s = puzzle.sums[r][c]
            if s:
                x, y = (c + 1) * cell, (r + 1) * cell
                marks.append(f'<circle cx="{x}" cy="{y}" r="{cell * 0.3:.0f}" fill="white" '
                             f'stroke="black"/>')
                marks.append(f'<text x="{x}" y="{y + cell * 0.1:.0f}" font-size="{cell // 3}" '
                             f'text-anchor="middle" font-family="sans-serif">{s}</text>')
    return svg.replace("</svg>", "\n".join(marks) + "\n</svg>") if marks else svg


def puzzle_svg(puzzle) -> str:
    return svg(puzzle, {"grid": puzzle.given})
