"""Star Battle's drawings: the text the CLI prints (``text``: ``*`` a star,
the region labels elsewhere) and the SVG of ``--svg`` and the workbench
(``svg``: thick region borders, the stars; ``decoded`` None: the puzzle)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = decoded["grid"]
    return text_grid([["*" if g[r][c] else "." for c in range(puzzle.cols)]
                      for r in range(puzzle.rows)])


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    marks = [["★" if decoded and decoded["grid"][r][c] else "" for c in range(puzzle.cols)]
             for r in range(puzzle.rows)]
    return svg_grid(marks, regions=[[str(v) for v in row] for row in puzzle.regions])
