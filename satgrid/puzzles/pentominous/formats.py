"""Pentominous file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "pentominous"
    title = "..."
    source = "..."
    clues = \"\"\"          # a letter F I L N P T U V W X Y Z, '?', '*' (blocked) or '.'
    . P . L .
    ...\"\"\"
    borders = [[0, 0, 0, 1]]   # optional: given borders, between cells (r, c) and (r2, c2)

    [expect]
    unique = true
    solution = \"\"\"       # each cell's pentomino ('*' blocked)
    P P L L L
    ...\"\"\"

URL: ``https://puzz.link/p?pentominous/COLS/ROWS/BODY``: the cells in
pzprjs's number16 code (0..11 the letters FILNPTUVWXYZ, 12 (``c``) a
blocked cell, ``.`` a "?"), then, when present, the given borders
(:func:`satgrid.puzzles.puzzlink.decode_border`).

Example:
    >>> [p] = parse_url("https://puzz.link/p?pentominous/5/1/1c.h", "a.txt")
    >>> p.clues, to_url(p)
    ([['I', '*', '?', None, None]], 'https://puzz.link/p?pentominous/5/1/1c.h')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import key_line, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import url_format
from .kind import BLOCK, K, LETTERS, UNKNOWN, Pentominous

KEYS = ("puzzle", "title", "source", "clues", "borders", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def _letters(tg, what: str, blank: bool) -> list:
    rows, cols = tg.height, len(tg.rows[0])
    if rows > puzzlink.MAX_SIDE or cols > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    ok = set(LETTERS) | {BLOCK} | ({UNKNOWN, "."} if blank else set())
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in ok:
                raise tg.error(r, c, f"expected {what}, found {shown(tok)}")
    return [[None if t == "." else t for t in row] for row in tg.rows]


def _borders(data: dict, raw: str, file: str, rows: int, cols: int) -> list:
    got = data.get("borders", [])
    line = key_line(raw, "borders")
    out = []
    for b in got if isinstance(got, list) else [None]:
        if not (isinstance(b, list) and len(b) == 4 and all(type(x) is int for x in b)):
            raise InstanceError(f"borders: expected [row, col, row2, col2] lists, found {b!r}",
                                file, line, 1)
        r, c, y, x = b
        if not (0 <= r < rows and 0 <= c < cols and 0 <= y < rows and 0 <= x < cols
                and abs(r - y) + abs(c - x) == 1):
            raise InstanceError(f"borders: {b} is not two side-by-side cells of the grid",
                                file, line, 1)
        out.append(((r, c), (y, x)))
    return out


def read_toml(cls: type[Pentominous], data: dict, raw: str, file: str) -> Pentominous:
    """A ``puzzle = "pentominous"`` instance from its parsed TOML table."""
    clues = _letters(toml_grid(data, raw, file, KEYS, "clues"),
                     "a letter of FILNPTUVWXYZ, '?', '*' or '.'", True)
    borders = _borders(data, raw, file, len(clues), len(clues[0]))
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(clues), len(clues[0]))
        solution = _letters(sg, "a letter of FILNPTUVWXYZ or '*'", False)
    return cls(clues, borders=borders, solution=solution, file=file,
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Pentominous]:
    """A puzz.link URL (``p?pentominous/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    vert, hori, end = puzzlink.decode_border(u, end)
    u.expect_end(end)
    out = []
    for i, v in enumerate(cells):
        if v is not None and v != puzzlink.UNKNOWN and not 0 <= v <= 12:
            raise u.error(0, f"cell {i + 1}: {v}, expected 0..11 (a letter) or 12 (blocked)")
        out.append(None if v is None else UNKNOWN if v == puzzlink.UNKNOWN
                   else BLOCK if v == 12 else LETTERS[v])
    clues = [out[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    borders = [((r, c), (r, c + 1)) for r, row in enumerate(vert) for c, b in enumerate(row) if b]
    borders += [((r, c), (r + 1, c)) for r, row in enumerate(hori) for c, b in enumerate(row) if b]
    return [Pentominous(clues, borders=borders, file=file, title=os.path.basename(file),
                        source=text.strip())]


def to_url(p: Pentominous) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    code = {None: None, UNKNOWN: puzzlink.UNKNOWN, BLOCK: 12, **{k: i for i, k in enumerate(LETTERS)}}
    cells = [code[v] for row in p.clues for v in row]
    vert = [[int(((r, c), (r, c + 1)) in p.borders) for c in range(p.cols - 1)]
            for r in range(p.rows)]
    hori = [[int(((r, c), (r + 1, c)) in p.borders) for c in range(p.cols)]
            for r in range(p.rows - 1)]
    body = puzzlink.encode_number16(cells) + puzzlink.encode_border(vert, hori)
    return puzzlink.url(PIDS[0], p.cols, p.rows, body)


URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
