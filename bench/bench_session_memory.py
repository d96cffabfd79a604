"""One Session for a long time: memory and speed over many calls, and what the sync costs.

Usage:  .venv/bin/python bench/bench_session_memory.py [--solves N] [--unique N] [--quick]

Part 1, 100,000 incremental solves on one Session (a 9x9 Sudoku's rules, each
call under 30 cells of a top95 puzzle's solution as assumptions: easy
calls, so any growth of the per-call cost shows): resident memory (VmRSS)
after the first 1,000 calls and after the last, and the mean time of the
first and last 1,000 calls; beside it, call by call in the same loop, a
second Session with the oracle as it was before the fix (PySAT's plain
``solve``, no sync) and a bare PySAT solver making the same calls, as the
baselines. Goal: RSS growth under 10 %, the last calls no slower than 1.2x
the first. CaDiCaL itself slows down over such a run (the bare solver's
column shows it: 1.79x over 100,000 calls on 2026-11-25), so the script also
prints satgrid's growth divided by the bare solver's: what satgrid adds.

Part 2, 20,000 ``is_unique`` calls on one Session (the same puzzle again and
again, its first model given: one blocking clause, one activation variable
each): the same two measures, and the same run with recycling turned off
(``RECYCLE_AT`` out of reach: every call leaves a variable fixed in the
solver for good, as before the fix) as the baseline. In a second pass, call
by call in the same loop, a bare PySAT CaDiCaL makes the solver calls such
a check makes (a fresh activation variable ``a``, the blocking clause of the
first model with ``-a``, ``solve(givens + [a])``, then the unit ``[-a]``):
its growth is the solver's own, and the script prints satgrid's growth
divided by it (below 1: the Session's recycling removes growth the bare
solver keeps). The projection ``m.over`` is read on every call, as
``Model.is_unique`` reads it; until ``Formula.primary`` kept its list it
scanned the whole pool each time, so calls grew with the pool (the leaked
run: 4.3x over 20,000 calls on 2026-11-25, against the bare solver's 2.3x).

Part 3, the cost of keeping the Session in sync with its Formula and of the
interrupt-safe calls (conflict-budget slices, PySAT told not to ``longjmp``):
top95 solved through one Session (each puzzle's givens as assumptions, as
the collection pipeline does), against the same Session with
``_sync_formula`` a no-op and the oracle making PySAT's plain ``solve``
call (the code before the fix), in alternating trials; the least of each.
Goal: at most 2 % dearer.

Wall-clock seconds on a shared 2-core machine: compare within a run.
"""

from __future__ import annotations

import argparse
import sys
import time
from array import array

from _common import ROOT, machine, utc_stamp  # noqa: F401  (ROOT puts the checkout first)

from pysat.solvers import Solver

from satgrid import api
from satgrid.core import session as session_mod
from satgrid.pipeline.run import Options, compile_puzzle, open_session

BENCH = ROOT.parent / "shared" / "benchmarks"


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def sudoku_session():
    puzzles = api.load(str(BENCH / "sudoku-top95.txt"))
    m = compile_puzzle(puzzles[0], Options(), givens="none")
    s = open_session(m, puzzles[0], Options())
    return puzzles, m, s


def solved_prefixes(puzzles, m, s, cells: int = 30) -> list[list[int]]:
    """For each puzzle: its solution's first ``cells`` cells as assumptions."""
    out = []
    for p in puzzles:
        assert s.solve(p.givens(m)) == "sat"
        model = s.model
        out.append([v for v in m.over if model[v - 1] > 0][:cells])
    return out


