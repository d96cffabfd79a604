"""Light Up file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "lightup"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    clues = \"\"\"           # '.' empty, '#' a wall, 0..4 a wall with a number
    . . # .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # '*' a light; '.', '#' or a number: none
    * . # .
    ...\"\"\"

URL: ``https://puzz.link/p?akari/COLS/ROWS/BODY`` (also ``lightup``, and
``pzv.jp``): pzprjs's 4-cell encoding, a "?" cell being a wall without a
number. pzprv3: ``pzprv3``, ``lightup``, rows, columns, then the cells
(``.`` empty, ``-`` a wall, a number, ``#`` a light, ``+`` a dot); lights
make an ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?akari/3/2/.ah", "a.txt")
    >>> p.clues, to_url(p)
    ([[-2, 0, None], [None, None, None]], 'https://puzz.link/p?akari/3/2/.ah')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import TokenGrid, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, WALL, LightUp

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written
CLUE = {".": None, "#": WALL, **{str(k): k for k in range(5)}}


def read_clues(tg: TokenGrid) -> list[list[int | None]]:
    tg.expect_shape(tg.height, len(tg.rows[0]))
    if tg.height > puzzlink.MAX_SIDE or len(tg.rows[0]) > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    out = []
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in CLUE:
                raise tg.error(r, c, f"expected '.', '#' (a wall) or a number 0..4, "
                                     f"found {shown(tok)}")
        out.append([CLUE[tok] for tok in row])
    return out


def read_lights(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    tg.expect_shape(rows, cols)
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok != "*" and tok not in CLUE and tok != "+":
                raise tg.error(r, c, f"expected '*' (a light), '.', '#' or a number, "
                                     f"found {shown(tok)}")
    return [[int(tok == "*") for tok in row] for row in tg.rows]


def read_toml(cls: type[LightUp], data: dict, raw: str, file: str) -> LightUp:
    """A ``puzzle = "lightup"`` instance from its parsed TOML table."""
    clues = read_clues(toml_grid(data, raw, file, KEYS, "clues"))
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        solution = read_lights(toml_token_grid(expect, raw, file, "solution"),
                               len(clues), len(clues[0]))
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[LightUp]:
    """A puzz.link URL (``p?akari/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_4cell(u, u.rows * u.cols)
    u.expect_end(end, f" after {u.rows * u.cols} cells")
    clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [LightUp(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: LightUp) -> str:
    """The puzz.link URL of ``p``'s walls (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_4cell([v for row in p.clues for v in row]))


def parse_pzprv3(text: str, file: str) -> list[LightUp]:
    """A pzprv3 (puzz.link) lightup file; its lights, if any, the expected answer."""
    f = pzprv3.read(text, file)
    clues, lights = [], []
    for row in f.grid(0, "board"):
        crow, lrow = [], []
        for tok, (line, col) in row:
            if tok not in ("#", "+", "-") and tok not in CLUE:
                raise InstanceError(f"board: expected '.', '-', '#', '+' or a number 0..4, "
                                    f"found {shown(tok)}", file, line, col)
            crow.append(WALL if tok == "-" else None if tok in ("#", "+") else CLUE[tok])
            lrow.append(int(tok == "#"))
        clues.append(crow)
        lights.append(lrow)
    solved = any(map(any, lights))
    return [LightUp(clues, solution=lights if solved else None, file=file,
                    title=os.path.basename(file), expect={"solution": "pzprv3"} if solved else {})]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
