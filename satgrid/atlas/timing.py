"""The solve-time study: every at-most-one, cardinality and pseudo-Boolean
encoding on generated puzzles of every kind, under several solvers.

Owns what is run and what is measured: the workloads (:data:`STUDY`, and the
seconds-long :data:`QUICK` for tests), the work units (one instance prepared,
one solve) and their results, the summary (medians with min/max over the
seeds) and the CSV files. The pages are :mod:`.timing_pages`.

How it runs. For each workload, each seed gives one instance (the family of
:mod:`satgrid.pipeline.families` with ``satgrid family``'s seeding, so ``satgrid
family NAME KEY=VALUE --seed S`` writes the same file). :func:`prepare`
compiles the instance with every choice of each dimension its kind lets a
user choose (``Puzzle.encoding_choices``: ``amo``, ``card``, ``pb``) and
keeps the dimensions whose choices change the formula. :func:`solve_one`
then compiles it with one choice (the other options at the model's
defaults, lazy connectivity), solves it with one solver under a conflict
limit (never a time limit: a run's counts must not depend on the machine),
has the kind's referee check the answer, and reports the solver's
``accum_stats`` (conflicts, decisions, propagations, restarts) through
:attr:`satgrid.core.session.Session.stats`, the CEGAR rounds and cuts, and the
seconds. Every count is a pure function of the instance, the choice, the
solver and the limit (:data:`CONFLICT_LIMIT` keeps every SAT call in one
budget slice of the Session, whose size would otherwise follow the clock):
the serial run and a cluster run give the same ``timing.csv``; only
``timing-seconds.csv`` differs.

Sizes: :data:`STUDY` is 13 hand-chosen workloads (34 instances) and one per
other family at its defaults (two seeds each), every applicable encoding
on two solvers; :data:`QUICK` 4 instances and 56 solves, under a second.

Example::

    >>> from satgrid.atlas.distribute import run_units
    >>> prepared = run_units(prepare_units(QUICK))
    >>> [p["kind"] for p in prepared]
    ['sudoku', 'sudoku', 'vertex-sums', 'vertex-sums']
    >>> units = solve_units(prepared, QUICK, solvers=("cadical195",))
    >>> rows = result_rows(units, run_units(units))
    >>> len(rows), {(r["status"], r["checked"]) for r in rows}
    (28, {('sat', 'yes')})
"""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import dataclass
from typing import Sequence

from ..core import encodings as enc
from ..pipeline.families import FAMILIES
from ..puzzles.families import SPECS, read_params
from ..progress import Progress
from ..modelling.connectivity import DEFAULT_MODE
from ..modelling.model import DEFAULT_AMO, DEFAULT_CARD, DEFAULT_PB
from ..core.oracle import FIRST_FREE_SLICE
from ..pipeline.load import loads
from ..pipeline.run import (CheckFailed, Options, add_solution, compile_puzzle, new_result,
                            open_session, sizes)
from .distribute import Unit
from .sweep import csv_text, one_line

#: the dimensions studied and their choices (``connectivity`` is not an encoding of a sum)
DIMENSIONS: dict[str, tuple[str, ...]] = {
    "amo": enc.AMO_METHODS + ("seqcounter", "seqcounter-knuth"),
    "card": enc.CARD_METHODS,
    "pb": enc.PB_METHODS,
}
#: each dimension's default (the model's)
DEFAULTS = {"amo": DEFAULT_AMO, "card": DEFAULT_CARD, "pb": DEFAULT_PB}
#: solvers of the study (``satgrid.core.solvers`` names)
SOLVERS: tuple[str, ...] = ("cadical195", "glucose4")
#: conflicts per solve before the solver gives up (status ``unknown``). At most
#: the Session's first budget slice (:data:`satgrid.core.oracle.FIRST_FREE_SLICE`):
#: a longer solve is cut into slices sized by the measured conflict rate, so
#: its counts would depend on the machine (seen: 30,058 and 35,885 conflicts
#: for the same solve); within one slice they do not
CONFLICT_LIMIT = min(20_000, FIRST_FREE_SLICE)


