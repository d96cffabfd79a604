"""Sudoku throughput: satgrid's incremental session against OR-tools CP-SAT.

Usage:  .venv/bin/python bench/bench_sudoku.py [--rounds R] [--solver NAME] [--profile]

Data: the third-party sets in ../shared/benchmarks (override the folder with
the environment variable SATGRID_BENCHMARKS); read from there, never copied.

Part 1, top95 (Norvig's hard set), each puzzle solved, decoded, checked by the
independent checker and compared with the published solution:

  satgrid fast path  -- the rules compiled once (Sudoku.build on a Model, the
                        model's default at-most-one encoding), one Session;
                        each puzzle = its givens as assumptions, one
                        Session.solve, decode straight from the model list
                        (the literal table: one slice and max() per cell),
                        check_sudoku.check. Parsing is timed separately.
  satgrid pipeline   -- api.solve_collection(puzzles): the same session
                        machinery through the public pipeline (Solution
                        objects, result dicts, stats per puzzle).
  CP-SAT baseline    -- the seed's 0/1 formulation (729 Booleans x[r,c,v],
                        324 "sum == 1" rows: cell, row-value, column-value,
                        box-value; givens fixed to 1), our own code of it,
                        a fresh model per puzzle as in the seed, 1 worker;
                        decoded and checked the same way.

The first pass over the set in a fresh session is the headline figure (the
least of --trials fresh sessions, to damp the noise of a shared machine); a
warm solver has learnt clauses from the same puzzles, so later passes are
printed too, marked "warm", but not used for the goal. The pipeline figure
includes compiling the rules once.
Goal: at least 5,000 puzzles per second for the satgrid fast path.

Part 2, the other 9x9 sets (hardest, royle17, plb20, named) in the same way.
Part 3, 16x16 and 25x25 puzzles with published solutions: compile, solve,
decode, check; uniqueness proved; with the pairwise and the product
at-most-one encodings (pairwise makes 750k clauses at 25x25).

Finally, where the time of the fast path goes, stage by stage, beside the same
SAT calls made on a bare PySAT solver (the floor for any wrapper).

Wall-clock seconds on this machine (shared, 2 cores): compare ratios.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

from _common import have_ortools
from satgrid import api
from satgrid.modelling.model import Model, Solution
from satgrid.core.solvers import DEFAULT_SOLVER
from satgrid.puzzles.sudoku import Sudoku, format_line, parse_text
from satgrid.puzzles.sudoku import check as check_sudoku

GOAL = 5000


def benchmarks_dir() -> Path:
    env = os.environ.get("SATGRID_BENCHMARKS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "benchmarks"


def read_set(folder: Path, name: str):
    txt, sol = folder / f"{name}.txt", folder / f"{name}.solutions"
    if not txt.exists():
        return None, None
    puzzles = api.load(str(txt))
    solutions = None
    if sol.exists():
        solutions = [l.strip() for l in sol.read_text().splitlines()
                     if l.strip() and not l.startswith("#")]
    return puzzles, solutions


# ---------------------------------------------------------------- satgrid
class FastSudoku:
    """The rules compiled once; puzzles solved as assumptions on one Session."""

    def __init__(self, n=9, box=(3, 3), solver=DEFAULT_SOLVER, amo=None, tuned=True):
        self.model = Model(amo=amo)
        self.proto = Sudoku([[0] * n for _ in range(n)], box)
        self.proto.build(self.model)
        self.table = self.proto.table(self.model)
        # the options the pipeline uses: the kind's tuning (CaDiCaL: chrono=0)
        self.options = api.solver_options(self.proto, api.Options(solver=solver)) if tuned else {}
        self.session = self.model.session(solver, options=self.options)
        n3 = n * n
        # literal of (cell, value) in one flat list: lit[cell * n + v - 1]
        self.lit = [l for ls in self.table.lits for l in ls]
        self.n, self.box, self.n3 = n, box, n3

    def assumptions(self, grid):
        n, lit = self.n, self.lit
        return [lit[(r * n + c) * n + v - 1] for r, row in enumerate(grid)
                for c, v in enumerate(row) if v]

    def solve(self, grid):
        """(status, decoded grid or None, problems)."""
        s = self.session
        status = s.solve(self.assumptions(grid))
        if status != "sat":
            return status, None, []
        g = self.table.grid(s.model)
        return status, g, check_sudoku.check(g, self.box, grid)


def solution_grids(puzzles, solutions):
    """The published solutions as grids (parsed before the clock starts)."""
    if not solutions:
        return None
    return [parse_text(s, "solutions")[0].grid for s in solutions]


def run_fast(fast, puzzles, want):
    t0 = time.perf_counter()
    bad = 0
    for i, p in enumerate(puzzles):
        status, g, problems = fast.solve(p.grid)
        if status != "sat" or problems or (want and g != want[i]):
            bad += 1
    return time.perf_counter() - t0, bad


def run_pipeline(puzzles, solutions, solver):
    t0 = time.perf_counter()
    bad = 0
    for i, r in enumerate(api.solve_collection(puzzles, api.Options(solver=solver))):
        if r["status"] != "sat" or (solutions and format_line(r["grid"]) != solutions[i]):
            bad += 1
    return time.perf_counter() - t0, bad


# ---------------------------------------------------------------- CP-SAT
def cpsat_solve(grid, box):
    """The seed's 0/1 program in CP-SAT: x[r][c][v] in {0,1}, every row of the
    constraint matrix a "sum == 1" (cell; row-value; column-value; box-value),
    givens x = 1. Returns the decoded grid or None."""
    from ortools.sat.python import cp_model
    n = len(grid)
    h, w = box
    m = cp_model.CpModel()
    x = [[[m.NewBoolVar("") for _ in range(n)] for _ in range(n)] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            m.AddExactlyOne(x[r][c])
    for v in range(n):
        for r in range(n):
            m.AddExactlyOne([x[r][c][v] for c in range(n)])
        for c in range(n):
            m.AddExactlyOne([x[r][c][v] for r in range(n)])
        for br in range(0, n, h):
            for bc in range(0, n, w):
                m.AddExactlyOne([x[br + i][bc + j][v] for i in range(h) for j in range(w)])
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                m.Add(x[r][c][grid[r][c] - 1] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    st = solver.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[next(v + 1 for v in range(n) if solver.BooleanValue(x[r][c][v])) for c in range(n)]
            for r in range(n)]


def run_cpsat(puzzles, solutions):
    t0 = time.perf_counter()
    bad = 0
    for i, p in enumerate(puzzles):
        g = cpsat_solve(p.grid, p.box)
        if g is None or check_sudoku.check(g, p.box, p.grid) or (
                solutions and format_line(g) != solutions[i]):
            bad += 1
    return time.perf_counter() - t0, bad


def breakdown(puzzles, solver, trials=3):
    """Microseconds per puzzle in each stage of the fast path (fresh session,
    first pass), and the same SAT calls made on a bare PySAT solver loaded
    with the same clauses; each the least of ``trials`` runs, alternated, to
    damp the noise of a shared machine."""
    from pysat.solvers import Solver as PySolver
    clock = time.perf_counter
    grids = [p.grid for p in puzzles]
    k = len(grids)
    best: dict[str, float] = {}
    for _ in range(trials):
        fast = FastSudoku(solver=solver)
        s = fast.session
        t = dict.fromkeys(("assumptions", "Session.solve", "decode", "check"), 0.0)
        for g in grids:
            t0 = clock()
            a = fast.assumptions(g)
            t1 = clock()
            s.solve(a)
            t2 = clock()
            d = fast.table.grid(s.model)
            t3 = clock()
            check_sudoku.check(d, fast.box, g)
            t4 = clock()
            t["assumptions"] += t1 - t0
            t["Session.solve"] += t2 - t1
            t["decode"] += t3 - t2
            t["check"] += t4 - t3
        A = [fast.assumptions(g) for g in grids]
        bare = PySolver(name=solver)
        if fast.options:
            bare.configure(fast.options)
        bare.append_formula(fast.model.formula.iter_clauses())
        t["bare solve + get_model"] = 0.0
        t0 = clock()
        for a in A:
            bare.solve(assumptions=a)
            bare.get_model()
        t["bare solve + get_model"] = clock() - t0
        bare.delete()
        for name, v in t.items():
            best[name] = min(best.get(name, v), v)
    return {name: v / k * 1e6 for name, v in best.items()}


# ------------------------------------------------------------------ report
def rate(k, seconds):
    return k / seconds if seconds > 0 else float("inf")


def part_sets(folder, names, args, cpsat):
    print(f"{'set':<22}{'puzzles':>8}  {'method':<28}{'seconds':>9}{'puzzles/s':>11}{'wrong':>7}")
    figures = {}
    for name in names:
        puzzles, solutions = read_set(folder, name)
        if puzzles is None:
            print(f"{name:<22}  (missing: {folder / (name + '.txt')})")
            continue
        k = len(puzzles)
        t0 = time.perf_counter()
        api.load(str(folder / f"{name}.txt"))
        parse = time.perf_counter() - t0
        want = solution_grids(puzzles, solutions)
        rows = []
        cold = []
        for _ in range(args.trials):          # fresh sessions: the cold first pass
            t0 = time.perf_counter()
            fast = FastSudoku(solver=args.solver)
            compile_s = time.perf_counter() - t0
            cold.append(run_fast(fast, puzzles, want))
        sec, bad = min(cold)
        rows.append(("satgrid fast path", sec, max(b for _, b in cold)))
        figures[name] = {"satgrid": rate(k, sec)}
        for rnd in range(1, args.rounds):     # the last session again: warm
            sec, bad = run_fast(fast, puzzles, want)
            rows.append((f"satgrid fast path (warm {rnd + 1})", sec, bad))
        if fast.options:                      # what the kind's tuning is worth
            plain = [run_fast(FastSudoku(solver=args.solver, tuned=False), puzzles, want)
                     for _ in range(args.trials)]
            sec, bad = min(plain)
            rows.append(("  same, solver defaults", sec, max(b for _, b in plain)))
            figures[name]["untuned"] = rate(k, sec)
        pipe = [run_pipeline(puzzles, solutions, args.solver) for _ in range(args.trials)]
        sec, bad = min(pipe)
        rows.append(("satgrid api.solve_collection", sec, max(b for _, b in pipe)))
        figures[name]["pipeline"] = rate(k, sec)
        if cpsat:
            sec, bad = run_cpsat(puzzles, solutions)
            rows.append(("CP-SAT 0/1 (seed), 1 worker", sec, bad))
            figures[name]["cpsat"] = rate(k, sec)
        for label, sec, bad in rows:
            print(f"{name:<22}{k:>8}  {label:<28}{sec:>9.4f}{rate(k, sec):>11.0f}{bad:>7}")
        print(f"{'':<22}{'':>8}  (parse {parse * 1e3:.1f} ms = {parse / k * 1e6:.0f} us/puzzle, "
              f"compile rules + load session once {compile_s * 1e3:.1f} ms)")
    return figures


def part_big(folder, args):
    files = sorted(folder.glob("sudoku-16x16-*.toml")) + sorted(folder.glob("sudoku-25x25-*.toml"))
    if not files:
        print(f"(no 16x16/25x25 files in {folder})")
        return
    print("compile = build the model (givens as units) and load the session; solve = one SAT call;")
    print("decode+check; unique = proof that no other solution exists; api.solve = the whole")
    print("pipeline with --unique (compile included); CP-SAT = the 0/1 baseline, 1 worker.")
    print("amo = the at-most-one encoding (pairwise: n^2 binaries per constraint; product: ~2n*sqrt(n)).")
    print(f"{'file':<22}{'amo':>9}{'givens':>7}{'vars':>8}{'clauses':>9}{'compile':>9}{'solve':>8}"
          f"{'decode':>8}{'unique':>8}{'api.solve':>10}{'CP-SAT':>8}  result")
    cpsat = have_ortools(say=False)
    for f, amo in [(f, amo) for f in files for amo in ("pairwise", "product")]:
        [p] = api.load(str(f))
        t0 = time.perf_counter()
        o = api.Options(solver=args.solver, amo=amo)
        m = api.compile_puzzle(p, o)
        s = m.session(args.solver, options=api.solver_options(p, o))
        t1 = time.perf_counter()
        status = s.solve()
        t2 = time.perf_counter()
        decoded = p.decode(Solution(s.model)) if status == "sat" else None
        ok = decoded is not None and not p.check(decoded) and decoded["grid"] == p.expected_solution()
        t3 = time.perf_counter()
        unique = m.is_unique()
        t4 = time.perf_counter()
        r = api.solve(p, api.Options(solver=args.solver, amo=amo), unique=True)
        t5 = time.perf_counter()
        ok = ok and r["grid"] == p.expected_solution() and r["unique"] is True
        cp = ""
        if cpsat and amo == "pairwise":
            c0 = time.perf_counter()
            g = cpsat_solve(p.grid, p.box)
            cp = f"{time.perf_counter() - c0:8.3f}"
            ok = ok and g == p.expected_solution()
        givens = sum(1 for row in p.grid for v in row if v)
        print(f"{f.name:<22}{amo:>9}{givens:>7}{m.formula.nvars:>8}{m.formula.nclauses:>9}"
              f"{t1 - t0:>9.3f}{t2 - t1:>8.3f}{t3 - t2:>8.3f}{t4 - t3:>8.3f}{t5 - t4:>10.3f}"
              f"{cp:>8}  {'published solution, unique' if ok and unique else 'MISMATCH'}")


def profile(folder, args):
    puzzles, solutions = read_set(folder, "sudoku-top95")
    fast = FastSudoku(solver=args.solver)
    pr = cProfile.Profile()
    pr.enable()
    want = solution_grids(puzzles, solutions)
    for _ in range(3):
        run_fast(fast, puzzles, want)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(14)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3, help="passes over each set (first = cold)")
    ap.add_argument("--trials", type=int, default=3,
                    help="fresh sessions per cold measurement (the least time is shown)")
    ap.add_argument("--solver", default=DEFAULT_SOLVER)
    ap.add_argument("--profile", action="store_true", help="cProfile the fast path on top95")
    args = ap.parse_args(argv)
    folder = benchmarks_dir()
    if not (folder / "sudoku-top95.txt").exists():
        print(f"benchmark data not found in {folder} (set SATGRID_BENCHMARKS)")
        return 0
    if args.profile:
        profile(folder, args)
        return 0
    cpsat = have_ortools(say=False)
    tuning = FastSudoku(solver=args.solver).options
    print(f"satgrid sudoku benchmark; solver {args.solver}; "
          f"options {tuning or 'none'} (the sudoku kind's tuning); data {folder}")
    if not cpsat:
        print("(ortools not installed: CP-SAT baseline skipped; pip install '.[bench]')")
    print("\n== Part 1: top95 ==")
    fig = part_sets(folder, ["sudoku-top95"], args, cpsat)
    print("\n== Part 2: other 9x9 sets ==")
    part_sets(folder, ["sudoku-hardest", "sudoku-royle17-first20", "sudoku-plb20",
                       "sudoku-named"], args, cpsat)
    print("\n== Part 3: 16x16 and 25x25 (seconds) ==")
    part_big(folder, args)
    top = fig.get("sudoku-top95")
    if top:
        puzzles, _ = read_set(folder, "sudoku-top95")
        us = breakdown(puzzles, args.solver)
        print("\n== Where the time goes (top95, fresh session, microseconds per puzzle, "
              "least of 3 runs) ==")
        for name in ("assumptions", "Session.solve", "decode", "check"):
            print(f"  {name:<16}{us[name]:8.1f}")
        total = sum(us[n] for n in ("assumptions", "Session.solve", "decode", "check"))
        print(f"  {'total':<16}{total:8.1f}   (= {1e6 / total:.0f} puzzles/s)")
        floor = us["bare solve + get_model"]
        print(f"  the same calls on a bare PySAT solver (solve + get_model): {floor:.1f} "
              f"(ceiling {1e6 / floor:.0f} puzzles/s);")
        print(f"  Session.solve adds {us['Session.solve'] - floor:.1f} over the bare calls")
        print("\n== Summary (top95, first pass) ==")
        if "untuned" in top:
            print(f"the kind's solver tuning {tuning}: {top['satgrid']:.0f} against "
                  f"{top['untuned']:.0f} puzzles/s with the solver's defaults "
                  f"({top['satgrid'] / top['untuned']:.2f}x)")
        print(f"satgrid fast path: {top['satgrid']:.0f} puzzles/s; "
              f"pipeline (api.solve_collection): {top['pipeline']:.0f} puzzles/s")
        if "cpsat" in top:
            print(f"CP-SAT 0/1 baseline: {top['cpsat']:.0f} puzzles/s; "
                  f"satgrid / CP-SAT = {top['satgrid'] / top['cpsat']:.1f}x")
        print(f"goal {GOAL} puzzles/s: {'met' if top['satgrid'] >= GOAL else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
