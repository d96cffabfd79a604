"""Nonogram file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "nonogram"
    title = "..."
    source = "..."        # where the puzzle (and its solution) was published
    rows = \"\"\"          # one line per row, its blocks left to right; '-' none
    1 1
    2
    ...\"\"\"
    columns = \"\"\"       # one line per column, its blocks top to bottom
    2
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '#' shaded, '.' not
    # . #
    ...\"\"\"

URL: ``https://puzz.link/p?nonogram/COLS/ROWS/BODY``: pzprjs's clue cells
outside the grid, (ROWS + 1) // 2 above each column, then (COLS + 1) // 2
left of each row, nearest the grid first, as numbers
(:func:`satgrid.puzzles.puzzlink.decode_number16`); :func:`to_url` writes
them pushed against the grid, as pzprjs does. A 0 or "?" clue, which no
line of pzprjs's nonogram matches, is refused.

pzprv3 (puzz.link's file): ``pzprv3/nonogram/ROWS/COLS``, then the board
with its clue cells: (ROWS + 1) // 2 lines of column clues above the grid
rows, each line (COLS + 1) // 2 row-clue cells then the cells (``.`` none,
a number, ``c`` before a number ticked off; ``#`` shaded, ``.``/``+`` not);
shaded cells make the answer an ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?nonogram/3/3/111g2g2g1g11", "a.txt")
    >>> p.row_clues, p.column_clues, to_url(p)
    ([[2], [1], [1, 1]], [[1, 1], [1], [2]], 'https://puzz.link/p?nonogram/3/3/111g2g2g1g11')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, key_line, shown, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Nonogram

KEYS = ("puzzle", "title", "source", "rows", "columns", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def _clues(data: dict, raw: str, file: str, key: str, cells: int | None) -> list[list[int]]:
    if key not in data:
        raise InstanceError(f"expected a '{key}' list (one line of block lengths per line, "
                            "'-' for none)", file, 1, 1)
    tg = toml_token_grid(data, raw, file, key)
    out = []
    for r, row in enumerate(tg.rows):
        if row == ["-"]:
            out.append([])
            continue
        clue = []
        for c, tok in enumerate(row):
            v = ascii_int(tok)
            if v is None or v < 1:
                raise tg.error(r, c, "expected a block length >= 1 (or '-' alone), "
                                     f"found {shown(tok)}")
            clue.append(v)
        out.append(clue)
    if len(out) > puzzlink.MAX_SIDE:
        raise tg.error(0, None, f"expected at most {puzzlink.MAX_SIDE} lines")
    return out


def read_toml(cls: type[Nonogram], data: dict, raw: str, file: str) -> Nonogram:
    """A ``puzzle = "nonogram"`` instance from its parsed TOML table."""
    for key in data:
        if key not in KEYS:
            raise InstanceError(f"unknown key {key!r}; expected one of {', '.join(KEYS)}",
                                file, key_line(raw, key), 1)
    for key in ("title", "source"):
        if not isinstance(data.get(key, ""), str):
            raise InstanceError(f"{key}: expected a string", file, key_line(raw, key), 1)
    rows = _clues(data, raw, file, "rows", None)
    cols = _clues(data, raw, file, "columns", None)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(rows), len(cols))
        solution = []
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in ("#", ".", "+"):
                    raise sg.error(r, c, f"expected '#' (shaded) or '.', found {shown(tok)}")
            solution.append([int(tok == "#") for tok in row])
    return cls(rows, cols, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Nonogram]:
    """A puzz.link URL (``p?nonogram/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    above, left = (u.rows + 1) // 2, (u.cols + 1) // 2
    n = u.cols * above + u.rows * left
    cells, end = puzzlink.decode_number16(u, n)
    u.expect_end(end)
    for i, v in enumerate(cells):
        if v is not None and v < 1:
            raise u.error(puzzlink.decode_number16(u, i)[1],
                          "a clue 0 or '?', which no line of a nonogram matches")
    cols = [[v for v in reversed(cells[c * above:(c + 1) * above]) if v is not None]
            for c in range(u.cols)]
    base = u.cols * above
    rows = [[v for v in reversed(cells[base + r * left:base + (r + 1) * left]) if v is not None]
            for r in range(u.rows)]
    return [Nonogram(rows, cols, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Nonogram) -> str:
    """The puzz.link URL of ``p`` (clues pushed against the grid, as pzprjs
    writes them); ValueError when a line has more blocks than pzprjs has room
    for ((side + 1) // 2)."""
    above, left = (p.rows + 1) // 2, (p.cols + 1) // 2
    cells = []
    for clues, room in ((p.column_clues, above), (p.row_clues, left)):
        for clue in clues:
            if len(clue) > room:
                raise ValueError(f"{len(clue)} blocks in a line of {room} clue cells")
            cells += list(reversed(clue)) + [None] * (room - len(clue))
    return puzzlink.url("nonogram", p.cols, p.rows, puzzlink.encode_number16(cells))


def parse_pzprv3(text: str, file: str) -> list[Nonogram]:
    """A pzprv3 nonogram file: the board with its clue cells."""
    f = pzprv3.read(text, file)
    above, left = (f.rows + 1) // 2, (f.cols + 1) // 2
    board = pzprv3.Pzprv3(f.name, above + f.rows, left + f.cols, f.lines, file).grid(0, "board")

    def clue(cells) -> list[int]:
        out = []
        for tok, (line, col) in cells:
            v = ascii_int(tok[1:] if tok.startswith("c") else tok)
            if tok != "." and not v:
                raise InstanceError(f"board: expected a block length >= 1 or '.', found "
                                    f"{shown(tok)}", file, line, col)
            out += [v] if v else []
        return out
    cols = [clue([board[k][left + c] for k in range(above)]) for c in range(f.cols)]
    rows = [clue(board[above + r][:left]) for r in range(f.rows)]
    grid = pzprv3.shading([row[left:] for row in board[above:]], file,
                          "board: expected '#' (shaded), '.' or '+'")
    solution = grid if any(map(any, grid)) else None
    return [Nonogram(rows, cols, solution=solution, file=file, title=os.path.basename(file),
                     expect={"solution": "pzprv3"} if solution else {})]


PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
