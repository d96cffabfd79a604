"""Statue Park's drawings: the text the CLI prints (``text``: ``#`` shaded,
``o``/``*`` the white and black circles) and the SVG of ``--svg`` and the
workbench (``svg``: shaded cells grey, circles as ``o``/``*``; without a
solution, the puzzle as given)."""

from __future__ import annotations

from ..render import svg_grid, text_grid

MARK = {0: "", 1: "o", 2: "*"}


def text(puzzle, decoded) -> str:
    g = decoded["grid"]
    return text_grid([[MARK[v] or ("#" if g[r][c] else ".") for c, v in enumerate(row)]
                      for r, row in enumerate(puzzle.circles)])


def svg(puzzle, decoded) -> str:
    return svg_grid([[MARK[v] for v in row] for row in puzzle.circles],
                    shade=[[bool(v) for v in row] for row in decoded["grid"]] if decoded else None)
