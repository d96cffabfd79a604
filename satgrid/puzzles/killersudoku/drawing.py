"""Killer Sudoku's drawings: the text the CLI prints (``text``: the digits
with the box lines) and the SVG of ``--svg`` and the workbench (``svg``:
thick lines around the cages, each cage's sum in its first cell before
solving, the digits after)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    return text_grid(decoded["grid"], box=puzzle.box)


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    n = puzzle.n
    label = [[-1] * n for _ in range(n)]
    shown = [row[:] for row in decoded["grid"]] if decoded else [row[:] for row in puzzle.digits]
    for k, (cells, total) in enumerate(puzzle.cages):
        for r, c in cells:
            label[r][c] = k
        if decoded is None and total is not None and not shown[min(cells)[0]][min(cells)[1]]:
            r, c = min(cells)
            shown[r][c] = f"({total})"
    return svg_grid(shown, regions=label)
