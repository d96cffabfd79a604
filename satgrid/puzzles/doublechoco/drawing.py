"""Double Choco's drawings: the text the CLI prints (``text``: each cell's
region number, grey cells marked ``'``, numbers in brackets) and the SVG of
``--svg`` and the workbench (``svg``: grey cells shaded, the numbers, thick
lines between regions; without a solution, the puzzle as given)."""

from __future__ import annotations

from ..render import svg_grid, text_grid


def _num(v) -> str:
    return "" if v is None else "?" if v < 0 else str(v)


def text(puzzle, decoded) -> str:
    g = decoded["grid"]
    return text_grid([[(f"[{_num(v)}]" if v is not None else str(g[r][c]))
                       + ("'" if puzzle.grey[r][c] else "") for c, v in enumerate(row)]
                      for r, row in enumerate(puzzle.numbers)])


def svg(puzzle, decoded) -> str:
    return svg_grid([[_num(v) for v in row] for row in puzzle.numbers],
                    regions=decoded["grid"] if decoded else None,
                    shade=[[bool(v) for v in row] for row in puzzle.grey])
