"""Nurikabe's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(puzzle.cell_texts(decoded["grid"]))


def svg(puzzle, decoded: dict[str, Any]) -> str:
    numbers = [[k or "" for k in row] for row in puzzle.clues]
    return svg_grid(numbers, shade=[[bool(v) for v in row] for row in decoded["grid"]])
