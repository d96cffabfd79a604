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

Example:
    >>> [p] = parse_text("2 3\\n- w -\\nb - .\\n", "a.txt")
    >>> p.pearls
    [['.', 'w', '.'], ['b', '.', '.']]
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from ..base import TextFormat, parse_expect, register_format, register_toml
from ..links import header_grid_tokens, read_header_grid, read_links
from ..parsing import TokenGrid, key_line, key_pos, parse_token_grid
from .kind import Masyu

KEYS = ("puzzle", "title", "source", "pearls", "expect")
EXPECT_KEYS = ("unique", "count", "solution")
TOKENS = {"w": "w", "W": "w", "b": "b", "B": "b", "-": ".", ".": "."}
MAX_SIDE = 100


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
    def err(msg, key=None):
        line = key_pos(raw, key) if key else None
        return InstanceError(msg, file, line, 1 if line else None)

    for k in data:
        if k not in KEYS:
            raise err(f"unknown key {k!r} for a masyu puzzle; expected {', '.join(KEYS)}", k)
    for k in ("title", "source"):
        if k in data and not isinstance(data[k], str):
            raise err(f"{k}: expected a string", k)
    if "pearls" not in data:
        raise InstanceError("expected a 'pearls' grid (rows of w, b, '-')", file, 1, 1)
    tg = parse_token_grid(data["pearls"], file=file, key="pearls",
                          first_line=key_line(raw, "pearls"))
    rows, cols = tg.height, len(tg.rows[0])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise tg.error(0, None, f"expected 1..{MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    pearls = read_pearls(tg)
    exp = parse_expect(data, raw, file, "a masyu puzzle (it has no answer number)", EXPECT_KEYS)
    solution = None
    if "solution" in exp:
        st = parse_token_grid(exp["solution"], file=file, key="solution",
                              first_line=key_line(raw, "solution"))
        solution = read_links(st, rows, cols)
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


TEXT_FORMAT = register_format(TextFormat(
    "masyu-text", "masyu", "a line 'ROWS COLS' then rows of w, b, '-'",
    sniff=sniff, parse=parse_text), first=True)
register_toml("masyu", read_toml)
