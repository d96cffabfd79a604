"""Fillomino's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(decoded["grid"])


def svg(puzzle, decoded: dict[str, Any]) -> str:
    grid = decoded["grid"]
    region = {}
    for r in range(puzzle.rows):          # regions: groups of equal numbers, by flood fill
        for c in range(puzzle.cols):
            if (r, c) in region:
                continue
            region[r, c], todo = (r, c), [(r, c)]
            while todo:
                y, x = todo.pop()
                for v in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= v[0] < puzzle.rows and 0 <= v[1] < puzzle.cols \
                            and v not in region and grid[v[0]][v[1]] == grid[r][c]:
                        region[v] = (r, c)
                        todo.append(v)
    labels = [[str(region[r, c]) for c in range(puzzle.cols)] for r in range(puzzle.rows)]
    return svg_grid(grid, regions=labels)
