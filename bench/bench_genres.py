"""Every kind's shipped examples: size, clauses, time to solve and to prove
uniqueness, and the lines of the kind's rules file (issue [3/7]).

    python bench/bench_genres.py                 # every kind folder's examples/
    python bench/bench_genres.py --kinds lightup tapa --repeat 3

Per example: grid, variables, clauses, the best of REPEAT in-process runs of
``solve`` and of ``solve --unique`` (compile included), the status; per kind:
the lines of ``kind.py`` (the rules file) and the median over its examples.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

from _common import ROOT, machine, utc_stamp

from satgrid import api
from satgrid.pipeline.run import Options, compile_puzzle
from satgrid.puzzles import FOLDERS

KINDS = ROOT / "satgrid" / "puzzles"
#: a genre on the rule library: its kind.py imports satgrid.rules (or a library genre it extends)
LIBRARY = re.compile(r"^from \.\.\.rules import|^from \.\.\w+\.kind import", re.M)


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kinds", nargs="*")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    print(f"# bench_genres: {utc_stamp()}; {machine()}\n")
    print("| kind | rules lines | example | grid | variables | clauses | solve s | unique s | answer |")
    print("|---|---|---|---|---|---|---|---|---|")
    summary = []
    for folder in FOLDERS:
        if a.kinds and folder.package not in a.kinds:
            continue
        ex = sorted((KINDS / folder.package / "examples").glob("*"))
        if not ex:
            continue
        lines = len((KINDS / folder.package / "kind.py").read_text().splitlines())
        uniq_times = []
        for path in ex:
            p = api.load(str(path))[0]
            m = compile_puzzle(p, Options())
            grid = f"{getattr(p, 'rows', '?')}x{getattr(p, 'cols', '?')}"
            t_solve, res = best(lambda: api.solve(p), a.repeat)
            t_uniq, res_u = best(lambda: api.solve(p, unique=True), a.repeat)
            uniq_times.append(t_uniq)
            answer = res_u["status"] + (" unique" if res_u.get("unique") else
                                        " not unique" if res_u.get("unique") is False else "")
            print(f"| {folder.package} | {lines} | {path.name} | {grid} | {m.formula.nvars} | "
                  f"{m.formula.nclauses} | {t_solve:.3f} | {t_uniq:.3f} | {answer} |", flush=True)
        summary.append((folder.package, lines, statistics.median(uniq_times)))
    print("\n| kind | rules lines | median unique s |\n|---|---|---|")
    for k, lines, med in summary:
        print(f"| {k} | {lines} | {med:.3f} |")
    every = [l for k, l, _ in summary]
    print(f"\nrules files: median {statistics.median(every)} lines, max {max(every)} (every kind)")
    library = [l for k, l, _ in summary if LIBRARY.search((KINDS / k / "kind.py").read_text())]
    if library:
        print(f"rules files of the {len(library)} genres on the rule library: median "
              f"{statistics.median(library)} lines (goal <= 60), max {max(library)} (goal <= 80)")


if __name__ == "__main__":
    main()
