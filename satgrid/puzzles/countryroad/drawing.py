"""Country Road's drawings: the text the CLI prints (``text``,
``puzzle_text``) and the SVG of ``--svg`` and the workbench (``svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from .. import roomloops
from ..links import draw_links, draw_marks, svg_text
from ..rooms import clue_grid

STEP = 36


def _mark(puzzle):
    clues = clue_grid(puzzle.rooms, puzzle.numbers)

    def mark(r, c):
        v = clues[r][c]
        return None if v is None else "?" if v < 0 else str(v) if v < 10 else "+"
    return mark


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The loop in box-drawing characters, each room's number in its top cell."""
    return draw_links(decoded["grid"], _mark(puzzle))


def puzzle_text(puzzle) -> str:
    return draw_marks(puzzle.rows, puzzle.cols, _mark(puzzle))


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    clues = clue_grid(puzzle.rooms, puzzle.numbers)
    extra = [svg_text(STEP * (c + 0.8), STEP * (r + 0.75), "?" if v < 0 else str(v), STEP * 0.3)
             for r, row in enumerate(clues) for c, v in enumerate(row) if v is not None]
    return roomloops.svg(puzzle.vert, puzzle.hori, _links(puzzle, decoded), extra, STEP)


def _links(puzzle, decoded: dict[str, Any] | None) -> list[list[int]]:
    """The loop's links, none for the puzzle as given (``decoded`` None)."""
    return decoded["grid"] if decoded else [[0] * puzzle.cols for _ in range(puzzle.rows)]
