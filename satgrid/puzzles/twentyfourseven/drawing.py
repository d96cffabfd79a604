"""Twenty Four Seven's drawings: the text the CLI prints (``text``) and the
SVG of ``--svg`` and the workbench (``svg``): each grid with its edge clues
around it (one grid, or four in two rows, each named under it)."""

from __future__ import annotations


from ..render import escape, mark_givens, svg_grid, text_grid

CELL = 36


def _with_clues(sub, body: str, n: int, cell: int = CELL) -> tuple[str, int, int]:
    """One grid's drawing ``body`` with its edge clues around it: (svg, width, height)."""
    side = cell  # one cell of margin on each side for the clues
    parts = [f'<svg x="{side}" y="{side}" overflow="visible">{body}</svg>']
    font = f'font-size="{cell // 2}" text-anchor="middle" font-family="sans-serif" fill="#333"'

    def text(x, y, v):
        if v:
            parts.append(f'<text x="{x}" y="{y}" {font}>{v}</text>')

    for i in range(n):
        mid = side + i * cell + cell / 2
        text(mid, side * 0.7, sub.clues["top"][i])
        text(mid, side + n * cell + side * 0.75, sub.clues["bottom"][i])
        text(side / 2, side + i * cell + cell * 0.68, sub.clues["left"][i])
        text(side + n * cell + side / 2, side + i * cell + cell * 0.68, sub.clues["right"][i])
    w = h = n * cell + 2 * side + 4
    return "\n".join(parts), w, h


def svg(p, grids: list, frame: bool = False) -> str:
    """The grids ``grids`` (one per sub-grid of ``p``) with the clues around
    each; ``frame``: the given cells framed."""
    n = p.size
    pieces = [_with_clues(sub, mark_givens(svg_grid(g, cell=CELL), sub.givens) if frame
                          else svg_grid(g, cell=CELL), n) for sub, g in zip(p.grids, grids)]
    per_row = 2 if len(pieces) == 4 else len(pieces)
    w, h = pieces[0][1], pieces[0][2]
    rows = (len(pieces) + per_row - 1) // per_row
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * per_row}" height="{h * rows}" '
           f'viewBox="0 0 {w * per_row} {h * rows}">']
    for k, (body, _, _) in enumerate(pieces):
        x, y = (k % per_row) * w, (k // per_row) * h
        label = getattr(p.grids[k], "name", "")
        out.append(f'<g transform="translate({x},{y})">{body}'
                   + (f'<text x="{w / 2}" y="{h - 2}" font-size="11" text-anchor="middle" '
                      f'font-family="sans-serif" fill="#666">{escape(label)}</text>' if label else "")
                   + "</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text_one(puzzle, sub, g: list[list[int]]) -> str:
    """One grid as text, its edge clues around it."""
    n = puzzle.size
    tok = lambda v: str(v) if v else " "  # noqa: E731
    body = text_grid(g).split("\n")
    w = max(len(s) for s in body[0].split()) if body and body[0].split() else 1
    fmt = lambda vals: " ".join(tok(v).rjust(w) for v in vals)  # noqa: E731
    lines = ["  " + fmt(sub.clues["top"])]
    for r in range(n):
        left, right = tok(sub.clues["left"][r]), tok(sub.clues["right"][r])
        lines.append(left + " " + body[r] + " " + right)
    lines.append("  " + fmt(sub.clues["bottom"]))
    return "\n".join(s.rstrip() for s in lines)


def text(puzzle, grids: list) -> str:
    """The solved ``grids`` (one per sub-grid) as text, each named in the 2x2 kind."""
    parts = []
    for sub, g in zip(puzzle.grids, grids):
        one = _text_one(puzzle, sub, g)
        parts.append((sub.name + "\n" + one) if puzzle.composite else one)
    return "\n\n".join(parts)
