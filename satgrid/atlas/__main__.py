"""``python -m satgrid.atlas``: regenerate the encoding atlas (``make atlas``).

Owns the command line: the options, the order of the steps and the progress
lines on stderr (with a progress bar over the work units when stderr is a
terminal, see :mod:`satgrid.progress`; ``--quiet`` turns it off). The
work itself is in :mod:`.sweep` and :mod:`.constraints` (sizes),
:mod:`.timing` (the solve-time study), :mod:`.propagation`, :mod:`.markdown`,
:mod:`.timing_pages`, :mod:`.puzzles` and :mod:`.plots`; every measurement
is a work unit (:mod:`.distribute`), run here one after another or, with
``--workers N`` / ``--scheduler ADDRESS``, on a Dask cluster, with the same
files written either way (the seconds of the study and ``puzzles.md`` aside).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Sequence

from ..core import encodings as enc
from ..progress import Progress
from ..cluster.client import connect, wanted
from ..errors import SatgridError
from ..io.fileio import atomic_write_text
from ..core.interrupts import exit_status, raise_on_sigterm
from ..core.oracle import FIRST_FREE_SLICE
from ..core.solvers import canonical_name
from .constraints import CONSTRAINT_FILES, CONSTRAINTS
from .distribute import Unit, run_units
from .markdown import write_markdown
from .plots import write_plots
from .propagation import arc_consistency
from .puzzles import PUZZLE_TIME_LIMIT, SEED_INSTANCES, puzzle_table, write_puzzles_markdown
from .sweep import (CARD_FIELDS, CARD_NS, CARD_SWEEP_METHODS, CLAUSE_BUDGET, NO_PINDAKAAS,
                    PB_FIELDS, PB_NS, have_pindakaas, make_meta, mismatches, size_units,
                    write_csv)
from .timing import (CONFLICT_LIMIT, QUICK, SOLVERS, STUDY, Workload, prepare_units,
                     result_rows, seconds_csv, solve_units, summarise, timing_csv)
from .timing_pages import write_timing_pages, write_timing_plots

#: ``--quick``: n of the sweeps
QUICK_NS, QUICK_PB_NS = (4, 8, 16), (4, 8)
#: where a ``file`` workload's paths start: the repository (the package's parent)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m satgrid.atlas",
                                 description="Regenerate the encoding atlas.")
    ap.add_argument("--out", default="encodings", help="output folder (default: encodings)")
    ap.add_argument("--ns", help="comma-separated n for the cardinality sweeps (default 4..4096)")
    ap.add_argument("--pb-ns", help="comma-separated n for the PB sweep (default 4..1024)")
    ap.add_argument("--budget", type=int, default=CLAUSE_BUDGET)
    ap.add_argument("--quick", action="store_true",
                    help="a run of seconds: n = 4, 8, 16 (PB 4, 8), the small timing "
                         "configuration, no seed puzzles")
    ap.add_argument("--workers", type=int, metavar="N",
                    help="run the work units on a LocalCluster of N worker processes")
    ap.add_argument("--scheduler", metavar="ADDRESS",
                    help="run the work units on the Dask cluster at ADDRESS")
    ap.add_argument("--no-puzzles", action="store_true", help="skip puzzles.md")
    ap.add_argument("--no-plots", action="store_true", help="skip plots/*.png")
    ap.add_argument("--no-timing", action="store_true", help="skip the solve-time study")
    ap.add_argument("--solvers", help="comma-separated solvers of the solve-time study "
                                      f"(default {','.join(SOLVERS)})")
    ap.add_argument("--seeds", type=int, metavar="S",
                    help="seeds 1..S for every generated workload of the study")
    ap.add_argument("--conflict-limit", type=int, default=CONFLICT_LIMIT,
                    help=f"conflicts per solve in the study (default {CONFLICT_LIMIT})")
    ap.add_argument("--time-limit", type=float, default=PUZZLE_TIME_LIMIT,
                    help="per-solve limit in the puzzle tables (seconds)")
    ap.add_argument("--quiet", action="store_true",
                    help="no progress bar (one is drawn on stderr only when it is a terminal)")
    return ap


def _ns_arg(ap, text, default):
    if not text:
        return default
    try:
        ns = tuple(sorted({int(x) for x in text.split(",")}))
    except ValueError:
        ap.error(f"expected comma-separated integers, found {text!r}")
    if any(n < 4 for n in ns):
        ap.error("every n must be >= 4")
    return ns


def _study(ap, a) -> tuple[tuple[Workload, ...], tuple[str, ...]]:
    study = QUICK if a.quick else STUDY
    if a.seeds is not None:
        if a.seeds < 1:
            ap.error("--seeds must be >= 1")
        study = tuple(w if w.family == "file" else
                      Workload(w.family, w.params, tuple(range(1, a.seeds + 1)))
                      for w in study)
    solvers = SOLVERS
    if a.solvers:
        try:
            solvers = tuple(dict.fromkeys(canonical_name(s.strip()) for s in a.solvers.split(",")))
        except SatgridError as e:
            ap.error(f"--solvers: {e}")
    if not 1 <= a.conflict_limit <= FIRST_FREE_SLICE:
        ap.error(f"--conflict-limit must be in 1..{FIRST_FREE_SLICE}: a longer solve is cut "
                 "into slices sized by the clock, and its counts would depend on the machine")
    return study, solvers


def main(argv: Sequence[str] | None = None, *, client=None) -> int:
    """``python -m satgrid.atlas [--out DIR] [--quick] [--workers N | --scheduler
    ADDRESS] [--ns N,N,..] [--pb-ns ...] [--no-puzzles] [--no-plots]
    [--no-timing] [--solvers A,B] [--seeds S] [--conflict-limit C] [--budget C]
    [--time-limit S]``.

    ``client``: a ``distributed.Client`` to run on (the Python API's
    ``--workers``/``--scheduler``)."""
    ap = _parser()
    a = ap.parse_args(argv)
    card_ns = _ns_arg(ap, a.ns, QUICK_NS if a.quick else CARD_NS)
    pb_ns = _ns_arg(ap, a.pb_ns, QUICK_PB_NS if a.quick else PB_NS)
    study, solvers = _study(ap, a)
    if a.workers is not None and a.workers < 1:
        ap.error("--workers must be a positive integer")
    if a.workers is not None and a.scheduler is not None:
        ap.error("give one of --workers N and --scheduler ADDRESS, not both")
    if a.quick:
        a.no_puzzles = True
    try:
        if client is not None or not wanted(a.workers, a.scheduler):
            return _run(a, card_ns, pb_ns, study, solvers, client)
        with connect(workers=a.workers, scheduler=a.scheduler) as c:
            return _run(a, card_ns, pb_ns, study, solvers, c)
    except SatgridError as e:
        print(f"python -m satgrid.atlas: {e}", file=sys.stderr)
        return e.exit_status


def _run(a, card_ns, pb_ns, study, solvers, client) -> int:
    out = a.out
    os.makedirs(out, exist_ok=True)
    t0 = time.perf_counter()
    where = ("in one process" if client is None else
             f"on a Dask cluster of {len(client.scheduler_info().get('workers', {}))} workers")
    prop_methods = list(CARD_SWEEP_METHODS) + list(enc.PB_METHODS)
    sizes = size_units(card_ns, pb_ns, a.budget)
    props = [Unit(f"propagation-{m}", arc_consistency, (m,)) for m in prop_methods]
    seeds = [] if a.no_puzzles else list(SEED_INSTANCES)
    bar = Progress(None, desc="atlas", unit="unit", quiet=a.quiet)

    def say(msg):
        line = f"[{time.perf_counter() - t0:6.1f}s] {msg}"
        if bar.active:
            bar.write(line)
        else:
            print(line, file=sys.stderr, flush=True)

    def done(u):
        bar.note(u.name)
        bar.update()
        if not bar.active and not a.quiet and bar.count % 100 == 0:
            say(f"{bar.count} work units done")

    say(f"size sweeps ({', '.join(CONSTRAINTS)}; n = {card_ns[0]}..{card_ns[-1]}; PB n = "
        f"{pb_ns[0]}..{pb_ns[-1]}" + ("" if have_pindakaas() else f", PySAT: {NO_PINDAKAAS}")
        + f") and unit-propagation checks, {where}")
    results = run_units(sizes + props, client, on_done=done)
    by_file: dict[str, list[dict]] = {}
    for u, rows in zip(sizes, results[:len(sizes)]):
        for r in rows:
            r["constraint"] = u.tags["file"] if u.tags["file"] != "pb" else ""
        by_file.setdefault(u.tags["file"], []).extend(rows)
    propagation = dict(zip(prop_methods, results[len(sizes):]))
    card_rows, pb_rows = by_file["at_most"], by_file["pb"]
    for c in CONSTRAINTS:
        write_csv(by_file[c], os.path.join(out, CONSTRAINT_FILES[c][0] + ".csv"), CARD_FIELDS)
    write_csv(pb_rows, os.path.join(out, "pb.csv"), PB_FIELDS)

    summaries: list[dict] = []
    timing_meta = None
    if not a.no_timing:
        summaries, timing_meta = _timing(a, study, solvers, client, say, done, where)
    meta = make_meta(card_ns, pb_ns, a.budget, timing_meta)
    atomic_write_text(os.path.join(out, "atlas.json"), json.dumps(meta, indent=2) + "\n")

    plots, plots_note = _plots(a, card_rows, pb_rows, summaries, say)
    if summaries:
        write_timing_pages(summaries, out, study, conflict_limit=a.conflict_limit, where=where,
                           plots=[p for p in plots if p.startswith("timing-")])
        plots = [p for p in plots if not p.startswith("timing-")]
    write_markdown(card_rows, pb_rows, out, meta=meta, plots=plots, plots_note=plots_note,
                   propagation=propagation,
                   puzzles=not a.no_puzzles or os.path.exists(os.path.join(out, "puzzles.md")),
                   constraint_rows={c: by_file[c] for c in CONSTRAINTS if c != "at_most"},
                   timing=bool(summaries) or os.path.exists(os.path.join(out, "timing.md")))
    if not a.no_puzzles:
        say("seed puzzles")
        entries = [e for f in seeds for e in puzzle_table([f], time_limit=a.time_limit)]
        write_puzzles_markdown(entries, os.path.join(out, "puzzles.md"), time_limit=a.time_limit)
    bar.close()
    every = [r for rows in by_file.values() for r in rows]
    bad = mismatches(every)
    say(f"done: {sum(len(by_file[c]) for c in CONSTRAINTS)} cardinality rows, {len(pb_rows)} "
        f"PB rows, {len(bad)} formula mismatches; written to {out}/")
    for r in bad:
        print(f"formula mismatch: {r['method']} {r.get('constraint') or 'linear'} n={r['n']} "
              + (f"k={r['k']}" if "k" in r else f"K={r['bound']}")
              + f": measured {r['aux']} aux / {r['clauses']} clauses, formula "
              f"{r['formula_aux']} / {r['formula_clauses']}", file=sys.stderr)
    return 0


def _timing(a, study, solvers, client, say, done, where):
    """The solve-time study: prepare the instances, solve, write CSV and pages."""
    say(f"solve-time study: {sum(len(w.seeds) for w in study)} instances, solvers "
        f"{', '.join(solvers)}, conflict limit {a.conflict_limit}")
    prepared = run_units(prepare_units(study, ROOT), client, on_done=done)
    for p in prepared:
        if p["error"]:
            say(f"instance {p['name']} left out: {p['error']}")
    units = solve_units(prepared, study, solvers=solvers, conflict_limit=a.conflict_limit)
    say(f"{len(units)} solves")
    rows = result_rows(units, run_units(units, client, on_done=done))
    atomic_write_text(os.path.join(a.out, "timing.csv"), timing_csv(rows))
    atomic_write_text(os.path.join(a.out, "timing-seconds.csv"), seconds_csv(rows))
    summaries = summarise(rows, ("conflicts", "decisions", "propagations", "compile_seconds",
                                 "solve_seconds"))
    failed = [r for r in rows if r["status"] == "error" or r["checked"] == "NO"]
    for r in failed:
        say(f"study run failed: {r['kind']} {r['seed']} --{r['dimension']} {r['encoding']} "
            f"{r['solver']}: {r['error']}")
    meta = {"workloads": [{"workload": w.label, "seeds": list(w.seeds)} for w in study],
            "solvers": list(solvers), "conflict_limit": a.conflict_limit}
    return summaries, meta


def _plots(a, card_rows, pb_rows, summaries, say):
    folder = os.path.join(a.out, "plots")
    if a.no_plots:
        plots = sorted(f for f in os.listdir(folder) if f.endswith(".png")) \
            if os.path.isdir(folder) else []
        return plots, "Plots were not regenerated in this run (`--no-plots`).\n"
    try:
        say("plots")
        plots = write_plots(card_rows, pb_rows, folder)
        if summaries:
            plots += write_timing_plots(summaries, folder)
        return plots, ""
    except ImportError:
        say("matplotlib not installed: no plots")
        return [], ("No plots: matplotlib is not installed (`pip install "
                    "'satgrid[plot]'`, which `make atlas` does).\n")


if __name__ == "__main__":
    raise_on_sigterm()                     # SIGTERM, like Ctrl-C: files written so far are whole
    try:
        sys.exit(main())
    except KeyboardInterrupt as e:         # 130 (SIGINT) or 143 (SIGTERM), no traceback
        print("python -m satgrid.atlas: interrupted", file=sys.stderr)
        sys.exit(exit_status(e))
