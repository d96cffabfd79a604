"""The cost of checking literals' types (issue [2/9]): ``Formula.add_clauses``
refuses a bool, a float or a Fraction, which means looking at the type of
every literal once more.

The workload is bench_encodings.py's (the same methods and sizes), end to end
as a Formula user pays for it: the encoder's clauses for at most k of n into
a :class:`~satgrid.core.formula.Formula`, then ``add_clauses`` (which checks them).
The baseline is the same run with ``Formula.validate_literals`` swapped for
the check as it was before the type test (range and zero only), in the same
process, interleaved; each figure the best of up to 9 runs in CPU seconds.
Goal: at most 5 % more time over the whole table.

Run: ``.venv/bin/python bench/bench_literal_checks.py`` (about a minute).
"""

from __future__ import annotations

import time

from _common import machine, utc_stamp

from satgrid.core.encodings import at_most
from satgrid.core.formula import Formula

METHODS = ["seqcounter-knuth", "seqcounter", "totalizer", "mtotalizer", "cardnetwork",
           "sortnetwork"]
SIZES = [(1000, 10), (1000, 100), (10000, 10), (10000, 100)]


def baseline_validate(self, clauses):
    """``Formula.validate_literals`` without the type test (the baseline)."""
    nonempty = [c for c in clauses if c] if not all(clauses) else clauses
    if not nonempty:
        return
    top = max(max(map(max, nonempty)), -min(map(min, nonempty)))
    if top > self.nvars:
        raise ValueError("beyond the pool")
    if not all(map(all, nonempty)):
        raise ValueError("0 is not a literal")


CHECKED = Formula.validate_literals


def run(method, n, k, checked: bool) -> float:
    Formula.validate_literals = CHECKED if checked else baseline_validate
    try:
        t = time.process_time()
        f = Formula.from_clauses([], n)
        f.add_clauses(at_most(list(range(1, n + 1)), k, f, method))
        return time.process_time() - t
    finally:
        Formula.validate_literals = CHECKED


def main() -> int:
    print(f"# bench_literal_checks.py  {utc_stamp()}  {machine()}")
    print(f"{'method':16} {'n':>6} {'k':>4} | {'baseline s':>10} {'checked s':>10} {'cost':>7}")
    tb = tc = 0.0
    for method in METHODS:
        for n, k in SIZES:
            best = {False: 1e9, True: 1e9}
            spent, runs = 0.0, 0
            while runs < 3 or (runs < 5 and spent < 1.0):
                for checked in (False, True):
                    dt = run(method, n, k, checked)
                    spent += dt
                    best[checked] = min(best[checked], dt)
                runs += 1
            tb += best[False]
            tc += best[True]
            print(f"{method:16} {n:>6} {k:>4} | {best[False]:>10.4f} {best[True]:>10.4f} "
                  f"{(best[True] / best[False] - 1) * 100:>+6.1f}%", flush=True)
    cost = (tc / tb - 1) * 100
    print(f"total: baseline {tb:.3f} s, checked {tc:.3f} s: {cost:+.1f}% "
          f"(goal <= +5%: {'met' if cost <= 5 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
