"""Kurotto's drawings: the text the CLI prints (``text``: clues, ``#``
shaded, ``.``) and the SVG of ``--svg`` and the workbench (``svg``)."""

from __future__ import annotations

from ..render import svg_grid, text_grid


def text(puzzle, decoded) -> str:
    return text_grid(puzzle.cell_texts(decoded["grid"]))


def svg(puzzle, decoded) -> str:
    marks = [["" if v is None else "?" if v < 0 else v for v in row] for row in puzzle.clues]
    shade = [[bool(v) for v in row] for row in decoded["grid"]] if decoded else None
    return svg_grid(marks, shade=shade)
