"""Numberlink file formats: the TOML instance and the plain text grid.

Instance (TOML)::

    puzzle = "numberlink"
    title = "..."
    source = "..."            # where the puzzle (and its solution) was published
    fill = false              # true: every cell must be on a line
    numbers = \"\"\"           # one row per line; any token is a number, '-' or '.' none
    7 - - - 3
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"          # the sides the line leaves each cell by (n s e w), '-' none
    e ew ew sw s
    ...\"\"\"

Text (the plain grid of transcribed puzzle collections): a line ``ROWS
COLS``, then the rows (``-`` or ``.`` = empty), in a file whose name
contains ``numberlink`` or ``arukone`` (the same grid could be another kind's).

URL: a file holding one puzz.link URL, ``https://puzz.link/p?numlin/COLS/ROWS/BODY``
(pzprjs's number encoding, :func:`satgrid.puzzles.puzzlink.decode_number16`);
:func:`to_url` writes one.

Example:
    >>> [p] = parse_text("1 3\\n1 - 1\\n", "a.numberlink")
    >>> p.pairs
    {'1': [(0, 0), (0, 2)]}
"""

from __future__ import annotations

import os

from .. import puzzlink
from ..base import TextFormat, puzzlink_ids, register_format, register_toml
from ..links import check_toml_keys, read_header_grid, read_toml_grid, toml_error
from ..parsing import TokenGrid
from ..puzzlink_formats import url_format
from .kind import Numberlink

KEYS = ("puzzle", "title", "source", "fill", "numbers", "expect")


def read_numbers(tg: TokenGrid) -> list[list[str]]:
    """The tokens ('-' made '.'), each number exactly twice (positioned errors)."""
    grid = [["." if t in ("-", ".") else t for t in row] for row in tg.rows]
    seen: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, t in enumerate(row):
            if t != ".":
                seen.setdefault(t, []).append((r, c))
                if len(seen[t]) == 3:
                    raise tg.error(r, c, f"number {t} a third time; each number appears twice")
    for t, cells in seen.items():
        if len(cells) == 1:
            raise tg.error(*cells[0], f"number {t} appears once; each number appears twice")
    if not seen:
        raise tg.error(0, None, "expected at least one pair of numbers")
    return grid


def read_toml(cls: type[Numberlink], data: dict, raw: str, file: str) -> Numberlink:
    """A ``puzzle = "numberlink"`` instance from its parsed TOML table."""
    check_toml_keys(data, raw, file, "numberlink", KEYS)
    fill = data.get("fill", False)
    if not isinstance(fill, bool):
        raise toml_error(f"fill: expected true or false, found {fill!r}", raw, file, "fill")
    numbers, exp, solution = read_toml_grid(
        data, raw, file, "numberlink", "numbers",
        "expected a 'numbers' grid (rows of numbers, '-' = empty)", read_numbers)
    return cls(numbers, fill, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=exp, solution=solution)


def parse_text(text: str, file: str) -> list[Numberlink]:
    """The plain text grid (``ROWS COLS`` then the rows)."""
    rows, cols, tg = read_header_grid(text, file, "numberlink grid")
    return [Numberlink(read_numbers(tg), file=file, title=os.path.basename(file))]


def sniff(text: str, file: str) -> bool:
    name = os.path.basename(file).lower()
    return "numberlink" in name or "arukone" in name


#: the puzz.link names of the puzzle
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Numberlink]:
    """A puzz.link URL (``p?numlin/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    u.expect_end(end, f" after {u.rows * u.cols} cells")
    if puzzlink.UNKNOWN in cells:
        raise u.error(0, "a '?' number (no value) cannot be paired; expected numbers only")
    rows = [["." if v is None else str(v) for v in cells[r * u.cols:(r + 1) * u.cols]]
            for r in range(u.rows)]
    where = [[(u.line, u.column)] * u.cols for _ in range(u.rows)]
    numbers = read_numbers(TokenGrid(rows, where, file, f"puzz.link {u.pid}"))
    return [Numberlink(numbers, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Numberlink) -> str:
    """The puzz.link URL of ``p``'s numbers (as pzprjs writes it; the
    numbers must be whole numbers)."""
    cells = [None if t == "." else int(t) for row in p.numbers for t in row]
    return puzzlink.url("numlin", p.cols, p.rows, puzzlink.encode_number16(cells))


TEXT_FORMAT = register_format(TextFormat(
    "numberlink-text", "numberlink", "a line 'ROWS COLS' then the rows ('-' = empty), "
    "in a file named *numberlink* or *arukone*", sniff=sniff, parse=parse_text), first=True)
# registered after the text grid, so tried before it (a URL in a file named *slither*)
URL_FORMAT = url_format("numberlink", PIDS, parse_url)
register_toml("numberlink", read_toml)
