"""Nonogram's drawings: the text the CLI prints (``text``: ``#`` shaded, the
row clues at the right) and the SVG of ``--svg`` and the workbench (``svg``:
the shaded cells, the clues above and left of the grid; ``decoded`` None:
the puzzle)."""

from __future__ import annotations

from typing import Any

from ..render import escape


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = decoded["grid"]
    return "\n".join(" ".join("#" if v else "." for v in row) + "   " +
                     " ".join(map(str, clue)) for row, clue in zip(g, puzzle.row_clues))


def svg(puzzle, decoded: dict[str, Any] | None, cell: int = 24) -> str:
    top = max((len(c) for c in puzzle.column_clues), default=0)
    left = max((len(c) for c in puzzle.row_clues), default=0)
    x0, y0 = left * cell, top * cell
    w, h = x0 + puzzle.cols * cell, y0 + puzzle.rows * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 4}" height="{h + 4}" '
           f'viewBox="-2 -2 {w + 4} {h + 4}">',
           f'<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>']

    def label(x, y, v):
        out.append(f'<text x="{x + cell / 2}" y="{y + cell * 0.7}" font-size="{cell // 2}" '
                   f'text-anchor="middle" font-family="sans-serif">{escape(str(v))}</text>')
    for c, clue in enumerate(puzzle.column_clues):
        for i, v in enumerate(clue):
            label(x0 + c * cell, y0 - (len(clue) - i) * cell, v)
    for r, clue in enumerate(puzzle.row_clues):
        for i, v in enumerate(clue):
            label(x0 - (len(clue) - i) * cell, y0 + r * cell, v)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if decoded and decoded["grid"][r][c]:
                out.append(f'<rect x="{x0 + c * cell}" y="{y0 + r * cell}" width="{cell}" '
                           f'height="{cell}" fill="black"/>')
    for r in range(puzzle.rows + 1):
        y = y0 + r * cell
        out.append(f'<line x1="{x0}" y1="{y}" x2="{w}" y2="{y}" stroke="#999"/>')
    for c in range(puzzle.cols + 1):
        x = x0 + c * cell
        out.append(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{h}" stroke="#999"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
