"""The ``satgrid`` command (SPEC.md section 3). Parsing and printing only.

Exit status: 0 solved or counted, 1 unsatisfiable or check failed, 2 bad input,
3 limit reached.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence

from . import __version__
from .apps.report import format_stats
from .errors import SatgridError

EXIT_OK, EXIT_UNSAT, EXIT_INPUT, EXIT_LIMIT = 0, 1, 2, 3


class UsageError(SatgridError):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints usage + message)
        raise UsageError(f"{self.prog}: {message}")


def _solver_options(p: argparse.ArgumentParser, eager_default: bool = False) -> None:
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


# ------------------------------------------------------------------ helpers
def _parse_solver_options(items) -> dict[str, int]:
    out = {}
    for item in items or ():
        name, _, value = item.partition("=")
        try:
            out[name.strip()] = int(value.strip())   # no "=": int("") fails too
        except ValueError:
            raise UsageError(f"--solver-option: expected NAME=INTEGER, found {item!r}") from None
    return out


def _options(a):
    from .api import Options
    return Options(solver=a.solver,
                   solver_options=_parse_solver_options(getattr(a, "solver_option", None)),
                   amo=getattr(a, "amo", None), card=getattr(a, "card", None),
                   pb=getattr(a, "pb", None),
                   connectivity=getattr(a, "connectivity", "eager"),
                   time_limit=getattr(a, "time_limit", None))


def _emit(obj) -> None:
    print(json.dumps(obj, sort_keys=False))


def _status_exit(status: str) -> int:
    return {"sat": EXIT_OK, "unsat": EXIT_UNSAT, "unknown": EXIT_LIMIT}.get(status, EXIT_INPUT)


def _print_result(p, res: dict, as_json: bool) -> None:
    from .api import public
    if as_json:
        _emit(public(res))
        return
    head = f"{p.label()} ({p.kind}): {res['status']}"
    print(head)
    if res["status"] == "sat":
        print(p.render(res))
        if res.get("answer") is not None:
            print(f"answer: {res['answer']}")
    if res.get("unique") is not None:
        print("unique: yes" if res["unique"] else "unique: no")
        if "second" in res:
            print("another solution:")
            print(p.render(res["second"]))
    st = res.get("stats", {})
    if st:
        extra = f", {st['rounds']} CEGAR rounds, {st.get('cuts', 0)} cuts" if st.get("rounds") else ""
        print(f"[{st['solver']}: {st['variables']} variables, {st['clauses']} clauses{extra}, "
              f"{st['seconds']:.3f} s]")


# ----------------------------------------------------------------- commands
def cmd_solve(a) -> int:
    from . import api
    puzzles = api.load(a.file)
    opts = _options(a)
    if a.all:
        worst = EXIT_OK
        for p in puzzles:
            res = api.solve_all(p, opts, limit=a.limit)
            if a.json:
                _emit(api.public(res))
            else:
                print(f"{p.label()} ({p.kind}): {res['count']} solution(s)"
                      + ("" if res["complete"] else " (incomplete)"))
                for i, s in enumerate(res["solutions"], 1):
                    print(f"-- solution {i}" + (f", answer {s['answer']}" if s.get("answer") is not None else ""))
                    print(p.render(s))
            code = EXIT_OK if res["count"] else (EXIT_UNSAT if res["complete"] else EXIT_LIMIT)
            worst = max(worst, code)
        return worst
    if len(puzzles) == 1:
        p = puzzles[0]
        res = api.solve(p, opts, unique=a.unique)
        _print_result(p, res, a.json)
        if a.svg and res["status"] == "sat":
            _write_svg(p, res, a.svg)
        return _status_exit(res["status"])
    worst = EXIT_OK
    for p, res in zip(puzzles, api.solve_collection(puzzles, opts, unique=a.unique)):
        _print_result(p, res, a.json)
        worst = max(worst, _status_exit(res["status"]))
    return worst


def _write_svg(p, res, path) -> None:
    from .fileio import atomic_write_text
    render_svg = getattr(p, "render_svg", None)
    if render_svg is None:
        raise SatgridError(f"{p.kind}: no SVG drawing available")
    atomic_write_text(path, render_svg(res))


def cmd_count(a) -> int:
    from . import api
    worst = EXIT_OK
    for p in api.load(a.file):
        res = api.count(p, _options(a), limit=a.limit)
        if a.json:
            _emit({"count": res["count"], "complete": res["complete"]})
        else:
            print(f"{p.label()} ({p.kind}): {res['count']} solution(s)"
                  + ("" if res["complete"] else " (incomplete: limit reached)"))
        if not res["complete"] and a.limit is None:
            worst = max(worst, EXIT_LIMIT)
    return worst


def cmd_check(a) -> int:
    from . import api
    worst = EXIT_OK
    for p in api.load(a.file):
        ok, bad, res = api.check(p, _options(a))
        if a.json:
            _emit({"puzzle": p.kind, "file": p.file, "ok": ok, "mismatches": bad,
                   "answer": res.get("answer"), "unique": res.get("unique")})
        else:
            print(f"{p.label()} ({p.kind}): " + ("ok" if ok else "FAILED: " + "; ".join(bad)))
        if not ok:
            worst = max(worst, EXIT_LIMIT if res["status"] == "unknown" else EXIT_UNSAT)
    return worst


def cmd_stats(a) -> int:
    from . import api
    for p in api.load(a.file)[:1]:
        st = api.stats(p, _options(a))
        if a.json:
            _emit(st)
            continue
        print(format_stats(st))
    return EXIT_OK


def cmd_encode(a) -> int:
    from .encodings import encode_formula
    weights = None
    if a.weights:
        try:
            weights = [int(w) for w in a.weights.split(",")]
        except ValueError:
            raise UsageError("--weights: expected comma-separated integers") from None
        if len(weights) != a.n:
            raise UsageError(f"--weights: expected {a.n} weights, found {len(weights)}")
    if a.n < 0:
        raise UsageError("--n: expected a non-negative number of inputs")
    f = encode_formula(a.op, a.n, a.k, a.encoding, weights=weights)
    cl = "satgrid " + " ".join(sys.argv[1:]) if sys.argv[1:] else None
    if a.output:
        f.to_dimacs(a.output, command_line=cl)
    if a.json:
        t = f.total()
        _emit({"op": a.op, "n": a.n, "k": a.k, "encoding": a.encoding,
               "variables": t.variables, "auxiliary": t.variables - a.n,
               "clauses": t.clauses, "literals": t.literals})
    elif not a.output:
        sys.stdout.write(f.dimacs_text(command_line=cl))
    return EXIT_OK


def cmd_sqgrid(a) -> int:
    from . import api
    from .puzzles import vertex_sums
    p = vertex_sums.from_sums(a.sums)  # '.' = a vertex without a number
    opts = api.Options(solver=a.solver)
    if a.all:
        res = api.solve_all(p, opts)
        if a.json:
            _emit(api.public(res))
        else:
            for i, s in enumerate(res["solutions"], 1):
                print(f"-- solution {i}")
                print(p.render(s))
            print(f"{res['count']} solution(s)")
        return EXIT_OK if res["count"] else EXIT_UNSAT
    res = api.solve(p, opts)
    if a.json:
        _emit(api.public(res))
    elif res["status"] == "sat":
        print(p.render(res))
    else:
        print("no solution")
    return _status_exit(res["status"])


def cmd_sudoku(a) -> int:
    from .puzzles import sudoku
    return sudoku.interactive(a.file, sys.stdin, sys.stdout)


def cmd_dimacs(a) -> int:
    from . import api
    from .export import export_dimacs
    puzzles = api.load(a.file)
    cl = "satgrid " + " ".join(sys.argv[1:]) if sys.argv[1:] else None
    info = export_dimacs(puzzles, a.output, _options(a), icnf=a.icnf,
                         varnames=not a.no_varnames, command_line=cl)
    if a.json:
        _emit(info)
    else:
        print(f"wrote {a.output}: {info['variables']} variables, {info['clauses']} clauses")
    return EXIT_OK


def cmd_decode(a) -> int:
    from . import api
    from .export import decode_external
    [p] = api.load(a.file)[:1]
    res = decode_external(p, a.cnf, a.model, _options(a))
    _print_result(p, res, a.json)
    return _status_exit(res["status"])


def cmd_family(a) -> int:
    from .families import generate
    params = {}
    for item in a.params:
        if "=" not in item:
            raise UsageError(f"family: expected NAME=VALUE, found {item!r}")
        k, v = item.split("=", 1)
        params[k.strip()] = v.strip()
    written = generate(a.name, params, seed=a.seed, out=a.output, dimacs=a.dimacs)
    if a.json:
        _emit({"family": a.name, "seed": a.seed, "files": written})
    else:
        for w in written:
            print(w)
    return EXIT_OK


def cmd_solvers(a) -> int:
    from .session import CAPABILITIES, SOLVER_OPTIONS
    if a.options:
        takes = [k for k, c in CAPABILITIES.items() if c.options]
        if a.json:
            _emit({"solvers": takes, "options": {k: {"min": lo, "max": hi, "help": h}
                                                  for k, (lo, hi, h) in SOLVER_OPTIONS.items()}})
            return EXIT_OK
        print(f"tuning options (--solver-option NAME=VALUE) for {', '.join(takes)}:")
        for k, (lo, hi, h) in SOLVER_OPTIONS.items():
            print(f"  {k:13s} {lo}..{hi:<11d} {h}")
        return EXIT_OK
    cols = ("incremental", "assumptions", "cores", "budgets", "interrupt", "time_limit", "phases",
            "options")
    if a.json:
        _emit({name: c.as_dict() for name, c in CAPABILITIES.items()})
        return EXIT_OK
    print(f"{'solver':12s} " + " ".join(f"{c:>11s}" for c in cols) + "  note")
    for name, c in CAPABILITIES.items():
        d = c.as_dict()
        marks = " ".join(f"{('yes' if d[k] else '-'):>11s}" for k in cols)
        note = d["note"] + ("" if d["verified"] else " [not probed here]")
        print(f"{name:12s} {marks}  {note}".rstrip())
    return EXIT_OK


COMMANDS = {"solve": cmd_solve, "count": cmd_count, "check": cmd_check, "stats": cmd_stats,
            "encode": cmd_encode, "sqgrid": cmd_sqgrid, "sudoku": cmd_sudoku,
            "dimacs": cmd_dimacs, "decode": cmd_decode, "family": cmd_family,
            "solvers": cmd_solvers}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        a = build_parser().parse_args(argv)
        if not a.command:
            build_parser().print_help()
            return EXIT_INPUT
        return COMMANDS[a.command](a)
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
