"""Shakashaka's drawings: the text the CLI prints (``text``: the numbers,
``#`` a black cell, ``◣ ◢ ◥ ◤`` the triangles) and the SVG of ``--svg`` and
the workbench (``svg``; ``decoded`` None: the puzzle)."""

from __future__ import annotations

from typing import Any

from ..render import text_grid

GLYPH = {"bl": "◣", "br": "◢", "tr": "◥", "tl": "◤"}
#: each triangle's corners, as (x, y) fractions of the cell
CORNERS = {"bl": ((0, 0), (0, 1), (1, 1)), "br": ((1, 0), (1, 1), (0, 1)),
           "tr": ((0, 0), (1, 0), (1, 1)), "tl": ((0, 0), (1, 0), (0, 1))}


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = decoded["grid"]
    return text_grid([[("#" if v < 0 else str(v)) if v is not None else GLYPH.get(g[r][c], ".")
                       for c, v in enumerate(row)] for r, row in enumerate(puzzle.clues)])


def svg(puzzle, decoded: dict[str, Any] | None, cell: int = 36) -> str:
    h, w = puzzle.rows, puzzle.cols
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 4}" '
           f'height="{h * cell + 4}" '
           f'viewBox="-2 -2 {w * cell + 4} {h * cell + 4}">',
           f'<rect x="0" y="0" width="{w * cell}" height="{h * cell}" fill="white"/>']
    for r in range(h + 1):
        out.append(f'<line x1="0" y1="{r * cell}" x2="{w * cell}" y2="{r * cell}" stroke="#999"/>')
    for c in range(w + 1):
        out.append(f'<line x1="{c * cell}" y1="0" x2="{c * cell}" y2="{h * cell}" stroke="#999"/>')
    for r, row in enumerate(puzzle.clues):
        for c, v in enumerate(row):
            x, y = c * cell, r * cell
            if v is not None:
                out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="black"/>')
                if v >= 0:
                    out.append(f'<text x="{x + cell / 2}" y="{y + cell * 0.68}" fill="white" '
                               f'font-size="{cell // 2}" text-anchor="middle" '
                               f'font-family="sans-serif">{v}</text>')
            elif decoded and decoded["grid"][r][c] in CORNERS:
                pts = " ".join(f"{x + a * cell},{y + b * cell}"
                               for a, b in CORNERS[decoded["grid"][r][c]])
                out.append(f'<polygon points="{pts}" fill="black"/>')
    out.append(f'<rect x="0" y="0" width="{w * cell}" height="{h * cell}" fill="none" '
               'stroke="black" stroke-width="3"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