def part1(n: int, against: str = "before") -> dict:
    """Two oracles side by side, call by call (so the load of a shared
    machine falls on both alike); times kept in preallocated arrays (a list of
    100,000 floats alone would add 3 MB to the RSS being measured).
    ``against="before"``: the Session now and the Session as it was (the RSS
    is theirs); ``against="bare"``: the Session now and a bare PySAT solver
    (timing only: what growth is the solver's own)."""
    sessions = {}
    for variant in ("now", "before") if against == "before" else ("now",):
        puzzles, m, s = sudoku_session()
        if variant == "before":      # the baseline: the oracle as it was before the fix
            _plain(s)
        sessions[variant] = (s, solved_prefixes(puzzles, m, s), array("d", bytes(8 * n)))
    # a bare PySAT CaDiCaL making the same calls (solve + get_model), with the
    # kind's tuning: whatever growth it shows is the solver's own
    s0, prefixes = sessions["now"][0], sessions["now"][1]
    bare = Solver(name=s0.solver_name, bootstrap_with=s0.formula.clauses) \
        if against == "bare" else None
    if bare is not None:
        bare.configure(dict(s0.options or {}))
    bare_times = array("d", bytes(8 * n))
    rss0 = None
    for i in range(n):
        for s, asm, times in sessions.values():
            a = asm[i % len(asm)]
            t0 = time.perf_counter()
            assert s.solve(a) == "sat"
            times[i] = time.perf_counter() - t0
        if bare is not None:
            t0 = time.perf_counter()
            assert bare.solve(assumptions=prefixes[i % len(prefixes)])
            bare.get_model()
            bare_times[i] = time.perf_counter() - t0
        if i == 999:
            rss0 = rss_mb()
    rss1 = rss_mb()
    k = 1000
    out = {"calls": n, "rss0": rss0, "rss1": rss1}
    for variant, (s, _, times) in sessions.items():
        out[variant] = (sum(times[:k]) / k * 1e6, sum(times[-k:]) / k * 1e6, s.solver.nof_vars())
    if bare is not None:
        out["bare"] = (sum(bare_times[:k]) / k * 1e6, sum(bare_times[-k:]) / k * 1e6,
                       bare.nof_vars())
        bare.delete()
    return out


def part2(n: int, recycle: bool, bare: bool = False) -> dict:
    """``n`` is_unique calls on one Session; ``bare``: a bare PySAT solver
    makes the same SAT calls beside it, call by call (timing only: its
    leaked variables would count in the RSS)."""
    saved = session_mod.RECYCLE_AT
    if not recycle:
        session_mod.RECYCLE_AT = 1 << 60
    try:
        puzzles, m, s = sudoku_session()
        p = puzzles[0]
        a = p.givens(m)
        assert s.solve(a) == "sat"
        first_model = s.model
        times = array("d", bytes(8 * n))
        bare_times = array("d", bytes(8 * n))
        b = None
        if bare:
            b = Solver(name=s.solver_name, bootstrap_with=s.formula.clauses)
            b.configure(dict(s.options or {}))
            top = s.formula.nvars
            b.add_clause([top, -top])
            blocking = [-first_model[v - 1] for v in m.over]
        rss0 = None
        for i in range(n):
            t0 = time.perf_counter()
            assert s.is_unique(m.over, a, first=first_model) is True
            times[i] = time.perf_counter() - t0
            if b is not None:
                t0 = time.perf_counter()
                top += 1
                b.add_clause(blocking + [-top])
                assert b.solve(assumptions=a + [top]) is False
                b.add_clause([-top])
                bare_times[i] = time.perf_counter() - t0
            if i == 999:
                rss0 = rss_mb()
        rss1 = rss_mb()
    finally:
        session_mod.RECYCLE_AT = saved
    k = 1000
    first, last = sum(times[:k]) / k, sum(times[-k:]) / k
    out = {"calls": n, "rss0": rss0, "rss1": rss1, "first_us": first * 1e6,
           "last_us": last * 1e6, "vars": s.solver.nof_vars(), "pool": m.formula.nvars,
           "rebuilds": s.generation}
    if b is not None:
        out["bare"] = (sum(bare_times[:k]) / k * 1e6, sum(bare_times[-k:]) / k * 1e6,
                       b.nof_vars())
        b.delete()
    return out


def _plain(s) -> None:
    """Give session ``s`` the oracle call before the fix, for an unlimited
    call: no sync, PySAT's solve as is (a bench's stand-in behind the facade)."""
    handle, oracle = s._handle, s._oracle
    handle.sync_formula = lambda: None

    def call(assumptions, budget):
        handle.check_incremental("another SAT call")
        handle.declare()
        handle.calls += 1
        result = handle.solver.solve(assumptions)
        handle.reserve_minted()
        return result
    oracle.call = call


