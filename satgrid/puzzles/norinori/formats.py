"""Norinori file formats: the TOML instance, pzprv3 text and puzz.link URLs.

Instance (TOML)::

    puzzle = "norinori"
    title = "..."
    source = "..."
    rooms = \"\"\"          # equal tokens side by side = one room
    a a b c c
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # '#' = shaded, '.' = not
    # # . . .
    ...\"\"\"

pzprv3: ``pzprv3/norinori/ROWS/COLS``, the room count, the room ids, then
optionally the answer. URL: ``https://puzz.link/p?norinori/COLS/ROWS/BODY``,
the room borders (:mod:`satgrid.puzzles.rooms`).

Example:
    >>> [p] = parse_url("https://puzz.link/p?norinori/5/5/cag4ocjo", "a.txt")
    >>> p.rooms[0], to_url(p)
    ([0, 0, 1, 2, 2], 'https://puzz.link/p?norinori/5/5/cag4ocjo')
"""

from __future__ import annotations

from .. import rooms
from ..base import puzzlink_ids, register_toml
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Norinori

KEYS = ("puzzle", "title", "source", "rooms", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def read_toml(cls: type[Norinori], data: dict, raw: str, file: str) -> Norinori:
    """A ``puzzle = "norinori"`` instance from its parsed TOML table."""
    vert, hori, _, solution, expect = rooms.read_toml(data, raw, file, K, KEYS, numbers=False)
    return cls(vert, hori, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_pzprv3(text: str, file: str) -> list[Norinori]:
    """A pzprv3 norinori file: the rooms, then optionally the answer."""
    vert, hori, _, solution = rooms.read_pzprv3(text, file, numbers=False)
    return [Norinori(vert, hori, solution=solution, file=file,
                     expect={"solution": "pzprv3"} if solution else {})]


def parse_url(text: str, file: str) -> list[Norinori]:
    """A puzz.link URL (``p?norinori/COLS/ROWS/BODY``)."""
    _, vert, hori, _ = rooms.read_url(text, file, PIDS, numbers=False)
    return [Norinori(vert, hori, file=file, source=text.strip())]


def to_url(p: Norinori) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return rooms.write_url(PIDS[0], p.vert, p.hori)


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
