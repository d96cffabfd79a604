"""Slitherlink file formats: the TOML instance and the plain text grid.

Instance (TOML)::

    puzzle = "slitherlink"
    title = "..."
    source = "..."            # where the puzzle (and its solution) was published
    clues = \"\"\"             # one row per line; 0..4, '.' or '-' = no clue
    . 3 . 2
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"          # the cells inside the loop: 'x' inside, '-' outside
    x x - -
    ...\"\"\"

Text (the plain grid of transcribed puzzle collections): a line ``ROWS
COLS``, then the rows of clues (``-`` or ``.`` = none), in a file whose name
contains ``slither`` (the same grid could be another kind's).

Example:
    >>> [p] = parse_text("2 2\\n3 -\\n- .\\n", "a.slitherlink")
    >>> p.clues
    [[3, None], [None, None]]
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from ..base import TextFormat, parse_expect, register_format, register_toml
from ..links import read_header_grid
from ..parsing import TokenGrid, key_line, key_pos, parse_token_grid
from .kind import Slitherlink

KEYS = ("puzzle", "title", "source", "clues", "expect")
EXPECT_KEYS = ("unique", "count", "solution")
EMPTY = ("-", ".")
MAX_SIDE = 100


def read_clues(tg: TokenGrid) -> list[list[int | None]]:
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            if tok in EMPTY:
                vals.append(None)
            elif tok in ("0", "1", "2", "3", "4"):
                vals.append(int(tok))
            else:
                raise tg.error(r, c, f"expected a clue 0..4 or '-', found {tok!r}")
        out.append(vals)
    return out


def read_inside(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            if tok.lower() not in ("x", "1", "-", ".", "0"):
                raise tg.error(r, c, f"expected 'x' (inside the loop) or '-' (outside), "
                                     f"found {tok!r}")
            vals.append(1 if tok.lower() in ("x", "1") else 0)
        out.append(vals)
    return out


def read_toml(cls: type[Slitherlink], data: dict, raw: str, file: str) -> Slitherlink:
    """A ``puzzle = "slitherlink"`` instance from its parsed TOML table."""
    def err(msg, key=None):
        line = key_pos(raw, key) if key else None
        return InstanceError(msg, file, line, 1 if line else None)

    for k in data:
        if k not in KEYS:
            raise err(f"unknown key {k!r} for a slitherlink puzzle; expected {', '.join(KEYS)}", k)
    for k in ("title", "source"):
        if k in data and not isinstance(data[k], str):
            raise err(f"{k}: expected a string", k)
    if "clues" not in data:
        raise InstanceError("expected a 'clues' grid (rows of 0..4, '-' = no clue)", file, 1, 1)
    tg = parse_token_grid(data["clues"], file=file, key="clues", first_line=key_line(raw, "clues"))
    rows, cols = tg.height, len(tg.rows[0])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise tg.error(0, None, f"expected 1..{MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    clues = read_clues(tg)
    exp = parse_expect(data, raw, file, "a slitherlink puzzle (it has no answer number)",
                       EXPECT_KEYS)
    solution = None
    if "solution" in exp:
        st = parse_token_grid(exp["solution"], file=file, key="solution",
                              first_line=key_line(raw, "solution"))
        solution = read_inside(st, rows, cols)
    return cls(clues, file=file, title=data.get("title", ""), source=data.get("source", ""),
               expect=exp, solution=solution)


def parse_text(text: str, file: str) -> list[Slitherlink]:
    """The plain text grid (``ROWS COLS`` then the clue rows)."""
    rows, cols, tg = read_header_grid(text, file, "slitherlink grid")
    return [Slitherlink(read_clues(tg), file=file, title=os.path.basename(file))]


def sniff(text: str, file: str) -> bool:
    return "slither" in os.path.basename(file).lower()


TEXT_FORMAT = register_format(TextFormat(
    "slitherlink-text", "slitherlink", "a line 'ROWS COLS' then the clue rows ('-' = none), "
    "in a file named *slither*", sniff=sniff, parse=parse_text), first=True)
register_toml("slitherlink", read_toml)
