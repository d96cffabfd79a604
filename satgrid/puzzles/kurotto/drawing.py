"""Kurotto's drawings: the text the CLI prints (``text``: clues, ``#``
shaded, ``.``) and the SVG of ``--svg`` and the workbench (``svg``)."""

from __future__ import annotations

from ..render import svg_grid, text_grid


def cell_texts(puzzle, grid) -> list[list[str]]:
    """Each cell as drawn: its clue (``?`` unknown), ``#`` shaded or ``.``."""
    return [["?" if v is not None and v < 0 else str(v) if v is not None
             else "#" if grid and grid[r][c] else "." for c, v in enumerate(row)]
            for r, row in enumerate(puzzle.clues)]


def text(puzzle, decoded) -> str:
    return text_grid(cell_texts(puzzle, decoded["grid"]))


def svg(puzzle, decoded) -> str:
    marks = [["" if v is None else "?" if v < 0 else v for v in row] for row in puzzle.clues]
    shade = [[bool(v) for v in row] for row in decoded["grid"]] if decoded else None
    return svg_grid(marks, shade=shade)
