"""Twenty Four Seven 2x2 #2 end to end: satgrid's SAT model against the seed's method.

satgrid: ``api.load`` + ``api.solve(p, unique=True)`` on the four-grid
instance (one Model with four independent sub-grids; compile, solve with lazy
connectivity cuts, decode, verify with the independent checker, prove the
4-tuple of grids unique) -- what ``satgrid solve --unique`` does. Repeated
``--repeat`` times; median and minimum of wall-clock seconds, and CPU seconds
of this process (the machine is shared; CPU time is less noisy).

Baseline (the seed's formulation, seed 002, our own code): one CP-SAT model
per grid, solved one after the other, as the seed's main.py did: 0/1 x[n,v]
(v = 0..7), exactly one value per cell, v copies of v, 4 numbers per row and
column summing to 20, at most 3 filled cells per 2x2 square, the edge clues
with the seed's big-M view constraints, the givens, and the seed's
*edge-count stand-in* for connectivity (edge variables y between adjacent
cells, 2*y <= filled(a) + filled(b), sum(y) = 27). That stand-in is not
connectivity; each CP-SAT grid is therefore also run through our checker and
the result printed. A second solve per grid with the found grid excluded
shows whether the seed's model has another solution (our uniqueness claim is
over the real rules). CP-SAT runs with its default parameters (num_workers
printed; this machine has 2 cores).

The goal of issue 21 (20x) is against the baseline as the seed runs it: its
first solution per grid. ``--quick``: 3 repeats, and the baseline without
its second solves (the uniqueness check, which only widens the margin).

Usage::

    .venv/bin/python bench/bench_twentyfourseven.py [--quick] [--repeat 5] [--no-baseline]
        [--compare] [--instance instances/twenty-four-seven-2x2-2.toml]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from _common import ROOT, cpsat_workers, have_ortools, instance, solve_unique
from satgrid import api
from satgrid.puzzles.twentyfourseven import check as checker


def stages(path: str, repeat: int) -> dict[str, float]:
    """Median CPU seconds of each stage of ``solve --unique`` (what api.solve does, split)."""
    rows = []
    for _ in range(repeat):
        c0 = time.process_time()
        [p] = api.load(path)
        m = api.compile_puzzle(p, api.Options())
        c1 = time.process_time()
        s = m.session()
        c2 = time.process_time()
        sol = m.solve()
        p.check(p.decode(sol))
        c3 = time.process_time()
        s.second_solution(m.over)
        c4 = time.process_time()
        rows.append((c1 - c0, c2 - c1, c3 - c2, c4 - c3))
    names = ("load + compile", "loading the solver", "solve (with lazy cuts)", "uniqueness")
    return {k: statistics.median(col) for k, col in zip(names, zip(*rows))}


def floor(path: str, repeat: int) -> tuple[float, int]:
    """The least any wrapper of this formula could take: a bare PySAT CaDiCaL
    1.9.5 given satgrid's finished clause list (rules, givens, and the cuts
    satgrid's CEGAR loop found, so no rounds), loaded through the fastest path
    there is (:func:`satgrid.core.solvers.load_clauses`, C-level adds), one solve,
    then one more with the solution blocked on the projection (the uniqueness
    proof). No Python compile, no decoding, no referee.

    Returns:
        (median wall seconds over ``repeat`` runs, conflicts of one run).
    """
    from pysat.solvers import Solver
    from satgrid.core.solvers import load_clauses
    [p] = api.load(path)
    res = api.solve(p, api.Options(), unique=True)
    m = res["_model"]
    clauses = [list(c) for c in m.formula.iter_clauses()] + m.session().added_clauses
    proj = m.projection
    walls, conflicts = [], 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        s = Solver(name="cadical195")
        load_clauses(s, clauses)
        assert s.solve()
        model = s.get_model()
        s.add_clause([-model[abs(l) - 1] for l in proj if model[abs(l) - 1] == l])
        assert not s.solve()                # unique: the blocked solution was the only one
        walls.append(time.perf_counter() - t0)
        conflicts = s.accum_stats()["conflicts"]
        s.delete()
    return statistics.median(walls), conflicts


_OTHER_TREE = """
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from satgrid import api
walls, cpus = [], []
for _ in range(int(sys.argv[3])):
    c0, t0 = time.process_time(), time.perf_counter()
    [p] = api.load(sys.argv[2])
    res = api.solve(p, api.Options(), unique=True)
    walls.append(time.perf_counter() - t0)
    cpus.append(time.process_time() - c0)
