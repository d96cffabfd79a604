"""Araf's drawings: the text the CLI prints (``text``: each cell's region
number, the clues in brackets) and the SVG of ``--svg`` and the workbench
(``svg``: the clues, thick lines between regions; without a solution, the
puzzle as given)."""

from __future__ import annotations

from ..render import svg_grid, text_grid


def _clue(v) -> str:
    return "" if v is None else "?" if v < 0 else str(v)


def text(puzzle, decoded) -> str:
    g = decoded["grid"]
    return text_grid([[f"[{_clue(v)}]" if v is not None else g[r][c] for c, v in enumerate(row)]
                      for r, row in enumerate(puzzle.clues)])


def svg(puzzle, decoded) -> str:
    return svg_grid([[_clue(v) for v in row] for row in puzzle.clues],
                    regions=decoded["grid"] if decoded else None)
