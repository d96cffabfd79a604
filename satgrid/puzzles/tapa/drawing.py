"""Tapa's drawings: the text the CLI prints (``text``: ``#`` shaded, the
clues as ``3,1``) and the SVG of ``--svg`` and the workbench (``svg``;
``decoded`` None: the puzzle)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def clue_text(clue) -> str:
    return ",".join("?" if v is None else str(v) for v in clue)


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = decoded["grid"]
    return text_grid([[clue_text(v) if v is not None else "#" if g[r][c] else "."
                       for c, v in enumerate(row)] for r, row in enumerate(puzzle.clues)])


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    labels = [[clue_text(v) if v is not None else "" for v in row] for row in puzzle.clues]
    shade = [[bool(decoded and decoded["grid"][r][c]) for c in range(puzzle.cols)]
             for r in range(puzzle.rows)]
    return svg_grid(labels, shade=shade)
