"""Per-puzzle overhead of a collection: satgrid's pipeline against a bare PySAT solver.

Usage:  .venv/bin/python bench/bench_collection_overhead.py [--quick] [--count N]
            [--trials T] [--chunk K] [--solver NAME] [--profile] [--instructions]

The puzzles: relabelled and permuted variants of the hard 9x9 sets in
../shared/benchmarks (top95, hardest, royle17-first20, plb20, named; override
the folder with the environment variable SATGRID_BENCHMARKS), made
deterministically: a digit relabelling, a permutation of the bands, of the
rows inside each band, of the stacks, of the columns inside each stack, and a
transposition, each drawn from ``random.Random(SEED)``. A variant equal to an
original or to an earlier variant is drawn again, so the solver never sees a
puzzle twice: no learned clause from an earlier identical puzzle helps either
side. The published solution of each original, transformed the same way, is
the expected answer of its variant. Default 3,000 variants (``--quick``: 600),
in rounds: one variant of every original, then the next round.

Both sides, in the same process, solve the SAME sequence of puzzles in the
same order, each with a fresh solver of the same name and the Sudoku kind's
tuning (CaDiCaL: ``chrono=0``), the same base clauses loaded once and the same
assumptions (the givens) per puzzle:

  satgrid  -- ``api.solve_collection(puzzles)``: the rules compiled once, one
              Session, per puzzle the givens as assumptions, one SAT call,
              decoded, checked by the referee (``puzzles/sudoku/check.py``),
              a result dictionary with stats. Compiling and loading count.
  bare     -- ``pysat.solvers.Solver``: ``append_formula`` of the same clauses
              (counted), then per puzzle ``solve(assumptions=...)`` and
              ``get_model()``, the assumptions listed before the clock starts.
              Nothing decoded or checked: the floor for any wrapper.

Each trial runs both sides once; which side goes first alternates from trial
to trial. Printed: each trial's rates, the median rate of each side, the
median of the per-trial ratios (satgrid / bare) and the goal check
(:data:`GOAL`). Every satgrid answer is compared with the expected solution
after the clock stops; a wrong one fails the run.

Wall-clock seconds on a shared 2-core machine: compare the ratios (the CPU
time of each side is printed too). ``--instructions`` counts each side's
instructions per puzzle with valgrind's cachegrind instead, a figure the
load of the machine does not change (about 20 s for ``--count 300``).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

from pysat.solvers import Solver as PySolver

from _common import machine, utc_stamp
from satgrid import api
from satgrid.pipeline.collection import shared_base
from satgrid.puzzles.sudoku import Sudoku, parse_text
from satgrid.core.solvers import DEFAULT_SOLVER

GOAL = 0.90
SEED = 20261125
SETS = ("sudoku-top95", "sudoku-hardest", "sudoku-royle17-first20", "sudoku-plb20",
        "sudoku-named")


def benchmarks_dir() -> Path:
    env = os.environ.get("SATGRID_BENCHMARKS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "benchmarks"


def hard_sets(folder: Path) -> list[tuple[list[list[int]], list[list[int]]]]:
    """(givens, published solution) of every puzzle of the hard sets."""
    out = []
    for name in SETS:
        txt, sol = folder / f"{name}.txt", folder / f"{name}.solutions"
        if not txt.exists() or not sol.exists():
            continue
        ps = parse_text(txt.read_text(encoding="utf-8"), str(txt))
        ss = parse_text(sol.read_text(encoding="utf-8"), str(sol))
        out += [(p.grid, s.grid) for p, s in zip(ps, ss, strict=True)]
    return out


# ----------------------------------------------------------------- variants
def _order(rng: random.Random) -> list[int]:
    """A row (or column) order of a 9x9 grid that keeps bands together:
    the bands permuted, then the rows inside each band."""
    bands = rng.sample(range(3), 3)
    return [3 * b + i for b in bands for i in rng.sample(range(3), 3)]


def transform(rng: random.Random):
    """A random symmetry of 9x9 Sudoku grids: ``grid -> grid``."""
    digits = [0] + rng.sample(range(1, 10), 9)       # 0 (empty) stays 0
    rows, cols, flip = _order(rng), _order(rng), rng.random() < 0.5

    def apply(g):
        if flip:
            g = [list(col) for col in zip(*g)]
        return [[digits[g[r][c]] for c in cols] for r in rows]
    return apply


def variants(originals, count: int, seed: int = SEED):
    """``count`` (givens, solution) pairs: distinct variants, none an original."""
    rng = random.Random(seed)
    seen = {tuple(v for row in g for v in row) for g, _ in originals}
    out = []
    while len(out) < count:
        for g, s in originals:
            if len(out) == count:
                break
            while True:
                f = transform(rng)
                vg = f(g)
                key = tuple(v for row in vg for v in row)
                if key not in seen:
                    break
            seen.add(key)
            out.append((vg, f(s)))
    return out


# -------------------------------------------------------------------- sides
def bare_calls(clauses, options, assumptions, solver: str, stats: dict):
    """The same calls on a bare PySAT solver, one puzzle per ``next()``: the
    solver made and loaded at the first; yields whether each answer was SAT.
    ``stats`` receives the solver's ``accum_stats()`` after each call."""
    s = PySolver(name=solver)
    try:
        if options:
            s.configure(options)
        s.append_formula(clauses)
        for a in assumptions:
            sat = s.solve(assumptions=a)
            if sat:
                s.get_model()
            yield sat
        stats.update(s.accum_stats() or {})
    finally:
        s.delete()


