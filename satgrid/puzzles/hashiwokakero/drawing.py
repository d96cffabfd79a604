"""Hashiwokakero's drawings: the text the CLI prints (``text``,
``puzzle_text``) and the SVG of ``--svg`` and the workbench (``svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..links import svg_text
from ..render import text_grid

STEP = 36
FLAT, TALL = {1: "─", 2: "═"}, {1: "│", 2: "║"}


def _island(v) -> str:
    return "?" if v < 0 else str(v)


def text(puzzle, decoded: dict[str, Any]) -> str:
    """Islands as their numbers, bridges as ─ ═ │ ║ through the cells between."""
    g = decoded["grid"]
    out = []
    for r, row in enumerate(puzzle.clues):
        line = []
        for c, v in enumerate(row):
            west = g[r][c - 1] & 3 if c else 0
            north = g[r - 1][c] >> 2 if r else 0
            line.append(_island(v) if v is not None else FLAT.get(west) or TALL.get(north) or "·")
        out.append(line)
    return text_grid(out)


def puzzle_text(puzzle) -> str:
    return text_grid([[_island(v) if v is not None else "·" for v in row] for row in puzzle.clues])


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    """Bridges (single or double lines) between circled islands; ``decoded``
    None: the islands alone (the puzzle as given)."""
    h, w = puzzle.rows, puzzle.cols
    g = decoded["grid"] if decoded else [[0] * w for _ in range(h)]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * STEP}" height="{h * STEP}" '
           f'viewBox="0 0 {w * STEP} {h * STEP}">',
           f'<rect x="0" y="0" width="{w * STEP}" height="{h * STEP}" fill="white"/>']
    for r in range(h):
        for c in range(w):
            x, y = STEP * (c + 0.5), STEP * (r + 0.5)
            for n, dx, dy in ((g[r][c] & 3, STEP, 0), (g[r][c] >> 2, 0, STEP)):
                for k in range(n):
                    off = 0 if n == 1 else (k - 0.5) * 6
                    ox, oy = (0, off) if dx else (off, 0)
                    out.append(f'<line x1="{x + ox}" y1="{y + oy}" x2="{x + dx + ox}" '
                               f'y2="{y + dy + oy}" stroke="black" stroke-width="2"/>')
    for r, row in enumerate(puzzle.clues):
        for c, v in enumerate(row):
            if v is not None:
                x, y = STEP * (c + 0.5), STEP * (r + 0.5)
                out.append(f'<circle cx="{x}" cy="{y}" r="{STEP * 0.4}" fill="white" '
                           'stroke="black" stroke-width="1.5"/>')
                out.append(svg_text(x, y, _island(v), STEP * 0.45))
    out.append("</svg>")
    return "\n".join(out) + "\n"
