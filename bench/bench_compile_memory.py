"""Compile after compile in one process: does memory stay flat?

Usage:  .venv/bin/python bench/bench_compile_memory.py [--solves N]

A long-running process (the workbench's workers, a notebook, a service built
on ``satgrid.api``) compiles and solves puzzle after puzzle. Each compiled
Model is a reference cycle, so it is freed by the cyclic collector, not by
reference counting. ``util.paused_gc`` moves a build's objects straight into
the oldest generation, which CPython alone then never collected (it counts no
such move): the baseline column runs the same loop with that old exit
(``FULL_COLLECTION_FLOOR`` out of reach). Prints the RSS growth and the time
of N solves of the classic Sudoku after 20 warm-up solves, both ways.
Goal: RSS growth under 20 MB for 1,000 solves. The time it costs is the freeing
of what the baseline keeps (compile loops: medians unchanged, means up by the
periodic collections, e.g. Sudoku 16x16 20.1 -> 28.5 ms over 40 compiles).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from satgrid import api, util

ROOT = Path(__file__).resolve().parent.parent


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


def run(p, n: int) -> tuple[float, float]:
    for _ in range(20):
        api.solve(p)
    r0, t0 = rss_mb(), time.perf_counter()
    for _ in range(n):
        api.solve(p)
    return rss_mb() - r0, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solves", type=int, default=1000)
    a = ap.parse_args()
    p = api.load(str(ROOT / "instances" / "sudoku-classic.toml"))[0]
    grow, secs = run(p, a.solves)
    print(f"paused_gc with its own full collections: {a.solves} solves {secs:.2f} s, "
          f"RSS growth {grow:.1f} MB")
    util.FULL_COLLECTION_FLOOR = 1 << 62          # the old exit: never collected
    grow_old, secs_old = run(p, a.solves)
    print(f"baseline, no full collection:           {a.solves} solves {secs_old:.2f} s, "
          f"RSS growth {grow_old:.1f} MB")
    print(f"goal RSS growth < 20 MB: {'met' if grow < 20 else 'NOT met'} ({grow:.1f} MB); "
          f"time {secs / secs_old:.2f}x the baseline's")


if __name__ == "__main__":
    main()
