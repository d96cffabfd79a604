"""The ``satgrid`` commands, one function per command (SPEC.md section 3).

Each takes the parsed arguments (:func:`satgrid.apps.cli.build_parser`),
prints, and returns the exit status: 0 answered, 1 unsatisfiable or a failed
check, 2 bad input, 3 a limit reached first, 4 a write error; interrupted
(SIGINT/SIGTERM), ``solve --all`` and ``count`` print what they found, marked
incomplete, and return 130/143. The work is the pipeline's
(:mod:`satgrid.pipeline`); the text is :mod:`satgrid.apps.report`'s.
"""

from __future__ import annotations

import json
import sys

from .. import lazy
from ..core.encodings import encode_formula, estimate
from ..errors import EXIT_INPUT, EXIT_LIMIT, EXIT_OK, EXIT_UNSAT, UsageError
from ..core import DEFAULT_SOLVER, interrupts
from ..io.fileio import atomic_write_text, check_target
from ..limits import check_clauses
from ..pipeline.cnf import CnfInput, read_input
from ..pipeline.collection import (DEFAULT_CHUNK_SIZE, is_collection, published_solutions,
                                   solve_puzzles)
from ..pipeline.load import load
from ..modelling.connectivity.modes import resolve_mode
from ..pipeline.run import Options, compare_expect, count, public, sizes, solve, solve_all
from ..core.solvers import CAPABILITIES, SOLVER_OPTIONS
from . import cnf_commands
from ..progress import Progress, track
from .report import format_result, format_solution, format_stats, solutions_summary

# what only some commands need loads when they run (satgrid/lazy.py): a Sudoku
# solve imports no certificate code, workbench, cluster client, generator or exporter
certify_commands = lazy.module("satgrid.apps.certify_commands")
web = lazy.module("satgrid.apps.web")
cluster_commands = lazy.module("satgrid.apps.cluster_commands")
explain_commands = lazy.module("satgrid.apps.explain_commands")
generate = lazy.function("satgrid.pipeline.families", "generate")
from_sums = lazy.function("satgrid.puzzles.vertex_sums", "from_sums")
family_params = lazy.module("satgrid.puzzles.families")
interactive = lazy.function("satgrid.apps.sudoku_workflow", "interactive")
export_dimacs = lazy.function("satgrid.pipeline.export", "export_dimacs")
export_each = lazy.function("satgrid.pipeline.export", "export_each")
decode_external = lazy.function("satgrid.pipeline.export", "decode_external")


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
    solver = getattr(a, "solver", DEFAULT_SOLVER)
    # asked for on the command line: refused here (no fallback), as everywhere
    connectivity = resolve_mode(getattr(a, "connectivity", None), None, solver)
    return Options(solver=solver,  # stats, dimacs: no solver
                   solver_options=parse_solver_options(getattr(a, "solver_option", None)),
                   amo=getattr(a, "amo", None), card=getattr(a, "card", None),
                   pb=getattr(a, "pb", None),
                   connectivity=connectivity,
                   time_limit=getattr(a, "time_limit", None),
                   max_clauses=getattr(a, "max_clauses", None))


def emit(obj) -> None:
    """Print ``obj`` as one line of JSON."""
    print(json.dumps(obj, sort_keys=False))


def count_exit(n: int, complete: bool, limit: int | None) -> int:
    """The exit status of a count or of ``solve --all``: 1 when there is no
    solution, 3 when a time or conflict limit stopped it first (``--limit N``
    reached is the answer asked for: 0)."""
    if complete:
        return EXIT_OK if n else EXIT_UNSAT
    return EXIT_OK if limit is not None and n >= limit else EXIT_LIMIT


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
    atomic_write_text(path, p.render_svg(res))


def on_cluster(a) -> bool:
    """Whether a cluster option was given (``--workers``, ``--scheduler``, ``--split``,
    ...): then :mod:`satgrid.apps.cluster_commands` takes over, and refuses what
    does not fit (docs/guide/cluster.md)."""
    return (any(getattr(a, o, None) is not None for o in ("workers", "scheduler", "split",
                                                           "chunk_time_limit"))
            or bool(getattr(a, "ship", False))) and cluster_commands.asked(a)


def command_line() -> str | None:
    """This process's command line, for the header of a DIMACS file."""
    return "satgrid " + " ".join(sys.argv[1:]) if sys.argv[1:] else None


