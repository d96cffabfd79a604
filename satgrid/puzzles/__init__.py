"""Puzzle kinds: one package per kind (``satgrid/puzzles/<kind>/``), each
registered in :data:`KINDS` when it is imported, with its text and TOML
formats registered in :mod:`.base`."""

from .base import KINDS, Puzzle, register  # noqa: F401
# the order of registration is the order of KINDS and of the text formats tried
from . import sudoku, vertex_sums, knight_moves, hooks, twentyfourseven  # noqa: F401,I001

#: the kinds shipped with satgrid (packages of this package), in registration order
MODULES = ("sudoku", "vertex_sums", "knight_moves", "hooks", "twentyfourseven")
# path and loop kinds (built on Model.cycle / Model.path)
from . import slitherlink, masyu, numberlink  # noqa: F401,E402,I001
MODULES += ("slitherlink", "masyu", "numberlink")
# region and shape kinds (built on Model.regions / Model.place)
from . import nurikabe, hitori, lits  # noqa: F401,E402,I001
MODULES += ("nurikabe", "hitori", "lits")
