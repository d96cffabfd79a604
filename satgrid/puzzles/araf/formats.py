"""Araf file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "araf"
    title = "..."
    source = "..."
    clues = \"\"\"          # one row per line: a number >= 0, '?' (a number not told) or '.'
    4 5 7 . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # each cell's region, numbered by its first cell
    1 1 1 2 2 3
    ...\"\"\"

URL: ``https://puzz.link/p?araf/COLS/ROWS/BODY`` (also ``pzv.jp``): the
clues row by row in pzprjs's number16 code
(:func:`satgrid.puzzles.puzzlink.decode_number16`; ``.`` a "?").

Example:
    >>> [p] = parse_url("https://puzz.link/p?araf/3/2/2h.h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, None], [-2, None, None]], 'https://puzz.link/p?araf/3/2/2h.h')
"""

from __future__ import annotations

from ..number_grids import AreaNumberFormats
from .kind import K, UNKNOWN, Araf

MAX_NUMBER = 999                   # pzprjs's largest Araf number

#: the kind's readers and writer (:mod:`satgrid.puzzles.number_grids`, shared with the
#: other kinds whose numbers lie in a range and whose answer is regions), registered on import
FORMATS = AreaNumberFormats(Araf, K, __package__, UNKNOWN, lowest=0,
                            highest=lambda rows, cols: MAX_NUMBER)
PIDS = FORMATS.pids
read_clues, read_toml, parse_url, to_url = (FORMATS.read_clues, FORMATS.read_toml,
                                            FORMATS.parse_url, FORMATS.to_url)
URL_FORMAT = FORMATS.register()
