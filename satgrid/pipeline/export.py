"""DIMACS for external solvers: complete export and decoding of their answers.

Export compiles a puzzle with connectivity encoded eagerly (a DIMACS file must
be complete: no lazy cuts), the givens as unit clauses, and writes the formula
with a header naming the kind, the encodings and the size of every constraint
group, and ``c varname`` lines for the puzzle's variables. A collection is
written as one iCNF file: the base formula plus one assumption line per puzzle
(:func:`satgrid.pipeline.collection.shared_base`).

Decoding reads an external solver's output, checks that the model fits the
formula (variable count; every clause satisfied, naming the group of the first
one that is not: :func:`satisfies`), decodes the grid and verifies it with the
kind's referee.
"""

from __future__ import annotations

import os
import time

from ..io import dimacs  # reader and writer load on first use
from ..errors import ModelError, SatgridError
from ..core.formula import Formula
from ..modelling.model import Model, Solution
from ..puzzles import Puzzle
from .collection import is_collection, shared_base
from .run import Options, add_solution, compile_puzzle, new_result


def _eager(opts: Options | None) -> Options:
    return (opts or Options()).replace(connectivity="eager")


def export_dimacs(puzzles: list[Puzzle], path: str, opts: Options | None = None, *,
                  icnf: bool = False, varnames: bool = True,
                  command_line: str | None = None) -> dict:
    """Write ``puzzles`` (one, or a collection with ``icnf=True``) to ``path``.

    Returns the sizes written: ``{"file", "puzzles", "variables", "clauses", "groups"}``.
    """
    opts = _eager(opts)
    first = puzzles[0]
    if icnf:
        m, sets = shared_base(puzzles, opts)
        dimacs.write_icnf(m.formula, sets, path, command_line=command_line, kind=first.kind,
                   varnames=varnames,
                   description=f"{len(puzzles)} puzzles of {first.file}, one assumption line each")
    else:
        if is_collection(puzzles):
            raise SatgridError(f"{first.file} holds {len(puzzles)} puzzles: write them as one "
                               "iCNF file with --icnf")
        m = compile_puzzle(first, opts)
        m.write_dimacs(path, command_line=command_line, kind=first.kind, varnames=varnames)
    return {"file": path, "puzzles": len(puzzles), "variables": m.formula.nvars,
            "clauses": m.formula.nclauses,
            "groups": {g: s.as_dict() for g, s in m.sizes().items()}}


def export_each(puzzles: list[Puzzle], folder: str, opts: Options | None = None, *,
                varnames: bool = True, command_line: str | None = None,
                suffix: str = ".cnf") -> list[dict]:
    """Write one complete DIMACS CNF per puzzle (givens as unit clauses) into
    ``folder`` (made if missing): ``<stem>-<i>.cnf`` numbered from 1 with as
    many digits as the last number (``suffix`` may add ``.gz``/``.xz``/``.bz2``).

    Returns one :func:`export_dimacs` result per puzzle, in order.
    """
    os.makedirs(folder, exist_ok=True)
    stem = "".join(ch for ch in os.path.basename(puzzles[0].file).split(".")[0]
                   if ch.isalnum() or ch in "_-") or "puzzle"
    width = len(str(len(puzzles)))
    out = []
    for i, p in enumerate(puzzles, 1):
        path = os.path.join(folder, f"{stem}-{i:0{width}d}{suffix}")
        out.append(export_dimacs([p], path, opts, varnames=varnames, command_line=command_line))
    return out


def satisfies(formula: Formula, model: list[int]) -> None:
    """Raise ModelError unless ``model`` satisfies every clause of ``formula``.

    ``model`` lists literals (unlisted variables are unassigned, so they satisfy
    nothing). The error names the constraint group of the first falsified clause.
    """
    top = max((abs(l) for l in model), default=0)
    if top > formula.nvars:
        raise ModelError(f"the model assigns variable {top}, but the formula has only "
                         f"{formula.nvars} variables")
    true = set(model)
    for group, clauses in formula.clause_groups():
        for i, c in enumerate(clauses):
            if true.isdisjoint(c):
                raise ModelError(f"the model falsifies clause {i + 1} of constraint group "
                                 f"{group!r}: {' '.join(map(str, c))} 0")


def decode_model(model: Model, cnf_path: str, output_path: str) -> Solution | None:
    """A custom :class:`~satgrid.modelling.model.Model`'s solution from an external solver's
    output (``output_path``, SAT-competition or MiniSat format) for the DIMACS
    file ``cnf_path``, read through the names of its ``c varname`` lines.

    The model is checked against the clauses of ``cnf_path`` (every clause
    satisfied), then each named variable is read into the model's variable of
    that name (:meth:`Model.solution <satgrid.modelling.model.Model.solution>`), so the
    file may come from another encoding of the same model, or another program
    that names its variables the same way. None when the solver said
    UNSATISFIABLE or UNKNOWN.

    Raises:
        DimacsError, SolverOutputError: a malformed file (file:line:column).
        ModelError: a model that falsifies a clause of the file, or leaves a
            primary variable of ``model`` unassigned.
    """
    cnf = dimacs.read_dimacs(cnf_path)
    out = dimacs.read_solver_output(output_path, nvars=cnf.nvars)
    if out.status != "sat":
        return None
    true = set(out.model)
    for i, clause in enumerate(cnf.clauses):
        if true.isdisjoint(clause):
            raise ModelError(f"{output_path}: the model falsifies clause {i + 1} of "
                             f"{cnf_path}: {' '.join(map(str, clause))} 0")
    if not cnf.varnames:
        raise ModelError(f"{cnf_path}: no 'c varname' lines: the model's variables cannot "
                         "be found by name")
    return model.solution(out.model, names=cnf.varnames)


def decode_external(p: Puzzle, cnf_path: str, model_path: str, opts: Options | None = None) -> dict:
    """Decode an external solver's answer for the DIMACS written by :func:`export_dimacs`."""
    t0 = time.perf_counter()
    opts = _eager(opts)
    m = compile_puzzle(p, opts)
    f = m.formula
    cnf = dimacs.read_dimacs(cnf_path)
    if cnf.nvars != f.nvars or len(cnf.clauses) != f.nclauses:
        raise ModelError(f"{cnf_path}: {cnf.nvars} variables and {len(cnf.clauses)} clauses, but "
                         f"{p.file} compiles to {f.nvars} variables and {f.nclauses} clauses "
                         "with these options (export and decode with the same encodings)")
    out = dimacs.read_solver_output(model_path, nvars=f.nvars)
    res = new_result(p, out.status)
    res["answer"] = None
    if out.status == "sat":
        assigned = {abs(l) for l in out.model}
        if len(assigned) != f.nvars:
            missing = next(v for v in range(1, f.nvars + 1) if v not in assigned)
            raise ModelError(f"{model_path}: the model assigns {len(assigned)} of {f.nvars} "
                             f"variables (variable {missing} is missing)")
        satisfies(f, out.model)
        full = sorted(out.model, key=abs)
        add_solution(res, p, Solution(full))
    res["unique"] = None
    res["stats"] = {"solver": "external", "variables": f.nvars, "clauses": f.nclauses,
                    "rounds": 0, "seconds": round(time.perf_counter() - t0, 6)}
    return res
