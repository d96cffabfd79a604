"""Shikaku file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "shikaku"
    title = "..."
    source = "..."
    clues = \"\"\"          # one row per line: a number, '?' (a number not told) or '.'
    . . . . 3 .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # each cell's region, numbered by its first cell
    1 1 2 2 2 3
    ...\"\"\"

URL: ``https://puzz.link/p?shikaku/COLS/ROWS/BODY`` (also ``pzv.jp``): the
clues row by row in pzprjs's number16 code
(:func:`satgrid.puzzles.puzzlink.decode_number16`; ``.`` a "?").

Example:
    >>> [p] = parse_url("https://puzz.link/p?shikaku/3/2/2h.h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, None], [-2, None, None]], 'https://puzz.link/p?shikaku/3/2/2h.h')
"""

from __future__ import annotations

import os

from ...rules.areas import renumber
from .. import puzzlink
from ..base import TextFormat, parse_expect, puzzlink_ids, register_format, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from .kind import K, UNKNOWN, Shikaku

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def read_clues(tg) -> list[list[int | None]]:
    """A clue grid: '.' none, '?' a number not told, a whole number >= 1."""
    rows, cols = tg.height, len(tg.rows[0])
    if rows > puzzlink.MAX_SIDE or cols > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            v = ascii_int(tok)
            if tok in (".", "-"):
                vals.append(None)
            elif tok == "?":
                vals.append(UNKNOWN)
            elif v is not None and 1 <= v <= rows * cols:
                vals.append(v)
            else:
                raise tg.error(r, c, f"expected a number 1..{rows * cols}, '?' or '.', "
                                     f"found {shown(tok)}")
        out.append(vals)
    return out


def read_toml(cls: type[Shikaku], data: dict, raw: str, file: str) -> Shikaku:
    """A ``puzzle = "shikaku"`` instance from its parsed TOML table."""
    clues = read_clues(toml_grid(data, raw, file, KEYS, "clues"))
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(clues), len(clues[0]))
        solution = renumber(sg.ints(1, len(clues) * len(clues[0])))
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Shikaku]:
    """A puzz.link URL (``p?shikaku/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    u.expect_end(end)
    for i, v in enumerate(cells):
        if v is not None and v != puzzlink.UNKNOWN and not 0 <= v <= u.rows * u.cols:
            raise u.error(0, f"cell {i + 1}: a number {v}, expected 0..{u.rows * u.cols}")
    clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [Shikaku(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Shikaku) -> str:
    """The puzz.link URL of ``p``'s clues (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_number16([v for row in p.clues for v in row]))


URL_FORMAT = register_format(TextFormat(
    "shikaku-url", K, "a puzz.link URL, p?shikaku/COLS/ROWS/...",
    sniff=lambda text, file: puzzlink.sniff(text, PIDS), parse=parse_url), first=True)
register_toml(K, read_toml)