print(json.dumps([statistics.median(walls), statistics.median(cpus), res["answer"]]))
"""


def other_tree(rev: str, path: str, repeat: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds of ``solve --unique`` by the satgrid of commit
    ``rev`` (``git archive`` into a temporary folder, run in a subprocess)."""
    import json
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        arch = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True,
                              check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=arch, check=True)
        done = subprocess.run([sys.executable, "-c", _OTHER_TREE, tmp, path, str(repeat)],
                              capture_output=True, text=True, check=True)
    return tuple(json.loads(done.stdout))


# ----------------------------------------------------------------- baseline
def cpsat_seed_grid(n: int, givens, clues, exclude=None):
    """The seed's CP-SAT model of one grid: (status, grid, build s, solve s, workers)."""
    from ortools.sat.python import cp_model
    t0 = time.perf_counter()
    per_line = (n + 1) // 2
    line_sum = (n + 1) * (2 * n + 1) // 6
    model = cp_model.CpModel()
    nrange = range(n * n)
    vrange = range(n + 1)
    x = {(c, v): model.NewBoolVar(f"x[{c},{v}]") for c in nrange for v in vrange}
    for c in nrange:
        model.AddExactlyOne(x[c, v] for v in vrange)
    for v in vrange:
        if v > 0:
            model.Add(sum(x[c, v] for c in nrange) == v)
    ij = lambda i, j: i * n + j  # noqa: E731
    for i in range(n):
        model.Add(sum(x[ij(i, j), v] for v in vrange for j in range(n) if v > 0) == per_line)
        model.Add(sum(v * x[ij(i, j), v] for v in vrange for j in range(n)) == line_sum)
        model.Add(sum(x[ij(j, i), v] for v in vrange for j in range(n) if v > 0) == per_line)
        model.Add(sum(v * x[ij(j, i), v] for v in vrange for j in range(n)) == line_sum)
    for i in range(n - 1):
        for j in range(n - 1):
            model.Add(sum(x[ij(i + a, j + b), v] for a in (0, 1) for b in (0, 1)
                          for v in vrange if v > 0) <= 3)
    # views, big-M as the seed: v_before <= M * vt_before for the prefix before j
    M = 10
    for side, vals in clues.items():
        for it, vt in enumerate(vals):
            if not vt:
                continue
            for j in range(n):
                if side in ("left", "top"):
                    before = range(j)
                else:
                    before = range(j + 1, n)
                if side in ("top", "bottom"):
                    cell = lambda k: ij(k, it)  # noqa: E731
                else:
                    cell = lambda k: ij(it, k)  # noqa: E731
                vb = sum(x[cell(jp), v] for jp in before for v in vrange if v not in (0, vt))
                tb = sum(x[cell(jp), vt] for jp in before)
                model.Add(vb <= M * tb)
    # the seed's edge-count stand-in for connectivity
    y = []
    for i in range(n):
        for j in range(n - 1):
            for a, b in ((ij(i, j), ij(i, j + 1)), (ij(j, i), ij(j + 1, i))):
                e = model.NewBoolVar(f"y[{a},{b}]")
                model.Add(2 * e <= sum(x[a, v] + x[b, v] for v in vrange if v))
                y.append(e)
    nnz = n * (n + 1) // 2
    model.Add(sum(y) == nnz - 1)
    for r in range(n):
        for c in range(n):
            if givens[r][c]:
                model.Add(x[ij(r, c), givens[r][c]] == 1)
    if exclude is not None:
        model.AddBoolOr([x[ij(r, c), exclude[r][c]].Not() for r in range(n) for c in range(n)])
    solver = cp_model.CpSolver()
    t1 = time.perf_counter()
    st = solver.Solve(model)
    t2 = time.perf_counter()
    grid = None
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[next(v for v in vrange if solver.Value(x[ij(r, c), v])) for c in range(n)]
                for r in range(n)]
    return solver.StatusName(st), grid, t1 - t0, t2 - t1, solver.parameters.num_workers


