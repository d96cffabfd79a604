"""The ``satgrid`` commands, one function per command (SPEC.md section 3).

Each takes the parsed arguments (:func:`satgrid.apps.cli.build_parser`),
prints, and returns the exit status: 0 solved or counted, 1 unsatisfiable or
check failed, 2 bad input, 3 limit reached. The work is the pipeline's
(:mod:`satgrid.pipeline`); the text is :mod:`satgrid.apps.report`'s.
"""

from __future__ import annotations

import json
import sys

from ..encodings import encode_formula
from ..errors import EXIT_INPUT, EXIT_LIMIT, EXIT_OK, EXIT_UNSAT, SatgridError, UsageError
from ..fileio import atomic_write_text
from ..pipeline.collection import is_collection, solve_puzzles
from ..pipeline.export import decode_external, export_dimacs
from ..pipeline.load import load
from ..pipeline.run import Options, compare_expect, count, public, sizes, solve, solve_all
from ..puzzles.vertex_sums import from_sums
from ..solvers import CAPABILITIES, SOLVER_OPTIONS
from .families import generate
from .report import format_result, format_solutions, format_stats
from .sudoku_workflow import interactive


# ------------------------------------------------------------------ helpers
def parse_solver_options(items) -> dict[str, int]:
    """``--solver-option NAME=VALUE`` items -> ``{NAME: int(VALUE)}``."""
    out = {}
    for item in items or ():
        name, _, value = item.partition("=")
        try:
            out[name.strip()] = int(value.strip())   # no "=": int("") fails too
        except ValueError:
            raise UsageError(f"--solver-option: expected NAME=INTEGER, found {item!r}") from None
    return out


def options_from_args(a) -> Options:
    """The pipeline's Options from a command's parsed arguments."""
    return Options(solver=a.solver,
                   solver_options=parse_solver_options(getattr(a, "solver_option", None)),
                   amo=getattr(a, "amo", None), card=getattr(a, "card", None),
                   pb=getattr(a, "pb", None),
                   connectivity=getattr(a, "connectivity", "eager"),
                   time_limit=getattr(a, "time_limit", None))


def emit(obj) -> None:
    """Print ``obj`` as one line of JSON."""
    print(json.dumps(obj, sort_keys=False))


def status_exit(status: str) -> int:
    """The exit status of a result's ``status``."""
    return {"sat": EXIT_OK, "unsat": EXIT_UNSAT, "unknown": EXIT_LIMIT}.get(status, EXIT_INPUT)


def print_result(p, res: dict, as_json: bool) -> None:
    """Print one solve result: its JSON (public keys), or the text drawing."""
    if as_json:
        emit(public(res))
    else:
        print(format_result(p, res))


def write_svg(p, res: dict, path: str) -> None:
    """Write the kind's SVG drawing of the solution in ``res`` to ``path``."""
    render_svg = getattr(p, "render_svg", None)
    if render_svg is None:
        raise SatgridError(f"{p.kind}: no SVG drawing available")
    atomic_write_text(path, render_svg(res))


def command_line() -> str | None:
    """This process's command line, for the header of a DIMACS file."""
    return "satgrid " + " ".join(sys.argv[1:]) if sys.argv[1:] else None


# ----------------------------------------------------------------- commands
def cmd_solve(a) -> int:
    """``satgrid solve FILE``: one puzzle, or a collection in one session; ``--all``: every solution."""
    puzzles = load(a.file)
    opts = options_from_args(a)
    worst = EXIT_OK
    if a.all:
        for p in puzzles:
            res = solve_all(p, opts, limit=a.limit)
            if a.json:
                emit(public(res))
            else:
                print(format_solutions(p, res))
            code = EXIT_OK if res["count"] else (EXIT_UNSAT if res["complete"] else EXIT_LIMIT)
            worst = max(worst, code)
        return worst
    for p, res in zip(puzzles, solve_puzzles(puzzles, opts, unique=a.unique)):
        print_result(p, res, a.json)
        if a.svg and res["status"] == "sat" and not is_collection(puzzles):
            write_svg(p, res, a.svg)
        worst = max(worst, status_exit(res["status"]))
    return worst


def cmd_count(a) -> int:
    """``satgrid count FILE``: the number of solutions of each puzzle."""
    worst = EXIT_OK
    for p in load(a.file):
        res = count(p, options_from_args(a), limit=a.limit)
        if a.json:
            emit({"count": res["count"], "complete": res["complete"]})
        else:
            print(f"{p.label()} ({p.kind}): {res['count']} solution(s)"
                  + ("" if res["complete"] else " (incomplete: limit reached)"))
        if not res["complete"] and a.limit is None:
            worst = max(worst, EXIT_LIMIT)
    return worst


def cmd_check(a) -> int:
    """``satgrid check FILE``: solve and compare with the ``[expect]`` table."""
    worst = EXIT_OK
    for p in load(a.file):
        ok, bad, res = compare_expect(p, options_from_args(a))
        if a.json:
            emit({"puzzle": p.kind, "file": p.file, "ok": ok, "mismatches": bad,
                  "answer": res.get("answer"), "unique": res.get("unique")})
        else:
            print(f"{p.label()} ({p.kind}): " + ("ok" if ok else "FAILED: " + "; ".join(bad)))
        if not ok:
            worst = max(worst, EXIT_LIMIT if res["status"] == "unknown" else EXIT_UNSAT)
    return worst


