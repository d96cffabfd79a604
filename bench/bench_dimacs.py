"""Benchmark: DIMACS writing and reading, satgrid against PySAT.

Builds one formula of 2,000,000 random 3-SAT clauses over 300,000 variables
(fixed seed) plus 5 long clauses of 20,000 literals, and times in the same
process, best of 3 (rounds interleave the contenders):

* writing: ``satgrid.io.dimacs.write_dimacs`` vs PySAT's ``CNF.to_file``;
* reading: ``satgrid.io.dimacs.read_dimacs`` vs PySAT's ``CNF(from_file=...)``,
  each reading the file the other wrote too (the files must give the same
  clauses, which is checked). Since python-sat 1.9 that reader hands the text
  to a C parser (the ``pyformula`` extension); python-sat 1.8 and earlier, and
  any installation without the extension, read line by line in Python. Both
  PySAT paths are timed (the second by PySAT's own switch
  ``pysat.formula.pyformula_present = False``), the goal against the first.

Goals: writing at least 3x faster than PySAT, and reading at least as fast as
PySAT's C reader (issue [3/9] restated the first round's 2x, which the
first round showed cannot be met against a C parser: bench/RESULTS.md).
Wall-clock and CPU (process) times are both printed; the machine is shared,
so CPU time is the steadier figure. Read times include one collection of the
young generations right after the call (see ``timed``), so that pausing the
garbage collector does not hide work from the clock. Files go to a temporary directory that is
removed at the end.

Usage: ``python bench/bench_dimacs.py [--clauses N] [--vars V] [--rounds R]``
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import shutil
import sys
import tempfile
import time

import pysat.formula as pysat_formula
from pysat.formula import CNF

from satgrid import Formula
from satgrid.io.dimacs import read_dimacs, write_dimacs

WRITE_GOAL = 3.0
READ_GOAL = 1.0


def make_clauses(nclauses: int, nvars: int, seed: int = 20240601) -> list[list[int]]:
    rng = random.Random(seed)
    randint, getrandbits = rng.randint, rng.getrandbits
    clauses = []
    for _ in range(nclauses):
        clause = []
        while len(clause) < 3:
            v = randint(1, nvars)
            if v not in clause and -v not in clause:
                clause.append(v if getrandbits(1) else -v)
        clauses.append(clause)
    for _ in range(5):                      # a few long clauses
        vs = rng.sample(range(1, nvars + 1), 20_000)
        clauses.append([v if getrandbits(1) else -v for v in vs])
    return clauses


def pyformula_switch(on: bool) -> None:
    """PySAT's own switch between its C reader and its Python reader."""
    pysat_formula.pyformula_present = on


def timed(fn, young: bool = False) -> tuple[float, float, object]:
    """Wall and CPU seconds of ``fn()``. With ``young``, the collection of
    the young generations is timed with it: a reader that pauses the garbage
    collector leaves its new lists there for the next collection to walk, a
    cost its caller pays; one that does not pays it during the call."""
    gc.collect()
    w0, c0 = time.perf_counter(), time.process_time()
    result = fn()
    if young:
        gc.collect(1)
    return time.perf_counter() - w0, time.process_time() - c0, result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clauses", type=int, default=2_000_000)
    ap.add_argument("--vars", type=int, default=300_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--python-reader-rounds", type=int, default=1,
                    help="rounds that also time PySAT's pure-Python reader (slow)")
    args = ap.parse_args(argv)
    has_c_reader = bool(getattr(pysat_formula, "pyformula_present", False))

    t0 = time.perf_counter()
    clauses = make_clauses(args.clauses, args.vars)
    formula = Formula.from_clauses(clauses, args.vars)
    cnf = CNF(from_clauses=clauses, by_ref=True)
    cnf.nv = args.vars
    nlits = sum(map(len, clauses))
    print(f"formula: {args.vars} variables, {len(clauses)} clauses, {nlits} literals "
          f"(built in {time.perf_counter() - t0:.1f} s)")

    tmp = tempfile.mkdtemp(prefix="bench_dimacs_")
    ours_path = os.path.join(tmp, "satgrid.cnf")
    theirs_path = os.path.join(tmp, "pysat.cnf")
    best = {k: [float("inf"), float("inf")] for k in
            ("write satgrid", "write pysat", "read satgrid", "read pysat",
             "read pysat-py")}

    def record(key, wall, cpu):
        best[key][0] = min(best[key][0], wall)
        best[key][1] = min(best[key][1], cpu)

    try:
        for r in range(args.rounds):
            record("write satgrid", *timed(lambda: write_dimacs(formula, ours_path))[:2])
            record("write pysat", *timed(lambda: cnf.to_file(theirs_path))[:2])
            wall, cpu, ours = timed(lambda: read_dimacs(ours_path), young=True)
            record("read satgrid", wall, cpu)
            wall, cpu, theirs = timed(lambda: CNF(from_file=ours_path), young=True)
            record("read pysat", wall, cpu)
            if has_c_reader and (r == 0 or args.python_reader_rounds > r):
                pyformula_switch(False)
                try:
                    wall, cpu, theirs_py = timed(lambda: CNF(from_file=ours_path), young=True)
                finally:
                    pyformula_switch(True)
                record("read pysat-py", wall, cpu)
                if r == 0:
                    assert theirs_py.clauses == clauses, "PySAT's Python reader read other clauses"
                del theirs_py
            if r == 0:
                assert ours.clauses == clauses, "satgrid read back other clauses"
                assert theirs.clauses == clauses, "PySAT read other clauses from our file"
                assert read_dimacs(theirs_path).clauses == clauses, \
                    "satgrid read other clauses from PySAT's file"
                size = os.path.getsize(ours_path)
            del ours, theirs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"file: {size / 1e6:.1f} MB; best of {args.rounds}, same process "
          f"(Python {sys.version.split()[0]}, PySAT {__import__('pysat').__version__})")
    print(f"{'':16}{'wall s':>9}{'cpu s':>9}")
    for key, (wall, cpu) in best.items():
        if wall < float("inf"):
            print(f"{key:16}{wall:9.3f}{cpu:9.3f}")
    ok = True
    for what, goal in (("write", WRITE_GOAL), ("read", READ_GOAL)):
        ours, theirs = best[f"{what} satgrid"], best[f"{what} pysat"]
        ratio_wall, ratio_cpu = theirs[0] / ours[0], theirs[1] / ours[1]
        met = ratio_wall >= goal
        ok &= met
        print(f"{what}: satgrid is {ratio_wall:.2f}x faster than PySAT (wall), "
              f"{ratio_cpu:.2f}x (cpu); goal {goal:g}x: {'met' if met else 'NOT met'}")
    py = best["read pysat-py"]
    if py[0] < float("inf"):
        ours = best["read satgrid"]
        print(f"read, against PySAT's pure-Python reader (python-sat <= 1.8, or no C "
              f"extension): {py[0] / ours[0]:.2f}x (wall), {py[1] / ours[1]:.2f}x (cpu)")
        print(f"PySAT's C reader is {py[0] / best['read pysat'][0]:.2f}x faster than its "
              f"Python reader")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
