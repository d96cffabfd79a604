"""Kakuro's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``): black cells shaded with their clues
``down/right`` (as the instance file writes them), white cells with their digits (empty before solving)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def _clue(v) -> str:
    down, right = v
    if down is None and right is None:
        return "#"
    return f"{'' if down is None else down}/{'' if right is None else right}"


def _cells(puzzle, decoded):
    g = decoded["grid"] if decoded else None
    return [[_clue(v) if v is not None else (g[r][c] if g else ".") for c, v in enumerate(row)]
            for r, row in enumerate(puzzle.grid)]


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(_cells(puzzle, decoded))


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    cells = [[("" if v == "#" else v) if isinstance(v, str) else v for v in row]
             for row in _cells(puzzle, decoded)]
    cells = [["" if v == "." else v for v in row] for row in cells]
    return svg_grid(cells, shade=[[v is not None for v in row] for row in puzzle.grid])
