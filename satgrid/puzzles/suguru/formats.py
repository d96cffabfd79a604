"""Suguru file formats: Ripple Effect's (:mod:`..rippleeffect.formats`), under
``puzzle = "suguru"`` and the URL ``https://puzz.link/p?suguru/COLS/ROWS/BODY``
(the same encoding in pzprjs's ``ripple.js``: borders, number16, empty cells),
and its pzprv3 file (``pzprv3/suguru/...``).

Example:
    >>> [p] = parse_url("https://puzz.link/p?suguru/3/1/gh1", "a.txt")
    >>> p.rooms, p.clues, to_url(p)
    ([[0, 1, 1]], [[None, None, 1]], 'https://puzz.link/p?suguru/3/1/gh1')
"""

from __future__ import annotations

from .. import puzzlink, pzprv3
from ..base import TextFormat, puzzlink_ids, register_format, register_toml
from ..rippleeffect.formats import read_pzprv3, read_toml, read_url, write_url
from ..rippleeffect.formats import KEYS  # noqa: F401  (the keys it reads, for the docs)
from .kind import K, Suguru

PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Suguru]:
    """A puzz.link URL (``p?suguru/COLS/ROWS/BODY``)."""
    return read_url(Suguru, text, file, PIDS)


def to_url(p: Suguru) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return write_url(p, PIDS[0])


URL_FORMAT = register_format(TextFormat(
    "suguru-url", K, "a puzz.link URL, p?suguru/COLS/ROWS/...",
    sniff=lambda text, file: puzzlink.sniff(text, PIDS), parse=parse_url), first=True)
PZPRV3_FORMAT = register_format(TextFormat(
    "pzprv3-suguru", K, "pzprv3 (puzz.link) suguru file",
    sniff=lambda text, file: pzprv3.sniff(text, "suguru"),
    parse=lambda text, file: read_pzprv3(Suguru, text, file)), first=True)
register_toml(K, read_toml)
