"""LITS's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    shapes = decoded.get("shapes") or [["#" if v else "." for v in row]
                                       for row in decoded["grid"]]
    return text_grid([[s if s != "." else 0 for s in row] for row in shapes])


def svg(puzzle, decoded: dict[str, Any]) -> str:
    shapes = decoded.get("shapes") or [[""] * puzzle.cols for _ in range(puzzle.rows)]
    return svg_grid([[s if s != "." else "" for s in row] for row in shapes],
                    regions=puzzle.regions,
                    shade=[[bool(v) for v in row] for row in decoded["grid"]])
