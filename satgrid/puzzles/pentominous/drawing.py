"""Pentominous's drawings: the text the CLI prints (``text``: each cell's
letter, the given letters in brackets) and the SVG of ``--svg`` and the
workbench (``svg``: the letters, thick lines between regions, blocked cells
grey; without a solution, the puzzle as given)."""

from __future__ import annotations

from ..render import svg_grid, text_grid


def text(puzzle, decoded) -> str:
    g = decoded["grid"]
    return text_grid([[f"[{k}]" if k not in (None, "*") else g[r][c] for c, k in enumerate(row)]
                      for r, row in enumerate(puzzle.clues)])


def svg(puzzle, decoded) -> str:
    shown = decoded["grid"] if decoded else [[k if k not in (None, "*") else "" for k in row]
                                             for row in puzzle.clues]
    return svg_grid([["" if v == "*" else v for v in row] for row in shown],
                    regions=decoded["grid"] if decoded else None,
                    shade=[[k == "*" for k in row] for row in puzzle.clues])
