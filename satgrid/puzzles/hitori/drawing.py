"""Hitori's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = decoded["grid"]
    return text_grid([["#" if g[r][c] else v for c, v in enumerate(row)]
                      for r, row in enumerate(puzzle.numbers)])


def svg(puzzle, decoded: dict[str, Any]) -> str:
    return svg_grid(puzzle.numbers, shade=[[bool(v) for v in row] for row in decoded["grid"]])