@dataclass(frozen=True)
class Workload:
    """One family at fixed parameters, over several seeds.

    Attributes:
        family: a :data:`satgrid.pipeline.families.FAMILIES` name.
        params: ``(name, value)`` pairs, as ``satgrid family NAME KEY=VALUE``.
        seeds: the family seeds, one instance each.
    """

    family: str
    params: tuple[tuple[str, object], ...]
    seeds: tuple[int, ...]
    #: for ``family == "file"``: one instance file per seed (paths from the
    #: repository's root, read where the study starts and sent as text)
    files: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """``family k=v ...``, as on the command line (``files`` for files)."""
        if self.family == "file":
            return "files " + " ".join(f.rsplit("/", 1)[-1] for f in self.files)
        return " ".join([self.family] + [f"{k}={v}" for k, v in self.params])


#: the study: small but not trivial instances of every kind that has a family,
#: chosen so that the whole study takes a few minutes on 2 workers (the
#: family parameters' meaning: ``satgrid family NAME --help``). Slitherlink
#: and Hitori instances show every clue, so they need almost no search: they
#: measure propagation and size, not search. LITS and 24/7 have no family:
#: their repository instances stand in, one "seed" per file.
STUDY: tuple[Workload, ...] = (
    Workload("sudoku", (("order", 5), ("unique", 0), ("givens", 250)), (1, 2, 3)),
    Workload("hooks", (("n", 9),), (1, 2, 3)),
    Workload("knights-tour", (("n", 5),), (1,)),
    Workload("knights-tour", (("n", 6),), (1,)),
    Workload("vertex-sums", (("n", 4), ("clues", 5)), (1, 2, 3)),
    Workload("hitori", (("n", 16),), (1, 2, 3)),
    Workload("nurikabe", (("n", 11),), (1, 2, 3)),
    Workload("slitherlink", (("rows", 20), ("cols", 20), ("fill", 50)), (1, 2, 3)),
    Workload("masyu", (("rows", 12), ("cols", 12), ("fill", 50)), (1, 2, 3)),
    Workload("numberlink", (("rows", 10), ("cols", 10), ("pairs", 8)), (1, 2, 3)),
    Workload("fillomino", (("rows", 8), ("cols", 8)), (1, 2, 3)),
    Workload("file", (), (1, 2), files=("instances/lits-wikipedia.toml",
                                       "instances/lits-pzprjs-4x4.txt")),
    Workload("file", (), (1, 2, 3), files=("instances/twenty-four-seven-2x2-2.toml",
                                          "instances/twenty-four-seven-2x2-2-top-left.toml",
                                          "instances/twenty-four-seven-generated-1.toml")),
)
#: every other family (a kind folder dropped in brings its own) at its
#: default parameters, two seeds: the study covers every family without a list
#: to edit, the hand-chosen sizes above where a default would be trivial
STUDY = STUDY + tuple(
    Workload(name, tuple((p.name, p.default) for p in SPECS[name].params
                         if p.default is not None), (1, 2))
    for name in FAMILIES if name not in {w.family for w in STUDY})
#: a configuration that runs in seconds (tests, ``--quick``)
QUICK: tuple[Workload, ...] = (
    Workload("sudoku", (("order", 2), ("unique", 0), ("givens", 4)), (1, 2)),
    Workload("vertex-sums", (("n", 3), ("clues", 2)), (1, 2)),
)

#: timing.csv: one row per instance, choice and solver (no seconds)
TIMING_FIELDS = ("kind", "workload", "seed", "dimension", "encoding", "solver", "status",
                 "checked", "variables", "clauses", "literals", "conflicts", "decisions",
                 "propagations", "restarts", "rounds", "cuts", "error")
#: timing-seconds.csv: the same keys, the seconds
SECONDS_FIELDS = ("kind", "workload", "seed", "dimension", "encoding", "solver", "status",
                  "compile_seconds", "solve_seconds")
