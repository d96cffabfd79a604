"""Knight Moves's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    labels = text_grid(decoded["grid"]).split("\n")
    regions = text_grid(puzzle.regions).split("\n")
    return "\n".join(a + "    " + b for a, b in zip(labels, regions))


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """The labels drawn in their cells, thick lines between the regions."""
    return svg_grid(decoded["grid"], regions=puzzle.regions)


def puzzle_svg(puzzle) -> str:
    return svg_grid(puzzle.grid_givens, regions=puzzle.regions)
