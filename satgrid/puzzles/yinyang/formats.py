"""Yin-Yang file formats: the TOML instance, pzprv3 text and puzz.link URLs.

Instance (TOML)::

    puzzle = "yinyang"
    title = "..."
    source = "..."
    circles = \"\"\"        # the given circles: W white, B black, '.' none
    . . . . .
    W . B . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # every cell: B (or '#') black, W (or 'o') white
    W W W W W
    ...\"\"\"

pzprv3: ``pzprv3/yinyang/ROWS/COLS``, the circles (``1`` white, ``2``
black, ``.`` none), then optionally the answer (the same digits; a given
cell's answer is ``.``). URL: ``https://puzz.link/p?yinyang/COLS/ROWS/BODY``,
the circles (:func:`satgrid.puzzles.puzzlink.decode_circle`).

Example:
    >>> [p] = parse_url("https://puzz.link/p?yinyang/5/5/016612300", "a.txt")
    >>> p.givens_grid[1], to_url(p)
    ([1, 0, 2, 0, 0], 'https://puzz.link/p?yinyang/5/5/016612300')
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import pzprv3, puzzlink
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, YinYang

KEYS = ("puzzle", "title", "source", "circles", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
MAX_SIDE = 100


def read_toml(cls: type[YinYang], data: dict, raw: str, file: str) -> YinYang:
    """A ``puzzle = "yinyang"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "circles")
    h, w = tg.height, len(tg.rows[0])
    if h > MAX_SIDE or w > MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {MAX_SIDE} rows and columns")
    tg.expect_shape(h, w)
    codes = {".": 0, "W": 1, "B": 2}
    givens = []
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in codes:
                raise tg.error(r, c, f"expected W (white), B (black) or '.', found {shown(tok)}")
        givens.append([codes[tok] for tok in row])
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(h, w)
        colour = {"B": 1, "#": 1, "W": 0, "o": 0}
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in colour:
                    raise sg.error(r, c, f"expected B (black) or W (white), found {shown(tok)}")
        solution = [[colour[tok] for tok in row] for row in sg.rows]
    return cls(givens, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def _digits(rows, file, what, allowed):
    out = []
    for row in rows:
        vals = []
        for tok, (line, col) in row:
            if tok not in allowed:
                raise InstanceError(f"{what}: expected {', '.join(map(repr, allowed))}, "
                                    f"found {tok!r}", file, line, col)
            vals.append(0 if tok == "." else int(tok))
        out.append(vals)
    return out


def parse_pzprv3(text: str, file: str) -> list[YinYang]:
    """A pzprv3 yinyang file: the circles, then optionally the answer."""
    f = pzprv3.read(text, file)
    givens = _digits(f.grid(0, "circles"), file, "circles", (".", "1", "2"))
    solution = None
    if len(f.lines) > f.rows:
        answer = _digits(f.grid(f.rows, "answer"), file, "answer", (".", "1", "2", "+"))
        full = [[g or a for g, a in zip(grow, arow)] for grow, arow in zip(givens, answer)]
        if all(v in (1, 2) for row in full for v in row):
            solution = [[v - 1 for v in row] for row in full]
    return [YinYang(givens, solution=solution, file=file,
                    expect={"solution": "pzprv3"} if solution else {})]


def parse_url(text: str, file: str) -> list[YinYang]:
    """A puzz.link URL (``p?yinyang/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_circle(u, u.rows * u.cols)
    u.expect_end(end)
    return [YinYang([cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)], file=file,
                    source=text.strip())]


def to_url(p: YinYang) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_circle([v for row in p.givens_grid for v in row]))


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