def run_baseline(p, second: bool) -> tuple[float, float, float, list]:
    b_tot = s_tot = extra = 0.0
    grids = []
    for sub in p.grids:
        st, grid, b, s, workers = cpsat_seed_grid(p.size, sub.givens, sub.clues)
        b_tot += b
        s_tot += s
        line = (f"  {sub.name:13s} {st:10s} build {b:5.2f} s  solve {s:5.2f} s  "
                f"(num_workers={workers}: default, {cpsat_workers()} workers)")
        if grid is not None:
            problems = checker.check(grid, p.size, sub.givens, sub.clues)
            line += f"  checker: {'ok' if not problems else problems[0]}"
            if second:
                st2, g2, b2, s2, _ = cpsat_seed_grid(p.size, sub.givens, sub.clues, exclude=grid)
                extra += b2 + s2
                line += f"; second: {st2} (solve {s2:.2f} s)"
                if g2 is not None:
                    pr2 = checker.check(g2, p.size, sub.givens, sub.clues)
                    line += f", checker on it: {'ok' if not pr2 else pr2[0]}"
        grids.append(grid)
        print(line, flush=True)
    return b_tot, s_tot, extra, grids


# ------------------------------------------------------------- brute force
def brute_force(n: int) -> tuple[int, list]:
    """Exhaustive plain-Python search of the empty n x n grid (no SAT).

    Rows are drawn from every placement of (n+1)/2 numbers summing to the line
    sum; partial grids are cut on column counts/sums, value counts and full
    2x2 squares; complete grids are judged by the independent checker.

    Returns:
        (grids meeting counts, lines and the 2x2 rule, the fully valid grids).
    """
    import itertools
    k, S = checker.line_rules(n)
    rows = []
    for pos in itertools.combinations(range(n), k):
        for vals in itertools.product(range(1, n + 1), repeat=k):
            if sum(vals) == S:
                r = [0] * n
                for j, v in zip(pos, vals):
                    r[j] = v
                rows.append(r)
    valid, near = [], [0]

    def rec(grid, colcnt, colsum, cnt):
        if len(grid) == n:
            if all(c == k for c in colcnt) and all(cnt[v] == v for v in range(1, n + 1)):
                near[0] += 1
                if not checker.check(grid, n):
                    valid.append([r[:] for r in grid])
            return
        for r in rows:
            if any(r[j] and (colcnt[j] == k or colsum[j] + r[j] > S) for j in range(n)):
                continue
            c2 = cnt[:]
            for v in r:
                c2[v] += 1
            if any(c2[v] > v for v in range(1, n + 1)):
                continue
            if grid and any(grid[-1][j] and grid[-1][j + 1] and r[j] and r[j + 1]
                            for j in range(n - 1)):
                continue
            grid.append(r)
            rec(grid, [colcnt[j] + (r[j] > 0) for j in range(n)],
                [colsum[j] + r[j] for j in range(n)], c2)
            grid.pop()

    rec([], [0] * n, [0] * n, [0] * (n + 1))
    return near[0], valid


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--instance", default=instance("twenty-four-seven-2x2-2.toml"))
    ap.add_argument("--repeat", type=int, default=None, help="runs of satgrid (5; --quick 3)")
    ap.add_argument("--quick", action="store_true",
                    help="3 runs, and the baseline's first solutions only")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--baseline-rev", default="c1e003e",
                    help="also time the satgrid of this commit, same instance, same run "
                         "(default: the commit before issue 21's compile-and-load work; "
                         "'' to skip)")
    ap.add_argument("--brute", type=int, metavar="N",
                    help="only: exhaustive plain-Python search of the empty N x N grid "
                         "(N = 5 takes minutes), compared with satgrid's count")
    ap.add_argument("--compare", action="store_true",
                    help="compare card/pb encodings and eager connectivity")
    a = ap.parse_args(argv)
    a.repeat = a.repeat or (3 if a.quick else 5)
    if a.brute:
        t0 = time.perf_counter()
        near, valid = brute_force(a.brute)
        t1 = time.perf_counter()
        [p] = api.loads(f'puzzle = "twenty-four-seven"\nsize = {a.brute}\n', f"size-{a.brute}")
        c = api.count(p)
        print(f"size {a.brute}: brute force {t1 - t0:.1f} s: {near} grids meet counts, lines "
              f"and 2x2; {len(valid)} are also connected. satgrid count: {c['count']} "
              f"(complete={c['complete']}, {time.perf_counter() - t1:.2f} s)")
        return 0 if c["count"] == len(valid) else 1
    print(f"instance: {os.path.relpath(a.instance, ROOT)}   (cores: {os.cpu_count()})")
    walls, cpus = [], []
    for _ in range(a.repeat):
        _, res, wall, cpu = solve_unique(a.instance)
        walls.append(wall)
        cpus.append(cpu)
    st = res["stats"]
    print(f"satgrid  solve --unique: status {res['status']}, answer {res['answer']}, "
          f"unique {res['unique']}, checker ok; variables {st['variables']}, clauses "
          f"{st['clauses']}, rounds {st['rounds']}, cuts {st.get('cuts')}, "
          f"conflicts {st.get('conflicts')}")
    med = statistics.median(walls)
    print(f"satgrid  end to end: median {med:.3f} s, min {min(walls):.3f} s wall; "
          f"median {statistics.median(cpus):.3f} s CPU ({len(walls)} runs)")
    print("  stages (median CPU s): " + ", ".join(
        f"{k} {v:.3f}" for k, v in stages(a.instance, a.repeat).items()))
    fl, fc = floor(a.instance, a.repeat)
    print(f"floor: a bare CaDiCaL given satgrid's finished formula (every cut up front), "
          f"loaded in C, solve + blocked re-solve: median {fl:.3f} s wall ({fc} conflicts); "
          f"satgrid / floor {med / fl:.2f}x")
    if a.baseline_rev:
        ow, oc, oans = other_tree(a.baseline_rev, a.instance, a.repeat)
        print(f"satgrid {a.baseline_rev} (same run): median {ow:.3f} s wall, {oc:.3f} s CPU, "
              f"answer {oans}; ratio {ow / med:.2f}x wall, "
              f"{oc / statistics.median(cpus):.2f}x CPU")
    m = res["_model"]
    print("  model size per group (variables / clauses / literals):")
    for g, s in m.sizes().items():
        print(f"    {g:34s} {s.variables:8d} {s.clauses:9d} {s.literals:10d}")
    if a.compare:
        variants = [dict(card=c) for c in ("seqcounter-knuth", "seqcounter", "totalizer", "cardnetwork")]
        variants += [dict(pb=b) for b in ("swc", "gtotalizer")]
        variants += [dict(connectivity="eager")]
        for v in variants:
            ws = []
            for _ in range(a.repeat):
                _, r, wall, _ = solve_unique(a.instance, api.Options(**v))
                ws.append(wall)
            mm = r["_model"]
            print(f"    {str(v):24s} (amo={mm.amo}, card={mm.card}, pb={mm.pb}) "
                  f"median {statistics.median(ws):.3f} s  clauses {r['stats']['clauses']:7d}  "
                  f"answer {r['answer']} unique {r['unique']}", flush=True)
    if a.no_baseline:
        return 0
    if not have_ortools():
        return 0
    [p] = api.load(a.instance)
    print("baseline (seed 002 formulation, CP-SAT, one model per grid, edge-count stand-in):",
          flush=True)
    b, s, extra, grids = run_baseline(p, second=not a.quick)
    print(f"baseline first solutions (no uniqueness): build {b:.2f} s + CP-SAT {s:.2f} s "
          f"= {b + s:.2f} s")
    if all(g is not None for g in grids):
        print(f"baseline answer from its grids: {checker.answer_2x2(grids)}")
    if not a.quick:
        print(f"baseline with its uniqueness check (a second solve per grid, found grid "
              f"excluded), like satgrid's --unique: {b + s + extra:.2f} s; ratio "
              f"{(b + s + extra) / med:.1f}x")
    ratio = (b + s) / med
    print(f"20x needs satgrid at or below {(b + s) / 20:.3f} s; the floor above (no compile, "
          f"no decode, no referee) is {fl:.3f} s, {(b + s) / fl:.1f}x the baseline")
    print(f"goal 20x (issue 21): the baseline's first solutions, as the seed runs it, / "
          f"satgrid's solve --unique: {'met' if ratio >= 20 else 'NOT met'} ({ratio:.1f}x "
          f"wall); CP-SAT solve alone / satgrid: {s / med:.1f}x")
    print(f"seed figure on this machine (README of the task): 1.4 s; ratio {1.4 / med:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
