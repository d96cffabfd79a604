"""Hooks's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The numbers ('.' empty) with the hook layout (hook sizes) beside them."""
    left = text_grid(decoded["grid"]).split("\n")
    right = text_grid(decoded["hooks"]).split("\n")
    w = max(len(s) for s in left)
    return "\n".join(a.ljust(w) + "   " + b for a, b in zip(left, right))


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """SVG: numbers, thick region borders, hooks of even size shaded."""
    shade = [[k % 2 == 0 for k in row] for row in decoded["hooks"]]
    return svg_grid(decoded["grid"], regions=puzzle.regions, shade=shade)


def puzzle_svg(puzzle) -> str:
    return svg_grid(puzzle.given, regions=puzzle.regions)
