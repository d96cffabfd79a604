"""Yajilin's drawings: the text the CLI prints (``text``, ``puzzle_text``)
and the SVG of ``--svg`` and the workbench (``svg``); the kind's
:class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..links import BOX, svg_cell_links, svg_text
from ..render import text_grid

ARROW = {"u": "↑", "d": "↓", "l": "←", "r": "→", "": ""}
STEP = 36


def mark(clue) -> str | None:
    """A clue as text: its number (or ``?``) and arrow; ``■`` a clue cell
    without a number; None for no clue."""
    if clue is None:
        return None
    arrow, n = clue
    return "■" if n == -3 else ("?" if n == -2 else str(n)) + ARROW[arrow]


def text(puzzle, decoded: dict[str, Any]) -> str:
    links, shaded = decoded["grid"], decoded["shaded"]
    return text_grid([[mark(clue) or ("#" if shaded[r][c] else BOX.get(links[r][c], "?"))
                       for c, clue in enumerate(row)] for r, row in enumerate(puzzle.clues)])


def puzzle_text(puzzle) -> str:
    return text_grid([[mark(clue) or "." for clue in row] for row in puzzle.clues])


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    """The loop through the centres, shaded cells, clues with their arrows;
    ``decoded`` None: the puzzle as given."""
    blank = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    decoded = decoded or {"grid": blank, "shaded": blank}
    extra = []
    for r, row in enumerate(puzzle.clues):
        for c, clue in enumerate(row):
            x, y = STEP / 2 + c * STEP, STEP / 2 + r * STEP
            if decoded["shaded"][r][c] or (clue and clue[1] == -3):
                extra.append(f'<rect x="{x}" y="{y}" width="{STEP}" height="{STEP}" fill="#333"/>')
            elif clue:
                extra.append(svg_text(x + STEP / 2, y + STEP / 2, mark(clue), STEP * 0.4))
    return svg_cell_links(decoded["grid"], puzzle.rows, puzzle.cols, step=STEP, extra=extra)
