"""Paths and cycles (satgrid.modelling.paths): lazy cuts versus the eager encoding.

Usage:  .venv/bin/python bench/bench_paths.py [--quick] [--time-limit S]

Part 1: counts known from outside at the size the tests leave out (n = 5):
simple corner-to-corner paths of the 5x5 grid graph (OEIS A007764: 8 512)
and its cycles (OEIS A140517: 9 349), each counted with Model.path /
Model.cycle with lazy and with eager connectivity; the Hamiltonian cycles of
the 6x6 grid graph (OEIS A003763: 1 072) likewise. The count must equal the
published number, else the script exits 1.

Part 2: for each path/loop kind (slitherlink, masyu, numberlink), its
instances in instances/ solved with --unique (``api.solve(..., unique=True)``)
with lazy and with eager connectivity: status, unique, wall seconds, CEGAR
rounds, cuts, and whether the fallback (layered encoding after 30 rounds)
was handed out. The baseline is the other mode on the same instance. The
lazy and eager answers must agree (and match the published solution).

Wall-clock seconds on this machine; compare columns and ratios.
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import ROOT, instance, machine, utc_stamp  # noqa: F401

from satgrid import api
from satgrid.modelling.geometry import grid_graph
from satgrid.modelling.model import Model

COUNTS = [("corner paths 5x5 (A007764)", "path", 5, False, 8512),
          ("cycles 5x5 (A140517)", "cycle", 5, False, 9349),
          ("Hamiltonian cycles 6x6 (A003763)", "cycle", 6, True, 1072)]
KINDS = {
    "slitherlink": ["slitherlink-janko-11.toml", "slitherlink-janko-24.toml",
                    "slitherlink-janko-103.toml", "slitherlink-janko-659.toml"],
    "masyu": ["masyu-janko-71.toml", "masyu-janko-02.toml", "masyu-janko-101.toml",
              "masyu-janko-139.toml"],
    "numberlink": ["numberlink-janko-01.toml", "numberlink-janko-02.toml",
                   "numberlink-janko-03.toml", "numberlink-janko-100.toml"],
}


def count(kind: str, n: int, ham: bool, mode: str) -> tuple[int, bool, float, int]:
    m = Model(connectivity=mode)
    e = {(u, v): m.bool(f"e{u}-{v}") for u, v in grid_graph(n).edges}
    t0 = time.perf_counter()
    on = m.path(e, (0, 0), (n - 1, n - 1)) if kind == "path" else m.cycle(e)
    if ham:
        m.clauses([[l] for l in on.values()])
    c, complete = m.count()
    rounds = sum(ch.stats["rounds"] for ch in m.lazy)
    return c, complete, time.perf_counter() - t0, rounds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="part 2 only, the smaller instances")
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per solve")
    a = ap.parse_args()
    print(f"# bench_paths: {utc_stamp()}; {machine()}\n")
    bad = 0
    if not a.quick:
        print("## Part 1: counts known from outside (n = 5; Hamiltonian 6x6)\n")
        print("| count | published | mode | found | seconds | CEGAR rounds |")
        print("|---|---:|---|---:|---:|---:|")
        for name, kind, n, ham, want in COUNTS:
            for mode in ("lazy", "eager"):
                c, complete, s, rounds = count(kind, n, ham, mode)
                ok = complete and c == want
                bad += not ok
                print(f"| {name} | {want:,} | {mode} | {c:,}{'' if ok else ' WRONG'} | "
                      f"{s:.2f} | {rounds} |", flush=True)
        print()
    print("## Part 2: the path and loop kinds, solve --unique, lazy vs eager\n")
    print("| instance | size | mode | status | unique | as published | seconds | "
          "CEGAR rounds | cuts | fallback |")
    print("|---|---|---|---|---|---|---:|---:|---:|---|")
    for kind, names in KINDS.items():
        for name in (names[:2] if a.quick else names):
            [p] = api.load(instance(name))
            for mode in ("lazy", "eager"):
                t0 = time.perf_counter()
                res = api.solve(p, api.Options(connectivity=mode, time_limit=a.time_limit),
                                unique=True)
                s = time.perf_counter() - t0
                m = res["_model"]
                fallback = any(getattr(c, "switched", False) for c in m.lazy)
                same = (res.get("grid") == p.expected_solution()) if res["status"] == "sat" else None
                if res["status"] == "sat" and not same:
                    bad += 1
                st = res["stats"]
                print(f"| {name} | {p.rows}x{p.cols} | {mode} | {res['status']} | "
                      f"{res['unique']} | {same} | {s:.2f} | {st.get('rounds', 0)} | "
                      f"{st.get('cuts', 0)} | {'yes' if fallback else 'no'} |", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
