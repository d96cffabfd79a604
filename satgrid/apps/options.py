"""The command line's shared parts: its parser class (one-line usage errors
named by command, "did you mean" for a misspelt option or choice), the help
texts and the option groups several commands take (encodings, solving,
formula input, cluster). :mod:`satgrid.apps.cli` builds the commands' parsers
from them; nothing here loads a solver.
"""

from __future__ import annotations

import argparse
import difflib
import re

from ..core import DEFAULT_SOLVER
from .. import lazy
from . import argtypes
from ..modelling.connectivity import DEFAULT_MODE, MODES  # the names only: no solver, no graph code
from ..errors import UsageError

#: shared help texts
FILE_HELP = ("the puzzle file: TOML (any kind), or a Sudoku grid or collection as text "
             "(docs/guide/formats.md)")
FORCE_HELP = "replace OUT if it exists (without --force an existing file is refused, exit 4)"
QUIET_HELP = "no progress bar (one is drawn on stderr only when it is a terminal)"
EXIT_TEXT = """exit status:
  0    answered (solved, counted, or the check passed)
  1    unsatisfiable, or the check failed
  2    bad input or usage (one line: file:line:column: what was expected)
  3    a limit was reached before the answer was complete
  4    an I/O error writing output
  130  interrupted (SIGINT; 143 for SIGTERM)
a DIMACS/iCNF file without --json answers as SAT competition solvers do:
  10 satisfiable, 20 unsatisfiable, 0 unknown (iCNF: 0 unless all answers agree)"""
#: each family's name, parameters and meaning (read when ``family``'s parsers are built)
family_params = lazy.module("satgrid.puzzles.families")
#: the kinds, discovered from their folders (read when ``solve``'s parser is built)
puzzles = lazy.module("satgrid.puzzles")


def kind_list() -> str:
    """The kinds part of ``satgrid solve --help``'s epilog: every kind found
    in ``satgrid/puzzles/*/kind.json`` (no kind is imported)."""
    words, lines = list(puzzles.KINDS), ["puzzle kinds (docs/guide/formats.md):"]
    line = " "
    for w in words:
        if len(line) + len(w) + 2 > 78:
            lines.append(line.rstrip())
            line = " "
        line += f" {w},"
    lines.append(line.rstrip(","))
    return "\n".join(lines)


def family_list() -> str:
    """The epilog of ``satgrid family --help``: one line per family."""
    return "families:\n" + "\n".join(
        f"  {s.name:<13} {s.summary}" for s in family_params.SPECS.values())


#: every option string of every command's parser, for "did you mean" on a misspelt one
_OPTIONS: set[str] = set()
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (.*)")
_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")


def did_you_mean(message: str) -> str:
    """``; did you mean --unique?`` for a misspelt option or choice (else "")."""
    m = _UNRECOGNIZED.match(message)
    if m:
        for tok in m.group(1).split():
            if tok.startswith("--"):
                close = difflib.get_close_matches(tok.split("=")[0], sorted(_OPTIONS), 1, 0.7)
                if close:
                    return f"; did you mean {close[0]}?"
        return ""
    m = _CHOICE.search(message)
    if m:
        choices = re.findall(r"'([^']*)'", m.group(2))
        close = difflib.get_close_matches(m.group(1), choices, 1, 0.7)
        if close:
            return f"; did you mean {close[0]}?"
    return ""


class Parser(argparse.ArgumentParser):
    """One line and exit 2 for every usage error (argparse prints the usage
    and the message), named by the command: ``satgrid: solve: ...``."""

    def add_argument(self, *args, **kwargs):
        _OPTIONS.update(a for a in args if isinstance(a, str) and a.startswith("--"))
        return super().add_argument(*args, **kwargs)

    def error(self, message):
        command = self.prog.removeprefix("satgrid").strip()
        raise UsageError((f"{command}: " if command else "") + message + did_you_mean(message))


#: the encodings registry (AMO_METHODS, CARD_METHODS, PB_METHODS, METHOD_ALIASES,
#: PYSAT_CARD, PYSAT_PB), read when a parser is built: importing the CLI stays cheap
methods = lazy.module("satgrid.core.encodings.methods")


#: encoding_choices' answer, made once (the parser asks for it once per command)
_CHOICES: dict[str, tuple[str, ...]] = {}


def encoding_choices() -> dict[str, tuple[str, ...]]:
    """The names ``--card``, ``--amo``, ``--pb`` and ``encode --encoding`` accept:
    the encodings registry, its aliases, and PySAT's own encoders as ``pysat:NAME``
    (one dictionary, shared: read it, do not change it)."""
    if not _CHOICES:
        m = methods
        card = (*m.AMO_METHODS, *m.CARD_METHODS, *m.METHOD_ALIASES,
                *(f"pysat:{n}" for n in m.PYSAT_CARD))
        _CHOICES.update(
            card=card, amo=card, pb=(*m.PB_METHODS, *(f"pysat:{n}" for n in m.PYSAT_PB)),
            encode=(*m.AMO_METHODS, *m.CARD_METHODS, *m.PB_METHODS, *m.METHOD_ALIASES,
                    *(f"pysat:{n}" for n in sorted({*m.PYSAT_CARD, *m.PYSAT_PB}))))
    return _CHOICES


