"""Sudoku's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The grid as text with box separators."""
    return text_grid(decoded["grid"], box=puzzle.box)


def puzzle_text(puzzle) -> str:
    """The givens as text (``.`` = empty)."""
    return text_grid(puzzle.grid, box=puzzle.box)


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """An SVG drawing: thick lines around the boxes."""
    h, w = puzzle.box
    n = puzzle.n
    regions = [[(r // h) * (n // w) + c // w for c in range(n)] for r in range(n)]
    return svg_grid(decoded["grid"], regions=regions)


def puzzle_svg(puzzle) -> str:
    return svg(puzzle, {"grid": puzzle.grid})
