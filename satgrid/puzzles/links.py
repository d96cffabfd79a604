"""Link grids: the decoded form of path and loop puzzles, and their text.

A *link grid* gives for every vertex of a grid (a cell in Masyu and
Numberlink, a dot in Slitherlink) the sides through which the line leaves
it, as a bitmask: north 1, east 2, south 4, west 8 (0 = no line; JSON-ready
ints, 0 for empty as in SPEC.md section 3). In files a vertex is written with
the letters of its sides in the order n, s, e, w (``ns``, ``ew``, ``se``,
``nw``, ``e`` ...) and ``-`` (or ``.``) for none: the notation of the
published solutions transcribed in ``instances/``.

Also here: the plain text grids these kinds share (a ``ROWS COLS`` line, then
the rows; ``-`` or ``.`` = empty), what their TOML instances share (keys,
the main grid, ``[expect]`` and its solution grid), and the drawings of link
grids.

Example:
    >>> link_mask("se"), link_text(6)
    (6, 'se')
    >>> print(draw_links([[6, 12], [3, 9]]))
    ┌─┐
    └─┘
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..errors import InstanceError
from ..modelling.geometry import Edge
from .base import parse_expect
from .parsing import TokenGrid, key_pos, parse_token_grid, toml_token_grid
from .render import escape

#: side letter -> (bit, row step, column step)
SIDES = {"n": (1, -1, 0), "e": (2, 0, 1), "s": (4, 1, 0), "w": (8, 0, -1)}
ORDER = "nsew"
BOX = {0: "·", 5: "│", 10: "─", 6: "┌", 12: "┐", 3: "└", 9: "┘",
       1: "╵", 2: "╶", 4: "╷", 8: "╴"}
#: the largest side of a TOML instance's grid
MAX_SIDE = 100


def link_mask(token: str) -> int | None:
    """The bitmask of a link token (``-``/``.`` = 0); None when it is not one."""
    if token in ("-", ".", "0"):
        return 0
    mask = 0
    for ch in token.lower():
        if ch not in SIDES or mask & SIDES[ch][0]:
            return None
        mask |= SIDES[ch][0]
    return mask


def link_text(mask: int) -> str:
    """The letters of a bitmask in the order n, s, e, w; ``-`` for 0."""
    return "".join(s for s in ORDER if mask & SIDES[s][0]) or "-"


def links_from_edges(used: Sequence[Edge], rows: int, cols: int) -> list[list[int]]:
    """The link grid (rows x cols vertices) of a set of used orthogonal edges."""
    grid = [[0] * cols for _ in range(rows)]
    for (r1, c1), (r2, c2) in used:
        if (r1, c1) > (r2, c2):
            (r1, c1), (r2, c2) = (r2, c2), (r1, c1)
        if r1 == r2:          # horizontal: east of the first, west of the second
            grid[r1][c1] |= 2
            grid[r2][c2] |= 8
        else:
            grid[r1][c1] |= 4
            grid[r2][c2] |= 1
    return grid


def read_links(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    """A TokenGrid of link tokens as a link grid (positioned errors)."""
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            m = link_mask(tok)
            if m is None:
                raise tg.error(r, c, f"expected the sides a line leaves by (letters of "
                                     f"n, s, e, w such as 'ns' or 'se') or '-', found {tok!r}")
            vals.append(m)
        out.append(vals)
    return out


def draw_links(links: Sequence[Sequence[int]],
               mark: Callable[[int, int], str | None] | None = None) -> str:
    """Box-drawing text of a link grid, a line piece between two linked
    neighbours of a row; ``mark(r, c)`` may put a character on a vertex
    instead (a pearl, a number)."""
    out = []
    for r, row in enumerate(links):
        line = ""
        for c, m in enumerate(row):
            ch = mark(r, c) if mark else None
            line += (ch if ch else BOX.get(m, "?")) + ("─" if m & 2 else " ")
        out.append(line.rstrip())
    return "\n".join(out)


def svg_links(links: Sequence[Sequence[int]], *, step: int, offset: float,
              width: float, height: float, extra: Sequence[str] = (),
              grid_lines: bool = True, cells: tuple[int, int] | None = None) -> str:
    """An SVG drawing: light cell lines (``cells`` = rows, cols of cells), the
    line through the link grid's vertices (vertex (r, c) at ``offset +
    step * (c, r)``), then ``extra`` elements (clues, pearls)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}">',
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="white"/>']
    if grid_lines and cells:
        cr, cc = cells
        for i in range(cr + 1):
            out.append(f'<line x1="{step / 2}" y1="{step / 2 + i * step}" x2="{step / 2 + cc * step}" '
                       f'y2="{step / 2 + i * step}" stroke="#ccc"/>')
        for j in range(cc + 1):
            out.append(f'<line x1="{step / 2 + j * step}" y1="{step / 2}" x2="{step / 2 + j * step}" '
                       f'y2="{step / 2 + cr * step}" stroke="#ccc"/>')
    for r, row in enumerate(links):
        for c, m in enumerate(row):
            x, y = offset + c * step, offset + r * step
            if m & 2:
                out.append(f'<line x1="{x}" y1="{y}" x2="{x + step}" y2="{y}" stroke="black" '
                           'stroke-width="4" stroke-linecap="round"/>')
            if m & 4:
                out.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + step}" stroke="black" '
                           'stroke-width="4" stroke-linecap="round"/>')
    out.extend(extra)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def draw_marks(rows: int, cols: int, mark: Callable[[int, int], str | None]) -> str:
    """The text drawing of a puzzle before it is solved: ``mark(r, c)`` (its
    clues) on a rows x cols grid without lines."""
    return draw_links([[0] * cols for _ in range(rows)], mark)


