"""Forced cells, hints, grades and generators (docs/guide/explain.md), with
the goals of issue [5/7]:

1. backbone (``solve --backbone``'s work: compile, solve, backbone) against
   ``solve --unique`` (compile, solve, second solution), on the seed puzzles
   and the Sudoku sets: goal at most 3x;
2. a full hint sequence of a 9x9 Sudoku: goal under 1 s a puzzle on the
   hardest set;
3. ``generate sudoku`` of 9x9 puzzles with at most 26 givens: goal 10 a second;
4. the generators of every kind with clue hooks, their rate;
5. the grade's median over ``../shared/benchmarks/`` sets, which should order
   them as the sets are named (named/plb easier than top95, top95 easier
   than hardest).

Times are wall clock in this process, best of ``--rounds`` for 1.

Usage: ``python bench/bench_explain.py [--rounds N] [--sets N] [--quick] [--kinds [--only K[:N],...]]``
(``--kinds``: only the generators of every kind, 4; ``--only``: of these
kinds, at these sides)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _common import ROOT, instance, machine, utc_stamp

from satgrid.explain.backbone import backbone
from satgrid.errors import SatgridError
from satgrid.explain.generate import generate, no_generator
from satgrid.explain.grade import grade
from satgrid.explain.puzzle import explainer
from satgrid.pipeline.load import load
from satgrid.pipeline.run import Options, compile_puzzle, open_session, solve
from satgrid.puzzles import KINDS

SEEDS = ["sudoku-classic.toml", "vertex-sums-17-25-18-29.toml", "knight-moves-4.toml",
         "hooks-8.toml", "twenty-four-seven-2x2-2.toml", "nurikabe-wikipedia.toml",
         "slitherlink-janko-103.toml", "masyu-janko-101.toml", "fillomino-janko-2.toml",
         "hitori-wikipedia.toml", "numberlink-janko-03.toml"]
SHARED = os.path.join(ROOT, "..", "shared", "benchmarks")
SETS = ["sudoku-named.txt", "sudoku-plb20.txt", "sudoku-top95.txt", "sudoku-hardest.txt",
        "sudoku-royle17-first20.txt"]


def best(fn, rounds: int) -> float:
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return min(out)


def backbone_of(p) -> dict:
    opts = Options()
    m = compile_puzzle(p, opts)
    open_session(m, p, opts)
    return backbone(m)


def goal_backbone(rounds: int, per_set: int) -> None:
    print("\n## 1. backbone against solve --unique (goal: at most 3x)\n")
    print("| puzzle | solve --unique s | backbone s | ratio |")
    print("|---|---:|---:|---:|")
    worst = 0.0
    for name in SEEDS:
        p = load(instance(name))[0]
        tu = best(lambda: solve(p, unique=True), rounds)
        tb = best(lambda: backbone_of(p), rounds)
        worst = max(worst, tb / tu)
        print(f"| {name} | {tu:.4f} | {tb:.4f} | {tb / tu:.2f} |")
    for s in SETS:
        ps = load(os.path.join(SHARED, s))[:per_set]
        tu = sum(best(lambda: solve(p, unique=True), rounds) for p in ps) / len(ps)
        tb = sum(best(lambda: backbone_of(p), rounds) for p in ps) / len(ps)
        worst = max(worst, tb / tu)
        print(f"| {s} (first {len(ps)}, mean) | {tu:.4f} | {tb:.4f} | {tb / tu:.2f} |")
    print(f"\nworst ratio {worst:.2f}: goal {'met' if worst <= 3 else 'NOT met'}")


def sequences(ps) -> list[tuple[float, dict]]:
    out = []
    for p in ps:
        t0 = time.perf_counter()
        _, ex = explainer(p)
        g = grade(ex.sequence())
        out.append((time.perf_counter() - t0, g))
    return out


def goal_hints_and_grades(per_set: int) -> None:
    print("\n## 2 and 5. hint sequences and grades of the Sudoku sets\n")
    print("| set | puzzles | hint sequence s (mean, max) | grade median | probes median "
          "| searches median | propagation alone |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    medians = {}
    for s in SETS:
        ps = load(os.path.join(SHARED, s))[:per_set]
        res = sequences(ps)
        times = [t for t, _ in res]
        gs = [g for _, g in res]
        med = statistics.median(g["score"] for g in gs)
        medians[s] = med
        print(f"| {s} | {len(ps)} | {statistics.mean(times):.3f}, {max(times):.3f} | {med:g} | "
              f"{statistics.median(g['probes'] for g in gs):g} | "
              f"{statistics.median(g['searches'] for g in gs):g} | "
              f"{sum(g['propagation_solves'] for g in gs)} of {len(gs)} |")
        if s == "sudoku-hardest.txt":
            hardest = statistics.mean(times)
    print(f"\nhint sequence on the hardest set: {hardest:.3f} s a puzzle (goal under 1 s: "
          f"{'met' if hardest < 1 else 'NOT met'})")
    order = (max(medians["sudoku-named.txt"], medians["sudoku-plb20.txt"])
             <= medians["sudoku-top95.txt"] <= medians["sudoku-hardest.txt"])
    print("grade medians ordered named/plb <= top95 <= hardest: "
          f"{'yes' if order else 'no'} ({', '.join(f'{k} {v:g}' for k, v in medians.items())})")


def goal_generate(quick: bool) -> None:
    print("\n## 3 and 4. generators\n")
    print("| kind | size | puzzles | clues (mean) | seconds | puzzles a second |")
    print("|---|---:|---:|---:|---:|---:|")
    runs = [("sudoku", 9, 26, 10 if quick else 30), ("sudoku", 4, None, 10),
            ("slitherlink", 5, None, 3), ("fillomino", 5, None, 3)]
    rate9 = None
    for kind, size, givens, n in runs:
        t0 = time.perf_counter()
        made = generate(kind, seed=1, count=n, size=size, givens=givens)
        dt = time.perf_counter() - t0
        if kind == "sudoku" and size == 9:
            rate9 = n / dt
        print(f"| {kind}{' (<= 26 givens)' if givens else ''} | {size} | {n} | "
              f"{statistics.mean(g.clues for g in made):.1f} | {dt:.2f} | {n / dt:.1f} |")
    print(f"\n9x9 Sudoku with at most 26 givens: {rate9:.1f} a second (goal 10: "
          f"{'met' if rate9 >= 10 else 'NOT met'})")
    goal_every_kind(2 if quick else 3)


#: the side each kind is generated at (default 5): the smallest its family
#: makes without trivial or unsatisfiable boards
KIND_SIZE = {"statuepark": 7, "skyscrapers": 4, "kakuro": 4, "killersudoku": 4,
             "vertex-sums": 3, "pentominous": 4, "sudoku": 4, "twenty-four-seven": 7}


def start_of(cls, size: int) -> str:
    """How the kind's generator starts: "search" (a layout search from its
    random start or family), "blank" (a filled blank grid) or "family"."""
    if hasattr(cls, "nearby"):
        return "search"
    return "blank" if cls.blank(size) is not None else "family"


def goal_every_kind(n: int, only: list[tuple[str, int | None]] | None = None) -> None:
    """``generate KIND --size N`` of every kind with clue hooks, from nothing
    (its blank, its family or a layout search): n puzzles each, their rate
    by the wall clock and by this process's CPU time (which a loaded machine
    inflates less); a kind whose family gives no unique start says so.
    ``only``: these (kind, side) pairs (side None: :data:`KIND_SIZE`, else 5)."""
    print("\n| kind | size | puzzles | start | clues (mean) | seconds | puzzles a second "
          "| CPU seconds | a CPU second |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|")
    for kind, side in only or [(k, None) for k in sorted(KINDS) if "2x2" not in k]:
        size = side or KIND_SIZE.get(kind, 5)
        if no_generator(KINDS[kind], size):
            continue
        start = start_of(KINDS[kind], size)
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            made = generate(kind, seed=1, count=n, size=size)
        except SatgridError as e:
            print(f"| {kind} | {size} | 0 | {start} | {str(e)[:60]} | "
                  f"{time.perf_counter() - t0:.2f} | - | {time.process_time() - c0:.2f} | - |")
            continue
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        print(f"| {kind} | {size} | {n} | {start} | {statistics.mean(g.clues for g in made):.1f} "
              f"| {dt:.2f} | {n / dt:.1f} | {dc:.2f} | {n / dc:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sets", type=int, default=20, help="puzzles of each Sudoku set")
    ap.add_argument("--quick", action="store_true", help="fewer puzzles everywhere")
    ap.add_argument("--kinds", action="store_true",
                    help="only the generators of every kind (4)")
    ap.add_argument("--only", help="with --kinds: these kinds, KIND[:SIZE],... "
                    "(e.g. lits:6,norinori:8)")
    a = ap.parse_args()
    if a.kinds:
        print(f"# bench_explain --kinds: {machine()}, {utc_stamp()}")
        only = None
        if a.only:
            only = [(k, int(v) if v else None)
                    for k, _, v in (item.partition(":") for item in a.only.split(","))]
        goal_every_kind(2 if a.quick else 3, only)
        return
    per_set = 5 if a.quick else a.sets
    print(f"# bench_explain: {machine()}, {utc_stamp()}")
    goal_backbone(1 if a.quick else a.rounds, per_set)
    goal_hints_and_grades(per_set)
    goal_generate(a.quick)


if __name__ == "__main__":
    main()
