"""A benchmark suite across the kinds, calibrated to a hardness band, and the
spread actually reached: how many instances land in the band when solved
again (issue [7/7]).

    python bench/bench_suite.py                        # the goal: 100 instances, 10..60 s
    python bench/bench_suite.py --band 1..6 --keep 4   # a quicker run
    python bench/bench_suite.py --workers 2 --start tents=65 skyscrapers=22

Each family is calibrated (its size searched on a probe seed), then its
instances are selected by their own solve (``build_suite(keep=N)``,
:mod:`satgrid.suite.select`): seeds built one by one from the calibrated
size, which walks up or down as they come out too easy or too hard, keeping
N instances solved inside the band. ``--keep 0`` builds ``--count`` seeds
at the calibrated size without selecting (the suite as first built).

Prints per family the calibrated size, the calibration's cost and its
probes (scale: the solver's seconds, or why the probe was stopped), the
selection's seeds tried and kept and its cost, then the suite's totals
(instances, sat/unsat/unknown, distinct formulas by GBD hash, in the band
at build time and when re-solved by the reference solver), and the goal
line: at least 100 distinct formulas solved inside the band when re-solved
(a formula written by several seeds counts once, by its first file).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from _common import machine, utc_stamp

from satgrid.suite import ReferenceSolver, build_suite

#: the families that reach 10..60 s on CaDiCaL with a generator that keeps up
#: (RESULTS.md: hitori, slitherlink, numberlink and kakuro are walled by
#: generation below 1 s of solving)
DEFAULT_KINDS = ["tents", "skyscrapers", "nonogram", "nurikabe", "masyu", "vertex-sums",
                 "lightup", "starbattle", "killersudoku", "hooks"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--band", default="10..60")
    ap.add_argument("--keep", type=int, default=10, help="instances kept per family (0: no selection)")
    ap.add_argument("--margin", type=float, default=0.0,
                    help="keep only instances solved inside the band narrowed by this fraction "
                         "at both ends (satgrid suite --margin)")
    ap.add_argument("--count", type=int, help="seeds per family (with --keep: the most tried)")
    ap.add_argument("--kinds", nargs="*", default=DEFAULT_KINDS)
    ap.add_argument("--start", nargs="*", default=[], metavar="FAMILY=SCALE",
                    help="where a family's calibration starts")
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--calibration-seconds", type=float, default=600.0)
    ap.add_argument("--select-seconds", type=float, default=1200.0)
    ap.add_argument("--out")
    a = ap.parse_args()
    lo, hi = (float(x) for x in a.band.split(".."))
    starts = {k: int(v) for k, v in (x.split("=") for x in a.start)}
    out = a.out or tempfile.mkdtemp(prefix="satgrid-bench-suite-")
    print(f"# bench_suite: {utc_stamp()}; {machine()}")
    print(f"band {lo:g}..{hi:g} s, keep {a.keep} per family (margin {a.margin:g}), "
          f"reference {a.solver}, out {out}")
    t0 = time.perf_counter()
    s = build_suite(a.kinds, out, band=(lo, hi), count=a.count, keep=a.keep or None,
                    solver=a.solver, calibration_seconds=a.calibration_seconds,
                    select_seconds=a.select_seconds, margin=a.margin, starts=starts,
                    workers=a.workers)
    build = time.perf_counter() - t0
    print("\n| family | size | in band | probes | calibration s | probes (scale: CaDiCaL s or why stopped) |")
    print("|---|---|---|---|---|---|")
    for c in s.calibrations:
        path = ", ".join(f"{p['scale']}: " + (f"{p['seconds']:.2f}" if p["status"] in ("sat", "unsat")
                                             else p["status"]) for p in c.probes)
        print(f"| {c.family} | {' '.join(f'{k}={v}' for k, v in c.params.items() if k != 'count')} "
              f"| {'yes' if c.in_band else 'no'} | {len(c.probes)} | {c.seconds:.1f} | {path} |")
    if s.selections:
        print("\n| family | seeds tried | kept (seeds / instances) | selection s | tried (scale: seconds sat/uniq or why stopped) |")
        print("|---|---|---|---|---|")
        for sel in s.selections:
            tried = ", ".join(
                f"{next(iter(t['params'].values()))}: " + (
                    t["results"] if isinstance(t["results"], str) else "/".join(
                        f"{sec:.1f}" if st != "unknown" else "unknown" for _, st, sec, _ in t["results"]))
                for t in sel.tried)
            print(f"| {sel.family} | {len(sel.tried)} | {len(sel.units)} / {len(sel.instances)} "
                  f"| {sel.seconds:.0f} | {tried} |")
    ref = ReferenceSolver(a.solver)
    known = [i for i in s.instances if i.status != "unknown"]
    # re-solved as the suite was built: a solver process per worker (the
    # binary's seconds are its own process time, so two at once do not skew them)
    t1 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=a.workers or 1) as pool:
        answers = list(pool.map(lambda i: ref.solve(os.path.join(out, i.file), 2 * hi), known))
    resolve = time.perf_counter() - t1
    # a formula counts once (its first file), however many seeds wrote it (GBD hash)
    first = {}
    for i, ans in zip(known, answers):
        first.setdefault(i.gbd, (i, ans))
    again = sum(ans.status == i.status and lo <= ans.seconds <= hi for i, ans in first.values())
    print("\n| family | instances | sat / unsat | in band at build | in band re-solved | seconds at build -> re-solved |")
    print("|---|---|---|---|---|---|")
    for fam in sorted({i.plan.family for i in s.instances}):
        mine = [(i, ans) for i, ans in zip(known, answers) if i.plan.family == fam]
        inside = sum(ans.status == i.status and lo <= ans.seconds <= hi for i, ans in mine)
        at = sum(lo <= (i.seconds or 0) <= hi for i, _ in mine)
        secs = " ".join(f"{i.seconds:.1f}->{ans.seconds:.1f}" for i, ans in mine)
        total = sum(i.plan.family == fam for i in s.instances)
        st = "/".join(str(sum(i.status == k for i, _ in mine)) for k in ("sat", "unsat"))
        print(f"| {fam} | {total} | {st} | {at} | {inside} | {secs} |")
    at_build = sum(i.status != "unknown" and lo <= (i.seconds or 0) <= hi for i in s.instances)
    by = {k: sum(i.status == k for i in s.instances) for k in ("sat", "unsat", "unknown")}
    cal = sum(c.seconds for c in s.calibrations)
    sel = sum(x.seconds for x in s.selections)
    print(f"\n{len(s.instances)} instances ({by['sat']} sat, {by['unsat']} unsat, "
          f"{by['unknown']} unknown), {len({i.gbd for i in s.instances})} distinct formulas; "
          f"in the band: {at_build} at build, {again} distinct when re-solved")
    print(f"calibration {cal:.0f} s and selection {sel:.0f} s summed over the families "
          f"({a.workers or 1} at once), within {build:.0f} s building the suite; "
          f"re-solving {resolve:.0f} s")
    print(f"goal (>= 100 instances in {lo:g}..{hi:g} s when re-solved): "
          f"{'met' if again >= 100 else 'not met'} ({again})")


if __name__ == "__main__":
    main()
