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

URL: a file holding one puzz.link URL, ``https://puzz.link/p?slither/COLS/ROWS/BODY``
(pzprjs's 4-cell encoding, :func:`satgrid.puzzles.puzzlink.decode_4cell`; a
"?" clue is no clue); :func:`to_url` writes one.

Example:
    >>> [p] = parse_text("2 2\\n3 -\\n- .\\n", "a.slitherlink")
    >>> p.clues
    [[3, None], [None, None]]
"""

from __future__ import annotations

import os

from .. import puzzlink
from ..base import TextFormat, puzzlink_ids, register_format, register_toml
from ..links import check_toml_keys, read_header_grid, read_toml_grid
from ..parsing import TokenGrid
from ..puzzlink_formats import url_format
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


#: the puzz.link names of the puzzle
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Slitherlink]:
    """A puzz.link URL (``p?slither/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_4cell(u, u.rows * u.cols)
    u.expect_end(end, f" after {u.rows * u.cols} cells")
    clues = u.clue_rows(cells, None)
    return [Slitherlink(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Slitherlink) -> str:
    """The puzz.link URL of ``p``'s clues (as pzprjs writes it)."""
    return puzzlink.url("slither", p.cols, p.rows,
                        puzzlink.encode_4cell([v for row in p.clues for v in row]))


TEXT_FORMAT = register_format(TextFormat(
    "slitherlink-text", "slitherlink", "a line 'ROWS COLS' then the clue rows ('-' = none), "
    "in a file named *slither*", sniff=sniff, parse=parse_text), first=True)
# registered after the text grid, so tried before it (a URL in a file named *slither*)
URL_FORMAT = url_format("slitherlink", PIDS, parse_url)
register_toml("slitherlink", read_toml)
