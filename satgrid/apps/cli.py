"""The ``satgrid`` command line (SPEC.md section 3): argument parsing, ``main``,
and the one-line error report.

The commands themselves are :mod:`satgrid.apps.commands` (one function each).
Exit status: 0 solved or counted, 1 unsatisfiable or check failed, 2 bad input,
3 limit reached, 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

import satgrid.apps as apps  # the commands load through apps.__getattr__, after parsing

from .._version import __version__
from ..errors import EXIT_INPUT, EXIT_OK, SatgridError, UsageError


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints usage + message)
        raise UsageError(f"{self.prog}: {message}")


def _solver_options(p: argparse.ArgumentParser, eager_default: bool = False) -> None:
    """The options every solving command takes."""
    p.add_argument("--solver", default="cadical195", help="PySAT solver name (default cadical195)")
    p.add_argument("--solver-option", action="append", default=[], metavar="NAME=VALUE",
                   help="a CaDiCaL tuning option, e.g. chrono=0 (repeatable; "
                        "'satgrid solvers --options' lists them)")
    p.add_argument("--card", metavar="ENC", help="cardinality encoding (an AMO-only one applies to k=1)")
    p.add_argument("--amo", metavar="ENC", help="at-most-one encoding")
    p.add_argument("--pb", metavar="ENC", help="pseudo-Boolean encoding (bdd, swc, gtotalizer)")
    if not eager_default:
        p.add_argument("--connectivity", choices=("lazy", "eager"), default="lazy")
    p.add_argument("--time-limit", type=float, metavar="S", help="wall-clock limit in seconds")
    p.add_argument("--json", action="store_true", help="print JSON instead of a drawing")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    ap = _Parser(prog="satgrid", description="SAT-encoding compiler for grid logic puzzles.")
    ap.add_argument("--version", action="version", version=f"satgrid {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("solve", help="compile, solve, decode, check, print")
    p.add_argument("file")
    _solver_options(p)
    p.add_argument("--unique", action="store_true", help="prove or refute uniqueness")
    p.add_argument("--all", action="store_true", help="every solution")
    p.add_argument("--limit", type=int, help="with --all: at most this many solutions")
    p.add_argument("--svg", metavar="OUT", help="also write an SVG drawing of the solution")

    p = sub.add_parser("count", help="number of solutions")
    p.add_argument("file")
    _solver_options(p)
    p.add_argument("--limit", type=int)

    p = sub.add_parser("check", help="solve and compare with the [expect] table")
    p.add_argument("file")
    _solver_options(p)

    p = sub.add_parser("stats", help="encoding size per constraint group")
    p.add_argument("file")
    _solver_options(p)

    p = sub.add_parser("dimacs", help="complete DIMACS CNF (connectivity encoded eagerly)")
    p.add_argument("file")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--no-varnames", action="store_true", help="omit the c varname lines")
    p.add_argument("--icnf", action="store_true",
                   help="for a Sudoku collection: iCNF, base formula plus one assumption line per puzzle")
    _solver_options(p, eager_default=True)

    p = sub.add_parser("decode", help="decode and verify an external solver's model")
    p.add_argument("file")
    p.add_argument("--cnf", required=True, help="the DIMACS file given to the solver")
    p.add_argument("--model", required=True, help="the solver's output")
    _solver_options(p, eager_default=True)

    p = sub.add_parser("encode", help="one cardinality / PB constraint as DIMACS")
    p.add_argument("op", choices=("atmost", "atleast", "exactly"))
    p.add_argument("--n", type=int, required=True)
    p.add_argument("--k", type=int, required=True)
    p.add_argument("--encoding", default="seqcounter",
                   help="method (default seqcounter: Sinz 2005; seqcounter-knuth: Knuth's "
                        "irredundant form, what pysat:seqcounter emits)")
    p.add_argument("--weights", help="comma-separated integer weights (PB methods)")
    p.add_argument("-o", "--output")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("sqgrid", help="the seed's vertex-sum command: sums in reading order")
    p.add_argument("sums", nargs="+")
    p.add_argument("--all", action="store_true")
    p.add_argument("--json", action="store_true")
    p.add_argument("--solver", default="cadical195")

    p = sub.add_parser("sudoku", help="the seed's workflow: ask, save, solve, print, write")
    p.add_argument("file")

    p = sub.add_parser("solvers", help="which PySAT solvers support what (probed)")
    p.add_argument("--options", action="store_true", help="list the tuning options instead")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("family", help="generate a scalable family of instances / DIMACS")
    p.add_argument("name")
    p.add_argument("params", nargs="*", help="NAME=VALUE parameters (see --help of each family)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("-o", "--output", required=True, help="output folder")
    p.add_argument("--dimacs", action="store_true", help="also write DIMACS for each instance")
    p.add_argument("--json", action="store_true")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``satgrid ARGV`` (default: this process's arguments); return the exit status.

    Every :class:`~satgrid.errors.SatgridError` becomes one line on stderr and
    its exit status; any other exception is a defect, reported in one line too
    (``SATGRID_DEBUG=1`` re-raises it).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        a = build_parser().parse_args(argv)
        if not a.command:
            build_parser().print_help()
            return EXIT_INPUT
        return apps.commands.COMMANDS[a.command](a)
    except SatgridError as e:
        print(f"satgrid: {' '.join(str(e).split())}", file=sys.stderr)
        return e.exit_status
    except KeyboardInterrupt:
        print("satgrid: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as e:  # a defect: still one line, unless debugging
        if os.environ.get("SATGRID_DEBUG"):
            raise
        print(f"satgrid: internal error: {type(e).__name__}: {' '.join(str(e).split())} "
              "(set SATGRID_DEBUG=1 for a traceback)", file=sys.stderr)
        return EXIT_INPUT