def max_clauses_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-clauses", type=argtypes.clause_ceiling, metavar="N",
                   help="refuse a formula estimated (from the file's header, before building) "
                        "at more than N clauses (default 50,000,000; exit 3)")


def encoding_options(p: argparse.ArgumentParser, connectivity: bool = True) -> None:
    """The options that choose how a puzzle is compiled into CNF."""
    choices, m = encoding_choices(), methods
    p.add_argument("--card", metavar="ENC", choices=choices["card"],
                   help="cardinality encoding: " + ", ".join(m.CARD_METHODS)
                        + " (default seqcounter-knuth); an at-most-one-only one ("
                        + ", ".join(m.AMO_METHODS) + ") is used where at most one may be true;"
                        " pysat:NAME uses PySAT's encoder, NAME one of "
                        + ", ".join(sorted(m.PYSAT_CARD)))
    p.add_argument("--amo", metavar="ENC", choices=choices["amo"],
                   help="at-most-one (and exactly-one) encoding: " + ", ".join(m.AMO_METHODS)
                        + " (default pairwise), or any --card encoding")
    p.add_argument("--pb", metavar="ENC", choices=choices["pb"],
                   help="weighted-sum (pseudo-Boolean) encoding: " + ", ".join(m.PB_METHODS)
                        + " (default bdd); pysat:NAME uses PySAT's encoder, NAME one of "
                        + ", ".join(sorted(m.PYSAT_PB)))
    max_clauses_option(p)
    if connectivity:
        p.add_argument("--connectivity", choices=MODES, default=DEFAULT_MODE,
                       help="regions that must be connected: auto (the default: each rule's "
                            "measured choice, lazy unless it names the propagator), lazy (cut "
                            "clauses added while solving), eager (encoded up front) or propagate "
                            "(reasoned about inside the search, by solvers with a user propagator, "
                            "'propagator' in 'satgrid solvers --json'; refused for region partitions)")


def solving_options(p: argparse.ArgumentParser) -> None:
    """The options of the commands that run a solver."""
    p.add_argument("--solver", default=DEFAULT_SOLVER, metavar="NAME",
                   help=f"PySAT solver (default {DEFAULT_SOLVER}; 'satgrid solvers' lists them)")
    p.add_argument("--solver-option", action="append", default=[], metavar="NAME=VALUE",
                   help="a CaDiCaL tuning option, e.g. chrono=0 (repeatable; "
                        "'satgrid solvers --options' lists them with their ranges)")
    p.add_argument("--time-limit", type=argtypes.seconds, metavar="S",
                   help="give up after S seconds of wall-clock time, compiling included "
                        "(exit 3; default: no limit)")


def solver_options(p: argparse.ArgumentParser) -> None:
    """The options of a command that compiles a puzzle and solves it."""
    solving_options(p)
    encoding_options(p)


def formula_options(p: argparse.ArgumentParser, solving: bool = True) -> None:
    """Options for a plain DIMACS / iCNF input (satgrid.pipeline.cnf)."""
    p.add_argument("--format", choices=("auto", "puzzle", "dimacs", "icnf"), default="auto",
                   help="what FILE holds (default auto: DIMACS when its first line that is "
                        "not a comment is 'p cnf', iCNF for 'p inccnf', else a puzzle file)")
    if solving:
        p.add_argument("--assume", action="append", default=[], metavar="LITS",
                       help="DIMACS/iCNF input: assume these literals, e.g. '1 -2' or 1,-2 "
                            "(repeatable)")


def cluster_options(p: argparse.ArgumentParser, chunks: bool = False) -> None:
    """Where to run: a LocalCluster or a running Dask cluster (docs/guide/cluster.md)."""
    p.add_argument("--workers", type=argtypes.count_limit, metavar="N",
                   help="run on a Dask LocalCluster of N worker processes on this machine "
                        "(needs the [cluster] extra; docs/guide/cluster.md)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a running Dask cluster ('dask scheduler' and 'dask worker' "
                        "processes), e.g. tcp://10.0.0.1:8786")
    if chunks:
        p.add_argument("--chunk-size", type=argtypes.count_limit, metavar="N",
                       help="puzzles per incremental session (a cluster task each): the same "
                            "N gives the same results serially and on any number of workers "
                            "(default 1000)")
        p.add_argument("--chunk-time-limit", type=argtypes.seconds, metavar="S",
                       help="with --workers/--scheduler: seconds per task; puzzles it has no "
                            "time left for are reported unknown (exit 3)")
