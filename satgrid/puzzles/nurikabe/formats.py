"""Nurikabe file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "nurikabe"
    title = "..."
    source = "..."        # where the puzzle (and its solution) was published
    clues = \"\"\"         # one row per line: a number, or '.' / '-' = none
    2 . . 2
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '#' = shaded; '.' or a number = white
    2 # . 2
    ...\"\"\"

URL: ``https://puzz.link/p?nurikabe/COLS/ROWS/BODY`` (also ``pzv.jp``):
pzprjs's number16 encoding of the numbers. A ``?`` clue (an island of
unknown size) and a 0 are refused in one line: every island here has its size.

Example:
    >>> [p] = parse_url("https://puzz.link/p?nurikabe/3/2/2i1g", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, 0, 0], [0, 1, 0]], 'https://puzz.link/p?nurikabe/3/2/2i1g')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import TokenGrid, ascii_int, number_clues, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Nurikabe

KEYS = ("puzzle", "title", "source", "clues", "expect")
#: the puzz.link ids of the kind (kind.json)
PIDS = puzzlink_ids(__package__)
EMPTY = (".", "-")

#: the clue grid: ints (0 = no number), every row as long as the first
read_clues = number_clues


def read_shading(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    """An ``[expect] solution``: 1 for '#', 0 for '.' or a number."""
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            if tok != "#" and tok not in EMPTY and ascii_int(tok) is None:
                raise tg.error(r, c, f"expected '#' (shaded), '.' or a number, found {shown(tok)}")
            vals.append(1 if tok == "#" else 0)
        out.append(vals)
    return out


def read_toml(cls: type[Nurikabe], data: dict, raw: str, file: str) -> Nurikabe:
    """A ``puzzle = "nurikabe"`` instance from its parsed TOML table."""
    clues = read_clues(toml_grid(data, raw, file, KEYS, "clues"))
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        solution = read_shading(sg, len(clues), len(clues[0]))
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


register_toml(K, read_toml)


def parse_pzprv3(text: str, file: str) -> list[Nurikabe]:
    """A pzprv3 (puzz.link) nurikabe file: one grid of numbers, ``.`` (unknown),
    ``+`` (white) and ``#`` (shaded); any ``#`` makes the grid an
    ``[expect] solution``."""
    f = pzprv3.read(text, file)
    clues, shading = [], []
    for row in f.grid(0, "board"):
        crow, srow = [], []
        for tok, (line, col) in row:
            if (ascii_int(tok) or 0) >= 1:
                crow.append(ascii_int(tok))
            elif tok in (".", "+", "#"):
                crow.append(0)
            else:
                raise InstanceError(f"board: expected a number >= 1, '.', '+' or '#', "
                                    f"found {tok!r}", file, line, col)
            srow.append(1 if tok == "#" else 0)
        clues.append(crow)
        shading.append(srow)
    solved = any(any(row) for row in shading)
    return [Nurikabe(clues, solution=shading if solved else None, file=file,
                     expect={"solution": "pzprv3"} if solved else {})]


pzprv3_format(K, parse_pzprv3)


def parse_url(text: str, file: str) -> list[Nurikabe]:
    """A puzz.link URL (``p?nurikabe/COLS/ROWS/BODY``): number16 numbers."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    u.expect_end(end, f" after {u.rows * u.cols} cells")
    for i, v in enumerate(cells):
        if v is not None and v < 1:
            raise InstanceError(f"row {i // u.cols + 1}, column {i % u.cols + 1}: expected an "
                                f"island's size (a number >= 1), found "
                                f"{'a ? clue' if v == puzzlink.UNKNOWN else v}", file, 1, 1)
    clues = [[v or 0 for v in cells[r * u.cols:(r + 1) * u.cols]] for r in range(u.rows)]
    return [Nurikabe(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Nurikabe) -> str:
    """The puzz.link URL of ``p``'s numbers (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_number16([v or None for row in p.clues for v in row]))


url_format(K, PIDS, parse_url)
