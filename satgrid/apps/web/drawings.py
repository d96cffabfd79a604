"""What the workbench draws and saves: a puzzle before solving, a solution,
and the solution file a person downloads.

Solutions are drawn by the kind's own SVG renderer (``render_svg``) where the
kind has one. The kinds without one (Knight Moves, Twenty Four Seven today)
and every puzzle before it is solved are drawn here with
:func:`satgrid.render.svg_grid`, from the puzzle's own attributes. A kind
this module does not know is shown as the kind's text drawing instead (the
page falls back to it), never as a wrong picture.

In a solution, the given cells are framed in blue (:func:`mark_givens`), so
that givens and solved cells are told apart in every kind's drawing.

The solution file is in the kind's own format: a Sudoku as a text grid (which
loads back as a puzzle whose givens are the solution), any other kind as the
``[expect]`` table of its TOML instance file (``solution`` and ``answer``),
ready to paste into the instance.
"""

from __future__ import annotations

import os
import re
from html import escape
from typing import Any

from ...puzzles import Puzzle
from ...puzzles.sudoku import format_grid
from ...render import svg_grid, text_grid

CELL = 36


def _clue_svg(sub, body: str, n: int, cell: int = CELL) -> tuple[str, int, int]:
    """One Twenty Four Seven grid with its edge clues around it: (svg, width, height)."""
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


def _twentyfourseven(p: Puzzle, grids: list, frame: bool = False) -> str:
    """The grids of a Twenty Four Seven puzzle (one, or four in two rows), clues
    around each; ``frame``: the given cells framed."""
    n = p.size
    pieces = [_clue_svg(sub, mark_givens(svg_grid(g, cell=CELL), sub.givens) if frame
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


def givens_of(p: Puzzle) -> list | None:
    """The grid of givens (0 = none) of a kind this module knows, else None
    (for Twenty Four Seven, one grid per sub-grid)."""
    for attr in ("grid_givens", "given"):
        if isinstance(getattr(p, attr, None), list):
            return getattr(p, attr)
    if p.kind == "sudoku":
        return p.grid
    return None


def mark_givens(svg: str, givens) -> str:
    """Frame the given cells of a drawing made by :func:`satgrid.render.svg_grid`
    (its width is columns x cell + 4), so that givens and solved cells are told apart."""
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


def puzzle_svg(p: Puzzle) -> str | None:
    """A drawing of the puzzle as given (before solving), or None for a kind
    this module does not know."""
    kind = p.kind
    if kind == "sudoku":
        return p.render_svg({"grid": p.grid})
    if kind == "vertex-sums":
        return p.render_svg({"grid": p.given})
    if kind == "hooks":
        return svg_grid(p.given, regions=p.regions, cell=CELL)
    if kind == "knight-moves":
        return svg_grid(p.grid_givens, regions=p.regions, cell=CELL)
    if kind.startswith("twenty-four-seven"):
        return _twentyfourseven(p, [sub.givens for sub in p.grids])
    return None


def solution_svg(p: Puzzle, decoded: dict[str, Any]) -> str | None:
    """A drawing of a decoded solution: the kind's ``render_svg`` where it has one."""
    if p.kind.startswith("twenty-four-seven"):
        return _twentyfourseven(p, decoded["grids"] if "grids" in decoded else [decoded["grid"]],
                                frame=True)
    render = getattr(p, "render_svg", None)
    if render is not None:
        svg = render(decoded)
    elif "grid" in decoded:
        svg = svg_grid(decoded["grid"], regions=getattr(p, "regions", None), cell=CELL)
    else:
        return None
    return mark_givens(svg, givens_of(p))


def _stem(p: Puzzle) -> str:
    base = os.path.basename(p.file) or "puzzle"
    stem = re.sub(r"\.(toml|txt)$", "", base)
    return re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "puzzle"


def _toml_grid(rows) -> str:
    return '"""\n' + text_grid(rows) + '\n"""'


def solution_file(p: Puzzle, res: dict[str, Any]) -> tuple[str, str]:
    """(file name, text) of the solution in ``res`` (a solved result) in the kind's format."""
    if p.kind == "sudoku":
        return f"{_stem(p)}.solution.txt", format_grid(res["grid"], p.box)
    lines = [f"# solution of {p.label()} ({p.kind}), found and checked by satgrid;",
             "# the [expect] table of the instance file", "[expect]"]
    if res.get("answer") is not None:
        lines.append(f"answer = {res['answer']}")
    if res.get("unique") is not None:
        lines.append(f"unique = {'true' if res['unique'] else 'false'}")
    if "grids" in res:
        lines.append("solution = [\n" + ",\n".join(_toml_grid(g) for g in res["grids"]) + "\n]")
    else:
        lines.append("solution = " + _toml_grid(res["grid"]))
    return f"{_stem(p)}.solution.toml", "\n".join(lines) + "\n"
