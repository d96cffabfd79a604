"""Lazy connectivity cuts versus the eager encodings, side by side.

Usage:  .venv/bin/python bench/bench_connectivity.py [--quick] [--time-limit S]

Part 1: random connectivity-heavy models on n x n grids (9, 12, 15): exactly m
cells true (sequential counter), the true cells connected, no full 2x2 window,
~15% of the cells forbidden. Two regimes: "given" (m = 25% of the cells, 4
random cells given true: connectivity must join far-apart cells) and "free"
(m = 40%, no givens: dense patterns that are often connected by chance).
Solved by satgrid's Session (CaDiCaL 1.9.5 through PySAT):
  lazy    -- no connectivity clauses; ConnectivityCuts in the CEGAR loop
  model   -- what satgrid's Model does with connectivity="lazy": the cuts,
             and the "layers" encoding handed to the session after
             LAZY_SWITCH_AFTER rounds if the cuts have not settled it
             (defaults; the given cells as anchors)
  tree    -- eager_connectivity(method="tree",   max_true=m)
  layers  -- eager_connectivity(method="layers", max_true=m)
Every answer is checked with networkx (connected, m cells, no full window, no
forbidden cell, givens kept) and the statuses must agree. "+vars/+clauses"
are what connectivity adds: the eager encoding, or the cuts of the lazy loop.

Part 2: counting every connected set of a 4x4 grid (11 507 with the empty
set; OEIS A287151: 11 506 non-empty), and with no full 2x2 window, by
Session.count lazily and eagerly.

Part 3: ablation of the lazy cuts on the 9x9 and 12x12 "given" instances:
the default (minimal separators, both sides, 64 cuts per round, anchors)
against one change at a time.

The propagator (issue [8/9], satgrid/modelling/connectivity/propagator.py): a "prop" column on
every row of parts 1 and 2 -- the connectivity constraint handed to a
reachability propagator on CaDiCaL's user-propagator interface, no eager
encoding ever built (checked: the formula gains no variable) -- plus
Part 4, harder far-apart rows (20x20; 30x30 with a 60 s limit, not with
--quick), and Part 5, the largest
puzzles of the new kinds (instances/) through the pipeline, connectivity
lazy / eager / propagate, solve and uniqueness. Each prop row prints
ratio = prop / best(lazy, layers) (goal <= 1.5) and, on the far-apart
"given" rows, speed-up = lazy / prop (goal >= 5; a lower bound when lazy
hit the time limit; far-apart rows: those where the cuts alone stall, at
the time limit or past the Model's 30 rounds), and cb% = the share of the prop run spent in Python
callbacks (a second, profiled run: every callback timed). --flood times
the propagator's own flood fill against networkx on the 15x15 index.

Everything runs in this process, one instance after another; CPU seconds
of this process (``time.process_time``: on a shared machine the wall clock
wanders with the load; on a quiet one they agree), time limits in wall
seconds. Compare columns and ratios, not absolute numbers.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time

import networkx as nx
from pysat.card import CardEnc, EncType

from satgrid.modelling.connectivity import ConnectivityCuts, eager_connectivity
from satgrid.core.formula import Formula
from satgrid.modelling.model import LAZY_SWITCH_AFTER
from satgrid.modelling.connectivity import propagator
from satgrid.modelling.connectivity.propagator import PropagatedConnectivity
from satgrid.core.session import Session

SOLVER = "cadical195"


REGIMES = {"given": (0.25, 4), "free": (0.40, 0)}     # name: (density, given cells)


def instance(n: int, seed: int, regime: str = "given", forbid: float = 0.15):
    """(formula, lits, graph, m, forbidden, given) without connectivity."""
    density, givens = REGIMES[regime]
    rnd = random.Random(seed * 1000 + n)
    g = nx.grid_2d_graph(n, n)
    f = Formula(f"random connected {n}x{n} seed {seed}")
    lits = {v: f.var(f"x[{v[0]},{v[1]}]") for v in sorted(g)}
    forbidden = sorted(v for v in sorted(g) if rnd.random() < forbid)
    free = [v for v in sorted(g) if v not in set(forbidden)]
    given = sorted(rnd.sample(free, givens))
    m = int(density * n * n)
    with f.group("forbidden"):
        f.add_clauses([[-lits[v]] for v in forbidden])
    with f.group("given"):
        f.add_clauses([[lits[v]] for v in given])
    with f.group("no-2x2"):
        f.add_clauses([[-lits[(r, c)], -lits[(r, c + 1)], -lits[(r + 1, c)], -lits[(r + 1, c + 1)]]
                       for r in range(n - 1) for c in range(n - 1)])
    with f.group("count"):
        card = CardEnc.equals(list(lits.values()), bound=m, top_id=f.nvars,
                              encoding=EncType.seqcounter)
        f.new_vars(max(0, card.nv - f.nvars))
        f.add_clauses(card.clauses)
    return f, lits, g, m, set(forbidden), given


def check(model, lits, g, m, forbidden, given, n):
    true = {v for v, l in lits.items() if model[abs(l) - 1] == l}
    assert len(true) == m, "wrong count"
    assert not true & forbidden, "forbidden cell used"
    assert set(given) <= true, "given cell lost"
    assert nx.is_connected(g.subgraph(true)), "not connected"
    for r in range(n - 1):
        for c in range(n - 1):
            assert not {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} <= true, "full 2x2"


class OneSide(ConnectivityCuts):
    """Ablation: only the smaller separator of each pair (the cuts of a pair
    are consecutive and share their two negative literals)."""

    def violated(self, model):
        budget = self.max_cuts_per_round
        self.max_cuts_per_round = 2 * budget
        try:
            cuts = super().violated(model)
        finally:
            self.max_cuts_per_round = budget
        out, last = [], None
        for c in cuts:
            pair = tuple(l for l in c if l < 0)[:2]
            if pair != last:
                out.append(c)
                last = pair
        out = out[:budget]
        self.stats["cuts"] += len(out) - len(cuts)
        return out


def run_lazy(n, seed, time_limit, cls=ConnectivityCuts, use_anchors=True, regime="given",
             hybrid=False, **kw):
    """The cuts alone; with ``hybrid``, as satgrid's Model does it: the
    layered encoding joins after LAZY_SWITCH_AFTER rounds."""
    f, lits, g, m, forbidden, given = instance(n, seed, regime)
    base_c = f.nclauses
    t0 = time.process_time()
    if hybrid:
        kw = dict(kw, switch_after=LAZY_SWITCH_AFTER,
                  fallback=lambda: eager_connectivity(lits, g, f, method="layers", max_true=m))
    checker = cls(lits, g, anchors=given if use_anchors else (), **kw)
    with Session(f, SOLVER) as s:
        s.add_lazy(checker)
        status = s.solve(time_limit=time_limit)
        if status == "sat":
            check(s.model, lits, g, m, forbidden, given, n)
        st = s.stats
    return dict(status=status, rounds=st["rounds"], cuts=st["lazy_clauses"],
                vars=0, clauses=st["lazy_clauses"], base=base_c,
                check_s=checker.stats["seconds"], seconds=time.process_time() - t0)


def run_eager(n, seed, method, time_limit, regime="given"):
    f, lits, g, m, forbidden, given = instance(n, seed, regime)
    base_v, base_c = f.nvars, f.nclauses
    t0 = time.process_time()
    with f.group("connected"):
        f.add_clauses(eager_connectivity(lits, g, f, method=method, max_true=m))
    with Session(f, SOLVER) as s:
        status = s.solve(time_limit=time_limit)
        if status == "sat":
            check(s.model, lits, g, m, forbidden, given, n)
    return dict(status=status, vars=f.nvars - base_v, clauses=f.nclauses - base_c,
                seconds=time.process_time() - t0)


def run_prop(n, seed, time_limit, regime="given", profile=False):
    """The propagator: no connectivity clause up front, no fallback encoding."""
    f, lits, g, m, forbidden, given = instance(n, seed, regime)
    nvars = f.nvars
    t0, w0 = time.process_time(), time.perf_counter()
    checker = PropagatedConnectivity(lits, g, anchors=given, strict=True)
    propagator.PROFILE = profile
    try:
        with Session(f, SOLVER) as s:
            s.add_lazy(checker)
            status = s.solve(time_limit=time_limit)
            if status == "sat":
                check(s.model, lits, g, m, forbidden, given, n)
            rounds = s.stats["rounds"]
    finally:
        propagator.PROFILE = False
    st = dict(checker.engine.stats) if checker.engine else dict(
        floods=0, propagated=0, forced=0, conflicts=0, rejected=0, callback_seconds=0.0)
    st["rounds"] = rounds                  # lazy rounds before the engine attached
    secs, wall = time.process_time() - t0, time.perf_counter() - w0
    assert f.nvars == nvars and checker._fallback is None, "an eager encoding was built"
    # the callbacks are timed by the wall clock: their share of the run's wall time
    return dict(status=status, seconds=secs, stats=st,
                cb=st["callback_seconds"] / wall if profile else None)


def prop_columns(lazy, layers, n, seed, time_limit, regime):
    """The prop column: status, seconds, cb%, ratio, speed-up (and goal flags).
    A far-apart row is one where the cuts alone stall: the time limit, or more
    than LAZY_SWITCH_AFTER rounds (where the Model's lazy mode gives up on them)."""
    far = lazy["status"] == "unknown" or lazy["rounds"] > LAZY_SWITCH_AFTER
    pr = run_prop(n, seed, time_limit, regime)
    prof = run_prop(n, seed, time_limit, regime, profile=True)
    known = [x["seconds"] for x in (lazy, layers) if x["status"] != "unknown"]
    # both at the time limit: best(lazy, layers) > the limit, the ratio below prop / limit
    best = min(known) if known else time_limit
    ratio = pr["seconds"] / best
    speed = lazy["seconds"] / pr["seconds"]
    ok = ratio <= 1.5 and (not far or speed >= 5) and pr["status"] != "unknown"
    GOALS.append(ok)
    mark = "" if lazy["status"] != "unknown" else ">"
    rmark = "" if known else "<"
    return pr, (f"{pr['status']:>7} {pr['seconds']:>6.2f} {100 * prof['cb']:>4.0f}% "
                f"{rmark + format(ratio, '.2f'):>5} {mark + format(speed, '.1f'):>6} "
                f"{'ok' if ok else 'NO':>3}")


PROP_HEAD = f"{'prop':>7} {'secs':>6} {'cb%':>5} {'ratio':>5} {'speed':>6} {'goal':>3}"
GOALS: list[bool] = []


def part1(sizes, seeds, time_limit, regime):
    density, givens = REGIMES[regime]
    print(f"Part 1 ({regime}): exactly m = {density:.0%} of the cells, connected, no full 2x2, "
          f"~15% forbidden, {givens} given")
    print(f"{'grid':>6} {'seed':>4} {'m':>3} | {'lazy':>7} {'rounds':>6} {'+clauses':>8} "
          f"{'secs':>6} | {'tree':>7} {'+vars':>6} {'+clauses':>8} {'secs':>6} | "
          f"{'layers':>7} {'+vars':>6} {'+clauses':>8} {'secs':>6} | {'model':>7} {'secs':>6} | "
          + PROP_HEAD)
    totals = {"lazy": 0.0, "tree": 0.0, "layers": 0.0, "model": 0.0, "prop": 0.0}
    for n in sizes:
        for seed in seeds:
            m = instance(n, seed, regime)[3]
            lazy = run_lazy(n, seed, time_limit, regime=regime)
            res = {k: run_eager(n, seed, k, time_limit, regime) for k in ("tree", "layers")}
            hyb = run_lazy(n, seed, time_limit, regime=regime, hybrid=True)
            totals["model"] += hyb["seconds"]
            pr, pcols = prop_columns(lazy, res["layers"], n, seed, time_limit, regime)
            totals["prop"] += pr["seconds"]
            statuses = {lazy["status"], res["tree"]["status"], res["layers"]["status"],
                        hyb["status"], pr["status"]}
            assert len(statuses - {"unknown"}) <= 1, f"disagreement {n}x{n} seed {seed}"
            totals["lazy"] += lazy["seconds"]
            for k in res:
                totals[k] += res[k]["seconds"]
            t, la = res["tree"], res["layers"]
            print(f"{n:>3}x{n:<2} {seed:>4} {m:>3} | {lazy['status']:>7} {lazy['rounds']:>6} "
                  f"{lazy['clauses']:>8} {lazy['seconds']:>6.2f} | {t['status']:>7} "
                  f"{t['vars']:>6} {t['clauses']:>8} {t['seconds']:>6.2f} | "
                  f"{la['status']:>7} {la['vars']:>6} {la['clauses']:>8} "
                  f"{la['seconds']:>6.2f} | {hyb['status']:>7} {hyb['seconds']:>6.2f} | {pcols}",
                  flush=True)
    print(f"total seconds: lazy {totals['lazy']:.2f}, tree {totals['tree']:.2f}, "
          f"layers {totals['layers']:.2f}, model (lazy, layers after "
          f"{LAZY_SWITCH_AFTER} rounds) {totals['model']:.2f}; ratio lazy/layers "
          f"{totals['lazy'] / totals['layers']:.2f}, tree/layers "
          f"{totals['tree'] / totals['layers']:.2f}; prop {totals['prop']:.2f}, "
          f"prop/layers {totals['prop'] / totals['layers']:.2f}, "
          f"prop/lazy {totals['prop'] / totals['lazy']:.2f}")
    print()


def part2():
    print("Part 2: count connected sets of a 4x4 grid with Session.count (empty set included)")
    print(f"{'rule':>8} | {'way':>7} {'count':>6} {'rounds':>6} {'+vars':>6} "
          f"{'+clauses':>8} {'secs':>6}")
    for rule in ("none", "no-2x2"):
        counts = set()
        for way in ("lazy", "tree", "layers", "prop"):
            g = nx.grid_2d_graph(4, 4)
            f = Formula()
            lits = {v: f.var(str(v)) for v in sorted(g)}
            if rule == "no-2x2":
                f.add_clauses([[-lits[(r, c)], -lits[(r, c + 1)], -lits[(r + 1, c)],
                                -lits[(r + 1, c + 1)]] for r in range(3) for c in range(3)])
            base_v, base_c = f.nvars, f.nclauses
            t0 = time.process_time()
            if way in ("tree", "layers"):
                f.add_clauses(eager_connectivity(lits, g, f, method=way))
            with Session(f, SOLVER) as s:
                if way == "lazy":
                    s.add_lazy(ConnectivityCuts(lits, g))
                elif way == "prop":
                    s.add_lazy(PropagatedConnectivity(lits, g, strict=True, attach_after=0))
                c, complete = s.count(over=list(lits.values()))
                st = s.stats
            assert complete
            secs = time.process_time() - t0
            counts.add(c)
            added = f.nclauses - base_c + st["lazy_clauses"]
            print(f"{rule:>8} | {way:>7} {c:>6} {st['rounds']:>6} {f.nvars - base_v:>6} "
                  f"{added:>8} {secs:>6.2f}", flush=True)
        assert len(counts) == 1, counts
        if rule == "none":
            assert counts == {11507}, counts       # OEIS A287151: 11 506 non-empty
    print()


ABLATIONS = [
    ("default", {}),
    ("one side", {"cls": OneSide}),
    ("boundary", {"separator": "boundary"}),
    ("no anchors", {"use_anchors": False}),
    ("8/round", {"max_cuts_per_round": 8}),
    ("256/round", {"max_cuts_per_round": 256}),
]


def part3(sizes, seeds, time_limit):
    print("Part 3: lazy ablation (rounds / seconds; one change against the default)")
    print(f"{'grid':>6} {'seed':>4} | " + " | ".join(f"{name:>15}" for name, _ in ABLATIONS))
    totals = [0.0] * len(ABLATIONS)
    for n in sizes:
        for seed in seeds:
            row = []
            for i, (name, kw) in enumerate(ABLATIONS):
                r = run_lazy(n, seed, time_limit, **kw)
                totals[i] += r["seconds"]
                mark = "" if r["status"] != "unknown" else "?"
                row.append(f"{r['rounds']:>6}{mark:1} {r['seconds']:>7.2f}")
            print(f"{n:>3}x{n:<2} {seed:>4} | " + " | ".join(f"{c:>15}" for c in row), flush=True)
    print(f"{'total s':>11} | " + " | ".join(f"{t:>15.2f}" for t in totals))
    print("('?' = time limit reached: a lower bound)")
    print()


def part4(rows, time_limit):
    print("Part 4: harder far-apart rows (the 'given' regime of part 1)")
    print(f"{'grid':>6} {'seed':>4} {'m':>3} | {'lazy':>7} {'rounds':>6} {'secs':>6} | "
          f"{'layers':>7} {'+clauses':>8} {'secs':>6} | " + PROP_HEAD)
    for n, seed in rows:
        m = instance(n, seed)[3]
        limit = time_limit if n < 30 else max(time_limit, 60.0)   # 30x30: the card. encoding is slow
        lazy = run_lazy(n, seed, limit)
        la = run_eager(n, seed, "layers", limit)
        pr, pcols = prop_columns(lazy, la, n, seed, limit, "given")
        assert len({lazy["status"], la["status"], pr["status"]} - {"unknown"}) <= 1
        print(f"{n:>3}x{n:<2} {seed:>4} {m:>3} | {lazy['status']:>7} {lazy['rounds']:>6} "
              f"{lazy['seconds']:>6.2f} | {la['status']:>7} {la['clauses']:>8} "
              f"{la['seconds']:>6.2f} | {pcols}", flush=True)
        st = pr["stats"]
        print(f"{'':>15} prop: {st['rounds']} lazy rounds, then {st['floods']} searches, "
              f"{st['propagated']} propagated ({st['forced']} articulation nodes), "
              f"{st['conflicts']} conflicts, {st['rejected']} rejected models", flush=True)
    print()


PUZZLES = ["masyu-janko-139", "slitherlink-janko-659", "numberlink-janko-100",
           "nurikabe-wikipedia", "lits-wikipedia", "hitori-wikipedia", "hooks-8"]


def part5(time_limit):
    from pathlib import Path

    from satgrid.pipeline.load import load
    from satgrid.pipeline.run import Options, solve
    root = Path(__file__).resolve().parents[1] / "instances"
    print("Part 5: the largest puzzles of the new kinds: compile, solve, uniqueness "
          "(CPU seconds; eager within the time limit)")
    print(f"{'puzzle':>22} | {'lazy':>6} | {'eager':>7} | {'prop':>6} {'ratio':>5} {'goal':>4}")
    for name in PUZZLES:
        secs = {}
        for way in ("lazy", "propagate", "eager"):
            p = load(str(root / f"{name}.toml"))[0]
            gc.collect()                    # (the last run's model is garbage by now)
            t0 = time.process_time()        # CPU: the shared machine's wall clock wanders
            res = solve(p, Options(connectivity=way, time_limit=time_limit), unique=True)
            secs[way] = (time.process_time() - t0, res["status"], res.get("unique"))
            del res, p
        known = [secs[w][0] for w in ("lazy", "eager") if secs[w][1] != "unknown"]
        ratio = secs["propagate"][0] / min(known)
        ok = ratio <= 1.5 and secs["propagate"][2] is True
        GOALS.append(ok)
        ea = f"{secs['eager'][0]:.2f}" if secs["eager"][1] != "unknown" else "limit"
        print(f"{name:>22} | {secs['lazy'][0]:>6.2f} | {ea:>7} | {secs['propagate'][0]:>6.2f} "
              f"{ratio:>5.2f} {'ok' if ok else 'NO':>4}", flush=True)
    print()


def flood_timing():
    """The propagator's flood fill against networkx on the 15x15 index."""
    from satgrid.modelling.connectivity.reach import ReachState, flood
    f, lits, g, m, forbidden, given = instance(15, 1)
    st = ReachState(PropagatedConnectivity(lits, g))
    rnd = random.Random(7)
    for i in range(st.n):
        st.val[i] = 2 if rnd.random() < 0.15 else 0
    a = st.val.find(0)
    st.val[a] = 1
    gi = nx.Graph()
    gi.add_edges_from((i, j) for i, nb in enumerate(st.adj) for j in nb)
    keep = [i for i in range(st.n) if st.val[i] != 2]
    reps = 300
    t0 = time.process_time()
    for _ in range(reps):
        r = flood(st.adj, st.val, a)
    own = (time.process_time() - t0) / reps
    t0 = time.process_time()
    for _ in range(reps):
        c = nx.node_connected_component(gi.subgraph(keep), a)
    nxs = (time.process_time() - t0) / reps
    assert r.count(1) == len(c)
    t0 = time.process_time()
    for _ in range(reps):
        st.search(a, True, {})
    art = (time.process_time() - t0) / reps
    print(f"flood fill on the 15x15 index ({st.n} nodes, 15% false, {len(c)} reached): "
          f"own {1e6 * own:.0f} us, networkx {1e6 * nxs:.0f} us (networkx / own: "
          f"{nxs / own:.1f}x); the propagator's whole search with articulation nodes "
          f"and cut-off reasons {1e6 * art:.0f} us")
    print()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer instances")
    ap.add_argument("--time-limit", type=float, default=10.0,
                    help="per solve (lazy: the whole CEGAR loop), seconds")
    ap.add_argument("--flood", action="store_true", help="only the flood-fill timing")
    args = ap.parse_args(argv)
    if args.flood:
        flood_timing()
        return 0
    t0 = time.perf_counter()
    seeds = [1, 2] if args.quick else [1, 2, 3]
    sizes = [9, 12] if args.quick else [9, 12, 15]
    part1(sizes, seeds, args.time_limit, "given")
    part1(sizes, seeds[:2], args.time_limit, "free")
    part2()
    part3([9, 12], seeds, args.time_limit)
    part4([(20, 1)] + ([] if args.quick else [(20, 2), (20, 3), (30, 1)]), args.time_limit)
    part5(args.time_limit)
    flood_timing()
    print(f"propagator goals (ratio <= 1.5 on every row, speed-up >= 5 where the cuts stall): "
          f"{sum(GOALS)} of {len(GOALS)} rows met")
    print(f"bench_connectivity: {time.perf_counter() - t0:.1f} s in all (wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
