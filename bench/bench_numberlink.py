"""Numberlink: the shared-line model against the per-number paths and clingo.

Usage:  .venv/bin/python bench/bench_numberlink.py [--time-limit S] [--only NAME ...]
        [--no-paths] [--no-clingo]

Each puzzle is solved with its uniqueness proven (``api.solve(..., unique=True)``)
four ways in the same run:

* ``new``: the kind as it is (:mod:`satgrid.puzzles.numberlink.kind`: one
  Boolean per edge shared by all numbers, a colour per cell, loops refused
  by connectivity cuts on the rooted line graph, the answers sought among
  taut and lean line sets, free cells inside corners only above them and
  corners opening downwards in spikes, the first among those that use
  every cell first);
* ``before``: the kind before the taut lines (:class:`Untaut` below: the
  same model without the ``taut`` selector, nor ``lean`` and the spikes
  under it, so both searches range over every line set); the conflicts of
  both are printed (``conf``), a measure the machine's load does not change;
* ``paths``: the model before it, one ``Model.path`` per number over its own
  copy of the edges (:class:`PerNumberPaths` below, kept here as the
  baseline);
* ``clingo``: ``bench/asp/numberlink.lp`` (reachability from the numbers,
  two models asked for, projected on the used edges), when clingo is
  installed (``pip install clingo``).

The puzzles: Janko's Arukone 100 (10x10, ``instances/``), the 15x15 examples
of the kind folder, and ``bench/numberlink/`` (Janko 15x15 to 30x30 and a
26x26 of noqx's examples; each file names its source). A Janko answer must
equal the published solution. The goals of issue [4/7] are printed at the
end: every 15x15 under 2 s, every puzzle of 25x25 or more under 20 s, and
the lead on the 10x10 (``new`` faster than clingo). Wall-clock seconds
(``s``) and this process's CPU seconds (``cpu``, user + system: the solvers
run in process, so on a loaded machine it stands for the wall time of a
quiet one; the goals are printed for both), after one untimed solve
(imports); clingo's include grounding.
"""

from __future__ import annotations

import argparse
import resource
import time

from _common import ROOT, machine, utc_stamp
from clingo_genres import GENRES, have_clingo, run_clingo

from satgrid import api
from satgrid.modelling.geometry import grid_edges
from satgrid.modelling.model import Model
from satgrid.puzzles.links import links_from_edges
from satgrid.puzzles.numberlink import Numberlink

PUZZLES = ([ROOT / "instances" / "numberlink-janko-100.toml"]
           + sorted((ROOT / "satgrid" / "puzzles" / "numberlink" / "examples").glob("*.toml"))
           + sorted((ROOT / "bench" / "numberlink").iterdir()))


class Untaut(Numberlink):
    """The kind before 2026-11-27: no ``numberlink.taut`` clauses (taut,
    lean and full), no assumption and no hint
    (:meth:`Numberlink.search_assumptions` then answers [])."""

    def _taut(self, model: Model, owner: dict) -> None:
        pass


class PerNumberPaths(Numberlink):
    """The model until 2026-11: per number k a Boolean per edge not touching
    another number's cells and ``Model.path`` from one k to the other; a cell
    on at most one line (exactly one with ``fill``)."""

    def build(self, model: Model) -> None:
        self._paths = {}
        self._on = {}
        for k, (a, b) in self.pairs.items():
            others = {v for j, vs in self.pairs.items() if j != k for v in vs}
            self._paths[k] = {e: model.bool("%s:e[%d,%d-%d,%d]" % (k, *e[0], *e[1]))
                              for e in grid_edges(self.rows, self.cols)
                              if e[0] not in others and e[1] not in others}
            self._on[k] = model.path(self._paths[k], a, b, group="numberlink.path")
        for r in range(self.rows):
            for c in range(self.cols):
                lits = [on[(r, c)] for on in self._on.values() if (r, c) in on]
                if self.fill:
                    model.exactly(lits, 1, group="numberlink.cell")
                elif len(lits) > 1:
                    model.at_most(lits, 1, group="numberlink.cell")

    def decode(self, sol):
        used = [e for es in self._paths.values() for e, lit in es.items() if sol[lit]]
        labels = [["."] * self.cols for _ in range(self.rows)]
        for k, on in self._on.items():
            for (r, c), lit in on.items():
                if sol[lit]:
                    labels[r][c] = k
        return {"grid": links_from_edges(used, self.rows, self.cols), "labels": labels}