#: the counts summarised (medians with min/max)
COUNTS = ("conflicts", "decisions", "propagations")


# ------------------------------------------------------------------ instances
def instance_text(family: str, params: Sequence[tuple[str, object]], seed: int) -> tuple[str, str]:
    """(file name, TOML text) of the family's first instance for ``seed``,
    seeded as ``satgrid family`` seeds it (the same bytes)."""
    values = read_params(SPECS[family], {k: str(v) for k, v in params})
    rng = random.Random(f"satgrid-{family}-{seed}")
    return FAMILIES[family](values, seed, rng, Progress(quiet=True))[0]


def _options(dimension: str | None = None, value: str | None = None, **extra) -> Options:
    opts = dict(amo=DEFAULT_AMO, card=DEFAULT_CARD, pb=DEFAULT_PB, connectivity=DEFAULT_MODE)
    if dimension is not None:
        opts[dimension] = value
    opts.update(extra)
    return Options(**opts)


def prepare(family: str, params: tuple, seed: int, file: tuple[str, str] | None = None) -> dict:
    """A work unit: make one instance and find the dimensions that matter for it.

    Returns:
        ``{"name", "kind", "text", "dimensions": {dim: [choices]}, "error"}``:
        the dimensions among the kind's ``encoding_choices`` whose choices do
        not all compile to the same constraint groups (a kind may allow
        ``card`` while this instance has no bound above 1), each with the
        choices that compile (an error leaves the instance out, recorded).
        ``file``: ``(name, text)`` of an instance file instead of a family.
    """
    out: dict = {"name": f"{family}-s{seed}", "kind": "?", "text": "", "dimensions": {},
                 "error": ""}
    try:
        name, text = file if file is not None else instance_text(family, params, seed)
        out.update(name=name, text=text)
        [p] = loads(text, name)
        out["kind"] = p.kind
        base = sizes(p, _options())["groups"]
        for dim in p.encoding_choices:
            if dim not in DIMENSIONS:
                continue
            ok, differs = [], False
            for value in DIMENSIONS[dim]:
                try:
                    got = sizes(p, _options(dim, value))["groups"]
                except Exception:  # an encoding that cannot do this instance: left out
                    continue
                ok.append(value)
                differs |= got != base
            if differs:
                out["dimensions"][dim] = ok
    except Exception as e:  # record, never crash the study
        out["error"] = one_line(e)
    return out


def prepare_units(study: Sequence[Workload], root: str = ".") -> list[Unit]:
    """One :func:`prepare` unit per workload and seed, in study order
    (``root``: where a ``file`` workload's paths start)."""
    units = []
    for i, w in enumerate(study):
        for j, seed in enumerate(w.seeds):
            file = None
            if w.family == "file":
                with open(os.path.join(root, w.files[j]), encoding="utf-8") as fh:
                    file = (w.files[j], fh.read())
            units.append(Unit(f"prepare-{w.family}-{i}-{seed}", prepare,
                              (w.family, w.params, seed, file)))
    return units


