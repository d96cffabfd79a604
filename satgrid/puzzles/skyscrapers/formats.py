"""Skyscrapers file formats: the TOML instance and puzz.link URLs.

Instance (TOML): the grid in a frame of its outside clues, as pzprjs draws it::

    puzzle = "skyscrapers"
    grid = \"\"\"      # frame: a count, '.' none, '?' unknown; inside: a given height or '.'
    . 2 . .
    . . . 1
    . . . .
    . . 2 .
    \"\"\"

    [expect]
    solution = \"\"\"  # the heights, without the frame
    1 2
    2 1
    \"\"\"

pzprv3 (puzz.link's file): the grid in its frame, ``q<n>`` a given height,
a plain number an answer (a complete answer is the ``[expect] solution``).

URL: ``https://puzz.link/p?skyscrapers/COLS/ROWS/BODY`` (also ``building``,
``skyscraper``), as pzprjs's ``skyscrapers.js`` writes it: the outside clues
(top, bottom per column, then left, right per row) in pzprjs's number16
encoding (:func:`satgrid.puzzles.puzzlink.decode_number16`), then, when a
cell holds a given height, the cells in the same encoding.

Example:
    >>> [p] = parse_url("https://puzz.link/p?skyscrapers/2/2/h1j2", "a.txt")
    >>> p.clues, to_url(p)
    ({'top': [None, None], 'bottom': [1, None], 'left': [None, None], 'right': [None, 2]}, 'https://puzz.link/p?skyscrapers/2/2/h1j2')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Skyscrapers

KEYS = ("puzzle", "title", "source", "grid", "expect")
SIDES = ("top", "bottom", "left", "right")
MAX_NUMBER = 999
UNKNOWN = puzzlink.UNKNOWN


def _number(tg, r: int, c: int, unknown: bool = True):
    tok = tg.rows[r][c]
    if tok == ".":
        return None
    if tok == "?" and unknown:
        return UNKNOWN
    v = ascii_int(tok)
    if v is None or v > MAX_NUMBER:
        raise tg.error(r, c, f"expected a number 0..{MAX_NUMBER}, '.'"
                             f"{' or ?' if unknown else ''}, found {shown(tok)}")
    return v


def read_toml(cls: type[Skyscrapers], data: dict, raw: str, file: str) -> Skyscrapers:
    """A ``puzzle = "skyscrapers"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "grid")
    h, w = tg.height - 2, len(tg.rows[0]) - 2
    if not 1 <= h <= puzzlink.MAX_SIDE or not 1 <= w <= puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected 3..{puzzlink.MAX_SIDE + 2} rows and columns "
                             "(the frame of outside clues included)")
    tg.expect_shape(h + 2, w + 2)
    for r, c in ((0, 0), (0, w + 1), (h + 1, 0), (h + 1, w + 1)):
        if tg.rows[r][c] != ".":
            raise tg.error(r, c, f"expected '.' in a corner, found {shown(tg.rows[r][c])}")
    clues = {"top": [_number(tg, 0, c + 1) for c in range(w)],
             "bottom": [_number(tg, h + 1, c + 1) for c in range(w)],
             "left": [_number(tg, r + 1, 0) for r in range(h)],
             "right": [_number(tg, r + 1, w + 1) for r in range(h)]}
    givens = [[_number(tg, r + 1, c + 1) for c in range(w)] for r in range(h)]
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(h, w)
        solution = sg.ints(1, max(h, w))
    return cls(clues, givens, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_pzprv3(text: str, file: str) -> list[Skyscrapers]:
    """A pzprv3 skyscrapers file: the grid in its frame (outside counts,
    ``q<n>`` a given height, a plain number an answer, ``.`` none); a
    complete answer becomes ``[expect] solution``."""
    f = pzprv3.read(text, file)
    h, w = f.rows, f.cols
    rows = f.lines[:h + 2]
    if len(rows) != h + 2 or any(len(row) != w + 2 for row in rows):
        bad = next((row for row in rows if len(row) != w + 2), rows[-1] if rows else [])
        where = bad[-1][1] if bad else (1, 1)
        raise InstanceError(f"expected {h + 2} lines of {w + 2} tokens (the grid in its frame)",
                            file, *where)

    def num(r, c, q=False):
        tok, pos = rows[r][c]
        tok = tok.split("[")[0] if "[" in tok else tok
        if tok in (".", "+", "-") or (tok[:1] == "q") != q:
            return None
        v = ascii_int(tok[1:] if q else tok)
        if v is None or v > MAX_NUMBER:
            raise InstanceError(f"expected a number, 'q' and a number, or '.', found {shown(tok)}",
                                file, *pos)
        return v
    clues = {"top": [num(0, c + 1) for c in range(w)],
             "bottom": [num(h + 1, c + 1) for c in range(w)],
             "left": [num(r + 1, 0) for r in range(h)],
             "right": [num(r + 1, w + 1) for r in range(h)]}
    givens = [[num(r + 1, c + 1, True) for c in range(w)] for r in range(h)]
    answer = [[givens[r][c] or num(r + 1, c + 1) for c in range(w)] for r in range(h)]
    solution = None if any(v is None for row in answer for v in row) else answer
    return [Skyscrapers(clues, givens, solution=solution, file=file, title=os.path.basename(file),
                        expect={"solution": "pzprv3"} if solution else {})]


PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Skyscrapers]:
    """A puzz.link URL (``p?skyscrapers/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    h, w = u.rows, u.cols
    outside, end = puzzlink.decode_number16(u, 2 * (w + h))
    cells, end = puzzlink.decode_number16(u, h * w, end)
    u.expect_end(end)
    clues = {"top": outside[:w], "bottom": outside[w:2 * w], "left": outside[2 * w:2 * w + h],
             "right": outside[2 * w + h:]}
    givens = [cells[r * w:(r + 1) * w] for r in range(h)]
    return [Skyscrapers(clues, givens, file=file, title=os.path.basename(file),
                        source=text.strip())]


def to_url(p: Skyscrapers) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    body = puzzlink.encode_number16([v for side in SIDES for v in p.clues[side]])
    cells = [v for row in p.heights for v in row]
    if any(v is not None for v in cells):
        body += puzzlink.encode_number16(cells)
    return puzzlink.url(PIDS[0], p.cols, p.rows, body)


URL_FORMAT = url_format(K, PIDS, parse_url)
PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
register_toml(K, read_toml)
