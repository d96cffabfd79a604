"""Does ``satgrid grade`` order the Sudoku sets of ``../shared/benchmarks/`` as
they are? Issue [5/7] asked for "named/plb easier than top95, top95 easier
than hardest". This script measures the sets two ways in one run and prints
both orders:

* satgrid's grade (``satgrid grade``: probes + 3 searches along the hint
  sequence), median per set;
* an independent measure, the search nodes of Norvig's constraint-propagation
  solver (``sudoku_search.py``: the algorithm of the essay the top95 and
  hardest sets come from, sharing no code with satgrid), median per set;

and, over every puzzle, the rank correlation (Spearman) of the two.

    python bench/bench_grade_order.py              # every puzzle of every set
    python bench/bench_grade_order.py --per-set 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _common import ROOT, machine, utc_stamp
from sudoku_search import search_nodes

from satgrid.explain.grade import grade
from satgrid.explain.puzzle import explainer
from satgrid.pipeline.load import load

SHARED = os.path.join(ROOT, "..", "shared", "benchmarks")
SETS = ["sudoku-royle17-first20.txt", "sudoku-named.txt", "sudoku-hardest.txt",
        "sudoku-top95.txt", "sudoku-plb20.txt"]
ASKED = ["named/plb20", "top95", "hardest"]       # the order, easiest first


def ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var if var else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-set", type=int, default=0, help="puzzles of each set (0: all)")
    a = ap.parse_args()
    print(f"# bench_grade_order: {utc_stamp()}; {machine()}\n")
    print("| set | puzzles | grade median | grade mean | search nodes median | nodes mean "
          "| grade s (mean) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    med_g, med_n, all_g, all_n = {}, {}, [], []
    for s in SETS:
        path = os.path.join(SHARED, s)
        lines = [ln.strip() for ln in open(path, encoding="utf-8") if ln.strip()]
        puzzles = load(path)
        if a.per_set:
            lines, puzzles = lines[:a.per_set], puzzles[:a.per_set]
        gs, ns, secs = [], [], []
        for line, p in zip(lines, puzzles):
            t0 = time.perf_counter()
            _, ex = explainer(p)
            gs.append(grade(ex.sequence())["score"])
            secs.append(time.perf_counter() - t0)
            nodes, sols = search_nodes(line)
            assert sols == 1, f"{s}: {line} has {sols} solutions by the independent solver"
            ns.append(nodes)
        med_g[s], med_n[s] = statistics.median(gs), statistics.median(ns)
        all_g += gs
        all_n += ns
        print(f"| {s} | {len(gs)} | {med_g[s]:g} | {statistics.mean(gs):.1f} | {med_n[s]:g} | "
              f"{statistics.mean(ns):.0f} | {statistics.mean(secs):.3f} |")
    by_g = sorted(SETS, key=lambda s: (med_g[s], statistics.mean([med_n[s]])))
    by_n = sorted(SETS, key=lambda s: med_n[s])
    name = lambda s: s.removeprefix("sudoku-").removesuffix(".txt")     # noqa: E731
    print(f"\nsets by grade median, easiest first:        {' < '.join(map(name, by_g))}")
    print(f"sets by independent search nodes, easiest:  {' < '.join(map(name, by_n))}")
    print(f"rank correlation of grade and search nodes over {len(all_g)} puzzles: "
          f"Spearman {spearman(all_g, all_n):.2f}")
    agree = [name(s) for s in by_g] == [name(s) for s in by_n]
    print(f"grade orders the sets as the independent measure does: {'yes' if agree else 'no'}")
    asked = (max(med_g["sudoku-named.txt"], med_g["sudoku-plb20.txt"])
             <= med_g["sudoku-top95.txt"] <= med_g["sudoku-hardest.txt"])
    asked_n = (max(med_n["sudoku-named.txt"], med_n["sudoku-plb20.txt"])
               <= med_n["sudoku-top95.txt"] <= med_n["sudoku-hardest.txt"])
    print(f"the issue's order ({' <= '.join(ASKED)}): by the grade {'yes' if asked else 'no'}, "
          f"by the independent measure {'yes' if asked_n else 'no'}")


if __name__ == "__main__":
    main()
