"""Hashiwokakero file formats: the TOML instance and the puzz.link URL.

Instance (TOML)::

    puzzle = "hashiwokakero"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    clues = \"\"\"           # an island's number, '?' an island without one, '.' water
    4 . 2 . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # per cell, the bridges leaving it east ('-' one, '=' two)
    =| - . . .              # then south ('|' one, 'H' two); '.' none; or east + 4 * south
    ...\"\"\"

URL: ``https://puzz.link/p?hashi/COLS/ROWS/BODY`` (also ``hashikake``,
``bridges``, and ``pzv.jp``): pzprjs's number16 encoding of the islands
(:func:`satgrid.puzzles.puzzlink.decode_number16`, ``.`` an island with ``?``).

pzprv3 (pzprjs's file): ``pzprv3``, ``hashikake``, rows, columns, the islands
(``.`` water, ``-`` an island with ``?``, a number), then the bridges
(:func:`satgrid.puzzles.roomloops.pzprv3_lines`); drawn bridges become
``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?hashi/3/2/2g1i", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, 1], [None, None, None]], 'https://puzz.link/p?hashi/3/2/2g1i')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..links import check_toml_keys, toml_error
from ..parsing import TokenGrid, ascii_int, shown, toml_token_grid
from ..roomloops import pzprv3_lines
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Hashiwokakero

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written
EAST, SOUTH = {"-": 1, "=": 2}, {"|": 1, "H": 2}


def read_clues(tg: TokenGrid) -> list[list]:
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            v = None if tok in (".", "-") else puzzlink.UNKNOWN if tok == "?" else ascii_int(tok)
            if v is None and tok not in (".", "-"):
                raise tg.error(r, c, f"expected an island's number, '?' or '.', found {shown(tok)}")
            vals.append(v)
        out.append(vals)
    return out


def read_solution(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    """The ``[expect] solution`` grid as east + 4 * south bridge counts."""
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            east, south = (tok[:1], tok[1:]) if tok[:1] in EAST else ("", tok)
            code = ascii_int(tok)               # east + 4 * south: the workbench's file
            if code is not None and code <= 10 and code & 3 != 3:
                vals.append(code)
                continue
            if tok != "." and (south and south not in SOUTH or not (east or south)):
                raise tg.error(r, c, "expected the bridges east ('-', '=') then south "
                                     f"('|', 'H'), '.', or east + 4 * south, found {shown(tok)}")
            vals.append(EAST.get(east, 0) + 4 * SOUTH.get(south, 0))
        out.append(vals)
    return out


def read_toml(cls: type[Hashiwokakero], data: dict, raw: str, file: str) -> Hashiwokakero:
    """A ``puzzle = "hashiwokakero"`` instance from its parsed TOML table."""
    check_toml_keys(data, raw, file, K, KEYS)
    if "clues" not in data:
        raise toml_error("expected a 'clues' grid (one row per line)", raw, file, "puzzle")
    tg = toml_token_grid(data, raw, file, "clues")
    rows, cols = tg.height, len(tg.rows[0])
    if rows > puzzlink.MAX_SIDE or cols > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    clues = read_clues(tg)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        solution = read_solution(toml_token_grid(expect, raw, file, "solution"), rows, cols)
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Hashiwokakero]:
    """A puzz.link URL (``p?hashi/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    u.expect_end(end, f" after {u.rows * u.cols} cells")
    clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [Hashiwokakero(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Hashiwokakero) -> str:
    """The puzz.link URL of ``p``'s islands (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_number16([v for row in p.clues for v in row]))


def parse_pzprv3(text: str, file: str) -> list[Hashiwokakero]:
    """A pzprv3 hashikake file; its drawn bridges, if any, the expected answer."""
    f = pzprv3.read(text, file)
    clues = []
    for row in f.grid(0, "islands"):
        clues.append([])
        for tok, (line, col) in row:
            v = None if tok == "." else puzzlink.UNKNOWN if tok == "-" else ascii_int(tok)
            if v is None and tok != ".":
                raise InstanceError(f"islands: expected a number, '-' or '.', found {shown(tok)}",
                                    file, line, col)
            clues[-1].append(v)
    solution = None
    if len(f.lines) > f.rows:
        bridges = pzprv3_lines(f, f.rows)
        if bridges:
            solution = [[0] * f.cols for _ in range(f.rows)]
            for (a, b), n in bridges.items():
                solution[a[0]][a[1]] += n if a[0] == b[0] else 4 * n
    return [Hashiwokakero(clues, solution=solution, file=file, title=os.path.basename(file),
                          expect={"solution": "pzprv3"} if solution else {})]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3, "hashikake")
url_format(K, PIDS, parse_url)
