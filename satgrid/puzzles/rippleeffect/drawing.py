"""Drawings of a grid of numbers in rooms (Ripple Effect, Suguru): the text
the CLI prints (``text``: numbers, ``#`` for an empty cell) and the SVG of
``--svg`` and the workbench (``svg``: thick lines between rooms, empty cells
shaded; before solving, the given numbers)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def _numbers(puzzle, decoded):
    if decoded:
        return decoded["grid"]
    return [["?" if v is not None and v < 0 else v for v in row] for row in puzzle.clues]


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = _numbers(puzzle, decoded)
    return text_grid([["#" if puzzle.rooms[r][c] is None else v for c, v in enumerate(row)]
                      for r, row in enumerate(g)])


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    rooms = [[-1 if k is None else k for k in row] for row in puzzle.rooms]
    return svg_grid(_numbers(puzzle, decoded), regions=rooms,
                    shade=[[k is None for k in row] for row in puzzle.rooms])
