"""Numberlink's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..links import draw_links, draw_marks, svg_cell_links, svg_text


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The lines in box-drawing characters, numbers at their ends."""
    return draw_links(decoded["grid"], puzzle.cell_mark)


def puzzle_text(puzzle) -> str:
    return draw_marks(puzzle.rows, puzzle.cols, puzzle.cell_mark)


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """SVG: cell lines, the lines through the centres, the numbers."""
    step = 36
    extra = []
    for r, row in enumerate(puzzle.numbers):
        for c, t in enumerate(row):
            if t != ".":
                x, y = step + c * step, step + r * step
                extra.append(f'<circle cx="{x}" cy="{y}" r="{step * 0.32:.0f}" fill="white" '
                             'stroke="black"/>')
                extra.append(svg_text(x, y, t, step * 0.45))
    return svg_cell_links(decoded["grid"], puzzle.rows, puzzle.cols, step=step, extra=extra)
