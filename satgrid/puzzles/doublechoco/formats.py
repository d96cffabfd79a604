"""Double Choco file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "doublechoco"
    title = "..."
    source = "..."
    grey = \"\"\"            # '#' a grey cell, '.' a white one
    # # # # . .
    ...\"\"\"
    numbers = \"\"\"         # optional: a number, '?' or '.'
    . 4 2 . . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # each cell's region, numbered by its first cell
    1 1 2 2 2 3
    ...\"\"\"

URL: ``https://puzz.link/p?dbchoco/COLS/ROWS/BODY``: the grey cells, five
to a base-32 digit (most significant first), then the numbers in pzprjs's
number16 code (:func:`satgrid.puzzles.puzzlink.decode_number16`, ``.`` a "?").

Example:
    >>> [p] = parse_url("https://puzz.link/p?dbchoco/4/1/ci2", "a.txt")
    >>> p.grey, p.numbers, to_url(p)
    ([[0, 1, 1, 0]], [[None, None, None, 2]], 'https://puzz.link/p?dbchoco/4/1/ci2')
"""

from __future__ import annotations

import os

from ...rules.areas import renumber
from .. import puzzlink
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import url_format
from .kind import K, UNKNOWN, DoubleChoco

KEYS = ("puzzle", "title", "source", "grey", "numbers", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
_B32 = "0123456789abcdefghijklmnopqrstuv"


def _grid(tg, rows: int, cols: int, read, what: str) -> list:
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            v = read(tok)
            if v is False:
                raise tg.error(r, c, f"expected {what}, found {shown(tok)}")
            vals.append(v)
        out.append(vals)
    return out


def read_toml(cls: type[DoubleChoco], data: dict, raw: str, file: str) -> DoubleChoco:
    """A ``puzzle = "doublechoco"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "grey")
    rows, cols = tg.height, len(tg.rows[0])
    if rows > puzzlink.MAX_SIDE or cols > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    grey = _grid(tg, rows, cols, lambda t: {"#": 1, ".": 0}.get(t, False), "'#' or '.'")
    numbers = [[None] * cols for _ in range(rows)]
    if "numbers" in data:
        def num(t):
            v = ascii_int(t)
            return None if t == "." else UNKNOWN if t == "?" else \
                v if v is not None and 1 <= v <= rows * cols else False
        numbers = _grid(toml_token_grid(data, raw, file, "numbers"), rows, cols, num,
                        f"a number 1..{rows * cols}, '?' or '.'")
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(rows, cols)
        solution = renumber(sg.ints(1, rows * cols))
    return cls(grey, numbers, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[DoubleChoco]:
    """A puzz.link URL (``p?dbchoco/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    n = u.rows * u.cols
    chars = (n + 4) // 5
    bits = []
    for i, ch in enumerate(u.body[:chars]):
        if ch not in _B32:
            raise u.error(i, f"expected a base-32 digit 0-9 or a-v, found {ch!r}")
        bits += [int(ch, 32) >> (4 - k) & 1 for k in range(5)]
    bits = (bits + [0] * n)[:n]
    cells, end = puzzlink.decode_number16(u, n, min(chars, len(u.body)))
    u.expect_end(end)
    for i, v in enumerate(cells):
        if v is not None and v != puzzlink.UNKNOWN and not 0 <= v <= n:   # 0: no size (pzprjs)
            raise u.error(0, f"cell {i + 1}: a number {v}, expected 0..{n}")
    rows = lambda xs: [xs[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]  # noqa: E731
    return [DoubleChoco(rows(bits), rows(cells), file=file, title=os.path.basename(file),
                        source=text.strip())]


def to_url(p: DoubleChoco) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    bits = [v for row in p.grey for v in row]
    ice = "".join(_B32[sum(b << (4 - k) for k, b in enumerate((bits[i:i + 5] + [0] * 5)[:5]))]
                  for i in range(0, len(bits), 5))
    body = ice + puzzlink.encode_number16([v for row in p.numbers for v in row])
    return puzzlink.url(PIDS[0], p.cols, p.rows, body)


URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
