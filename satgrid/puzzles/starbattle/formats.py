"""Star Battle file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "starbattle"
    title = "..."
    source = "..."        # where the puzzle (and its solution) was published
    stars = 1             # stars in every row, column and region
    regions = \"\"\"       # one row per line: a label per cell (a region is a
    a a b b               # connected group of cells with one label)
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '*' a star, '.' none
    . * . .
    ...\"\"\"

URL: ``https://puzz.link/p?starbattle/COLS/ROWS/STARS/BORDERS``, the star
count then the region borders (pzprjs's border encoding,
:func:`satgrid.puzzles.puzzlink.decode_border`); :func:`to_url` writes one.

pzprv3 (puzz.link's file): ``pzprv3/starbattle/ROWS/COLS``, the star count,
the region count, the region of every cell, then optionally the answer
(``#`` a star; ``.``/``+`` none), which becomes ``[expect] solution`` when
it holds a star.

Example:
    >>> [p] = parse_url("https://puzz.link/p?starbattle/4/4/1/94g1s0", "a.txt")
    >>> p.stars, p.regions[0], p.regions[3], to_url(p)
    (1, [0, 0, 1, 1], [2, 2, 3, 3], 'https://puzz.link/p?starbattle/4/4/1/94g1s0')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..rooms import borders_of, rooms_from_borders
from ..parsing import ascii_int, key_pos, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, StarBattle

KEYS = ("puzzle", "title", "source", "stars", "regions", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def read_toml(cls: type[StarBattle], data: dict, raw: str, file: str) -> StarBattle:
    """A ``puzzle = "starbattle"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "regions")
    tg.expect_shape(tg.height, len(tg.rows[0]))
    stars = data.get("stars")
    if type(stars) is not int or stars < 0:
        line = key_pos(raw, "stars")
        raise InstanceError(f"stars: expected a whole number >= 0, found {stars!r}", file,
                            line or 1, 1)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(tg.height, len(tg.rows[0]))
        solution = []
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in ("*", ".", "+"):
                    raise sg.error(r, c, f"expected '*' (a star) or '.', found {tok!r}")
            solution.append([int(tok == "*") for tok in row])
    return cls(stars, tg.rows, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[StarBattle]:
    """A puzz.link URL (``p?starbattle/COLS/ROWS/STARS/BORDERS``)."""
    u = puzzlink.read(text, file, PIDS)
    count, _, rest = u.body.partition("/")
    stars = ascii_int(count)
    if stars is None or not _:
        raise u.error(0, f"expected the star count and '/', found {u.body[:20]!r}")
    vert, hori, end = puzzlink.decode_border(u, len(count) + 1)
    u.expect_end(end)
    return [StarBattle(stars, rooms_from_borders(vert, hori), borders=(vert, hori), file=file,
                       title=os.path.basename(file), source=text.strip())]


def to_url(p: StarBattle) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it: every border digit;
    the borders a URL gave, else those between regions)."""
    vert, hori = p.borders or borders_of(p.regions)
    body = puzzlink.encode_border(vert, hori) or "0" * (
        (p.rows * (p.cols - 1) + 4) // 5 + ((p.rows - 1) * p.cols + 4) // 5)
    return puzzlink.url("starbattle", p.cols, p.rows, f"{p.stars}/{body}")


def parse_pzprv3(text: str, file: str) -> list[StarBattle]:
    """A pzprv3 starbattle file: star count, region count, regions, answer."""
    f = pzprv3.read(text, file)
    for i, what in ((0, "the star count"), (1, "the number of regions")):
        if len(f.lines) <= i or len(f.lines[i]) != 1 or ascii_int(f.lines[i][0][0]) is None:
            where = f.lines[i][0][1] if len(f.lines) > i and f.lines[i] else (None, None)
            raise InstanceError(f"expected {what} after the size", file, *where)
    body = pzprv3.Pzprv3(f.name, f.rows, f.cols, f.lines[2:], file)
    regions = [[tok for tok, _ in row] for row in body.grid(0, "regions")]
    solution = None
    if len(body.lines) > f.rows:
        solution = pzprv3.shading(body.grid(f.rows, "answer"), file,
                                  "answer: expected '#' (a star), '.' or '+'")
        solution = solution if any(map(any, solution)) else None    # no star: unsolved
    return [StarBattle(ascii_int(f.lines[0][0][0]), regions, solution=solution, file=file,
                       title=os.path.basename(file),
                       expect={"solution": "pzprv3"} if solution else {})]


PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
URL_FORMAT = url_format(K, PIDS, parse_url, "COLS/ROWS/STARS/...")
register_toml(K, read_toml)
