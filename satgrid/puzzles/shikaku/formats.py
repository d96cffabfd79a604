"""Shikaku file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "shikaku"
    title = "..."
    source = "..."
    clues = \"\"\"          # one row per line: a number, '?' (a number not told) or '.'
    . . . . 3 .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # each cell's region, numbered by its first cell
    1 1 2 2 2 3
    ...\"\"\"

URL: ``https://puzz.link/p?shikaku/COLS/ROWS/BODY`` (also ``pzv.jp``): the
clues row by row in pzprjs's number16 code
(:func:`satgrid.puzzles.puzzlink.decode_number16`; ``.`` a "?").

Example:
    >>> [p] = parse_url("https://puzz.link/p?shikaku/3/2/2h.h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, None], [-2, None, None]], 'https://puzz.link/p?shikaku/3/2/2h.h')
"""

from __future__ import annotations

from ..number_grids import AreaNumberFormats
from .kind import K, UNKNOWN, Shikaku

#: the kind's readers and writer (:mod:`satgrid.puzzles.number_grids`, shared with the
#: other kinds whose numbers lie in a range and whose answer is regions), registered on import
FORMATS = AreaNumberFormats(Shikaku, K, __package__, UNKNOWN, lowest=1,
                            highest=lambda rows, cols: rows * cols)
PIDS = FORMATS.pids
read_clues, read_toml, parse_url, to_url = (FORMATS.read_clues, FORMATS.read_toml,
                                            FORMATS.parse_url, FORMATS.to_url)
URL_FORMAT = FORMATS.register()
