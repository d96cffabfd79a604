"""Tapa file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "tapa"
    title = "..."
    source = "..."        # where the puzzle (and its solution) was published
    clues = \"\"\"         # one row per line: '.' no clue, else the clue's numbers
    3 . . . .             # joined by commas ('3,1,1'), '?' a number not given
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '#' shaded, '.' not (a clue cell is '.')
    . # # # #
    ...\"\"\"

URL: ``https://puzz.link/p?tapa/COLS/ROWS/BODY``, pzprjs's Tapa encoding:
``0``-``8`` one number, ``9`` the clue 1,1,1,1, ``.`` a lone "?", two
base-36 characters for two (360 + 6a + b), three (396 + 16a + 4b + c) or four
(460 + 8a + 4b + 2c + d, each 0 or 1) numbers, 0 standing for "?"; ``g``-``z``
runs of 1..20 cells without a clue. :func:`to_url` writes one.

pzprv3 (puzz.link's file): ``pzprv3/tapa/ROWS/COLS``, then a row per line:
a clue (``3,1,1``, ``-`` a "?"), ``#`` shaded, ``.``/``+`` not (lines drawn
after it are ignored); shaded cells make the answer an ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?tapa/5/5/3n5hchhajn2", "a.txt")
    >>> p.clues[2][2], p.clues[3][0], to_url(p)
    ([3, 1, 1], [3, 1], 'https://puzz.link/p?tapa/5/5/3n5hchhajn2')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Tapa

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
#: the first code of each multi-number encoding: numbers, base, digits' range
WIDE = ((360, 2, 6), (396, 3, 4), (460, 4, 2))


def read_clue(tok: str):
    """A clue token as None (``.``) or its list of numbers (None: "?"); None
    for a malformed token is told by the caller (ValueError)."""
    if tok == ".":
        return None
    parts = tok.split(",")
    if len(parts) > 4:
        raise ValueError("at most 4 numbers")
    out = []
    for p in parts:
        v = None if p == "?" else ascii_int(p)
        if p != "?" and (v is None or v > 8 or (v == 0 and len(parts) > 1)):
            raise ValueError(f"expected a number 0..8 (1..8 in a list) or '?', found {shown(p)}")
        out.append(v)
    return out


def read_toml(cls: type[Tapa], data: dict, raw: str, file: str) -> Tapa:
    """A ``puzzle = "tapa"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "clues")
    tg.expect_shape(tg.height, len(tg.rows[0]))
    clues = []
    for r, row in enumerate(tg.rows):
        out = []
        for c, tok in enumerate(row):
            try:
                out.append(read_clue(tok))
            except ValueError as e:
                raise tg.error(r, c, f"{e} in the clue {shown(tok)}") from None
        clues.append(out)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(clues), len(clues[0]))
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in ("#", ".", "+"):
                    raise sg.error(r, c, f"expected '#' (shaded) or '.', found {shown(tok)}")
        solution = [[int(tok == "#") for tok in row] for row in sg.rows]
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Tapa]:
    """A puzz.link URL (``p?tapa/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    n, body = u.rows * u.cols, u.body
    cells: list = [None] * n
    c = i = 0
    while c < n and i < len(body):
        ch = body[i]
        if "0" <= ch <= "8":
            cells[c] = [int(ch)]
        elif ch == "9":
            cells[c] = [1, 1, 1, 1]
        elif ch == ".":
            cells[c] = [None]
        elif "a" <= ch <= "f":
            code = int(body[i:i + 2], 36) if body[i + 1:i + 2].isalnum() else -1
            for start, k, base in WIDE:
                if start <= code < start + base ** k:
                    code -= start
                    cells[c] = [code // base ** (k - 1 - j) % base or None for j in range(k)]
                    break
            else:
                raise u.error(i, f"expected a two-character clue code, found {body[i:i + 2]!r}")
            i += 1
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 16
        else:
            raise u.error(i, f"expected 0-9, a-f, '.' or g-z, found {ch!r}")
        c, i = c + 1, i + 1
    u.expect_end(i)
    clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [Tapa(clues, file=file, title=os.path.basename(file), source=text.strip())]


def _code(clue) -> str:
    if len(clue) == 1:
        return "." if clue[0] is None else str(clue[0])
    if clue == [1, 1, 1, 1]:
        return "9"
    start, k, base = WIDE[len(clue) - 2]
    if any(v is not None and not 0 < v < base for v in clue):
        raise ValueError(f"the clue {clue} has no puzz.link code")
    code = start + sum((v or 0) * base ** (k - 1 - j) for j, v in enumerate(clue))
    return "0123456789abcdefghijklmnopqrstuvwxyz"[code // 36] + \
        "0123456789abcdefghijklmnopqrstuvwxyz"[code % 36]


def to_url(p: Tapa) -> str:
    """The puzz.link URL of ``p``'s clues (as pzprjs writes it)."""
    out, empty = [], 0
    for v in [v for row in p.clues for v in row] + [[]]:
        if v is None:
            empty += 1
            if empty < 20:
                continue
        if empty:
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[15 + empty])
            empty = 0
        if v:
            out.append(_code(v))
    return puzzlink.url("tapa", p.cols, p.rows, "".join(out))


def parse_pzprv3(text: str, file: str) -> list[Tapa]:
    """A pzprv3 tapa file: clues and the answer in one grid."""
    f = pzprv3.read(text, file)
    clues, grid = [], []
    for row in f.grid(0, "board"):
        clues.append([])
        grid.append([int(tok == "#") for tok, _ in row])
        for tok, (line, col) in row:
            marks = ",".join("?" if x == "-" else x for x in tok.split(","))
            try:
                clues[-1].append(None if tok in "#+" else read_clue(marks))
            except ValueError as e:
                raise InstanceError(f"board: {e} in the clue {shown(tok)}", file, line,
                                    col) from None
    solution = grid if any(map(any, grid)) else None
    return [Tapa(clues, solution=solution, file=file, title=os.path.basename(file),
                 expect={"solution": "pzprv3"} if solution else {})]


PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
