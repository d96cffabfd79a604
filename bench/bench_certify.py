"""Certified answers (docs/certify.md): for each seed puzzle, ``solve --unique``
without and with the certificate (proof logging), the proof's size, and the time
``satgrid verify`` takes.

Baseline: the plain ``solve --unique`` (:func:`satgrid.api.solve`, the
incremental Session), in the same process, best of ``--rounds``. The certified
run (:func:`satgrid.certify.certify_puzzle`: search without assumptions, the
proof-logging solve of the final formula, decoding, referee, writing the
folder) and the check (:meth:`Certificate.verify`: referee, cuts, dratify's
pure-Python DRAT check, hashes) are timed the same way.

Goals (issue 5/9): certified <= 2x plain; verify <= 10 s per seed puzzle.
``--profile NAME`` prints where dratify's time goes for one instance (cProfile,
top functions by own time, and its RUP/RAT step counts).

Usage: ``python bench/bench_certify.py [--rounds N] [--also FILE ...] [--profile NAME]``
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import re
import tempfile
import time
from pathlib import Path

from _common import instance, machine, utc_stamp

from satgrid import api
from satgrid.certify import Certificate, certify_puzzle
from satgrid.certify.verify import read_cnf, read_drat

SEEDS = ["sudoku-classic.toml", "vertex-sums-17-25-18-29.toml", "knight-moves-4.toml",
         "hooks-8.toml", "twenty-four-seven-2x2-2.toml"]
#: seeds whose --unique answer is "not unique" (no proof): their complete count too
COUNTS = ["vertex-sums-17-25-18-29.toml"]


#: time.process_time (CPU seconds of this process, the solvers' C code included)
#: or time.perf_counter (wall clock); CPU time by default: on a shared 2-core
#: machine the wall clock moves with other people's work
CLOCK = time.process_time


def best(f, rounds: int):
    out, t = None, float("inf")
    for _ in range(rounds):
        t0 = CLOCK()
        out = f()
        t = min(t, CLOCK() - t0)
    return out, t


def row(name: str, rounds: int, tmp: Path, mode: str = "unique") -> dict:
    [p] = api.load(instance(name) if "/" not in name else name)
    if mode == "count":
        plain, t_plain = best(lambda: api.count(p, api.Options()), rounds)
    else:
        plain, t_plain = best(lambda: api.solve(p, api.Options(), unique=True), rounds)
    folder = tmp / (Path(name).stem + "-" + mode)
    (res, cert), t_cert = best(lambda: certify_puzzle(p, mode, folder), rounds)
    summary, t_verify = best(cert.verify, rounds)
    proof = folder / "proof.drat"
    agrees = (plain.get("count") == res.get("count") if mode == "count"
              else plain.get("unique") == res.get("unique"))
    return {"name": Path(name).stem + (" (count)" if mode == "count" else ""), "plain": t_plain, "cert": t_cert,
            "claim": cert.claim, "agrees": agrees,
            "lines": int(re.search(r"proof of (\d+) steps", summary).group(1))
            if proof.exists() else 0,
            "bytes": proof.stat().st_size if proof.exists() else 0,
            "clauses": res["stats"]["clauses"], "cuts": res["stats"]["cuts"],
            "verify": t_verify, "summary": summary}


def profile(name: str, tmp: Path) -> None:
    [p] = api.load(instance(name))
    res, cert = certify_puzzle(p, "unique", tmp / "profile")
    cnf = read_cnf(cert.folder / "formula.cnf")
    steps, _ = read_drat(cert.folder / "proof.drat")
    import dratify  # the certify extra (optional)
    f = dratify.CNF(cnf.nvars)
    t0 = time.process_time()
    for c in cnf.clauses:
        f.add_dimacs(c)
    checker = dratify.DRATChecker(f)
    setup = time.process_time() - t0
    internal = [(k, tuple(dratify.from_dimacs(l) for l in lits)) for k, lits in steps]
    prof = cProfile.Profile(time.process_time)     # CPU seconds
    t0 = time.process_time()
    prof.enable()
    r = checker.check(internal)
    prof.disable()
    run = time.process_time() - t0
    st = pstats.Stats(prof)
    calls = {fn[2]: (cc, tt) for fn, (cc, nc, tt, ct, callers) in st.stats.items()}
    print(f"\nwhere dratify's time goes, {name}: {len(cnf.clauses)} clauses, {len(steps)} proof "
          f"lines ({r.rup_steps} lemmas by RUP, {r.rat_steps} by RAT, {r.deletions} deletions); "
          f"loading the formula and propagating its units {setup:.2f} s, checking {run:.2f} s "
          f"(CPU seconds, under cProfile)")
    for fn in ("propagate", "assign", "backtrack", "_is_rup", "_is_rat"):
        if fn in calls:
            cc, tt = calls[fn]
            print(f"  {fn:10s} {cc:>10,d} calls, {tt:6.2f} s own time")
    if "assign" in calls and r.rup_steps:
        print(f"  -> {calls['assign'][0] / max(r.rup_steps, 1):,.0f} literals assigned per RUP "
              "check: forward checking propagates every lemma, needed or not")
    s = io.StringIO()
    st.stream = s
    st.sort_stats("tottime").print_stats(4)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1, help="best of N (default 1)")
    ap.add_argument("--also", nargs="*", default=[], help="more instance files")
    ap.add_argument("--profile", metavar="NAME", help="profile dratify on instances/NAME")
    ap.add_argument("--wall", action="store_true", help="wall-clock times instead of CPU times")
    a = ap.parse_args(argv)
    global CLOCK
    if a.wall:
        CLOCK = time.perf_counter
    print(f"# bench_certify.py -- {machine()}, {utc_stamp()}, "
          f"{'wall-clock' if a.wall else 'CPU'} seconds, best of {a.rounds}, load average "
          f"{os.getloadavg()[0]:.1f}")
    api.solve(api.load(instance("hooks-example.toml"))[0], unique=True)   # warm: imports
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if a.profile:
            profile(a.profile, tmp)
            return 0
        rows = [row(n, a.rounds, tmp) for n in SEEDS + a.also]
        rows += [row(n, a.rounds, tmp, "count") for n in COUNTS]
        print(f"{'puzzle':34s} {'claim':10s} {'plain s':>8s} {'cert s':>8s} {'ratio':>6s} "
              f"{'proof steps':>11s} {'bytes':>10s} {'verify s':>8s}  goals")
        for r in rows:
            ratio = r["cert"] / r["plain"]
            goals = ("ratio ok" if ratio <= 2 else "RATIO OVER 2x") + ", " + \
                ("verify ok" if r["verify"] <= 10 else "VERIFY OVER 10 s")
            print(f"{r['name']:34s} {r['claim']:10s} {r['plain']:8.3f} {r['cert']:8.3f} "
                  f"{ratio:6.2f} {r['lines']:>11,d} "
                  f"{r['bytes']:>10,d} {r['verify']:8.2f}  {goals}"
                  + ("" if r["agrees"] else "  ANSWER DIFFERS FROM PLAIN SOLVE"))
        print("(plain: api.solve(unique=True), or api.count for a (count) row; cert: certify_puzzle = compile + proof-logging "
              "search + decode/referee + files; verify: Certificate.verify, dratify "
              "engine='python'; the lines below: wall-clock seconds as verify reports them)")
        for r in rows:
            print(f"  {r['name']}: {r['summary']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
