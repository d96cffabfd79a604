"""Text and SVG drawings of grids (0 or None = empty cell), the frames
that mark the given cells of a solution's drawing, and the drawing of a regions
answer with number clues (Araf, Shikaku)."""

from __future__ import annotations

import re
from typing import Sequence

#: the characters SVG text escapes, as ``html.escape`` does (without importing
#: ``html`` and its entity tables, 1.4 ms of every kind's start-up)
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """``text`` with ``& < > " '`` escaped for SVG (XML) text and attributes."""
    return text.translate(_ESCAPES)


def text_grid(rows: Sequence[Sequence[object]], *, empty: str = ".",
              box: tuple[int, int] | None = None) -> str:
    """Rows of cells as aligned text; ``box=(h, w)`` draws Sudoku box separators."""
    cells = [[empty if v in (0, None, "") else str(v) for v in row] for row in rows]
    width = max((len(c) for row in cells for c in row), default=1)
    lines = []
    for r, row in enumerate(cells):
        if box and r and r % box[0] == 0:
            seg = "-" * ((width + 1) * box[1] - 1)
            lines.append("-+-".join([seg] * (len(row) // box[1])))
        parts = []
        for c, v in enumerate(row):
            if box and c and c % box[1] == 0:
                parts.append("|")
            parts.append(v.rjust(width))
        lines.append(" ".join(parts))
    return "\n".join(lines)


def svg_grid(rows: Sequence[Sequence[object]], *, cell: int = 36,
             regions: Sequence[Sequence[object]] | None = None,
             shade: Sequence[Sequence[bool]] | None = None) -> str:
    """A simple SVG drawing: thin cell lines, thick lines between regions."""
    h, w = len(rows), len(rows[0]) if rows else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 4}" '
           f'height="{h * cell + 4}" viewBox="-2 -2 {w * cell + 4} {h * cell + 4}">',
           '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (w * cell, h * cell)]
    for r in range(h):
        for c in range(w):
            x, y = c * cell, r * cell
            if shade and shade[r][c]:
                out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#ddd"/>')
            v = rows[r][c]
            if v not in (0, None, ""):
                out.append(f'<text x="{x + cell / 2}" y="{y + cell * 0.68}" font-size="{cell // 2}" '
                           f'text-anchor="middle" font-family="sans-serif">{escape(str(v))}</text>')
    for r in range(h + 1):
        out.append(f'<line x1="0" y1="{r * cell}" x2="{w * cell}" y2="{r * cell}" stroke="#999"/>')
    for c in range(w + 1):
        out.append(f'<line x1="{c * cell}" y1="0" x2="{c * cell}" y2="{h * cell}" stroke="#999"/>')
    if regions:
        for r in range(h):
            for c in range(w):
                x, y = c * cell, r * cell
                if c + 1 < w and regions[r][c] != regions[r][c + 1]:
                    out.append(f'<line x1="{x + cell}" y1="{y}" x2="{x + cell}" y2="{y + cell}" '
                               'stroke="black" stroke-width="3"/>')
                if r + 1 < h and regions[r][c] != regions[r + 1][c]:
                    out.append(f'<line x1="{x}" y1="{y + cell}" x2="{x + cell}" y2="{y + cell}" '
                               'stroke="black" stroke-width="3"/>')
    out.append(f'<rect x="0" y="0" width="{w * cell}" height="{h * cell}" fill="none" '
               'stroke="black" stroke-width="3"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def mark_givens(svg: str, givens: Sequence[Sequence[object]] | None) -> str:
    """Frame the given cells (non-zero entries of ``givens``) of a drawing made
    by :func:`svg_grid` (its width is columns x cell + 4), so that givens and
    solved cells are told apart; ``givens`` None or empty: ``svg`` unchanged."""
    m = re.search(r'<svg[^>]*\bwidth="(\d+(?:\.\d+)?)"', svg)
    if not m or not givens or not givens[0]:
        return svg
    cell = (float(m.group(1)) - 4) / len(givens[0])
    frames = [f'<rect class="given" x="{c * cell + 3:g}" y="{r * cell + 3:g}" '
              f'width="{cell - 6:g}" height="{cell - 6:g}" rx="4" fill="none" '
              'stroke="#2456c8" stroke-width="2"/>'
              for r, row in enumerate(givens) for c, v in enumerate(row) if v]
    if not frames:
        return svg
    head, _, tail = svg.rpartition("</svg>")
    return head + "\n".join(frames) + "\n</svg>" + tail


def _area_clue(v) -> str:
    return "" if v is None else "?" if v < 0 else str(v)


def area_text(puzzle, decoded) -> str:
    """The text of a regions answer with number clues (Araf, Shikaku): each
    cell's region number, the clues in brackets (``?`` a clue without its number)."""
    g = decoded["grid"]
    return text_grid([[f"[{_area_clue(v)}]" if v is not None else g[r][c]
                       for c, v in enumerate(row)] for r, row in enumerate(puzzle.clues)])


def area_svg(puzzle, decoded) -> str:
    """Its SVG: the clues, thick lines between regions; without an answer,
    the puzzle as given."""
    return svg_grid([[_area_clue(v) for v in row] for row in puzzle.clues],
                    regions=decoded["grid"] if decoded else None)
