"""Country Road file formats: the TOML instance and the puzz.link URL.

Instance (TOML)::

    puzzle = "countryroad"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    empty = false           # optional: rooms may stay off the loop (URL flag e)
    rooms = \"\"\"           # a label per cell: equal labels side by side are one room
    a a b b c
    ...\"\"\"
    clues = \"\"\"           # optional: a room's number in any of its cells, '?', '.'
    2 . . . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # the sides the loop leaves each cell by (n s e w), '-' none
    se ew sw - -
    ...\"\"\"

URL: ``https://puzz.link/p?country/[e/]COLS/ROWS/BODY`` (also ``pzv.jp``):
the room borders (:func:`satgrid.puzzles.puzzlink.decode_border`) then one
number16 entry per room, rooms in pzprjs's order (``decodeRoomNumber16``).

pzprv3 (pzprjs's file, versions 0 to 2): the flag line ``country_empty``
(version 1 on), the rooms (:func:`satgrid.puzzles.roomloops.read_pzprv3_rooms`),
the numbers (``-`` "?", ``.`` none), then the lines
(:func:`satgrid.puzzles.roomloops.pzprv3_lines`): a drawn loop becomes
``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?country/2/2/o02g", "a.txt")
    >>> p.vert, p.hori, p.rooms, p.numbers, to_url(p)
    ([[1], [1]], [[0, 0]], [[0, 1], [0, 1]], [2, None], 'https://puzz.link/p?country/2/2/o02g')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, roomloops
from ..base import parse_expect, puzzlink_ids, register_toml
from ..links import links_from_edges, toml_error
from ..parsing import ascii_int, shown, toml_token_grid
from ..rooms import rooms_from_borders
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, CountryRoad

KEYS = ("puzzle", "title", "source", "empty", "rooms", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written


def read_toml(cls: type[CountryRoad], data: dict, raw: str, file: str) -> CountryRoad:
    """A ``puzzle = "countryroad"`` instance from its parsed TOML table."""
    vert, hori = roomloops.read_toml_rooms(data, raw, file, K, KEYS)
    rooms = rooms_from_borders(vert, hori)
    h, w = len(rooms), len(rooms[0])
    if not isinstance(data.get("empty", False), bool):
        raise toml_error("empty: expected true or false", raw, file, "empty")
    numbers: list = [None] * (1 + max(map(max, rooms)))
    if "clues" in data:
        cg = toml_token_grid(data, raw, file, "clues")
        cg.expect_shape(h, w)
        for r, row in enumerate(cg.rows):
            for c, tok in enumerate(row):
                if tok in (".", "-"):
                    continue
                v = puzzlink.UNKNOWN if tok == "?" else ascii_int(tok)
                if v is None:
                    raise cg.error(r, c, f"expected a number, '?' or '.', found {shown(tok)}")
                if numbers[rooms[r][c]] is not None:
                    raise cg.error(r, c, "a second number in one room")
                numbers[rooms[r][c]] = v
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    return cls(vert, hori, numbers, empty=data.get("empty", False), file=file,
               solution=roomloops.read_solution(expect, raw, file, h, w),
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[CountryRoad]:
    """A puzz.link URL (``p?country/[e/]COLS/ROWS/BODY``)."""
    u, vert, hori, end = roomloops.read_url(text, file, PIDS, "e")
    numbers, end = puzzlink.decode_number16(u, 1 + max(map(max, rooms_from_borders(vert, hori))),
                                            end)
    u.expect_end(end)
    return [CountryRoad(vert, hori, numbers, empty="e" in u.flags, file=file,
                        title=os.path.basename(file), source=text.strip())]


def to_url(p: CountryRoad) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return (roomloops.border_url(PIDS[0], p.vert, p.hori, "e" if p.empty else "")
            + puzzlink.encode_number16(p.numbers))


def parse_pzprv3(text: str, file: str) -> list[CountryRoad]:
    """A pzprv3 country file; its drawn loop, if any, the expected answer."""
    f, vert, hori, flags, at = roomloops.read_pzprv3_rooms(text, file, "country_empty")
    rooms = rooms_from_borders(vert, hori)
    numbers: list = [None] * (1 + max(map(max, rooms)))
    for r, row in enumerate(f.grid(at, "numbers")):
        for c, (tok, (line, col)) in enumerate(row):
            v = None if tok == "." else puzzlink.UNKNOWN if tok == "-" else ascii_int(tok)
            if (v is None) != (tok == ".") or (v is not None and numbers[rooms[r][c]] is not None):
                raise InstanceError(f"numbers: expected one number, '-' or '.' per room, found "
                                    f"{shown(tok)}", file, line, col)
            if v is not None:
                numbers[rooms[r][c]] = v
    used = roomloops.pzprv3_lines(f, at + f.rows) if len(f.lines) > at + f.rows else {}
    solution = links_from_edges(list(used), f.rows, f.cols) if used else None
    return [CountryRoad(vert, hori, numbers, empty=bool(flags), solution=solution, file=file,
                        title=os.path.basename(file),
                        expect={"solution": "pzprv3"} if solution else {})]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3, "country",
              sniff=lambda text, file: roomloops.sniff_pzprv3(text, "country"))
url_format(K, PIDS, parse_url)
