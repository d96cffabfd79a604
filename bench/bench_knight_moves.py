"""Knight Moves 4 end to end: satgrid's one incremental SAT model against the seed's method.

satgrid: ``api.load`` + ``api.solve(p, unique=True)`` (compile, solve, decode,
verify with the independent checker, prove uniqueness) -- what
``satgrid solve --unique`` does. Repeated ``--repeat`` times; the median is
reported beside the minimum.

Baseline (the seed's formulation, seed 000, our own code): one CP-SAT model
of 0/1 variables x[n,v] (cell n holds value v, v = 0..N^2, 0 = empty) per
candidate region sum, exactly as the seed wrote it: exactly one value per
cell, at most one cell per value, "v+1 is a knight's move from v" as
``sum(x[i,v+1] : i not a knight's move from n) <= 1 - x[n,v]``, "v exists ->
v-1 exists", the givens, and every region summing to the candidate sum. The
candidate sums are the seed's: L from the largest given to N^2 with
L(L+1)/2 divisible by the number of regions, S = L(L+1)/(2R). The baseline
solves every candidate (a uniqueness claim needs all of them; each
feasible candidate is re-solved with the found grid excluded, like our
``--unique``), and reports build and solve time separately. CP-SAT runs with
its default parameters (num_workers printed; this machine has 2 cores).

Also printed: satgrid's model size per constraint group, and the region-sum
encodings compared (build/solve/unique per PB method) with ``--compare``.

Usage::

    .venv/bin/python bench/bench_knight_moves.py [--repeat 3] [--compare]
        [--no-baseline] [--instance instances/knight-moves-4.toml]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from _common import ROOT, cpsat_workers, have_ortools, instance, solve_unique
from satgrid import api
from satgrid.puzzles.knight_moves import check as check_knight_moves


# ----------------------------------------------------------------- baseline
def seed_candidates(p) -> list[int]:
    """The seed's candidate sums: L >= largest given, L <= cells, R | L(L+1)/2."""
    n = p.rows * p.cols
    R = len({t for row in p.regions for t in row})
    lmin = max([1] + [v for row in p.grid_givens for v in row])
    return [L * (L + 1) // (2 * R) for L in range(lmin, n + 1) if (L * (L + 1)) % (2 * R) == 0]


def cpsat_seed(p, target: int, exclude=None, time_limit: float | None = None):
    """(status name, grid or None, build s, solve s, workers) of the seed's model for one sum."""
    from ortools.sat.python import cp_model
    t0 = time.perf_counter()
    rows, cols = p.rows, p.cols
    N2 = rows * cols
    nrange = range(N2)
    vrange = range(N2 + 1)
    knight = [[0] * N2 for _ in nrange]
    for n1 in nrange:
        i1, j1 = divmod(n1, cols)
        for n2 in nrange:
            i2, j2 = divmod(n2, cols)
            di, dj = abs(i2 - i1), abs(j2 - j1)
            knight[n1][n2] = int((di, dj) in ((1, 2), (2, 1)))
    model = cp_model.CpModel()
    x = {(n, v): model.NewBoolVar(f"x[{n},{v}]") for n in nrange for v in vrange}
    for n in nrange:
        model.AddExactlyOne(x[n, v] for v in vrange)
    for v in vrange:
        if v > 0:
            model.AddAtMostOne(x[n, v] for n in nrange)
    for n in nrange:
        nn = [i for i in nrange if i != n and not knight[i][n]]
        for v in vrange:
            if 1 <= v <= N2 - 1:
                model.Add(sum(x[i, v + 1] for i in nn) <= 1 - x[n, v])
            if 2 <= v <= N2:
                model.Add(sum(x[i, v - 1] for i in nrange) >= x[n, v])
    for r in range(rows):
        for c in range(cols):
            if p.grid_givens[r][c]:
                model.Add(x[r * cols + c, p.grid_givens[r][c]] == 1)
    for g in sorted({t for row in p.regions for t in row}):
        model.Add(sum(v * x[n, v] for n in nrange for v in vrange
                      if p.regions[n // cols][n % cols] == g) == target)
    if exclude is not None:
        model.AddBoolOr([x[n, exclude[n // cols][n % cols]].Not() for n in nrange])
    solver = cp_model.CpSolver()
    if time_limit:
        solver.parameters.max_time_in_seconds = time_limit
    t1 = time.perf_counter()
    st = solver.Solve(model)
    t2 = time.perf_counter()
    grid = None
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[next(v for v in vrange if solver.Value(x[r * cols + c, v]))
                 for c in range(cols)] for r in range(rows)]
    return solver.StatusName(st), grid, t1 - t0, t2 - t1, solver.parameters.num_workers


def run_baseline(p, time_limit: float | None = None) -> tuple[float, float, list, list]:
    total_build = total_solve = 0.0
    found = []
    per = []   # (S, build + solve of the first solve)
    for S in seed_candidates(p):
        st, grid, b, s, workers = cpsat_seed(p, S, time_limit=time_limit)
        total_build += b
        total_solve += s
        per.append((S, b + s, grid is not None))
        line = (f"  sum {S:4d}: {st:10s} build {b:6.2f} s  solve {s:6.2f} s  "
                f"(num_workers={workers}: default, {cpsat_workers()} workers)")
        if grid is not None:
            problems = check_knight_moves.check(grid, p.regions, p.grid_givens)
            st2, _, b2, s2, _ = cpsat_seed(p, S, exclude=grid, time_limit=time_limit)
            total_build += b2
            total_solve += s2
            found.append((S, grid, problems, st2))
            line += (f"  answer {check_knight_moves.answer(grid)}, checker "
                     f"{'ok' if not problems else problems[0]}; second: {st2} "
                     f"(build {b2:.2f} s, solve {s2:.2f} s)")
        print(line, flush=True)
    return total_build, total_solve, found, per


# ---------------------------------------------------------------------- main
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--instance", default=instance("knight-moves-4.toml"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compare", action="store_true", help="compare the PB encodings")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--cp-time-limit", type=float, default=None,
                    help="seconds per CP-SAT solve (default: none)")
    a = ap.parse_args(argv)
    print(f"instance: {os.path.relpath(a.instance, ROOT)}   (cores: {os.cpu_count()})")
    times = []
    for _ in range(a.repeat):
        _, res, sec, _ = solve_unique(a.instance)
        times.append(sec)
    st = res["stats"]
    print(f"satgrid  solve --unique: status {res['status']}, answer {res['answer']}, "
          f"unique {res['unique']}, checker ok; variables {st['variables']}, "
          f"clauses {st['clauses']}, conflicts {st.get('conflicts')}")
    print(f"satgrid  end to end: median {statistics.median(times):.3f} s, "
          f"min {min(times):.3f} s over {len(times)} runs")
    m = res["_model"]
    print("  model size per group (variables / clauses / literals):")
    for g, s in m.sizes().items():
        print(f"    {g:28s} {s.variables:8d} {s.clauses:9d} {s.literals:10d}")
    if a.compare:
        from satgrid.core.encodings import PB_METHODS
        print("  region-sum PB encodings (end to end, median of repeats):")
        for pb in PB_METHODS:
            ts = []
            for _ in range(a.repeat):
                _, r, sec, _ = solve_unique(a.instance, api.Options(pb=pb))
                ts.append(sec)
            print(f"    pb={pb:12s} {statistics.median(ts):7.3f} s  "
                  f"clauses {r['stats']['clauses']:8d}"
                  f"  answer {r['answer']} unique {r['unique']}", flush=True)
    if a.no_baseline:
        return 0
    if not have_ortools():
        return 0
    [p] = api.load(a.instance)
    print(f"baseline (seed 000 formulation, CP-SAT, one model per candidate sum "
          f"{seed_candidates(p)}):", flush=True)
    b, s, found, per = run_baseline(p, a.cp_time_limit)
    med = statistics.median(times)
    print(f"baseline, every candidate sum (+ a second solve where feasible), as needed for "
          f"a complete answer with uniqueness: {b + s:.2f} s (build {b:.2f} s + CP-SAT "
          f"{s:.2f} s); solutions: {[(S, check_knight_moves.answer(g)) for S, g, _, _ in found]}")
    print(f"  ratio baseline / satgrid: {(b + s) / med:.1f}x end to end "
          f"(CP-SAT solve time alone / satgrid: {s / med:.1f}x)")
    upto = 0.0
    for S, sec, feasible in per:
        upto += sec
        if feasible:
            print(f"baseline up to the first feasible sum ({S}), no uniqueness: {upto:.2f} s; "
                  f"ratio {upto / med:.1f}x")
            print(f"baseline of the notebook (sum {S} hard-coded, one solve): {sec:.2f} s; "
                  f"ratio {sec / med:.1f}x")
            break
    print(f"seed figure on this machine (README of the task): 7.6 s; ratio {7.6 / med:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
