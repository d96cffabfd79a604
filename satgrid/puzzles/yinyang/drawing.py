"""Yin-Yang's drawings: the text the CLI prints (``text``: ``#`` black, ``o``
white) and the SVG of ``--svg`` and the workbench (``svg``: black cells
grey, given circles as ``B``/``W``)."""

from __future__ import annotations

from ..render import svg_grid, text_grid


def text(puzzle, decoded) -> str:
    return text_grid([["#" if v else "o" for v in row] for row in decoded["grid"]])


def svg(puzzle, decoded) -> str:
    marks = [["" if not v else "W" if v == 1 else "B" for v in row] for row in puzzle.givens_grid]
    shade = [[bool(v) for v in row] for row in decoded["grid"]] if decoded else None
    return svg_grid(marks, shade=shade)