# ----------------------------------------------------------------- commands
def cmd_solve(a) -> int:
    """``satgrid solve FILE``: one puzzle, or a collection in one session; ``--all``: every solution."""
    for out in (a.svg, a.model_out):
        if out:
            check_target(out, a.force)    # before the work: refused unless --force
    puzzles = read_input(a.file, a.format)
    if isinstance(puzzles, CnfInput):     # plain DIMACS / iCNF: competition output
        return cnf_commands.solve(a, puzzles, parse_solver_options(a.solver_option))
    cnf_commands.refuse_formula_options(a)
    if a.limit is not None and not a.all:
        raise UsageError("solve: --limit N counts the solutions of --all; give --all with it")
    if a.all and a.unique:
        raise UsageError("solve: --all prints every solution (their number says whether the "
                         "answer is unique); --unique is for a single answer: give one of them")
    opts = options_from_args(a)
    if a.backbone:                        # docs/guide/explain.md
        return explain_commands.solve_backbone(a, puzzles, opts)
    if on_cluster(a) and is_collection(puzzles):   # docs/guide/cluster.md
        return cluster_commands.solve(a, puzzles, opts)
    if a.certify:                         # docs/certify.md
        return certify_commands.certified(a, "solve", opts)
    worst = EXIT_OK
    if a.all:
        for p in puzzles:
            found = []

            def show(sol, p=p, found=found):  # text: each solution as soon as it is found
                with interrupts.held():   # printed whole and counted, or neither
                    if not a.json:
                        print(format_solution(p, len(found) + 1, sol), flush=True)
                    found.append(sol)
            try:
                res = solve_all(p, opts, limit=a.limit, on_solution=show)
            except KeyboardInterrupt as e:   # what was found, marked incomplete
                if a.json:
                    emit({"puzzle": p.kind, "file": p.file, "status": "unknown",
                          "solutions": found, "count": len(found), "complete": False,
                          "interrupted": True})
                else:
                    print(solutions_summary(p, len(found), False, "interrupted"), flush=True)
                return interrupts.exit_status(e)
            if a.json:
                emit(public(res))
            else:
                stop = "" if res["complete"] else ("--limit reached" if a.limit is not None
                                                   and res["count"] >= a.limit else "limit reached")
                print(solutions_summary(p, res["count"], res["complete"], stop), flush=True)
            worst = max(worst, count_exit(res["count"], res["complete"], a.limit))
        return worst
    results = solve_puzzles(puzzles, opts, unique=a.unique,
                            chunk_size=getattr(a, "chunk_size", None) or DEFAULT_CHUNK_SIZE)
    if is_collection(puzzles):  # a bar on a terminal, over the puzzles of a collection
        results = track(results, total=len(puzzles), desc="solving", unit="puzzle",
                        quiet=a.quiet)
    for p, res in zip(puzzles, results):
        print_result(p, res, a.json)
        sys.stdout.flush()                 # a collection: each answer as soon as it is known
        if a.svg and res["status"] == "sat" and not is_collection(puzzles):
            write_svg(p, res, a.svg)
        worst = max(worst, status_exit(res["status"]))
    return worst


def cmd_count(a) -> int:
    """``satgrid count FILE``: the number of solutions of each puzzle."""
    worst = EXIT_OK
    cluster = on_cluster(a)
    puzzles = read_input(a.file, a.format)
    if isinstance(puzzles, CnfInput):     # plain DIMACS / iCNF: model counting output
        if cluster:
            raise UsageError("--workers/--scheduler: a split count is of a puzzle file")
        return cnf_commands.count(a, puzzles, parse_solver_options(a.solver_option))
    cnf_commands.refuse_formula_options(a)
    if cluster:                           # docs/guide/cluster.md
        return cluster_commands.count(a, puzzles, options_from_args(a))
    if a.certify:                         # docs/certify.md
        return certify_commands.certified(a, "count", options_from_args(a))
    for p in puzzles:
        with Progress(desc="counting", unit="solution", quiet=a.quiet) as live:  # stderr, a tty only
            try:
                res = count(p, options_from_args(a), limit=a.limit,
                            on_count=lambda n: live.update())
            except KeyboardInterrupt as e:   # the partial count, marked incomplete
                n = live.count
                if a.json:
                    emit({"count": n, "complete": False, "interrupted": True})
                else:
                    print(f"{p.label()} ({p.kind}): at least {n} solution(s) "
                          "(incomplete: interrupted)", flush=True)
                return interrupts.exit_status(e)
        if a.json:
            emit({"count": res["count"], "complete": res["complete"]})
        else:
            print(f"{p.label()} ({p.kind}): {res['count']} solution(s)"
                  + ("" if res["complete"] else " (incomplete: limit reached)"), flush=True)
        worst = max(worst, count_exit(res["count"], res["complete"], a.limit))
    return worst


def cmd_check(a) -> int:
    """``satgrid check FILE``: solve and compare with the ``[expect]`` table."""
    worst = EXIT_OK
    puzzles = load(a.file)
    published = published_solutions(a.file, puzzles)   # a collection's NAME.solutions
    if on_cluster(a):                     # docs/guide/cluster.md
        return cluster_commands.check(a, puzzles, published, options_from_args(a))
    for i, p in enumerate(track(puzzles, desc="checking", unit="puzzle",
                                quiet=a.quiet or len(puzzles) < 2)):
        ok, bad, res = compare_expect(p, options_from_args(a),
                                      published=None if published is None else published[i])
        if a.json:
            emit({"puzzle": p.kind, "file": p.file, "ok": ok, "mismatches": bad,
                  "answer": res.get("answer"), "unique": res.get("unique")})
        else:
            print(f"{p.label()} ({p.kind}): " + ("ok" if ok else "FAILED: " + "; ".join(bad)),
                  flush=True)
        if not ok:
            worst = max(worst, EXIT_LIMIT if res["status"] == "unknown" else EXIT_UNSAT)
    return worst


