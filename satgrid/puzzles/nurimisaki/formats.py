"""Nurimisaki file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "nurimisaki"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    clues = \"\"\"           # a circle's number, '?' (a circle without one) or '.'
    . ? . 2
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # '#' shaded; '.', '?' or a number: unshaded
    # ? # 2
    ...\"\"\"

URL: ``https://puzz.link/p?nurimisaki/COLS/ROWS/BODY`` (also ``pzv.jp``):
pzprjs's number16 encoding. pzprv3: ``pzprv3``, ``nurimisaki``, rows,
columns, the clue rows (``-`` a "?" circle), then optionally the answer rows
(``#`` shaded), which become ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?nurimisaki/3/2/2h.h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, None], [-2, None, None]], 'https://puzz.link/p?nurimisaki/3/2/2h.h')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import TextFormat, parse_expect, puzzlink_ids, register_format, register_toml
from ..parsing import TokenGrid, ascii_int, shown, toml_grid, toml_token_grid
from .kind import K, UNKNOWN, Nurimisaki

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written


def _clue(tok: str):
    """A clue token's value (None: no clue), or False when it is not one."""
    if tok in (".", "?"):
        return None if tok == "." else UNKNOWN
    v = ascii_int(tok)
    return False if v is None else v


def read_clues(tg: TokenGrid) -> list[list[int | None]]:
    tg.expect_shape(tg.height, len(tg.rows[0]))
    if tg.height > puzzlink.MAX_SIDE or len(tg.rows[0]) > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            v = _clue(tok)
            if v is False:
                raise tg.error(r, c, f"expected a number, '?' or '.', found {shown(tok)}")
            vals.append(v)
        out.append(vals)
    return out


def read_shading(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    tg.expect_shape(rows, cols)
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in ("#", "+") and _clue(tok) is False:
                raise tg.error(r, c, f"expected '#' (shaded), '.' or a clue, found {shown(tok)}")
    return [[int(tok == "#") for tok in row] for row in tg.rows]


def read_toml(cls: type[Nurimisaki], data: dict, raw: str, file: str) -> Nurimisaki:
    """A ``puzzle = "nurimisaki"`` instance from its parsed TOML table."""
    clues = read_clues(toml_grid(data, raw, file, KEYS, "clues"))
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        solution = read_shading(toml_token_grid(expect, raw, file, "solution"),
                                len(clues), len(clues[0]))
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Nurimisaki]:
    """A puzz.link URL (``p?nurimisaki/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    u.expect_end(end, f" after {u.rows * u.cols} cells")
    clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [Nurimisaki(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Nurimisaki) -> str:
    """The puzz.link URL of ``p``'s clues (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_number16([v for row in p.clues for v in row]))


def parse_pzprv3(text: str, file: str) -> list[Nurimisaki]:
    """A pzprv3 (puzz.link) nurimisaki file; its answer rows, if any, the expected answer."""
    f = pzprv3.read(text, file)
    clues = []
    for row in f.grid(0, "clues"):
        vals = []
        for tok, (line, col) in row:
            v = UNKNOWN if tok == "-" else _clue(tok)
            if v is False or v == UNKNOWN and tok == "?":
                raise InstanceError(f"clues: expected a number, '-' or '.', found {shown(tok)}",
                                    file, line, col)
            vals.append(v)
        clues.append(vals)
    solution = None
    if len(f.lines) > f.rows:
        solution = pzprv3.shading(f.grid(f.rows, "answer"), file,
                                  "answer: expected '#' (shaded), '+' or '.'")
    return [Nurimisaki(clues, solution=solution, file=file, title=os.path.basename(file),
                     expect={"solution": "pzprv3"} if solution else {})]


register_toml(K, read_toml)
register_format(TextFormat("pzprv3-nurimisaki", K, "pzprv3 (puzz.link) nurimisaki file",
                           lambda text, file: pzprv3.sniff(text, "nurimisaki"), parse_pzprv3),
                first=True)
register_format(TextFormat("nurimisaki-url", K, "a puzz.link URL, p?nurimisaki/COLS/ROWS/...",
                           lambda text, file: puzzlink.sniff(text, PIDS), parse_url), first=True)