# ------------------------------------------------------------------ solving
def solve_one(text: str, name: str, dimension: str, value: str, solver: str,
              conflict_limit: int = CONFLICT_LIMIT) -> dict:
    """A work unit: compile ``text`` with ``dimension = value``, solve it once.

    Returns:
        a dict over :data:`TIMING_FIELDS` minus the identifying ones
        (``status`` sat / unsat / unknown (the limit) / error; ``checked``
        yes when the referee accepted the decoded answer) plus
        ``compile_seconds`` and ``solve_seconds``.
    """
    out: dict = {"status": "error", "checked": "", "error": ""}
    try:
        [p] = loads(text, name)
        opts = _options(dimension, value, solver=solver, conflict_limit=conflict_limit)
        t0 = time.perf_counter()
        m = compile_puzzle(p, opts)
        t1 = time.perf_counter()
        open_session(m, p, opts)
        sol = m.solve(conflict_limit=conflict_limit)
        t2 = time.perf_counter()
        out["status"] = m.status
        total = m.formula.total().as_dict()
        st = m.session().stats
        out.update(variables=total["variables"], clauses=total["clauses"],
                   literals=total["literals"], compile_seconds=t1 - t0, solve_seconds=t2 - t1)
        for key in ("conflicts", "decisions", "propagations", "restarts", "rounds", "cuts"):
            v = st.get(key)
            out[key] = "" if v is None else int(v)
        if sol is not None:
            try:
                add_solution(new_result(p, m.status), p, sol)
                out["checked"] = "yes"
            except CheckFailed as e:
                out["checked"] = "NO"
                out["error"] = one_line(e)
    except Exception as e:  # record, never crash the study
        out["status"] = "error"
        out["error"] = one_line(e)
    return out


def solve_units(prepared: Sequence[dict], study: Sequence[Workload], *,
                solvers: Sequence[str] = SOLVERS,
                conflict_limit: int = CONFLICT_LIMIT) -> list[Unit]:
    """One :func:`solve_one` unit per prepared instance, dimension, choice and
    solver (``prepared`` in :func:`prepare_units` order)."""
    units = []
    seeds = [(w, s) for w in study for s in w.seeds]
    for (w, seed), inst in zip(seeds, prepared):
        for dim, values in inst["dimensions"].items():
            for value in values:
                for solver in solvers:
                    units.append(Unit(f"solve-{inst['name']}-{dim}-{value}-{solver}", solve_one,
                                      (inst["text"], inst["name"], dim, value, solver,
                                       conflict_limit),
                                      {"kind": inst["kind"], "workload": w.label,
                                       "seed": seed, "dimension": dim, "encoding": value,
                                       "solver": solver}))
    return units


def result_rows(units: Sequence[Unit], results: Sequence[dict]) -> list[dict]:
    """Each unit's identifying fields joined with its result, in unit order."""
    return [{**u.tags, **r} for u, r in zip(units, results)]


# ------------------------------------------------------------------ summary
def _spread(values: list[int]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarise(rows: Sequence[dict], fields: Sequence[str] = COUNTS) -> list[dict]:
    """Medians with min/max over the seeds, per (kind, workload, dimension,
    encoding, solver), in first-appearance order.

    Each summary has ``runs``, ``solved`` (sat or unsat within the limit),
    ``clauses`` (median) and for each of ``fields`` a dict ``median``,
    ``min``, ``max`` over the runs that did not fail (None when none).
    """
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        key = (r["kind"], r["workload"], r["dimension"], r["encoding"], r["solver"])
        groups.setdefault(key, []).append(r)
    out = []
    for (kind, workload, dim, value, solver), rs in groups.items():
        ran = [r for r in rs if r["status"] != "error"]
        s = {"kind": kind, "workload": workload, "dimension": dim, "encoding": value,
             "solver": solver, "runs": len(rs),
             "solved": sum(r["status"] in ("sat", "unsat") for r in rs),
             "errors": len(rs) - len(ran),
             "clauses": statistics.median([r["clauses"] for r in ran]) if ran else None}
        for f in fields:
            vals = [r[f] for r in ran if r.get(f, "") != ""]
            s[f] = _spread(vals) if vals else None
        out.append(s)
    return out


def timing_csv(rows: Sequence[dict]) -> str:
    """``timing.csv``: the counts of every run (deterministic bytes)."""
    return csv_text(rows, TIMING_FIELDS)


def seconds_csv(rows: Sequence[dict]) -> str:
    """``timing-seconds.csv``: the seconds of every run (6 decimals)."""
    def fmt(r):
        return {**r, **{k: f"{r[k]:.6f}" for k in ("compile_seconds", "solve_seconds")
                        if isinstance(r.get(k), float)}}
    return csv_text([fmt(r) for r in rows], SECONDS_FIELDS)