def cmd_stats(a) -> int:
    """``satgrid stats FILE``: encoding sizes per constraint group (of the first puzzle)."""
    for p in load(a.file)[:1]:
        st = sizes(p, options_from_args(a))
        if a.json:
            emit(st)
            continue
        print(format_stats(st))
    return EXIT_OK


def cmd_encode(a) -> int:
    """``satgrid encode OP``: one cardinality / PB constraint as DIMACS (or its sizes)."""
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
    cl = command_line()
    if a.output:
        f.to_dimacs(a.output, command_line=cl)
    if a.json:
        t = f.total()
        emit({"op": a.op, "n": a.n, "k": a.k, "encoding": a.encoding,
              "variables": t.variables, "auxiliary": t.variables - a.n,
              "clauses": t.clauses, "literals": t.literals})
    elif not a.output:
        sys.stdout.write(f.dimacs_text(command_line=cl))
    return EXIT_OK


def cmd_sqgrid(a) -> int:
    """``satgrid sqgrid SUMS...``: the seed's vertex-sum command (sums in reading order)."""
    p = from_sums(a.sums)  # '.' = a vertex without a number
    opts = Options(solver=a.solver)
    if a.all:
        res = solve_all(p, opts)
        if a.json:
            emit(public(res))
        else:
            for i, s in enumerate(res["solutions"], 1):
                print(f"-- solution {i}")
                print(p.render(s))
            print(f"{res['count']} solution(s)")
        return EXIT_OK if res["count"] else EXIT_UNSAT
    res = solve(p, opts)
    if a.json:
        emit(public(res))
    elif res["status"] == "sat":
        print(p.render(res))
    else:
        print("no solution")
    return status_exit(res["status"])


def cmd_sudoku(a) -> int:
    """``satgrid sudoku FILE``: the seed's interactive workflow."""
    return interactive(a.file, sys.stdin, sys.stdout)


def cmd_dimacs(a) -> int:
    """``satgrid dimacs FILE -o OUT``: complete DIMACS (or iCNF of a collection)."""
    puzzles = load(a.file)
    info = export_dimacs(puzzles, a.output, options_from_args(a), icnf=a.icnf,
                         varnames=not a.no_varnames, command_line=command_line())
    if a.json:
        emit(info)
    else:
        print(f"wrote {a.output}: {info['variables']} variables, {info['clauses']} clauses")
    return EXIT_OK


def cmd_decode(a) -> int:
    """``satgrid decode FILE --cnf CNF --model OUT``: decode and verify an external solver's model."""
    [p] = load(a.file)[:1]
    res = decode_external(p, a.cnf, a.model, options_from_args(a))
    print_result(p, res, a.json)
    return status_exit(res["status"])


def cmd_family(a) -> int:
    """``satgrid family NAME [KEY=VALUE ...] -o DIR``: write a generated family."""
    params = {}
    for item in a.params:
        if "=" not in item:
            raise UsageError(f"family: expected NAME=VALUE, found {item!r}")
        k, v = item.split("=", 1)
        params[k.strip()] = v.strip()
    written = generate(a.name, params, seed=a.seed, out=a.output, dimacs=a.dimacs)
    if a.json:
        emit({"family": a.name, "seed": a.seed, "files": written})
    else:
        for w in written:
            print(w)
    return EXIT_OK


def cmd_solvers(a) -> int:
    """``satgrid solvers``: which PySAT solvers support what; ``--options``: tuning options."""
    if a.options:
        takes = [k for k, c in CAPABILITIES.items() if c.options]
        if a.json:
            emit({"solvers": takes, "options": {k: {"min": lo, "max": hi, "help": h}
                                                 for k, (lo, hi, h) in SOLVER_OPTIONS.items()}})
            return EXIT_OK
        print(f"tuning options (--solver-option NAME=VALUE) for {', '.join(takes)}:")
        for k, (lo, hi, h) in SOLVER_OPTIONS.items():
            print(f"  {k:13s} {lo}..{hi:<11d} {h}")
        return EXIT_OK
    cols = ("incremental", "assumptions", "cores", "budgets", "interrupt", "time_limit", "phases",
            "options")
    if a.json:
        emit({name: c.as_dict() for name, c in CAPABILITIES.items()})
        return EXIT_OK
    print(f"{'solver':12s} " + " ".join(f"{c:>11s}" for c in cols) + "  note")
    for name, c in CAPABILITIES.items():
        d = c.as_dict()
        marks = " ".join(f"{('yes' if d[k] else '-'):>11s}" for k in cols)
        note = d["note"] + ("" if d["verified"] else " [not probed here]")
        print(f"{name:12s} {marks}  {note}".rstrip())
    return EXIT_OK


#: command name -> function
COMMANDS = {"solve": cmd_solve, "count": cmd_count, "check": cmd_check, "stats": cmd_stats,
            "encode": cmd_encode, "sqgrid": cmd_sqgrid, "sudoku": cmd_sudoku,
            "dimacs": cmd_dimacs, "decode": cmd_decode, "family": cmd_family,
            "solvers": cmd_solvers}
