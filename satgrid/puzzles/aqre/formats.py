"""Aqre file formats: the TOML instance, pzprv3 text and puzz.link URLs.

Instance (TOML)::

    puzzle = "aqre"
    title = "..."
    source = "..."
    borders = false       # optional: true = cells on either side of a border differ
    rooms = \"\"\"          # equal tokens side by side = one room
    a a a b b b
    ...\"\"\"
    clues = \"\"\"          # optional: a number in any cell of a room counts for
    0 . . 1 . .           # the room ('?' = unknown, '.' = none)
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # '#' = shaded, '.' = not
    . . . # . .
    ...\"\"\"

pzprv3: ``pzprv3/aqre/ROWS/COLS``, the room count, the room ids, the
numbers (``-`` = "?"), then optionally the answer. URL:
``https://puzz.link/p?aqre/[b/]COLS/ROWS/BODY`` (flag ``b``: the borders
variant): the room borders, then one number per room
(:mod:`satgrid.puzzles.rooms`).

Example:
    >>> [p] = parse_url("https://puzz.link/p?aqre/b/6/6/444400vvo3u0012345g", "a.txt")
    >>> p.numbers, p.flags, to_url(p)
    ([0, 1, 2, 3, 4, 5, None], 'b', 'https://puzz.link/p?aqre/b/6/6/444400vvo3u0012345g')
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import rooms
from ..base import puzzlink_ids, register_toml
from ..parsing import key_pos
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Aqre

KEYS = ("puzzle", "title", "source", "borders", "rooms", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def read_toml(cls: type[Aqre], data: dict, raw: str, file: str) -> Aqre:
    """A ``puzzle = "aqre"`` instance from its parsed TOML table."""
    vert, hori, numbers, solution, expect = rooms.read_toml(data, raw, file, K, KEYS, numbers=True)
    variant = data.get("borders", False)
    if type(variant) is not bool:
        raise InstanceError(f"borders: expected true or false, found {variant!r}", file,
                            key_pos(raw, "borders"), 1)
    return cls(vert, hori, numbers, solution=solution, flags="b" if variant else "", file=file,
               title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_pzprv3(text: str, file: str) -> list[Aqre]:
    """A pzprv3 aqre file: the rooms, the numbers, then optionally the answer."""
    vert, hori, numbers, solution = rooms.read_pzprv3(text, file, numbers=True)
    return [Aqre(vert, hori, numbers, solution=solution, file=file,
                     expect={"solution": "pzprv3"} if solution else {})]


def parse_url(text: str, file: str) -> list[Aqre]:
    """A puzz.link URL (``p?aqre/COLS/ROWS/BODY``)."""
    u, vert, hori, numbers = rooms.read_url(text, file, PIDS, numbers=True, flags="b")
    return [Aqre(vert, hori, numbers, flags=u.flags, file=file, source=text.strip())]


def to_url(p: Aqre) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return rooms.write_url(PIDS[0], p.vert, p.hori, p.numbers, p.flags)


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
