"""Kurodoko's drawings: the text the CLI prints (``text``: numbers, ``#``
shaded, ``.`` unshaded) and the SVG of ``--svg`` and the workbench (``svg``)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(puzzle.cell_texts(decoded["grid"]))


def svg(puzzle, decoded: dict[str, Any]) -> str:
    marks = [["?" if k is not None and k < 0 else "" if k is None else str(k) for k in row]
             for row in puzzle.clues]
    return svg_grid(marks, shade=[[bool(v) for v in row] for row in decoded["grid"]])
