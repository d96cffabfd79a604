"""``satgrid solve|count|stats`` on a DIMACS or iCNF file: the SAT competition's output.

Solving prints what competition solvers print -- ``s SATISFIABLE`` /
``s UNSATISFIABLE`` / ``s UNKNOWN`` and the model on ``v`` lines of at most 80
characters ending with ``v 0`` -- and exits 10, 20 or 0 as they do (an iCNF
file prints one answer per assumption line, after a ``c assumption set I``
comment; the exit status is 10 or 20 when every answer agrees, else 0).
``--json`` prints one JSON object per answer instead (exit status as for
puzzles: 0 sat, 1 unsat, 3 unknown). Counting prints the model counting
competition's lines (``s SATISFIABLE``, ``c s type mc`` or ``pmc`` with a
projection, ``c s exact arb int N``). The work is :mod:`satgrid.pipeline.cnf`'s.
"""

from __future__ import annotations

import json
import math

from ..io import dimacs  # the solver-output table loads when a formula file is solved
from ..modelling.connectivity import DEFAULT_MODE
from ..errors import EXIT_LIMIT, EXIT_OK, EXIT_UNSAT, UsageError
from ..io.fileio import atomic_write_text
from ..pipeline.cnf import CnfInput, cnf_sizes, count_cnf, parse_assumptions, solve_cnf
from .report import format_stats

#: puzzle-only options, refused on a formula file (name on the command line, attribute)
_PUZZLE_ONLY = (("--unique", "unique"), ("--all", "all"), ("--svg", "svg"), ("--card", "card"),
                ("--amo", "amo"), ("--pb", "pb"), ("--certify", "certify"),
                ("--backbone", "backbone"))


def _refuse_puzzle_options(a) -> None:
    for flag, attr in _PUZZLE_ONLY:
        if getattr(a, attr, None):
            raise UsageError(f"{flag} applies to puzzle files; {a.file} is a formula "
                             "(DIMACS/iCNF) file")
    if getattr(a, "connectivity", DEFAULT_MODE) != DEFAULT_MODE:
        raise UsageError(f"--connectivity applies to puzzle files; {a.file} is a formula file")


def refuse_formula_options(a) -> None:
    """Refuse ``--assume`` and ``--model-out`` on a puzzle file (they are for formula files)."""
    for flag, attr in (("--assume", "assume"), ("--model-out", "model_out")):
        if getattr(a, attr, None):
            raise UsageError(f"{flag} applies to DIMACS/iCNF files; {a.file} is a puzzle file")


def _emit(obj) -> None:
    print(json.dumps(obj))


def solve(a, inp: CnfInput, solver_options: dict) -> int:
    """``satgrid solve FORMULA``: competition output (or JSON), competition exit status."""
    _refuse_puzzle_options(a)
    assume = parse_assumptions(getattr(a, "assume", None), inp.file.nvars)
    model_out = getattr(a, "model_out", None)
    if model_out and len(inp.assumption_sets) > 1:
        raise UsageError(f"--model-out: {inp.name} has {len(inp.assumption_sets)} assumption "
                         "sets; a model file holds one answer (solve it with --json instead)")
    results = solve_cnf(inp, solver=a.solver, options=solver_options, assumptions=assume,
                        time_limit=a.time_limit)
    for res in results:
        if a.json:
            _emit(res)
            continue
        if "set" in res:
            print(f"c assumption set {res['set']}: {' '.join(map(str, res['assumptions']))}"
                  .rstrip())
        print("\n".join(dimacs.competition_lines(res["status"], res["model"] or ())))
    if model_out:
        [res] = results
        atomic_write_text(model_out, "\n".join(dimacs.competition_lines(res["status"],
                                                                 res["model"] or ())) + "\n")
    statuses = {res["status"] for res in results}
    if a.json:
        return max({"sat": EXIT_OK, "unsat": EXIT_UNSAT}.get(s, EXIT_LIMIT) for s in statuses)
    return dimacs.COMPETITION_EXIT[statuses.pop()] if len(statuses) == 1 else 0


def count(a, inp: CnfInput, solver_options: dict) -> int:
    """``satgrid count FORMULA``: the model count (projected when the file says so)."""
    _refuse_puzzle_options(a)
    assume = parse_assumptions(getattr(a, "assume", None), inp.file.nvars)
    res = count_cnf(inp, solver=a.solver, options=solver_options, assumptions=assume,
                    limit=a.limit, time_limit=a.time_limit)
    n, complete = res["count"], res["complete"]
    if a.json:
        _emit(res)
        return EXIT_OK if complete or a.limit is not None else EXIT_LIMIT
    if n:
        print("s SATISFIABLE")
    else:
        print("s UNSATISFIABLE" if complete else "s UNKNOWN")
    print(f"c s type {'pmc' if res['projection'] is not None else 'mc'}")
    if complete:
        print(f"c s log10-estimate {math.log10(n) if n else float('-inf')}")
        print(f"c s exact arb int {n}")
    else:
        print(f"c o at least {n} models (a limit stopped the count)")
    if n:
        return dimacs.COMPETITION_EXIT["sat"]
    return dimacs.COMPETITION_EXIT["unsat" if complete else "unknown"]


def stats(a, inp: CnfInput) -> int:
    """``satgrid stats FORMULA``: sizes per constraint group (one group without a satgrid header)."""
    st = cnf_sizes(inp)
    if a.json:
        _emit(st)
    else:
        print(format_stats(st))
        if st["projection"] is not None:
            print(f"projection: {len(st['projection'])} variables")
        if inp.format == "icnf":
            print(f"assumption sets: {st['assumption_sets']}")
    return EXIT_OK
