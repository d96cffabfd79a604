"""A benchmark suite across the kinds, calibrated to a hardness band, and the
spread actually reached: how many instances land in the band when solved
again (issue [7/7]).

    python bench/bench_suite.py                        # the goal: 100 instances, 10..60 s
    python bench/bench_suite.py --band 1..6 --count 5  # a quicker run
    python bench/bench_suite.py --workers 2

Prints per family the calibrated size, the calibration's cost and its
probes (scale: the solver's seconds, or why the probe was stopped), then the
suite's totals (instances, sat/unsat/unknown, checked proofs, in the band at
build time and when re-solved by the reference solver), and whether the goal
holds: at least 100 instances with at least 100 solved inside the band when
re-solved... the goal line says how many.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from _common import machine, utc_stamp

from satgrid.suite import ReferenceSolver, build_suite


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--band", default="10..60")
    ap.add_argument("--count", type=int, default=5, help="seeds per family")
    ap.add_argument("--kinds", nargs="*", default=["all"])
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--calibration-seconds", type=float, default=600.0)
    ap.add_argument("--out")
    a = ap.parse_args()
    lo, hi = (float(x) for x in a.band.split(".."))
    out = a.out or tempfile.mkdtemp(prefix="satgrid-bench-suite-")
    print(f"# bench_suite: {utc_stamp()}; {machine()}")
    print(f"band {lo:g}..{hi:g} s, {a.count} seeds per family, reference {a.solver}, out {out}")
    t0 = time.perf_counter()
    s = build_suite(a.kinds, out, band=(lo, hi), count=a.count, solver=a.solver,
                    calibration_seconds=a.calibration_seconds, workers=a.workers)
    build = time.perf_counter() - t0
    print("\n| family | size | in band | probes | calibration s | probes (scale: CaDiCaL s or why stopped) |")
    print("|---|---|---|---|---|---|")
    for c in s.calibrations:
        path = ", ".join(f"{p['scale']}: " + (f"{p['seconds']:.2f}" if p["status"] in ("sat", "unsat")
                                             else p["status"]) for p in c.probes)
        print(f"| {c.family} | {' '.join(f'{k}={v}' for k, v in c.params.items() if k != 'count')} "
              f"| {'yes' if c.in_band else 'no'} | {len(c.probes)} | {c.seconds:.1f} | {path} |")
    ref = ReferenceSolver(a.solver)
    known = [i for i in s.instances if i.status != "unknown"]
    # re-solved as the suite was built: a solver process per worker (the
    # binary's seconds are its own process time, so two at once do not skew them)
    with ThreadPoolExecutor(max_workers=a.workers or 1) as pool:
        answers = list(pool.map(lambda i: ref.solve(os.path.join(out, i.file), 2 * hi), known))
    again = sum(ans.status == i.status and lo <= ans.seconds <= hi for i, ans in zip(known, answers))
    print("\n| family | instances | in band at build | in band re-solved | seconds re-solved |")
    print("|---|---|---|---|---|")
    for fam in sorted({i.plan.family for i in s.instances}):
        mine = [(i, ans) for i, ans in zip(known, answers) if i.plan.family == fam]
        inside = sum(ans.status == i.status and lo <= ans.seconds <= hi for i, ans in mine)
        at = sum(lo <= (i.seconds or 0) <= hi for i, _ in mine)
        secs = " ".join(f"{ans.seconds:.1f}" for _, ans in mine)
        total = sum(i.plan.family == fam for i in s.instances)
        print(f"| {fam} | {total} | {at} | {inside} | {secs} |")
    at_build = sum(i.status != "unknown" and lo <= (i.seconds or 0) <= hi for i in s.instances)
    by = {k: sum(i.status == k for i in s.instances) for k in ("sat", "unsat", "unknown")}
    cal = sum(c.seconds for c in s.calibrations)
    print(f"\n{len(s.instances)} instances ({by['sat']} sat, {by['unsat']} unsat, "
          f"{by['unknown']} unknown); in the band: {at_build} at build, {again} when re-solved")
    print(f"calibration {cal:.0f} s summed over the families ({a.workers or 1} at once), "
          f"within {build:.0f} s building the suite")
    print(f"goal (>= 100 instances in {lo:g}..{hi:g} s when re-solved): "
          f"{'met' if again >= 100 else 'not met'} ({again})")


if __name__ == "__main__":
    main()
