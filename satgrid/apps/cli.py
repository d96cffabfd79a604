"""The ``satgrid`` command line: the commands' parsers, ``main``, and the
one-line error report (the shared options and help texts: :mod:`.options`).

The commands themselves are :mod:`satgrid.apps.commands` (one function each).
Exit status (``EXIT_TEXT``, the same for every command): 0 answered, 1
unsatisfiable or a failed check, 2 bad input or usage, 3 a limit reached before
the answer was complete, 4 an I/O error writing output, 130/143 interrupted by
SIGINT/SIGTERM (:mod:`satgrid.core.interrupts`).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import Sequence

import satgrid.apps as apps  # the commands load through apps.__getattr__, after parsing

from ..core import DEFAULT_SOLVER, interrupts
from .._version import __version__
from . import argtypes, options
from ..errors import EXIT_INPUT, EXIT_LIMIT, EXIT_OK, EXIT_OUTPUT, SatgridError
from ..util import paused_gc


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every command.

    ``command``: the command about to run, when known (``main`` reads it from
    the arguments): every command is still listed (its name and help: the
    choices, ``invalid choice`` and its "did you mean"), but only that
    command's options are built (:class:`OnlyCommand`; the parsers of the
    family generators, a third of the whole, for ``family`` alone). None:
    every parser, whole.
    """
    ap = options.Parser(prog="satgrid", description="SAT-encoding compiler for grid logic puzzles.",
                 epilog=options.EXIT_TEXT,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"satgrid {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND",
                            parser_class=options.Parser if command is None else OnlyCommand(command),
                            help="what to do ('satgrid COMMAND --help' for its options)")

    p = sub.add_parser("solve", help="compile, solve, decode, check, print",
                       description="Solve a puzzle file (or every puzzle of a collection in one "
                                   "incremental session), check the answer with the kind's "
                                   "referee and print it.",
                       epilog=(options.kind_list() + "\n\n" + options.EXIT_TEXT if command in (None, "solve")
                               else options.EXIT_TEXT),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help=options.FILE_HELP)
    options.solver_options(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per puzzle (docs/schema/result.schema.json) "
                        "instead of the drawing")
    p.add_argument("--unique", action="store_true",
                   help="also prove or refute that the solution is unique")
    p.add_argument("--backbone", action="store_true",
                   help="print the forced cells instead: the values every solution shares, "
                        "the rest open ('?'; --svg: grey) (docs/guide/explain.md)")
    p.add_argument("--all", action="store_true", help="print every solution")
    p.add_argument("--limit", type=argtypes.count_limit, metavar="N",
                   help="with --all: stop after N solutions (default: no limit)")
    p.add_argument("--svg", metavar="OUT", help="also write an SVG drawing of the solution to OUT")
    p.add_argument("--certify", metavar="DIR",
                   help="with --unique (or for no solution): write a certificate folder "
                        "(DRAT proof, ...) that 'satgrid verify DIR' checks (docs/certify.md)")
    p.add_argument("--force", action="store_true", help=options.FORCE_HELP + " (--svg, --model-out); --certify: write into a non-empty DIR")
    p.add_argument("--quiet", action="store_true", help=options.QUIET_HELP)
    options.formula_options(p)
    p.add_argument("--model-out", metavar="OUT",
                   help="DIMACS/iCNF input: also write the answer in the SAT competition's "
                        "format to OUT ('-': standard output; .gz/.xz/.bz2 compress)")
    options.cluster_options(p, chunks=True)

    p = sub.add_parser("count", help="number of solutions",
                       description="Count the solutions of each puzzle (blocking clauses over "
                                   "the puzzle's own variables).", epilog=options.EXIT_TEXT,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help=options.FILE_HELP)
    options.solver_options(p)
    p.add_argument("--json", action="store_true",
                   help='print {"count": N, "complete": true|false} per puzzle')
    p.add_argument("--limit", type=argtypes.count_limit, metavar="N",
                   help="stop counting at N solutions (default: no limit)")
    p.add_argument("--certify", metavar="DIR",
                   help="write a certificate of the complete count to DIR (docs/certify.md)")
    p.add_argument("--force", action="store_true",
                   help="with --certify: write into DIR even when it is not empty")
    p.add_argument("--quiet", action="store_true", help=options.QUIET_HELP)
    options.formula_options(p)
    options.cluster_options(p)
    p.add_argument("--split", type=argtypes.count_limit, metavar="K",
                   help="with --workers/--scheduler: cube-and-conquer over 2^K cubes of K "
                        "split variables, each counted on a worker; the sum is the count "
                        "(with --certify: one certificate per cube)")

    p = sub.add_parser("check", help="solve and compare with the [expect] table",
                       description="Solve each puzzle and compare the answer, uniqueness, "
                                   "count and solution with the file's [expect] table; exit 1 "
                                   "on a mismatch.", epilog=options.EXIT_TEXT,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help=options.FILE_HELP)
    options.solver_options(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per puzzle: ok, mismatches, answer, unique")
    p.add_argument("--quiet", action="store_true", help=options.QUIET_HELP)
    options.cluster_options(p, chunks=True)

    p = sub.add_parser("stats", help="encoding size per constraint group",
                       description="Compile the (first) puzzle without solving it and print "
                                   "variables, clauses and literals per constraint group and "
                                   "in total, with the encodings chosen.")
    p.add_argument("file", help=options.FILE_HELP)
    options.encoding_options(p)
    p.add_argument("--json", action="store_true",
                   help="print the sizes as one JSON object instead of a table")
    options.formula_options(p, solving=False)

    p = sub.add_parser("dimacs", help="complete DIMACS CNF (connectivity encoded eagerly)",
                       description="Write the puzzle as a complete DIMACS CNF for any external "
                                   "solver, deterministic byte for byte, with header lines "
                                   "(docs/guide/dimacs.md). Connectivity is encoded eagerly.")
    p.add_argument("file", help=options.FILE_HELP)
    p.add_argument("-o", "--output", metavar="OUT",
                   help="the CNF file to write ('-': standard output; .gz/.xz/.bz2 compress)")
    p.add_argument("--force", action="store_true", help=options.FORCE_HELP)
    p.add_argument("--each", metavar="DIR",
                   help="instead of -o: one complete CNF per puzzle of the file, written to "
                        "DIR as STEM-I.cnf (files of those names in DIR are always replaced)")
    p.add_argument("--no-varnames", action="store_true",
                   help="omit the 'c varname' lines that map puzzle variables to DIMACS numbers")
    p.add_argument("--icnf", action="store_true",
                   help="for a Sudoku collection: iCNF, the base formula plus one assumption "
                        "line per puzzle")
    options.encoding_options(p, connectivity=False)
    p.add_argument("--json", action="store_true",
                   help="print what was written (file, variables, clauses) as JSON")

    p = sub.add_parser("decode", help="decode and verify an external solver's model",
                       description="Read an external solver's output for a CNF written by "
                                   "'satgrid dimacs', decode the grid, check it and print it "
                                   "like 'solve'. Give the same encoding options as to "
                                   "'satgrid dimacs'.")
    p.add_argument("file", help="the puzzle file the CNF was written from")
    p.add_argument("--cnf", required=True, metavar="CNF", help="the DIMACS file given to the solver")
    p.add_argument("--model", required=True, metavar="OUT",
                   help="the solver's output (SAT-competition 's'/'v' lines or MiniSat's format)")
    options.encoding_options(p, connectivity=False)
    p.add_argument("--json", action="store_true",
                   help="print the result as JSON (as 'solve --json') instead of the drawing")

    p = sub.add_parser("encode", help="one cardinality / PB constraint as DIMACS",
                       description="Encode one constraint over inputs x1..xN (variables 1..N; "
                                   "auxiliary variables above N) and print it as DIMACS.")
    p.add_argument("op", choices=("atmost", "atleast", "exactly"),
                   help="the constraint: atmost (sum <= K), atleast (sum >= K) or "
                        "exactly (sum == K)")
    p.add_argument("--n", type=int, required=True, metavar="N", help="number of inputs")
    p.add_argument("--k", type=int, required=True, metavar="K", help="the bound")
    p.add_argument("--encoding", default="seqcounter", metavar="ENC",
                   choices=options.encoding_choices()["encode"],
                   help="the method (default seqcounter: Sinz 2005; seqcounter-knuth: Knuth's "
                        "irredundant form, what pysat:seqcounter emits): "
                        + ", ".join((*options.methods.AMO_METHODS, *options.methods.CARD_METHODS))
                        + "; with --weights: " + ", ".join(options.methods.PB_METHODS)
                        + "; or pysat:NAME for PySAT's own encoder")
    p.add_argument("--weights", metavar="W1,W2,...",
                   help="N comma-separated integer weights: a weighted sum (needs a "
                        "weighted-sum method)")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the DIMACS to OUT instead of standard output")
    p.add_argument("--force", action="store_true", help=options.FORCE_HELP)
    options.max_clauses_option(p)
    p.add_argument("--json", action="store_true",
                   help="print the encoding's size (variables, auxiliaries, clauses, literals) "
                        "as JSON instead of the DIMACS")

    p = sub.add_parser("sqgrid", help="solve a vertex-sum square from its sums in reading order",
                       description="Fill an n x n grid with 1..n*n so that the four cells "
                                   "around each interior vertex add up to its sum; the sums "
                                   "are given row by row ((n-1)^2 of them, '.' for none).")
    p.add_argument("sums", nargs="+", metavar="SUM",
                   help="the vertex sums in reading order, '.' for a vertex without a number")
    p.add_argument("--all", action="store_true", help="print every solution")
    p.add_argument("--json", action="store_true",
                   help="print JSON (as 'solve --json') instead of the grid")
    p.add_argument("--solver", default=DEFAULT_SOLVER, metavar="NAME",
                   help=f"PySAT solver (default {DEFAULT_SOLVER}; 'satgrid solvers' lists them)")

    p = sub.add_parser("sudoku", help="type in a Sudoku (or read it), solve it, save the solution",
                       description="If FILE does not exist, ask for the puzzle row by row and "
                                   "save it there; solve it; print the solution and write it "
                                   "next to FILE, its extension replaced by .solution.txt (my.txt: "
                                   "my.solution.txt; always replaced: it is made from FILE).")
    p.add_argument("file", help="the Sudoku file to read, or to create by typing the puzzle in")

    p = sub.add_parser("hint", help="the next forced cell and the givens and rules that force it",
                       description="Print the next step of each puzzle: a cell whose value the "
                                   "givens force, with a locally minimal reason (givens and rule "
                                   "groups of 'satgrid stats') found from the solver's cores "
                                   "(docs/guide/explain.md).", epilog=options.EXIT_TEXT,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help=options.FILE_HELP)
    options.solving_options(p)
    p.add_argument("--all", action="store_true",
                   help="every step until the puzzle is solved, each applied before the next")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per puzzle: the hints' cell, value and reason")

    p = sub.add_parser("grade", help="how hard a puzzle is, from its hint sequence",
                       description="Grade each puzzle by the steps of its hint sequence: "
                                   "score = probes + 3 x searches (0: unit propagation alone "
                                   "solves it; docs/guide/explain.md).", epilog=options.EXIT_TEXT,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help=options.FILE_HELP)
    options.solving_options(p)
    p.add_argument("--json", action="store_true",
                   help="print the score and the raw figures as one JSON object per puzzle")

    p = sub.add_parser("generate", help="new puzzles with a unique answer",
                       description="Generate puzzles of KIND: a filled solution (or the puzzle "
                                   "of --from FILE), then clues removed in a random order while "
                                   "the answer stays unique; every puzzle proved unique, the "
                                   "same ones for the same seed (docs/guide/explain.md).",
                       epilog=options.EXIT_TEXT, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kind", help="the puzzle kind (see 'satgrid solve --help')")
    p.add_argument("--seed", type=int, default=0,
                   help="random seed (default 0): the same seed gives the same puzzles")
    p.add_argument("-n", "--count", type=argtypes.count_limit, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    p.add_argument("-o", "--output", metavar="DIR",
                   help="write each puzzle as a TOML file into DIR (default: print them)")
    p.add_argument("--givens", type=argtypes.count_limit, metavar="K",
                   help="at most K clues (new filled solutions are tried until one reduces "
                        "that far)")
    p.add_argument("--size", type=argtypes.count_limit, metavar="N",
                   help="grid side of the filled solution (default 9)")
    p.add_argument("--min-score", type=argtypes.count_limit, metavar="S",
                   help="a grade score of at least S ('satgrid grade'; new filled solutions "
                        "are tried until one reaches it)")
    p.add_argument("--from", dest="start", metavar="FILE",
                   help="reduce the clues of this puzzle (unique) instead of a filled solution")
    p.add_argument("--certify", metavar="DIR",
                   help="with -o: certify each puzzle's uniqueness into DIR/NAME (docs/certify.md)")
    p.add_argument("--force", action="store_true", help=options.FORCE_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON line per puzzle")
    options.solving_options(p)

    p = sub.add_parser("suite", help="a benchmark suite: families calibrated to a hardness band",
                       description="For each family of KIND (or every family: all), find the "
                                   "size at which the reference solver takes LO..HI seconds, "
                                   "then write COUNT seeds' instances as .cnf.xz with their "
                                   "status proved (SAT: the model checked by the referee; "
                                   "UNSAT: a DRAT proof checked by dratify, with "
                                   "--proof-seconds), GBD hashes, meta.csv, times.csv, a README "
                                   "per family and suite.json (docs/guide/suite.md).",
                       epilog=options.EXIT_TEXT, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kinds", nargs="*", metavar="KIND",
                   help="kinds or families ('all': every family; none with --replay)")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="the suite's folder")
    p.add_argument("--target-seconds", type=argtypes.band, default=(10.0, 60.0), metavar="LO..HI",
                   help="the hardness band, seconds of the reference solver (default 10..60)")
    p.add_argument("--count", type=argtypes.count_limit, metavar="N",
                   help="seeds per family (default 5), each a SAT instance and, when solved, "
                        "its 'uniq' instance (unsatisfiable exactly when the answer is unique); "
                        "with --keep, the most seeds tried per family (default 4 x KEEP)")
    p.add_argument("--keep", type=argtypes.count_limit, metavar="N",
                   help="select by the instances' own solve: per family, build seeds from the "
                        "calibrated size (moving it as they come out too easy or too hard) and "
                        "keep N instances that land in the band")
    p.add_argument("--select-seconds", type=argtypes.seconds, default=3600.0, metavar="S",
                   help="with --keep, the most each family's selection may take (default 3600)")
    p.add_argument("--margin", type=argtypes.fraction, default=0.0, metavar="M",
                   help="with --keep, keep only instances solved inside the band narrowed by "
                        "this fraction at both ends (0.15 with 10..60: 11.5..52.2 s), so that "
                        "they stay in it when solved again (default 0)")
    p.add_argument("--solver", default="cadical", metavar="REF",
                   help="the reference solver: cadical (Debian's binary; the default) or "
                        "pysat:NAME (a PySAT solver)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--proof-seconds", type=argtypes.seconds, metavar="S",
                   help="check each UNSAT answer's DRAT proof with dratify within S seconds "
                        "(cadical only; default 0, or the plan's with --replay: the proof "
                        "column says unchecked)")
    p.add_argument("--calibration-seconds", type=argtypes.seconds, default=900.0, metavar="S",
                   help="the most each family's calibration may take (default 900)")
    p.add_argument("--replay", metavar="SUITE_JSON",
                   help="regenerate the suite of this suite.json without calibrating: the "
                        "same instance files, byte for byte")
    for name in ("amo", "card", "pb"):
        p.add_argument(f"--{name}", metavar="ENC", choices=options.encoding_choices()[name],
                       help=f"the {name} encoding of the formulas (see 'satgrid solve --help')")
    options.cluster_options(p)

    p = sub.add_parser("gbd", help="the GBD hash of DIMACS files (plain or compressed)",
                       description="Print 'HASH  FILE' for each file: the Global Benchmark "
                                   "Database's hash of its normalised clauses (what gbdc's "
                                   "gbdhash computes); a file that cannot be read is one line "
                                   "on stderr and exit 2 after the others.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="DIMACS CNF files, plain or compressed (xz, gzip, bzip2); - for stdin")

    p = sub.add_parser("verify", help="check a certificate folder, or a DRAT proof of a DIMACS file",
                       description="Check a certificate written by --certify, independently of "
                                   "the solving code (docs/certify.md): exit 0 when everything "
                                   "holds, else 1 and one line naming the first thing that "
                                   "fails. With --formula and --proof: check an external "
                                   "solver's DRAT proof (text or binary) that F is unsatisfiable.")
    p.add_argument("folder", nargs="?", metavar="DIR", help="the certificate folder")
    p.add_argument("--formula", metavar="F", help="a DIMACS CNF file (with --proof)")
    p.add_argument("--proof", metavar="P", help="a DRAT proof of F's unsatisfiability")

    p = sub.add_parser("solvers", help="which PySAT solvers support what (probed)",
                       description="List the PySAT solvers this installation has, each probed: "
                                   "whether it takes assumptions, is incremental, gives cores "
                                   "and proofs, can be interrupted and runs satgrid's "
                                   "connectivity propagator; --options: the CaDiCaL tuning "
                                   "options of --solver-option with their ranges.")
    p.add_argument("--options", action="store_true",
                   help="list the tuning options (--solver-option) and their ranges instead")
    p.add_argument("--json", action="store_true", help="print the table as JSON")

    p = sub.add_parser("app", help="the workbench: a local web page to type, solve and size puzzles",
                       description="Serve the workbench page and its JSON API (docs/workbench.md) "
                                   "until Ctrl-C. It listens on 127.0.0.1 only, unless --host "
                                   "says otherwise.")
    p.add_argument("--port", type=int, default=8765, help="TCP port (default 8765; 0: any free one)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.add_argument("--time-limit", type=argtypes.seconds, default=10.0, metavar="S",
                   help="the longest one solve may take, in seconds (default 10)")
    p.add_argument("--instances", metavar="DIR", help="the folder of instance files the page "
                   "offers (default: the example instances shipped with satgrid)")
    p.add_argument("--verbose", action="store_true", help="log every request on stderr")

    p = sub.add_parser("family", help="generate a scalable family of instances / DIMACS",
                       description="Write generated instance files (and their DIMACS), the same "
                                   "bytes for the same family, parameters and seed. "
                                   "'satgrid family NAME --help' lists NAME's parameters.",
                       epilog=options.family_list() if command in (None, "family") else None,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--list", action="store_true",
                   help="list the families and their parameters, then exit")
    fam = p.add_subparsers(dest="name", metavar="NAME", parser_class=options.Parser,
                           help="the family to generate")
    for spec in options.family_params.SPECS.values() if command in (None, "family") else ():
        f = fam.add_parser(spec.name, help=spec.summary, description=spec.description,
                           epilog=spec.help_text(),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        f.add_argument("params", nargs="*", metavar="NAME=VALUE",
                       help="parameters, listed below (any not given takes its default)")
        f.add_argument("--seed", type=int, default=0,
                       help="random seed (default 0): the same seed gives the same files")
        f.add_argument("-o", "--output", required=True, metavar="DIR",
                       help="the folder to write the files into (made if missing; files "
                            "of the same names in it are always replaced)")
        f.add_argument("--dimacs", action="store_true",
                       help="also write the complete DIMACS of each instance (NAME.cnf)")
        f.add_argument("--json", action="store_true",
                       help="print the files written as JSON instead of one per line")
        f.add_argument("--quiet", action="store_true", help=options.QUIET_HELP)
        options.cluster_options(f)
        f.add_argument("--ship", action="store_true",
                       help="with --workers/--scheduler: the workers ship the files back and "
                            "this process writes them (default: the workers write into DIR "
                            "when they all reach it)")
    return ap


class OnlyCommand:
    """The commands' parser class when the command to run is known: argparse
    lists every command (its name and help: the choices, ``invalid choice``
    and its "did you mean"), but only ``command`` gets a parser with its
    options; the others get an :class:`Unread` stand-in, which argparse only
    keeps in its map of commands (a solve makes one parser, not 19 with the
    170-odd options of every command, each asking argparse for a formatter
    and gettext for its texts)."""

    def __init__(self, command: str):
        self.command = command

    def __call__(self, **kwargs):
        if kwargs.get("prog", "").rsplit(" ", 1)[-1] == self.command:
            return options.Parser(**kwargs)
        return Unread()


class Unread:
    """A parser whose options are never read: every option added is dropped."""

    def add_argument(self, *args, **kwargs) -> None:
        return None

    def add_subparsers(self, *args, **kwargs) -> "Unread":
        return self

    add_parser = add_subparsers


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``satgrid ARGV`` (default: this process's arguments); return the exit status.

    Every :class:`~satgrid.errors.SatgridError` becomes one line on stderr and
    its exit status; any other exception is a defect, reported in one line too
    (``SATGRID_DEBUG=1`` re-raises it).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    sigterm = interrupts.raise_on_sigterm()   # SIGTERM: Interrupted, exit 143
    try:
        # start-up allocates the parser and the commands' modules (pipeline,
        # PySAT, the encodings): thousands of long-lived objects that the
        # cyclic collector would traverse some 30 times for nothing
        with paused_gc():
            a = build_parser(argv[0] if argv and not argv[0].startswith("-") else None
                             ).parse_args(argv)
            command = apps.commands.COMMANDS[a.command] if a.command else None
        if command is None:
            build_parser().print_help()
            return EXIT_INPUT
        status = command(a)
        sys.stdout.flush()                # a full disk is found here, not at exit
        return status
    except SatgridError as e:
        print(f"satgrid: {' '.join(str(e).split())}", file=sys.stderr)
        return e.exit_status
    except KeyboardInterrupt as e:    # SIGINT 130, SIGTERM 143 (interrupts.Interrupted)
        print("satgrid: interrupted", file=sys.stderr)
        return interrupts.exit_status(e)
    except BrokenPipeError:           # a reader that stopped reading: quietly done
        _drop_stdout()
        return EXIT_OK
    except OSError as e:
        if e.errno not in _WRITE_ERRNOS:
            return _internal(e)
        _drop_stdout()                # what is still buffered can never be written
        print(f"satgrid: cannot write the output: {e.strerror or e}", file=sys.stderr)
        return EXIT_OUTPUT
    except MemoryError:
        print("satgrid: out of memory: the input asks for more than this machine has "
              "(docs/guide/exit-codes.md)", file=sys.stderr)
        return EXIT_LIMIT
    except Exception as e:  # a defect: still one line, unless debugging
        return _internal(e)
    finally:
        interrupts.restore_sigterm(sigterm)


#: errors of writing (standard output, a file) rather than of a defect: exit 4
_WRITE_ERRNOS = frozenset(getattr(errno, n) for n in ("ENOSPC", "EDQUOT", "EFBIG", "EIO",
                                                       "EROFS") if hasattr(errno, n))


def _internal(e: BaseException) -> int:
    """A defect: one line, exit 2 (``SATGRID_DEBUG=1``: the traceback)."""
    if os.environ.get("SATGRID_DEBUG"):
        raise e
    print(f"satgrid: internal error: {type(e).__name__}: {' '.join(str(e).split())} "
          "(set SATGRID_DEBUG=1 for a traceback)", file=sys.stderr)
    return EXIT_INPUT


def _drop_stdout() -> None:
    """Point standard output at the null device: what is left in its buffer
    would fail again when Python flushes it at exit (a second message)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):   # captured (tests): nothing at exit
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