def cmd_stats(a) -> int:
    """``satgrid stats FILE``: encoding sizes per constraint group (of the first puzzle)."""
    puzzles = read_input(a.file, a.format)
    if isinstance(puzzles, CnfInput):     # plain DIMACS / iCNF: sizes of the formula
        return cnf_commands.stats(a, puzzles)
    for p in puzzles[:1]:
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
    if a.output:
        check_target(a.output, a.force)   # before the work: refused unless --force
    check_clauses(estimate.constraint(a.op, a.encoding, a.n, a.k, weights), a.max_clauses,
                  f"encode {a.op} --n {a.n} --k {a.k} --encoding {a.encoding}")
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
    if (a.output is None) == (a.each is None):
        raise UsageError("satgrid dimacs: expected either -o OUT or --each DIR")
    if a.each is not None and a.icnf:
        raise UsageError("satgrid dimacs: --each writes one CNF per puzzle; --icnf one "
                         "iCNF file with -o")
    if a.output is not None:
        check_target(a.output, a.force)   # before the work: refused unless --force
    puzzles = load(a.file)
    if a.each is not None:
        infos = export_each(puzzles, a.each, options_from_args(a), varnames=not a.no_varnames,
                            command_line=command_line())
    else:
        infos = [export_dimacs(puzzles, a.output, options_from_args(a), icnf=a.icnf,
                               varnames=not a.no_varnames, command_line=command_line())]
    # with -o -, the formula is standard output: the report goes to stderr
    report = sys.stderr if a.output == "-" else sys.stdout
    for info in infos:
        if a.json:
            print(json.dumps(info), file=report)
        else:
            print(f"wrote {info['file']}: {info['variables']} variables, "
                  f"{info['clauses']} clauses", file=report)
    return EXIT_OK


def cmd_decode(a) -> int:
    """``satgrid decode FILE --cnf CNF --model OUT``: decode and verify an external solver's model."""
    [p] = load(a.file)[:1]
    res = decode_external(p, a.cnf, a.model, options_from_args(a))
    print_result(p, res, a.json)
    return status_exit(res["status"])


def cmd_family(a) -> int:
    """``satgrid family NAME [KEY=VALUE ...] -o DIR``: write a generated family."""
    if a.list or a.name is None:
        if a.name is None and not a.list:
            raise UsageError("family: expected a family name or --list "
                             f"(one of {', '.join(family_params.SPECS)})")
        for spec in family_params.SPECS.values():
            print(f"{spec.name}: {spec.summary}\n{spec.help_text()}\n")
        return EXIT_OK
    params = {}
    for item in a.params:
        if "=" not in item:
            raise UsageError(f"family: expected NAME=VALUE, found {item!r}")
        k, v = item.split("=", 1)
        params[k.strip()] = v.strip()
    if on_cluster(a):                     # docs/guide/cluster.md
        written = cluster_commands.family(a, params)
    else:
        written = generate(a.name, params, seed=a.seed, out=a.output, dimacs=a.dimacs,
                           quiet=a.quiet)
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


def cmd_app(a) -> int:
    """``satgrid app``: serve the workbench page and its JSON API until Ctrl-C."""
    if not 0 <= a.port <= 65535:
        raise UsageError(f"--port: expected 0..65535, found {a.port}")
    if not (a.time_limit > 0):
        raise UsageError(f"--time-limit: expected a positive number of seconds, found {a.time_limit}")
    wb = web.Workbench(instances=a.instances, time_limit=a.time_limit)
    return web.serve(a.host, a.port, wb, open_browser=a.open, verbose=a.verbose)


#: command name -> function
COMMANDS = {"solve": cmd_solve, "count": cmd_count, "check": cmd_check, "stats": cmd_stats,
            "encode": cmd_encode, "sqgrid": cmd_sqgrid, "sudoku": cmd_sudoku,
            "dimacs": cmd_dimacs, "decode": cmd_decode, "family": cmd_family,
            "solvers": cmd_solvers, "app": cmd_app,
            "verify": lazy.function("satgrid.apps.certify_commands", "cmd_verify"),
            "hint": lazy.function("satgrid.apps.explain_commands", "cmd_hint"),
            "grade": lazy.function("satgrid.apps.explain_commands", "cmd_grade"),
            "generate": lazy.function("satgrid.apps.explain_commands", "cmd_generate"),
            "suite": lazy.function("satgrid.apps.suite_commands", "cmd_suite"),
            "gbd": lazy.function("satgrid.apps.suite_commands", "cmd_gbd")}
