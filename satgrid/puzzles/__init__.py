"""Puzzle kinds: one package per kind (``satgrid/puzzles/<kind>/``), declared
here and imported on first use.

The static tables below tell the registry (:data:`KINDS`, a
:class:`~satgrid.puzzles.base.KindRegistry`) every kind's name -- the value of
a TOML instance's ``puzzle`` key -- with the package that registers it, and
every text format with a cheap test of whether it may read a text. Nothing
here imports a kind: a Sudoku run imports ``satgrid.puzzles.sudoku`` alone,
when its file names the kind (``KINDS["sudoku"]``) or when the text formats
are sniffed (:func:`~satgrid.puzzles.base.text_format_for`)::

    >>> from satgrid.puzzles import KINDS
    >>> "knight-moves" in KINDS       # known from the table: nothing imported
    True
    >>> KINDS["knight-moves"].__name__  # imports satgrid.puzzles.knight_moves
    'KnightMoves'

A new kind is a package here plus its row in :data:`KIND_MODULES` (and in
:data:`MODULES`), and its text formats, if any, in :data:`TEXT_FORMATS`
(``tests/test_startup.py`` checks the tables against what the kinds register).
"""

from __future__ import annotations

import os

from .base import KINDS, DeclaredFormat, Puzzle, declare_format, register  # noqa: F401

#: the kinds shipped with satgrid (packages of this package), in the order of
#: :data:`KINDS`: the seed kinds, the path and loop kinds (built on
#: Model.cycle / Model.path), the region and shape kinds (Model.regions / Model.place)
MODULES = ("sudoku", "vertex_sums", "knight_moves", "hooks", "twentyfourseven",
           "slitherlink", "masyu", "numberlink", "nurikabe", "hitori", "lits", "fillomino")

#: kind name (a TOML instance's ``puzzle`` key) -> the package whose import registers it
KIND_MODULES = {
    "sudoku": "sudoku", "vertex-sums": "vertex_sums", "knight-moves": "knight_moves",
    "hooks": "hooks", "twenty-four-seven": "twentyfourseven",
    "twenty-four-seven-2x2": "twentyfourseven", "slitherlink": "slitherlink",
    "masyu": "masyu", "numberlink": "numberlink", "nurikabe": "nurikabe", "hitori": "hitori",
    "lits": "lits", "fillomino": "fillomino"}


def _pzprv3(text: str, file: str) -> bool:   # pzprv3.sniff needs this first word
    return text.lstrip().startswith("pzprv3")


def _numberlink_name(text: str, file: str) -> bool:   # the format's own test, by name
    name = os.path.basename(file).lower()
    return "numberlink" in name or "arukone" in name


def _slither_name(text: str, file: str) -> bool:      # the format's own test, by name
    return "slither" in os.path.basename(file).lower()


def _url(*pids: str):   # puzzlink.sniff needs a query ('?') naming one of pids
    return lambda text, file: "?" in text and any(p in text for p in pids)


def _size_line(text: str, file: str) -> bool:
    """Whether the first line with content (not a ``#`` comment) is two
    numbers, ``ROWS COLS``, as the masyu text grid starts (read up to that
    line only, not the whole of a long collection)."""
    pos, size = 0, len(text)
    while pos <= size:
        end = text.find("\n", pos)
        end = size if end < 0 else end
        line = text[pos:end]
        if line.strip() and not line.lstrip().startswith("#"):
            head = line.split()
            return len(head) == 2 and all(t.isdigit() for t in head)
        pos = end + 1
    return False


#: the text formats in the order the loader tries them (the order the kinds'
#: ``register_format`` calls give when every kind is imported in
#: :data:`MODULES` order), each with a test that is true whenever the format's
#: own ``sniff`` is; the Sudoku grid is the fallback that takes any other text
TEXT_FORMATS = (
    DeclaredFormat("fillomino-url", "fillomino", _url("fillomino")),
    DeclaredFormat("pzprv3-fillomino", "fillomino", _pzprv3),
    DeclaredFormat("fillomino-text", "fillomino", lambda text, file: "fillomino" in file.lower()),
    DeclaredFormat("pzprv3-lits", "lits", _pzprv3),
    DeclaredFormat("pzprv3-hitori", "hitori", _pzprv3),
    DeclaredFormat("pzprv3-nurikabe", "nurikabe", _pzprv3),
    DeclaredFormat("numberlink-url", "numberlink", _url("numlin", "numberlink")),
    DeclaredFormat("numberlink-text", "numberlink", _numberlink_name),
    DeclaredFormat("masyu-url", "masyu", _url("mashu", "masyu", "pearl")),
    DeclaredFormat("masyu-text", "masyu", _size_line),
    DeclaredFormat("slitherlink-url", "slitherlink", _url("slither")),
    DeclaredFormat("slitherlink-text", "slitherlink", _slither_name),
    DeclaredFormat("sudoku-text", "sudoku", None),
)

for _kind, _module in KIND_MODULES.items():
    KINDS.declare(_kind, f"{__name__}.{_module}")
for _fmt in TEXT_FORMATS:
    declare_format(_fmt)
del _kind, _module, _fmt
