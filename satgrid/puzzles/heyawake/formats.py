"""Heyawake file formats: the TOML instance, pzprv3 text and puzz.link URLs.

Instance (TOML)::

    puzzle = "heyawake"
    title = "..."
    source = "..."
    rooms = \"\"\"          # equal tokens side by side = one room
    a b b c c d
    ...\"\"\"
    clues = \"\"\"          # optional: a number in any cell of a room counts for
    2 2 . 2 . 2           # the room ('?' = unknown, '.' = none)
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # '#' = shaded, '.' = not
    # . # . . #
    ...\"\"\"

pzprv3: ``pzprv3/heyawake/ROWS/COLS`` (or ``heyawacky``), the room count,
the room ids, the numbers (``-`` = "?"), then optionally the answer. URL:
``https://puzz.link/p?heyawake/COLS/ROWS/BODY``: the room borders, then one
number per room (:mod:`satgrid.puzzles.rooms`).

Example:
    >>> [p] = parse_url("https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "a.txt")
    >>> p.numbers, to_url(p)
    ([2, 2, 2, 2, None, None, None, None], 'https://puzz.link/p?heyawake/6/6/lll155007rs12222j')
"""

from __future__ import annotations

from .. import pzprv3, rooms
from ..base import puzzlink_ids, register_toml
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Heyawake

KEYS = ("puzzle", "title", "source", "rooms", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def read_toml(cls: type[Heyawake], data: dict, raw: str, file: str) -> Heyawake:
    """A ``puzzle = "heyawake"`` instance from its parsed TOML table."""
    vert, hori, numbers, solution, expect = rooms.read_toml(data, raw, file, K, KEYS, numbers=True)
    return cls(vert, hori, numbers, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_pzprv3(text: str, file: str) -> list[Heyawake]:
    """A pzprv3 heyawake file: the rooms, the numbers, then optionally the answer."""
    vert, hori, numbers, solution = rooms.read_pzprv3(text, file, numbers=True)
    return [Heyawake(vert, hori, numbers, solution=solution, file=file,
                     expect={"solution": "pzprv3"} if solution else {})]


def parse_url(text: str, file: str) -> list[Heyawake]:
    """A puzz.link URL (``p?heyawake/COLS/ROWS/BODY``)."""
    _, vert, hori, numbers = rooms.read_url(text, file, PIDS, numbers=True)
    return [Heyawake(vert, hori, numbers, file=file, source=text.strip())]


def to_url(p: Heyawake) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return rooms.write_url(PIDS[0], p.vert, p.hori, p.numbers)


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3, sniff=lambda text, file: any(pzprv3.sniff(text, n) for n in PIDS))
url_format(K, PIDS, parse_url)
