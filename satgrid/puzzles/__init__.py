"""Puzzle kinds: one module per kind, each registered in :data:`KINDS`."""

import importlib

from .base import KINDS, Puzzle, register  # noqa: F401

#: the kinds shipped with satgrid (modules of this package)
MODULES = ("sudoku", "vertex_sums", "knight_moves", "hooks", "twentyfourseven")

for _name in MODULES:
    importlib.import_module(f"{__name__}.{_name}")