def trial(puzzles, clauses, options, assumptions, solver: str, chunk: int, satgrid_first: bool):
    """One trial: a fresh ``api.solve_collection`` and a fresh bare solver over
    the same puzzles, advanced in turns of ``chunk`` puzzles (the side that
    goes first alternates from chunk to chunk, starting with ``satgrid_first``),
    so that both see the same load on a shared machine.

    Returns:
        ``{side: [wall seconds, cpu seconds]}``, satgrid's results, the bare
        side's number of SAT answers and its conflicts.
    """
    bare_stats: dict = {}
    sides = {"satgrid": api.solve_collection(puzzles, api.Options(solver=solver)),
             "bare": bare_calls(clauses, options, assumptions, solver, bare_stats)}
    spent = {k: [0.0, 0.0] for k in sides}
    got = {"satgrid": [], "bare": []}
    wall, cpu = time.perf_counter, time.process_time
    order = ["satgrid", "bare"] if satgrid_first else ["bare", "satgrid"]
    for lo in range(0, len(puzzles), chunk):
        k = min(chunk, len(puzzles) - lo)
        for side in order:
            it, out = sides[side], got[side]
            w0, c0 = wall(), cpu()
            for _ in range(k):
                out.append(next(it))
            spent[side][0] += wall() - w0
            spent[side][1] += cpu() - c0
        order.reverse()
    for it in sides.values():
        next(it, None)          # each ends: the bare side's statistics
    return spent, got["satgrid"], sum(map(bool, got["bare"])), bare_stats.get("conflicts")


def base_of(puzzles, solver: str):
    """The base clauses, solver options and each puzzle's assumptions, as the
    pipeline makes them (``shared_base`` and ``solver_options``)."""
    m, assumptions = shared_base(puzzles, api.Options(solver=solver))
    options = api.solver_options(puzzles[0], api.Options(solver=solver))
    return list(m.formula.iter_clauses()), options, assumptions


def run_side(side: str, puzzles, clauses, options, assumptions, solver: str) -> None:
    """One side alone over ``puzzles`` (for ``--instructions``): ``bare`` or
    ``satgrid``; ``bare1`` and ``satgrid1`` solve the first puzzle only."""
    if side.endswith("1"):
        side, puzzles, assumptions = side[:-1], puzzles[:1], assumptions[:1]
    if side == "satgrid":
        for _ in api.solve_collection(puzzles, api.Options(solver=solver)):
            pass
    elif side == "bare":
        for _ in bare_calls(clauses, options, assumptions, solver, {}):
            pass


def instructions(argv: list[str], count: int) -> int:
    """Instructions per puzzle of each side, counted by valgrind's cachegrind
    (deterministic: the load of a shared machine does not change them).
    Each side runs alone in its own process, and the same side's run over
    the first puzzle only is subtracted (imports, reading the sets, making
    and loading the solver, compiling): what is left is ``count - 1``
    puzzles' work."""
    import re
    import shutil
    import subprocess
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind (apt-get install valgrind)")
        return 0
    refs = {}
    for side in ("bare1", "bare", "satgrid1", "satgrid"):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, *argv,
               "--side", side]
        out = subprocess.run(cmd, capture_output=True, text=True).stderr
        found = re.search(r"I\s+refs:\s+([\d,]+)", out)
        if not found:
            print(f"valgrind gave no count for {side}:\n{out[-2000:]}")
            return 1
        refs[side] = int(found.group(1).replace(",", ""))
    bare = (refs["bare"] - refs["bare1"]) / (count - 1)
    ours = (refs["satgrid"] - refs["satgrid1"]) / (count - 1)
    print(f"instructions per puzzle (cachegrind, {count} puzzles, set-up subtracted): "
          f"bare {bare:,.0f}, satgrid {ours:,.0f}; satgrid's own {ours - bare:,.0f} "
          f"({(ours - bare) / bare:.1%} of the bare solver's); ratio bare/satgrid "
          f"{bare / ours:.3f}")
    return 0


