"""Hooks 8 end to end: satgrid's one incremental SAT model against the seed's method.

satgrid: ``api.load`` + ``api.solve(p, unique=True)`` (compile, solve with lazy
connectivity cuts, decode, verify with the independent checker, prove
uniqueness) -- what ``satgrid solve --unique`` does.

Baseline (the seed's formulation, our own code): enumerate the 4^(n-1) hook
layouts and, for each, build and solve one CP-SAT model of the number
placement with that layout fixed (numbers one per hook, AllDifferent; k
copies of k; 2x2 rule; equal region sums; givens; connectivity as a
single-commodity flow from a given filled cell). Running all 65 536 layouts
of Hooks 8 takes tens of minutes, so the baseline runs over a random sample
of layouts (fixed seed) for a capped time, and the per-layout mean is
extrapolated to all layouts. The extrapolated figure is labelled as such; the
measured part is printed beside it. Before the sample, the baseline model is
validated on the layout of satgrid's solution (it must find the same grid,
and no second one).

Usage::

    .venv/bin/python bench/bench_hooks.py [--seconds 60] [--layouts N]
        [--repeat 3] [--workers 1] [--instance instances/hooks-8.toml]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from _common import ROOT, have_ortools, instance, solve_unique
from satgrid import api
from satgrid.puzzles.hooks import check as check_hooks


# ------------------------------------------------------------------ layouts
def layout_from_index(n: int, index: int) -> list[list[int]]:
    """The layout (grid of hook sizes) of choice word ``index`` in 0..4^(n-1)-1.

    Bit 2(n-k) of ``index`` says hook k takes the top row of its square (else
    the bottom row), bit 2(n-k)+1 the left column (else the right one).
    """
    lay = [[0] * n for _ in range(n)]
    top, left = 0, 0
    for k in range(n, 1, -1):
        b = 2 * (n - k)
        t, l = (index >> b) & 1, (index >> (b + 1)) & 1
        row = top if t else top + k - 1
        col = left if l else left + k - 1
        for j in range(left, left + k):
            lay[row][j] = k
        for i in range(top, top + k):
            lay[i][col] = k
        top += t
        left += l
    lay[top][left] = 1
    return lay


# ----------------------------------------------------------------- baseline
class Baseline:
    """The seed's method: one CP-SAT solve of the number placement per fixed layout.

    The layout-independent part (numbers AllDifferent, k copies of k, 2x2,
    region sums, givens, connectivity as a single-commodity flow from a given
    cell or a chosen root) is built once; each layout clones it and adds its
    own part (a filled cell of hook h holds num[h]; no number above 2h - 1),
    so the per-layout Python overhead is small and the figure is mostly
    CP-SAT's own time.
    """

    def __init__(self, p, workers: int = 1):
        from ortools.sat.python import cp_model
        self.cp_model = cp_model
        self.p, self.workers = p, workers
        n = self.n = p.n
        N = n * (n + 1) // 2
        cells = self.cells = [(i, j) for i in range(n) for j in range(n)]
        md = self.base = cp_model.CpModel()
        num = {k: md.NewIntVar(1, min(n, 2 * k - 1), f"num{k}") for k in range(1, n + 1)}
        if p.numbers == "size":
            for k in range(1, n + 1):
                md.Add(num[k] == k)
        md.AddAllDifferent(list(num.values()))
        b = {(c, m): md.NewBoolVar(f"b{c}{m}") for c in cells for m in range(1, n + 1)}
        f = {}
        for c in cells:
            f[c] = md.NewBoolVar(f"f{c}")
            md.Add(sum(b[c, m] for m in range(1, n + 1)) == f[c])
        for m in range(1, n + 1):
            md.Add(sum(b[c, m] for c in cells) == m)
        for i in range(n - 1):
            for j in range(n - 1):
                md.Add(f[i, j] + f[i + 1, j] + f[i, j + 1] + f[i + 1, j + 1] <= 3)
        regions = p.region_cells()
        total = n * (n + 1) * (2 * n + 1) // 6
        self.impossible = total % len(regions) != 0
        if not self.impossible:
            for rc in regions.values():
                md.Add(sum(m * b[c, m] for c in rc for m in range(1, n + 1))
                       == total // len(regions))
        for i, row in enumerate(p.given):
            for j, v in enumerate(row):
                if v:
                    md.Add(b[(i, j), v] == 1)
        given = [(i, j) for i, row in enumerate(p.given) for j, v in enumerate(row) if v]
        r = {c: md.NewBoolVar(f"r{c}") for c in cells}
        if given:
            for c in cells:
                md.Add(r[c] == int(c == given[0]))
        else:
            md.AddExactlyOne(r.values())
            for c in cells:
                md.AddImplication(r[c], f[c])
        out = {c: [] for c in cells}
        inn = {c: [] for c in cells}
        for (i, j) in cells:
            for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                u = (i + d[0], j + d[1])
                if u in f:
                    a = md.NewIntVar(0, N, f"a{(i, j)}{u}")
                    md.Add(a <= N * f[u])
                    md.Add(a <= N * f[(i, j)])
                    out[(i, j)].append(a)
                    inn[u].append(a)
        for c in cells:
            md.Add(sum(out[c]) - sum(inn[c]) == N * r[c] - f[c])
        self.num = {k: v.Index() for k, v in num.items()}
        self.b = {key: v.Index() for key, v in b.items()}
        self.f = {c: v.Index() for c, v in f.items()}

    def solve(self, lay, exclude=None):
        """(grid or None, build seconds, CP-SAT seconds) for the fixed layout ``lay``.

        ``exclude``: a grid to forbid (to look for a second solution).
        """
        t0 = time.perf_counter()
        n = self.n
        if self.impossible:
            return None, time.perf_counter() - t0, 0.0
        md = self.base.Clone()
        bv = md.GetBoolVarFromProtoIndex
        num = {k: md.GetIntVarFromProtoIndex(i) for k, i in self.num.items()}
        for c in self.cells:
            h = lay[c[0]][c[1]]
            for m in range(1, n + 1):
                x = bv(self.b[c, m])
                if m > 2 * h - 1:
                    md.Add(x == 0)
                else:
                    md.Add(num[h] == m).OnlyEnforceIf(x)
        if exclude is not None:
            md.AddBoolOr([bv(self.b[c, exclude[c[0]][c[1]]]).Not() if exclude[c[0]][c[1]]
                          else bv(self.f[c]) for c in self.cells])
        solver = self.cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        t1 = time.perf_counter()
        st = solver.Solve(md)
        t2 = time.perf_counter()
        if st not in (self.cp_model.OPTIMAL, self.cp_model.FEASIBLE):
            return None, t1 - t0, t2 - t1
        grid = [[next((m for m in range(1, n + 1) if solver.Value(bv(self.b[(i, j), m]))), 0)
                 for j in range(n)] for i in range(n)]
        return grid, t1 - t0, t2 - t1


# --------------------------------------------------------------------- main
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instance", default=instance("hooks-8.toml"))
    ap.add_argument("--seconds", type=float, default=60.0, help="time cap of the baseline sample")
    ap.add_argument("--layouts", type=int, default=None, help="cap on sampled layouts")
    ap.add_argument("--repeat", type=int, default=3, help="satgrid runs (median reported)")
    ap.add_argument("--workers", type=int, default=1, help="CP-SAT workers (default 1, like one SAT solver)")
    a = ap.parse_args(argv)

    # ---- satgrid
    times, res = [], None
    for _ in range(a.repeat):
        p, res, seconds, _ = solve_unique(a.instance)
        times.append(seconds)
    t_sat = statistics.median(times)
    m = res["_model"]
    t0 = time.perf_counter()
    api.compile_puzzle(p)
    t_compile = time.perf_counter() - t0
    n = p.n
    nlay = 4 ** (n - 1)
    st = res["stats"]
    print(f"{p.label()} ({os.path.relpath(a.instance, ROOT)}): n = {n}, {nlay} layouts")
    print(f"satgrid solve --unique: {t_sat:.3f} s (median of {a.repeat}: "
          + ", ".join(f"{t:.3f}" for t in times) + f"; compile alone {t_compile:.3f} s)")
    print(f"  status {res['status']}, answer {res['answer']}, unique {res['unique']}, "
          f"checker: {'ok' if not p.check(res) else 'REJECTED'}")
    print(f"  lazy connectivity: {st['rounds']} CEGAR rounds, {st['cuts']} cuts; "
          f"{st['conflicts']} conflicts; {st['variables']} variables, {st['clauses']} clauses")
    print("  groups: " + "; ".join(f"{g} {s.variables}v/{s.clauses}c"
                                   for g, s in m.sizes().items()))
    print(p.render(res))

    # ---- baseline
    if not have_ortools():
        return 0
    base = Baseline(p, a.workers)
    t0 = time.perf_counter()
    g, _, _ = base.solve(res["hooks"])
    g2 = base.solve(res["hooks"], exclude=g)[0] if g is not None else None
    t_valid = time.perf_counter() - t0
    ok = (g == res["grid"] and g2 is None
          and check_hooks.check(g, res["hooks"], regions=p.regions, givens=p.given,
                                numbers=p.numbers) == [])
    print(f"baseline validated on the solution's layout: same grid {g == res['grid']}, "
          f"second solution {'none' if g2 is None else 'FOUND'} ({t_valid:.2f} s)"
          + ("" if ok else "  ** BASELINE MODEL DISAGREES **"))

    order = list(range(nlay))
    random.Random(2022).shuffle(order)
    done, feasible, per, solve_s = 0, 0, [], []
    t_start = time.perf_counter()
    for idx in order:
        if a.layouts is not None and done >= a.layouts:
            break
        if time.perf_counter() - t_start >= a.seconds:
            break
        t1 = time.perf_counter()
        lay = layout_from_index(n, idx)
        sol, _, s1 = base.solve(lay)
        if sol is not None:
            feasible += 1
            s1 += base.solve(lay, exclude=sol)[2]        # uniqueness within the layout
        per.append(time.perf_counter() - t1)
        solve_s.append(s1)
        done += 1
    t_meas = time.perf_counter() - t_start
    mean, mean_solve = statistics.fmean(per), statistics.fmean(solve_s)
    t_base, t_base_solve = mean * nlay, mean_solve * nlay
    print(f"baseline (CP-SAT, one solve per layout, {a.workers} worker(s)), MEASURED: "
          f"{done} of {nlay} layouts (random sample, seed 2022) in {t_meas:.1f} s: "
          f"{1000 * mean:.1f} ms/layout of which CP-SAT solve {1000 * mean_solve:.1f} ms "
          f"(median {1000 * statistics.median(solve_s):.1f}, max {1000 * max(solve_s):.1f}); "
          f"{feasible} feasible")
    print(f"baseline EXTRAPOLATED to all {nlay} layouts: {t_base:.0f} s ({t_base / 60:.1f} min) "
          f"end to end; {t_base_solve:.0f} s ({t_base_solve / 60:.1f} min) CP-SAT solve time alone")
    ratio, ratio_solve = t_base / t_sat, t_base_solve / t_sat
    print(f"ratio baseline (extrapolated) / satgrid: {ratio:.0f}x end to end, "
          f"{ratio_solve:.0f}x against CP-SAT solve time alone "
          f"(measured sample alone / satgrid: {t_meas / t_sat:.0f}x)")
    print(f"goals: {p.label()} under 5 s: {'met' if t_sat < 5 else 'MISSED'} ({t_sat:.2f} s); "
          f"at least 20x faster: {'met' if ratio_solve >= 20 else 'MISSED'} "
          f"({ratio_solve:.0f}x, the conservative figure)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