def cpu_seconds() -> float:
    """User + system CPU seconds of this process (the solvers run in it)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run_satgrid(p, limit: float) -> tuple[str, float, list | None, int, float]:
    """(claim, seconds, link grid, conflicts, CPU seconds) of one solve with
    uniqueness."""
    t, c = time.perf_counter(), cpu_seconds()
    res = api.solve(p, api.Options(time_limit=limit), unique=True)
    dt, dc = time.perf_counter() - t, cpu_seconds() - c
    claim = {True: "unique", False: "several"}.get(res.get("unique"), res["status"])
    if res["status"] == "sat" and res.get("unique") is None:
        claim = "sat, unique unknown"
    return claim, dt, res.get("grid"), res.get("stats", {}).get("conflicts", 0), dc


def run_clingo_grid(p, limit: float) -> tuple[str, float, list | None]:
    """(claim, seconds, link grid) of clingo asked for two models, by the
    shared runner of bench_clingo.py (clingo_genres.run_clingo)."""
    claim, dt, decoded = run_clingo(GENRES["numberlink"], p, limit)
    return claim, dt, decoded["grid"] if decoded else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per run")
    ap.add_argument("--only", nargs="*", help="file names to run (default: all)")
    ap.add_argument("--no-paths", action="store_true", help="skip the per-number baseline")
    ap.add_argument("--no-clingo", action="store_true", help="skip clingo")
    args = ap.parse_args()
    lim = args.time_limit
    clingo_ok = have_clingo() and not args.no_clingo
    print(f"# bench_numberlink.py, {utc_stamp()}, {machine()}; limit {lim:g} s per run")
    if not clingo_ok:
        print("# clingo skipped (--no-clingo, or not installed)")
    print("| puzzle | size | pairs | new | s | cpu | conf | before | s | cpu | conf | paths | s "
          "| clingo | s | clingo / new | as published |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    [warm] = api.load(str(PUZZLES[0]))        # imports and first-call costs off the clock
    api.solve(warm, unique=True)
    rows, bad = [], 0
    for path in PUZZLES:
        if args.only and path.name not in args.only:
            continue
        [p] = api.load(str(path))
        claim, dt, grid, conf, dc = run_satgrid(p, lim)
        [b] = api.load(str(path))
        b.__class__ = Untaut
        before = run_satgrid(b, lim)
        old = ("-", None)
        if not args.no_paths:
            [q] = api.load(str(path))
            q.__class__ = PerNumberPaths
            oc, ot, _, _, _ = run_satgrid(q, lim)
            old = (oc, ot)
        cl = ("-", None, None)
        if clingo_ok:
            cl = run_clingo_grid(p, lim)
        want = p.expected_solution()
        agree = "-" if want is None or grid is None else ("yes" if grid == want else "NO")
        if cl[2] is not None and grid is not None and cl[0] == claim == "unique" and cl[2] != grid:
            agree += ", clingo differs"
        if before[0] in ("unique", "several", "unsat") and claim in ("unique", "several", "unsat") \
                and before[0] != claim:
            agree += ", before differs"
        bad += agree.startswith("NO") or "differs" in agree
        ratio = f"{cl[1] / dt:.2f}" if cl[1] is not None and cl[0] == "unique" == claim else "-"
        fmt = lambda s: "-" if s is None else f"{s:.2f}"   # noqa: E731
        print(f"| {path.name} | {p.rows}x{p.cols} | {len(p.pairs)} | {claim} | {fmt(dt)} | {fmt(dc)} "
              f"| {conf} | {before[0]} | {fmt(before[1])} | {fmt(before[4])} | {before[3]} | "
              f"{old[0]} | {fmt(old[1])} | {cl[0]} | {fmt(cl[1])} | {ratio} | {agree} |",
              flush=True)
        rows.append((path.name, p.rows, p.cols, claim, dt, cl, dc))
    print()
    fifteen = [r for r in rows if (r[1], r[2]) == (15, 15)]
    large = [r for r in rows if min(r[1], r[2]) >= 25]
    for col, what in ((4, "s"), (6, "s CPU")):
        ok15 = [r for r in fifteen if r[3] == "unique" and r[col] < 2]
        okl = [r for r in large if r[3] == "unique" and r[col] < 20]
        print(f"goal 15x15 unique in under 2 {what}: {len(ok15)} of {len(fifteen)}")
        print(f"goal 25x25 or more unique in under 20 {what}: {len(okl)} of {len(large)}")
    lead = [r for r in rows if (r[1], r[2]) == (10, 10)]
    for r in lead:
        cl = r[5]
        won = cl[1] is None or (r[3] == "unique" and r[4] <= cl[1])
        print(f"goal lead on {r[0]}: new {r[4]:.2f} s, clingo "
              f"{'-' if cl[1] is None else f'{cl[1]:.2f} s'}: {'kept' if won else 'LOST'}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
