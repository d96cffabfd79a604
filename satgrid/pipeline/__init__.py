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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# reading files is light and the name ``load`` must stay the function, not the submodule
from .load import from_toml, load, loads, read_text

if TYPE_CHECKING:  # the names below load on first use (__getattr__), each with its module only
    from .collection import is_collection, shared_base, solve_collection, solve_puzzles
    from .export import decode_external, export_dimacs, satisfies
    from .run import (CheckFailed, Options, add_solution, compare_expect, compile_puzzle, count,
                      new_result, open_session, public, run_stats, sizes, solve, solve_all,
                      solver_options, verify)

#: public name -> the module of this package that owns it
_HOME = {**dict.fromkeys(("is_collection", "shared_base", "solve_collection", "solve_puzzles"),
                         "collection"),
         **dict.fromkeys(("decode_external", "export_dimacs", "satisfies"), "export"),
         **dict.fromkeys(("CheckFailed", "Options", "add_solution", "compare_expect",
                          "compile_puzzle", "count", "new_result", "open_session", "public",
                          "run_stats", "sizes", "solve", "solve_all", "solver_options", "verify"),
                         "run")}


def __getattr__(name):  # PEP 562: importing satgrid.pipeline.load does not load the solver stack
    if name in _HOME:
        return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["load", "loads", "read_text", "from_toml", "Options", "CheckFailed", "compile_puzzle",
           "solver_options", "open_session", "run_stats", "verify", "new_result", "add_solution",
           "solve", "solve_all", "count", "compare_expect", "sizes", "public", "is_collection",
           "solve_collection", "solve_puzzles", "shared_base", "export_dimacs", "satisfies",
           "decode_external"]
