"""Moon or Sun's drawings: the text the CLI prints (``text``,
``puzzle_text``) and the SVG of ``--svg`` and the workbench (``svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from .. import roomloops
from ..links import draw_links, draw_marks

STEP = 36
MARK = {"s": "○", "m": "☾"}


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The loop in box-drawing characters, suns ○ and moons ☾."""
    return draw_links(decoded["grid"], lambda r, c: MARK.get(puzzle.marks[r][c]))


def puzzle_text(puzzle) -> str:
    return draw_marks(puzzle.rows, puzzle.cols, lambda r, c: MARK.get(puzzle.marks[r][c]))


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    """Rooms, the loop, suns as white discs and moons as black ones."""
    extra = [f'<circle cx="{STEP * (c + 1)}" cy="{STEP * (r + 1)}" r="{STEP * 0.28:.0f}" '
             f'fill="{"white" if v == "s" else "#555"}" stroke="black" stroke-width="2"/>'
             for r, row in enumerate(puzzle.marks) for c, v in enumerate(row) if v in MARK]
    return roomloops.svg(puzzle.vert, puzzle.hori, _links(puzzle, decoded), extra, STEP)


def _links(puzzle, decoded: dict[str, Any] | None) -> list[list[int]]:
    """The loop's links, none for the puzzle as given (``decoded`` None)."""
    return decoded["grid"] if decoded else [[0] * puzzle.cols for _ in range(puzzle.rows)]
