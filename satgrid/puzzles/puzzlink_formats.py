"""Registering a kind's puzz.link text formats with the loader: its URL
(``p?PID/COLS/ROWS/...``) and its pzprv3 file, named and described alike
for every kind (``KIND-url``, ``pzprv3-KIND``), both tried ahead of the
lenient fallbacks (``first``). A kind's ``formats.py`` calls them once, on
import, after its TOML reader::

    URL_FORMAT = url_format(K, PIDS, parse_url)          # "kurotto-url"
    PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)       # "pzprv3-kurotto"
"""

from __future__ import annotations

from typing import Callable

from . import puzzlink, pzprv3
from .base import TextFormat, register_format

__all__ = ["url_format", "pzprv3_format"]


def url_format(kind: str, pids, parse: Callable, path: str = "COLS/ROWS/...") -> TextFormat:
    """Register and return ``kind``'s puzz.link URL format: URLs of the puzzle
    ids ``pids`` (the first one named in the description, followed by ``path``)."""
    return register_format(TextFormat(
        f"{kind}-url", kind, f"a puzz.link URL, p?{pids[0]}/{path}",
        sniff=lambda text, file: puzzlink.sniff(text, pids), parse=parse), first=True)


def pzprv3_format(kind: str, parse: Callable, pid: str | None = None,
                  sniff: Callable[[str, str], bool] | None = None) -> TextFormat:
    """Register and return ``kind``'s pzprv3 format: files of the pzprjs
    puzzle id ``pid`` (by default the kind's name), told by ``sniff`` (by
    default :func:`satgrid.puzzles.pzprv3.sniff` of that id)."""
    pid = pid or kind
    return register_format(TextFormat(
        f"pzprv3-{kind}", kind, f"pzprv3 (puzz.link) {pid} file",
        sniff=sniff or (lambda text, file: pzprv3.sniff(text, pid)), parse=parse), first=True)
