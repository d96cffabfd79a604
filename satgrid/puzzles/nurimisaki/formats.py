"""Nurimisaki file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "nurimisaki"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    clues = \"\"\"           # a circle's number, '?' (a circle without one) or '.'
    . ? . 2
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # '#' shaded; '.', '?' or a number: unshaded
    # ? # 2
    ...\"\"\"

URL: ``https://puzz.link/p?nurimisaki/COLS/ROWS/BODY`` (also ``pzv.jp``):
pzprjs's number16 encoding. pzprv3: ``pzprv3``, ``nurimisaki``, rows,
columns, the clue rows (``-`` a "?" circle), then optionally the answer rows
(``#`` shaded), which become ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?nurimisaki/3/2/2h.h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, None, None], [-2, None, None]], 'https://puzz.link/p?nurimisaki/3/2/2h.h')
"""

from __future__ import annotations

from ..number_grids import NumberGridFormats
from .kind import K, UNKNOWN, Nurimisaki

#: the kind's readers and writer (:mod:`satgrid.puzzles.number_grids`, shared with the
#: other number-grid kinds), registered with the loader on import
FORMATS = NumberGridFormats(Nurimisaki, K, __package__, UNKNOWN)
PIDS = FORMATS.pids
read_clues, read_shading = FORMATS.read_clues, FORMATS.read_shading
read_toml, parse_url, to_url, parse_pzprv3 = (FORMATS.read_toml, FORMATS.parse_url,
                                              FORMATS.to_url, FORMATS.parse_pzprv3)
FORMATS.register()
