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

from ..base import TextFormat, register_format, register_toml
from ..links import check_toml_keys, read_header_grid, read_toml_grid
from ..parsing import TokenGrid
from .kind import Slitherlink

KEYS = ("puzzle", "title", "source", "clues", "expect")
EMPTY = ("-", ".")


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
    check_toml_keys(data, raw, file, "slitherlink", KEYS)
    clues, exp, solution = read_toml_grid(data, raw, file, "slitherlink", "clues",
                                          "expected a 'clues' grid (rows of 0..4, '-' = no clue)",
                                          read_clues, read_inside)
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
