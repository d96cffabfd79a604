"""The puzzle pipeline: load -> build -> solve -> decode -> check -> answer.

* :mod:`.load`: reading puzzle files (TOML by its ``puzzle`` key, other text by
  the kinds' registered formats);
* :mod:`.run`: compiling one puzzle, solving, counting, sizes, comparing with
  ``[expect]``;
* :mod:`.collection`: many puzzles, one incremental session per base formula;
* :mod:`.export`: complete DIMACS / iCNF export and decoding an external
  solver's answer.

The public Python API over these is :mod:`satgrid.api`. The pipeline imports
nothing from :mod:`satgrid.apps`.
"""

from .collection import is_collection, shared_base, solve_collection, solve_puzzles
from .export import decode_external, export_dimacs, satisfies
from .load import from_toml, load, loads, read_text
from .run import (CheckFailed, Options, add_solution, compare_expect, compile_puzzle, count,
                  new_result, open_session, public, run_stats, sizes, solve, solve_all,
                  solver_options, verify)

__all__ = ["load", "loads", "read_text", "from_toml", "Options", "CheckFailed", "compile_puzzle",
           "solver_options", "open_session", "run_stats", "verify", "new_result", "add_solution",
           "solve", "solve_all", "count", "compare_expect", "sizes", "public", "is_collection",
           "solve_collection", "solve_puzzles", "shared_base", "export_dimacs", "satisfies",
           "decode_external"]