def part3(trials: int, rounds: int) -> dict:
    puzzles = api.load(str(BENCH / "sudoku-top95.txt"))
    best = {"new": float("inf"), "old": float("inf")}
    for _ in range(trials):
        for variant in ("new", "old"):
            m = compile_puzzle(puzzles[0], Options(), givens="none")
            s = open_session(m, puzzles[0], Options())
            if variant == "old":
                _plain(s)
            givens = [p.givens(m) for p in puzzles]
            t0 = time.perf_counter()
            for _ in range(rounds):
                for g in givens:
                    assert s.solve(g) == "sat"
            best[variant] = min(best[variant], time.perf_counter() - t0)
    calls = rounds * len(puzzles)
    return {"calls": calls, "new_s": best["new"], "old_s": best["old"],
            "cost": best["new"] / best["old"] - 1}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solves", type=int, default=100_000)
    ap.add_argument("--unique", type=int, default=20_000)
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="a smoke run (small numbers)")
    a = ap.parse_args()
    if a.quick:
        a.solves, a.unique, a.trials = 3000, 3000, 1
    print(f"# bench_session_memory  {utc_stamp()}  {machine()}")
    r = part1(a.solves)
    r_bare = part1(a.solves, against="bare")
    print(f"\n## {a.solves:,} incremental solves on each of two Sessions (9x9 Sudoku rules), "
          "call by call")
    print(f"RSS of the process (both sessions) after 1,000 calls {r['rss0']:.1f} MB, after "
          f"{a.solves:,}: {r['rss1']:.1f} MB ({100 * (r['rss1'] / r['rss0'] - 1):+.1f} %, "
          "goal < 10 %)")
    print("| oracle | first 1,000 (us) | last 1,000 (us) | last/first | solver vars |")
    print("|---|---|---|---|---|")
    for variant, label, res in (("now", "sliced, synced (now)", r),
                                ("before", "plain solve, no sync (before)", r),
                                ("now", "second run: sliced, synced (now)", r_bare),
                                ("bare", "second run: bare PySAT solver, same calls", r_bare)):
        first, last, nvars = res[variant]
        print(f"| {label} | {first:.0f} | {last:.0f} | {last / first:.2f}x | {nvars} |",
              flush=True)
    growth = (r_bare["now"][1] / r_bare["now"][0]) / (r_bare["bare"][1] / r_bare["bare"][0])
    print(f"satgrid's growth over the bare solver's in the same loop: {growth:.2f}x "
          "(goal for satgrid's own per-call cost: <= 1.2x)")
    print(f"\n## {a.unique:,} is_unique calls on one Session")
    print("| activations | RSS 1,000 -> last (MB) | growth | first 1,000 (us) | last 1,000 (us) "
          "| last/first | solver vars | pool vars | rebuilds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for recycle in (True, False):
        r = part2(a.unique, recycle)
        print(f"| {'recycled' if recycle else 'leaked (before)'} | {r['rss0']:.1f} -> "
              f"{r['rss1']:.1f} | {100 * (r['rss1'] / r['rss0'] - 1):+.1f} % | "
              f"{r['first_us']:.0f} | {r['last_us']:.0f} | {r['last_us'] / r['first_us']:.2f}x | "
              f"{r['vars']} | {r['pool']} | {r['rebuilds']} |", flush=True)
        if recycle:
            own = r["last_us"] / r["first_us"]
    r = part2(a.unique, True, bare=True)
    bf, bl, bvars = r["bare"]
    print(f"| second run: recycled | | | {r['first_us']:.0f} | {r['last_us']:.0f} | "
          f"{r['last_us'] / r['first_us']:.2f}x | {r['vars']} | {r['pool']} | {r['rebuilds']} |")
    print(f"| second run: bare PySAT solver, same SAT calls | | | {bf:.0f} | {bl:.0f} | "
          f"{bl / bf:.2f}x | {bvars} | | |", flush=True)
    growth = (r["last_us"] / r["first_us"]) / (bl / bf)
    print(f"is_unique: last 1,000 calls / first 1,000: {own:.2f}x (goal <= 1.2x: "
          f"{'met' if own <= 1.2 else 'NOT met'}); satgrid's growth over the bare solver's "
          f"in the same loop: {growth:.2f}x")
    r = part3(a.trials, 3)
    print(f"\n## the cost of the sync and the interrupt-safe calls: top95 x 3 in one Session "
          f"({r['calls']} solves), least of {a.trials} trials")
    print(f"now {r['new_s']:.3f} s, before (no sync, plain solve) {r['old_s']:.3f} s: "
          f"{100 * r['cost']:+.1f} % (goal <= 2 %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