def wrong_answers(results, want) -> int:
    return sum(1 for r, w in zip(results, want, strict=True)
               if r["status"] != "sat" or r["grid"] != w)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="600 puzzles, 3 trials")
    ap.add_argument("--count", type=int, default=None, help="variants (default 3000)")
    ap.add_argument("--trials", type=int, default=None, help="trials (default 5)")
    ap.add_argument("--solver", default=DEFAULT_SOLVER)
    ap.add_argument("--chunk", type=int, default=50,
                    help="puzzles each side solves in its turn (default 50)")
    ap.add_argument("--profile", action="store_true", help="cProfile the satgrid side once")
    ap.add_argument("--instructions", action="store_true",
                    help="count each side's instructions with valgrind (slow, but the "
                         "same on a loaded machine; use with --count 300)")
    ap.add_argument("--side", choices=("bare", "satgrid", "bare1", "satgrid1"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    count = args.count or (600 if args.quick else 3000)
    trials = args.trials or (3 if args.quick else 5)
    folder = benchmarks_dir()
    originals = hard_sets(folder)
    if not originals:
        print(f"benchmark data not found in {folder} (set SATGRID_BENCHMARKS)")
        return 0
    pairs = variants(originals, count)
    puzzles = [Sudoku(g, file="variants", title=f"variant {i + 1}")
               for i, (g, _) in enumerate(pairs)]
    want = [s for _, s in pairs]
    clauses, options, assumptions = base_of(puzzles, args.solver)
    if args.side:
        run_side(args.side, puzzles, clauses, options, assumptions, args.solver)
        return 0
    if args.instructions:
        argv = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--instructions"]
        return instructions(argv, count)
    print(f"per-puzzle overhead of a collection; {utc_stamp()}; {machine()}")
    print(f"{count} distinct variants of {len(originals)} hard 9x9 puzzles (seed {SEED}); "
          f"solver {args.solver}, options {options or 'none'}; {trials} trials")
    if args.profile:
        pr = cProfile.Profile()
        pr.enable()
        list(api.solve_collection(puzzles, api.Options(solver=args.solver)))
        pr.disable()
        pstats.Stats(pr).sort_stats("tottime").print_stats(18)
        return 0
    print(f"{'trial':>5}  {'first':<8}{'satgrid/s':>11}{'bare/s':>9}{'ratio':>7}"
          f"{'cpu ratio':>11}")
    # an untimed warm-up (imports, first calls), on its own solvers
    trial(puzzles[:50], clauses, options, assumptions[:50], args.solver, 25, True)
    rates_s, rates_b, ratios, cpu_ratios, bad, same = [], [], [], [], 0, 0
    for t in range(trials):
        spent, results, sat, conflicts = trial(puzzles, clauses, options, assumptions,
                                               args.solver, args.chunk, t % 2 == 0)
        bad += wrong_answers(results, want) + (count - sat)
        # the same search on both sides: the same conflicts
        same += results[-1]["stats"]["conflicts"] == conflicts
        (ws, cs), (wb, cb) = spent["satgrid"], spent["bare"]
        rs, rb = count / ws, count / wb
        rates_s.append(rs)
        rates_b.append(rb)
        ratios.append(rs / rb)
        cpu_ratios.append(cb / cs)
        print(f"{t + 1:>5}  {'satgrid' if t % 2 == 0 else 'bare':<8}{rs:>11.0f}{rb:>9.0f}"
              f"{rs / rb:>7.3f}{cb / cs:>11.3f}")
    ms, mb, mr = statistics.median(rates_s), statistics.median(rates_b), statistics.median(ratios)
    mc = statistics.median(cpu_ratios)
    print(f"median: satgrid {ms:.0f} puzzles/s (decode and check included), "
          f"bare PySAT {mb:.0f} puzzles/s; ratio {mr:.3f} (ratio of medians {ms / mb:.3f}; "
          f"on CPU time {mc:.3f})")
    print(f"per puzzle: satgrid {1e6 / ms:.0f} us, bare {1e6 / mb:.0f} us, "
          f"overhead {1e6 / ms - 1e6 / mb:.0f} us")
    print(f"wrong or missing answers: {bad}; trials where both sides made the same "
          f"conflicts (the same search): {same} of {trials}")
    print(f"goal >= {GOAL:.2f}x of the bare solver: "
          f"{'met' if mr >= GOAL and not bad else 'NOT met'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
