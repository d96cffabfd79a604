"""Masyu file formats: the TOML instance and the plain text grid.

Instance (TOML)::

    puzzle = "masyu"
    title = "..."
    source = "..."            # where the puzzle (and its solution) was published
    pearls = \"\"\"            # one row per line: w white, b black, '-' or '.' none
    - w - b
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"          # the sides the loop leaves each cell by (n s e w), '-' none
    se ew sw -
    ...\"\"\"

Text (the plain grid of transcribed puzzle collections): a line ``ROWS
COLS``, then the rows of ``w``/``b``/``-`` (told by its tokens: only these).

URL: a file holding one puzz.link URL, ``https://puzz.link/p?mashu/COLS/ROWS/BODY``
(pzprjs's circle encoding, :func:`satgrid.puzzles.puzzlink.decode_circle`:
1 white, 2 black); :func:`to_url` writes one.

Example:
    >>> [p] = parse_text("2 3\\n- w -\\nb - .\\n", "a.txt")
    >>> p.pearls
    [['.', 'w', '.'], ['b', '.', '.']]
"""

from __future__ import annotations

import os

from .. import puzzlink
from ..base import TextFormat, puzzlink_ids, register_format, register_toml
from ..links import check_toml_keys, header_grid_tokens, read_header_grid, read_toml_grid
from ..parsing import TokenGrid
from ..puzzlink_formats import url_format
from .kind import Masyu

KEYS = ("puzzle", "title", "source", "pearls", "expect")
TOKENS = {"w": "w", "W": "w", "b": "b", "B": "b", "-": ".", ".": "."}


def read_pearls(tg: TokenGrid) -> list[list[str]]:
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            if tok not in TOKENS:
                raise tg.error(r, c, f"expected 'w' (white pearl), 'b' (black pearl) or '-', "
                                     f"found {tok!r}")
            vals.append(TOKENS[tok])
        out.append(vals)
    return out


def read_toml(cls: type[Masyu], data: dict, raw: str, file: str) -> Masyu:
    """A ``puzzle = "masyu"`` instance from its parsed TOML table."""
    check_toml_keys(data, raw, file, "masyu", KEYS)
    pearls, exp, solution = read_toml_grid(data, raw, file, "masyu", "pearls",
                                           "expected a 'pearls' grid (rows of w, b, '-')",
                                           read_pearls)
    return cls(pearls, file=file, title=data.get("title", ""), source=data.get("source", ""),
               expect=exp, solution=solution)


def parse_text(text: str, file: str) -> list[Masyu]:
    """The plain text grid (``ROWS COLS`` then the pearl rows)."""
    rows, cols, tg = read_header_grid(text, file, "masyu grid")
    return [Masyu(read_pearls(tg), file=file, title=os.path.basename(file))]


def sniff(text: str, file: str) -> bool:
    found = header_grid_tokens(text)
    return (found is not None and found[1] <= set(TOKENS)
            and bool(found[1] & {"w", "b", "W", "B"}))


#: the puzz.link names of the puzzle
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Masyu]:
    """A puzz.link URL (``p?mashu/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_circle(u, u.rows * u.cols)
    if end != len(u.body) or end != (u.rows * u.cols + 2) // 3:
        raise u.error(end, f"expected {(u.rows * u.cols + 2) // 3} characters for "
                           f"{u.rows * u.cols} cells, found {len(u.body)}")
    pearls = [[".wb"[v] for v in cells[r * u.cols:(r + 1) * u.cols]] for r in range(u.rows)]
    return [Masyu(pearls, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Masyu) -> str:
    """The puzz.link URL of ``p``'s pearls (as pzprjs writes it)."""
    return puzzlink.url("mashu", p.cols, p.rows,
                        puzzlink.encode_circle([".wb".index(v) for row in p.pearls for v in row]))


TEXT_FORMAT = register_format(TextFormat(
    "masyu-text", "masyu", "a line 'ROWS COLS' then rows of w, b, '-'",
    sniff=sniff, parse=parse_text), first=True)
# registered after the text grid, so tried before it (a URL in a file named *slither*)
URL_FORMAT = url_format("masyu", PIDS, parse_url)
register_toml("masyu", read_toml)
