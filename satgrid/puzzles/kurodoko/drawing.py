"""Kurodoko's drawings: the text the CLI prints (``text``: numbers, ``#``
shaded, ``.`` unshaded) and the SVG of ``--svg`` and the workbench (``svg``)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def cell_texts(clues, grid) -> list[list[str]]:
    return [["?" if k is not None and k < 0 else str(k) if k is not None
             else "#" if grid[r][c] else "." for c, k in enumerate(row)]
            for r, row in enumerate(clues)]


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(cell_texts(puzzle.clues, decoded["grid"]))


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    """The solution's drawing, or (``decoded`` None) the puzzle as given."""
    marks = [["?" if k is not None and k < 0 else "" if k is None else str(k) for k in row]
             for row in puzzle.clues]
    g = decoded["grid"] if decoded else [[0] * puzzle.cols for _ in range(puzzle.rows)]
    return svg_grid(marks, shade=[[bool(v) for v in row] for row in g])
