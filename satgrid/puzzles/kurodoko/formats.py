"""Kurodoko file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "kurodoko"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    clues = \"\"\"           # a number, '?' (a clue without its number) or '.'
    . . 7 .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # '#' shaded; '.', '?' or a number: unshaded
    . # 7 .
    ...\"\"\"

URL: ``https://puzz.link/p?kurodoko/COLS/ROWS/BODY`` (also ``pzv.jp``):
pzprjs's number16 encoding. pzprv3: ``pzprv3``, ``kurodoko``, rows,
columns, the clue rows (``-`` a "?" clue), then optionally the answer rows
(``#`` shaded), which become ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?kurodoko/3/2/2h.h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, None], [-2, None, None]], 'https://puzz.link/p?kurodoko/3/2/2h.h')
"""

from __future__ import annotations

from ..number_grids import NumberGridFormats
from .kind import K, UNKNOWN, Kurodoko

#: the kind's readers and writer (:mod:`satgrid.puzzles.number_grids`, shared with the
#: other number-grid kinds), registered with the loader on import
FORMATS = NumberGridFormats(Kurodoko, K, __package__, UNKNOWN)
PIDS = FORMATS.pids
read_clues, read_shading = FORMATS.read_clues, FORMATS.read_shading
read_toml, parse_url, to_url, parse_pzprv3 = (FORMATS.read_toml, FORMATS.parse_url,
                                              FORMATS.to_url, FORMATS.parse_pzprv3)
FORMATS.register()
