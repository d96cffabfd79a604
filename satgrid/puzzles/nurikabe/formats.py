"""Nurikabe file format: the TOML instance.

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
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import pzprv3
from ..base import parse_expect, register_toml
from ..parsing import TokenGrid, ascii_int, number_clues, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format
from .kind import K, Nurikabe

KEYS = ("puzzle", "title", "source", "clues", "expect")
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
