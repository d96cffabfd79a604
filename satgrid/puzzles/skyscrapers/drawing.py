"""Skyscrapers' drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``): the grid in a frame of its outside
clues (shaded), the heights inside (the givens alone before solving)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def _framed(puzzle, decoded):
    h, cl = puzzle.rows, puzzle.clues
    show = lambda v: "?" if v is not None and v < 0 else v
    inner = decoded["grid"] if decoded else [[show(v) for v in row] for row in puzzle.heights]
    top = [None] + [show(v) for v in cl["top"]] + [None]
    bottom = [None] + [show(v) for v in cl["bottom"]] + [None]
    return [top] + [[show(cl["left"][r])] + list(inner[r]) + [show(cl["right"][r])]
                    for r in range(h)] + [bottom]


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(_framed(puzzle, decoded), empty=" ")


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    rows = _framed(puzzle, decoded)
    h, w = len(rows), len(rows[0])
    return svg_grid(rows, shade=[[r in (0, h - 1) or c in (0, w - 1) for c in range(w)]
                                 for r in range(h)])
