"""The public Python API for puzzles: the pipeline's names in one place.

::

    >>> import satgrid
    >>> [p] = satgrid.load("instances/sudoku-classic.toml")
    >>> r = satgrid.solve(p, unique=True)
    >>> r["status"], r["unique"]
    ('sat', True)

Each name is owned by a module of :mod:`satgrid.pipeline`: reading files
(:mod:`~satgrid.pipeline.load`), compiling, solving, counting, sizes and
comparing with ``[expect]`` (:mod:`~satgrid.pipeline.run`), collections
(:mod:`~satgrid.pipeline.collection`), DIMACS export and decoding
(:mod:`~satgrid.pipeline.export`).
"""

from .pipeline.collection import is_collection, solve_collection, solve_puzzles
from .pipeline.export import decode_external, export_dimacs, satisfies
from .pipeline.load import load, loads, read_text
from .pipeline.run import (CheckFailed, Options, compare_expect, compile_puzzle, count, public,
                           sizes, solve, solve_all, solver_options, verify)
from .puzzles import Puzzle

__all__ = ["load", "loads", "read_text", "Options", "CheckFailed", "Puzzle", "compile_puzzle",
           "solver_options", "solve", "solve_all", "count", "compare_expect", "sizes", "verify",
           "public", "is_collection", "solve_collection", "solve_puzzles", "export_dimacs",
           "satisfies", "decode_external"]
