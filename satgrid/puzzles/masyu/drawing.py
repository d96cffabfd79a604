"""Masyu's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..links import draw_links, draw_marks, svg_cell_links


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The loop in box-drawing characters, pearls as ○ and ●."""
    return draw_links(decoded["grid"], puzzle.cell_mark)


def puzzle_text(puzzle) -> str:
    return draw_marks(puzzle.rows, puzzle.cols, puzzle.cell_mark)


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """SVG: cell lines, the loop through the centres, the pearls."""
    step = 36
    extra = [f'<circle cx="{step + c * step}" cy="{step + r * step}" r="{step * 0.3:.0f}" '
             f'fill="{"white" if p == "w" else "black"}" stroke="black" stroke-width="2"/>'
             for r, row in enumerate(puzzle.pearls) for c, p in enumerate(row) if p in "wb"]
    return svg_cell_links(decoded["grid"], puzzle.rows, puzzle.cols, step=step, extra=extra)
