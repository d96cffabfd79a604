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

from ..base import puzzlink_ids, register_toml
from ..puzzlink_formats import pzprv3_format, url_format
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


URL_FORMAT = url_format(K, PIDS, parse_url)
PZPRV3_FORMAT = pzprv3_format(K, lambda text, file: read_pzprv3(Suguru, text, file))
register_toml(K, read_toml)
