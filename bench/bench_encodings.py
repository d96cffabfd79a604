"""Clause generation speed: satgrid's explicit Python encoders against PySAT's
C++ ``CardEnc`` for the same (method, n, k), end to end.

PySAT side: ``CardEnc.atmost(range(1, n+1), k, top_id=n, encoding=...)``
returning its CNF, and we take ``.clauses``. For ``totalizer`` PySAT's
``CardEnc`` builds the whole tree without the cut at k+1 (50 million clauses
and about a minute at n = 10,000), so the row compares with ``ITotalizer(lits,
ubound=k)`` plus the root unit, which is the same cut tree as ours. Our side:
``satgrid.core.encodings.at_most(range(1, n+1), k, VarCounter(n), method)``
returning a list of lists.

Each figure is the best of 1 to 9 runs (more for the fast ones), the sides
interleaved in the same process, in CPU seconds of this process
(``time.process_time``: the machine is shared, and CPU time is what a run
costs whatever else runs beside it). Our entry points pause Python's cyclic garbage collector while they
build clauses; PySAT's do not, so a second PySAT column is timed with the
collector paused too (``pysat-nogc``) and the table gives both ratios. The
goal is a clause rate ratio (ours / PySAT's) of at least 1.0. Clause counts
differ where the encodings differ (PySAT's ``mtotalizer`` and ``sortnetwrk``
build more clauses for the same constraint), so the table also gives the time
ratio: PySAT's seconds over ours for the same constraint.

Sequential counters: PySAT's ``EncType.seqcounter`` is Knuth's irredundant
form, our ``seqcounter-knuth`` (the same clauses up to the numbering of the
auxiliaries), so that is the row that compares like with like. Our
``seqcounter`` is Sinz's counter (SPEC.md section 4), a different and larger
encoding of the same constraint; its row, marked ``seqcounter**``, is
compared with PySAT's seqcounter too, for the time column, and is left out
of the goal count.

The totalizers keep each node shape's clause templates (and the BDD its
shapes) between calls, so the best of several runs is a warm figure; a
second table gives the totalizer rows with those caches cleared before every
run (``satgrid.core.encodings.clear_caches``), i.e. what a first call costs.

Run: ``.venv/bin/python bench/bench_encodings.py`` (about a minute or two).
"""

from __future__ import annotations

import gc
import sys
import time

from pysat.card import CardEnc, EncType, ITotalizer

from satgrid.core.encodings import VarCounter, at_most, clear_caches

# (our method, PySAT's encoding, same encoding on both sides?)
METHODS = [("seqcounter-knuth", "seqcounter", True), ("seqcounter", "seqcounter", False),
           ("totalizer", "ITotalizer", True), ("mtotalizer", "mtotalizer", True),
           ("cardnetwork", "cardnetwrk", True), ("sortnetwork", "sortnetwrk", True)]
SIZES = [(1000, 10), (1000, 100), (10000, 10), (10000, 100)]


def ours(method, n, k):
    return at_most(list(range(1, n + 1)), k, VarCounter(n), method)


def pysat(name, n, k):
    lits = list(range(1, n + 1))
    if name == "ITotalizer":
        t = ITotalizer(lits, ubound=k, top_id=n)
        clauses = t.cnf.clauses + [[-t.rhs[k]]]
        t.delete()
        return clauses
    return CardEnc.atmost(lits, bound=k, top_id=n, encoding=getattr(EncType, name)).clauses


def timed(fn, nogc=False):
    if nogc:
        gc.disable()
    try:
        t = time.process_time()
        out = fn()
        return time.process_time() - t, len(out)
    finally:
        if nogc:
            gc.enable()


def main() -> int:
    t0 = time.perf_counter()
    head = (f"{'method':16} {'n':>6} {'k':>4} | {'ours cl':>9} {'s':>7} {'Mcl/s':>6} | "
            f"{'pysat cl':>9} {'s':>7} {'Mcl/s':>6} | {'nogc s':>7} {'Mcl/s':>6} | "
            f"{'ratio':>5} {'nogc':>5} {'time':>5}  goal (>= 1.0)")
    print(head)
    print("-" * len(head))
    met = total = 0
    cold = []
    for method, pname, same in METHODS:
        for n, k in SIZES:
            best = {"ours": (1e9, 0), "pysat": (1e9, 0), "nogc": (1e9, 0)}
            runs, spent = 0, 0.0
            while runs < 1 or (runs < 9 and spent < 2.0):
                for key, fn, nogc in (("ours", lambda: ours(method, n, k), False),
                                      ("pysat", lambda: pysat(pname, n, k), False),
                                      ("nogc", lambda: pysat(pname, n, k), True)):
                    dt, cnt = timed(fn, nogc)
                    spent += dt
                    if dt < best[key][0]:
                        best[key] = (dt, cnt)
                runs += 1
            (to, co), (tp, cp), (tg, cg) = best["ours"], best["pysat"], best["nogc"]
            if method in ("totalizer", "mtotalizer"):
                cold_best = min(timed(lambda: (clear_caches(), ours(method, n, k))[1])[0]
                                for _ in range(max(runs, 3)))
                cold.append((method, n, k, co, cold_best, cp / tp / 1e6))
            ro, rp, rg = co / to / 1e6, cp / tp / 1e6, cg / tg / 1e6
            ratio, ratio_g = ro / rp, ro / rg
            ok = ratio >= 1.0
            if same:
                met += ok
                total += 1
            label = "totalizer*" if pname == "ITotalizer" else method if same else method + "**"
            goal = ("met" if ok else "NOT met") if same else "n/a (different encodings)"
            print(f"{label:16} {n:>6} {k:>4} | {co:>9} {to:>7.3f} {ro:>6.2f} | "
                  f"{cp:>9} {tp:>7.3f} {rp:>6.2f} | {tg:>7.3f} {rg:>6.2f} | "
                  f"{ratio:>5.2f} {ratio_g:>5.2f} {tp / to:>5.1f}  {goal}"
                  f"{'' if ratio_g >= 1.0 or not same else ' (not met vs pysat-nogc)'}", flush=True)
    print(f"\ngoal met in {met} of {total} rows comparing the same encoding (rate ratio vs "
          "PySAT as called).\n"
          "ratio = our clauses/s over PySAT's; nogc = the same against PySAT with the "
          "collector paused;\ntime = PySAT's seconds over ours for the same constraint "
          "(> 1: ours is done sooner, whatever the clause counts).\n"
          "* totalizer compared with pysat.card.ITotalizer(ubound=k) + root unit\n"
          "** ours is Sinz's seqcounter (k(n-1) aux, 2nk + n - 3k - 1 clauses); PySAT's "
          "seqcounter is Knuth's\n   irredundant form (= our seqcounter-knuth): different "
          "encodings of the same constraint, not in the goal count")
    print("\ncaches cleared before every run (first-call cost), totalizer rows:")
    for method, n, k, co, tc, rp in cold:
        print(f"  {method:11} {n:>6} {k:>4} | {co:>9} cl {tc:>7.4f} s {co / tc / 1e6:>6.2f} Mcl/s"
              f" | rate ratio vs PySAT as called {co / tc / 1e6 / rp:>5.2f}")
    print(f"total time {time.perf_counter() - t0:.1f} s; python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