def svg_cell_links(links: Sequence[Sequence[int]], rows: int, cols: int, *, step: int,
                   extra: Sequence[str] = ()) -> str:
    """An SVG drawing of a line through the centres of rows x cols cells
    (centre (r, c) at ``step * (c + 1, r + 1)``), with ``extra`` on top."""
    return svg_links(links, step=step, offset=step, width=(cols + 1) * step,
                     height=(rows + 1) * step, extra=extra, cells=(rows, cols))


def svg_text(x: float, y: float, text: str, size: float) -> str:
    return (f'<text x="{x}" y="{y + size * 0.35:.1f}" font-size="{size:.0f}" text-anchor="middle" '
            f'font-family="sans-serif">{escape(text)}</text>')


def read_header_grid(text: str, file: str, what: str) -> tuple[int, int, TokenGrid]:
    """The plain text grid: a ``ROWS COLS`` line, then ROWS rows of COLS tokens
    (blank lines and ``#`` comment lines skipped); positioned errors."""
    lines = text.split("\n")
    first = next((i for i, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("#")),
                 None)
    if first is None:
        raise InstanceError(f"expected a {what}: a line 'ROWS COLS' then the rows", file, 1, 1)
    head = lines[first].split()
    if len(head) != 2 or not all(t.isascii() and t.isdigit() and len(t) <= 3  # not '²'
                                 and 1 <= int(t) <= 100 for t in head):
        raise InstanceError(f"expected 'ROWS COLS' (two whole numbers 1..100) for a {what}, "
                            f"found {lines[first].strip()!r}", file, first + 1, 1)
    rows, cols = int(head[0]), int(head[1])
    body = "\n".join("" if l.lstrip().startswith("#") else l for l in lines[first + 1:])
    if not body.strip():
        raise InstanceError(f"expected {rows} rows after the size line", file, first + 2, 1)
    tg = parse_token_grid(body, file=file, key=what, first_line=first + 2)
    tg.expect_shape(rows, cols)
    return rows, cols, tg


def header_grid_tokens(text: str) -> tuple[list[str], set[str]] | None:
    """(the ``ROWS COLS`` line's tokens, the set of grid tokens) of a plain text
    grid, or None when the first content line is not two numbers (for sniffing)."""
    lines = [l for l in text.split("\n") if l.strip() and not l.lstrip().startswith("#")]
    if not lines:
        return None
    head = lines[0].split()
    if len(head) != 2 or not all(t.isdigit() for t in head):
        return None
    return head, {t for l in lines[1:] for t in l.split()}


def toml_error(msg: str, raw: str, file: str, key: str | None = None) -> InstanceError:
    """An error at the line where TOML key ``key`` is set (unpositioned without one)."""
    line = key_pos(raw, key) if key else None
    return InstanceError(msg, file, line, 1 if line else None)


def check_toml_keys(data: dict, raw: str, file: str, kind: str, keys: Sequence[str]) -> None:
    """Refuse a key of a ``kind`` TOML instance not in ``keys``, and a
    non-string title or source."""
    for k in data:
        if k not in keys:
            raise toml_error(f"unknown key {k!r} for a {kind} puzzle; expected {', '.join(keys)}",
                             raw, file, k)
    for k in ("title", "source"):
        if k in data and not isinstance(data[k], str):
            raise toml_error(f"{k}: expected a string", raw, file, k)


def read_toml_grid(data: dict, raw: str, file: str, kind: str, grid: str, missing: str,
                   read_grid: Callable[[TokenGrid], Any],
                   read_solution: Callable[[TokenGrid, int, int], Any] = read_links):
    """The grid and ``[expect]`` of a path or loop kind's TOML instance: key
    ``grid`` required (``missing`` says what it holds), 1..MAX_SIDE rows of as
    many tokens each, read by ``read_grid``; then ``[expect]`` (no answer)
    with its solution grid read by ``read_solution(tg, rows, cols)``.
    Returns (the grid read, its expect table, the solution or None)."""
    if grid not in data:
        raise InstanceError(missing, file, 1, 1)
    tg = toml_token_grid(data, raw, file, grid)
    rows, cols = tg.height, len(tg.rows[0])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise tg.error(0, None, f"expected 1..{MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    value = read_grid(tg)
    exp = parse_expect(data, raw, file, f"a {kind} puzzle (it has no answer number)",
                       ("unique", "count", "solution"))
    solution = None
    if "solution" in exp:
        solution = read_solution(toml_token_grid(exp, raw, file, "solution"), rows, cols)
    return value, exp, solution
