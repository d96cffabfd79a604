"""DIMACS CNF, iCNF and SAT-solver output: writers and readers (the package).

The bottom layer of the formula side: it turns clauses, names and groups into
bytes and bytes back into a :class:`DimacsFile`, and knows no Formula
(``Formula.to_dimacs`` and ``Formula.from_dimacs`` sit on top of it). Its
modules: :mod:`~satgrid.io.dimacs.write` (writers), :mod:`~satgrid.io.dimacs.read`
(readers, the line scanner), :mod:`~satgrid.io.dimacs.scan` (the fast bulk path
of the reader), :mod:`~satgrid.io.dimacs.solver_output` (solver output), and
:mod:`~satgrid.io.dimacs.text` (what the readers share). This module re-exports
their names.

Writers (deterministic bytes, written atomically, compressed when the name ends
in ``.gz``, ``.xz`` or ``.bz2``; ``-`` is standard output):

* :func:`write_dimacs` / :func:`dimacs_text` -- a DIMACS CNF file with a header
  in the style of cnfgen: generator and version, command line, description,
  puzzle kind, the encodings chosen, sizes per constraint group and in total,
  and a ``c varname <id> <name>`` line per named variable.
* :func:`write_icnf` / :func:`icnf_text` -- the incremental ``p inccnf``
  format: the same header, the clauses, then one ``a <lits> 0`` line per
  assumption set.

Readers (every failure is one :class:`~satgrid.errors.DimacsError` or
:class:`~satgrid.errors.SolverOutputError` whose text is
``file:line:column: what was expected``):

* :func:`read_dimacs` / :func:`parse_dimacs` -> :class:`DimacsFile`
* :func:`read_icnf` / :func:`parse_icnf` -> ``(DimacsFile, assumption sets)``
* :func:`read_solver_output` / :func:`parse_solver_output` ->
  :class:`SolverResult` (SAT-competition ``s``/``v`` lines as printed by
  cadical, kissat, picosat, cryptominisat, ...; minisat's result file).

The file of a small formula looks like this (variables are counted in the
group they were made in, clauses and literals in theirs)::

    c generator: satgrid 0.1.0
    c command line: satgrid dimacs tiny.toml -o tiny.cnf
    c description: Sudoku 4x4
    c kind: sudoku
    c encoding: sudoku.cell = pairwise
    c sizes per constraint group: variables clauses literals group
    c group 0 4  8 sudoku.cell
    c group 0 2  4 sudoku.row
    c group 4 0  0 main
    c total 4 6 12
    c varname 1 x[0,0]=1
    c varname 2 x[0,0]=2
    c varname 3 x[0,1]=1
    c varname 4 x[0,1]=2
    p cnf 4 6
    1 2 0
    -1 -2 0
    ...

Header lines, name quoting and writing speed: :mod:`satgrid.io.dimacs.write`;
reading speed and the bulk path: :mod:`satgrid.io.dimacs.scan`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names below load on first use (__getattr__): a Sudoku never reads DIMACS
    from .read import DimacsFile, _parse, parse_dimacs, parse_icnf, read_dimacs, read_icnf
    from .solver_output import (COMPETITION_EXIT, STATUS_LINE, SolverResult, competition_lines,
                                parse_solver_output, read_solver_output)
    from .text import _load
    from .write import (_clean, dimacs_chunks, dimacs_text, header_lines, icnf_chunks,
                        icnf_text, write_dimacs, write_icnf)

#: public name -> the module of this package that defines it (imported on first use)
_HOME = {**dict.fromkeys(("DimacsFile", "_parse", "parse_dimacs", "parse_icnf", "read_dimacs",
                          "read_icnf"), "read"),
         **dict.fromkeys(("COMPETITION_EXIT", "STATUS_LINE", "SolverResult", "competition_lines",
                          "parse_solver_output", "read_solver_output"), "solver_output"),
         "_load": "text",
         **dict.fromkeys(("_clean", "dimacs_chunks", "dimacs_text", "header_lines", "icnf_chunks",
                          "icnf_text", "write_dimacs", "write_icnf"), "write")}
_MODULES = ("read", "scan", "solver_output", "text", "write")


def __getattr__(name):  # PEP 562: the reader (scan, ~20 ms) and writer load when first used
    if name in _HOME:
        value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
        globals()[name] = value           # later lookups are plain attribute reads
        return value
    if name in _MODULES:                  # satgrid.io.dimacs.read etc. before their import
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted({*globals(), *_HOME, *_MODULES})

__all__ = [
    "DimacsFile", "SolverResult",
    "write_dimacs", "dimacs_text", "dimacs_chunks", "header_lines",
    "write_icnf", "icnf_text", "icnf_chunks",
    "read_dimacs", "parse_dimacs", "read_icnf", "parse_icnf",
    "read_solver_output", "parse_solver_output", "competition_lines",
]
