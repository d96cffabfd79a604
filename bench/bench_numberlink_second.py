"""Numberlink: the second search alone, with implied rules that did not help.

Usage:  .venv/bin/python bench/bench_numberlink_second.py [--time-limit S]
        [--only NAME ...] [--variants plain,parity,balance,stolen,unsat,probe]

What ``solve --unique`` spends its time on for the large puzzles of
``bench/numberlink/`` is refuting a second answer T once the first, S, is
found (S uses every cell on all of them). This script rebuilds that second
search the way the kind poses it (the compiled formula, the clause that
blocks S on the used edges, ``taut`` and ``lean`` as units: the kind's
:meth:`~satgrid.puzzles.numberlink.kind.Numberlink.search_assumptions`)
and hands it to a fresh CaDiCaL 1.9.5 (PySAT) per variant, in the same run:

* ``plain``: as the kind poses it (the baseline);
* ``parity``: plus, per number k and per cut between two rows (or two
  columns), the parity of k's crossings: odd exactly when k's two cells lie
  on both sides (a line from one side to the other crosses an odd number of
  times), an XOR chain over "edge used with colour k" (CDCL cannot learn
  parity: Tseitin formulas);
* ``balance``: plus the checkerboard counts, which CDCL cannot learn either
  (the mutilated chessboard): a line's cells alternate black and white, so
  per number its empty cells of its ends' colour are one fewer than of the
  other colour (ends of one colour) or as many (of two); so the free cells
  are as many black as white. Totalizers (``kmtotalizer``);
* ``stolen``: plus, per line j of S, "j differs from S, or one of S's cells
  of j has another colour in T". Sound: of the answers other than S take one
  with the fewest lines that differ from S, then the fewest edges, then the
  tie-break of ``lean`` (shortcuts and pocket swaps change one line, so
  ``taut`` and ``lean`` still hold); if line j differs and S's cells of j
  are free or j's in T, S's line j in place of T's is an answer with one
  line fewer differing, not S because at least two lines differ (S is taut
  and uses every cell: T's one differing line would lie on S's cells of
  it, the path itself);
* ``unsat``: the plain formula with CaDiCaL's options for unsatisfiable
  formulas (``stabilize=0``, ``walk=0``: ``cadical --unsat``);
* ``probe``: the plain formula in one solver, each line of S in turn
  (shortest first) assumed to differ under a budget of conflicts: a line
  refuted so is forced (its edges added as units, which every later probe
  and the plain formula keep); a pass that forces none doubles the budget
  (from 2,000) and tries the plain formula once. The whole probe has the
  time limit; the row gives the lines forced.

Each row: the verdict (``unsat`` = the puzzle is unique, ``unknown`` at the
limit, ``sat``: a line set other than S, which may hold a loop: :class:`Second`), conflicts and seconds. Measured on 2026-11-27 (RESULTS.md, "the
second search alone"): no variant proves Janko 567 or noqx's 26x26 within
60 s.
"""

from __future__ import annotations

import argparse
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical195

from _common import ROOT, machine, utc_stamp

from satgrid import api
from satgrid.api import Options
from satgrid.core.encodings import and_gate, or_gate
from satgrid.pipeline.run import compile_puzzle, open_session

PUZZLES = sorted((ROOT / "bench" / "numberlink").iterdir())
SLICE = 5000                                   # conflicts per call between clock checks
VERDICT = {True: "sat", False: "unsat", None: "unknown"}     # solve_limited's answer
VARIANTS = ("plain", "parity", "balance", "stolen", "unsat", "probe")


class Second:
    """The second search of a Numberlink: the formula, S and its lines.

    With the default lazy connectivity the formula has no loop cut (the
    kind's second search on the large puzzles never makes one), so ``sat``
    may be a line set with a loop; with ``connectivity="eager"`` the layers
    refuse loops in the formula itself and ``sat`` is a second answer
    (tests/test_bench_numberlink_second.py)."""

    def __init__(self, puzzle, connectivity: str = "lazy"):
        self.p = p = puzzle
        opts = Options(connectivity=connectivity)
        m = compile_puzzle(p, opts)
        open_session(m, p, opts)
        hints, budget = p.search_hints()
        sol = m.solve(p.search_assumptions() + hints, conflict_limit=budget)
        if sol is None:
            sol = m.solve(p.search_assumptions())
        model = set(sol.model)
        self.clauses = [list(c) for c in m.formula.clauses]
        self.clauses.append([-v if v in model else v for v in m.over])     # not S
        self.clauses += [[a] for a in p.search_assumptions(sol)]
        self.top = max(abs(x) for c in self.clauses for x in c)
        self.owner = {v: k for k, vs in p.pairs.items() for v in vs}
        self.label = {v: k for v, col in p._colour.items() for k, lit in col.items()
                      if lit in model or lit == m.true}
        self.full = len(self.label) == p.rows * p.cols
        self.lines = {k: [] for k in p.pairs}                 # S's used edges per line
        for (u, v), lit in p._edge.items():
            if lit in model:
                self.lines[self.label[u]].append(lit)

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def parity(self) -> list[list[int]]:
        """Per number and cut, the XOR of its crossings (see the module)."""
        p, out, memo = self.p, [], {}

        def crossing(e, k):                         # edge e used with colour k
            lit, (u, v) = p._edge.get(e), e
            cu, cv = p._colour[u].get(k), p._colour[v].get(k)
            if lit is None or cu is None or cv is None:
                return None
            if (e, k) not in memo:
                c = cv if u in self.owner else cu
                y = memo[(e, k)] = self.fresh()
                out.extend(and_gate(y, [lit, c]))
            return memo[(e, k)]

        def xor(lits, odd):
            if not lits:
                out.extend([[]] if odd else [])
                return
            acc = lits[0]
            for x in lits[1:]:
                z = self.fresh()
                out.extend([[-z, acc, x], [-z, -acc, -x], [z, -acc, x], [z, acc, -x]])
                acc = z
            out.append([acc] if odd else [-acc])
        for k, (a, b) in p.pairs.items():
            for i in range(p.rows - 1):
                xor([x for x in (crossing(((i, c), (i + 1, c)), k) for c in range(p.cols))
                     if x is not None], (a[0] <= i) != (b[0] <= i))
            for j in range(p.cols - 1):
                xor([x for x in (crossing(((r, j), (r, j + 1)), k) for r in range(p.rows))
                     if x is not None], (a[1] <= j) != (b[1] <= j))
        return out

    def balance(self) -> list[list[int]]:
        """Checkerboard counts (module): per line, its empty cells of its
        ends' colour one fewer than of the other colour when its ends have
        one colour, as many otherwise; and as many free black cells as white."""
        p, out = self.p, []

        def equals(lits, k):                            # totalizer: exactly k of lits
            pool = IDPool(start_from=self.top + 1)
            cl = CardEnc.equals(lits, bound=k, vpool=pool, encoding=EncType.kmtotalizer).clauses
            self.top = max([self.top] + [abs(x) for c in cl for x in c])
            out.extend(cl)
        empty = [v for v in p._colour if v not in self.owner]
        for k, (a, b) in p.pairs.items():
            side = [[p._colour[v][k] for v in empty if k in p._colour[v] and sum(v) % 2 == s]
                    for s in (0, 1)]
            same, other = side[sum(a) % 2], side[1 - sum(a) % 2]
            equals(other + [-x for x in same], len(same) + (sum(a) % 2 == sum(b) % 2))
        free = [[], []]
        for v in empty:
            f = self.fresh()                                # free: no colour
            out.extend(or_gate(-f, list(p._colour[v].values())))
            free[sum(v) % 2].append(f)
        equals(free[0] + [-x for x in free[1]], len(free[1]))
        return out

    def stolen(self) -> list[list[int]]:
        """Per line j of S: j equal to S's, or a cell of S's j taken (module)."""
        if not self.full:
            return []
        out = []
        for j, edges in self.lines.items():
            d = self.fresh()                                # line j differs from S's
            out += [[d, e] for e in edges]
            out.append([-d] + [lit for v, k in self.label.items() if k == j and v not in self.owner
                               for i, lit in self.p._colour[v].items() if i != j])
        return out

    def variant(self, name: str, limit: float) -> tuple[str, int, float, int | None]:
        """One of :data:`VARIANTS`: verdict, conflicts, seconds, and the lines
        forced (``probe``; None for the others)."""
        if name == "probe":
            return self.probe(limit)
        extra = {"parity": self.parity, "stolen": self.stolen,
                 "balance": self.balance}.get(name, list)()
        options = {"stabilize": 0, "walk": 0} if name == "unsat" else None
        return (*self.run(extra, limit, options), None)

    def probe(self, limit) -> tuple[str, int, float, int]:
        """The ``probe`` variant (module): verdict, conflicts, seconds, lines forced."""
        s = Cadical195(bootstrap_with=self.clauses)
        differs = {}
        for k, edges in self.lines.items():
            differs[k] = self.fresh()
            s.add_clause([-differs[k]] + [-e for e in edges])
        todo = sorted(self.lines, key=lambda k: len(self.lines[k]))
        t, budget, verdict = time.perf_counter(), 2000, "unknown"
        while verdict == "unknown" and time.perf_counter() - t < limit:
            forced = 0
            for k in list(todo):
                s.conf_budget(budget)
                r = s.solve_limited(assumptions=[differs[k]])
                if r is True:
                    verdict = "sat"
                    break
                if r is False:
                    todo.remove(k)
                    forced += 1
                    for e in self.lines[k]:
                        s.add_clause([e])
                if time.perf_counter() - t >= limit:
                    break
            if verdict == "unknown" and (not todo or not forced):
                s.conf_budget(budget)
                r = s.solve_limited()
                verdict = VERDICT[r]
                budget *= 2
        conflicts = s.accum_stats()["conflicts"]
        s.delete()
        return verdict, conflicts, time.perf_counter() - t, len(self.lines) - len(todo)

    def run(self, extra, limit, options=None) -> tuple[str, int, float]:
        s = Cadical195()
        if options:
            s.configure(options)
        s.append_formula(self.clauses + extra)
        t, r = time.perf_counter(), None
        while r is None and time.perf_counter() - t < limit:
            s.conf_budget(SLICE)                # PySAT's CaDiCaL has no interrupt()
            r = s.solve_limited()
        dt = time.perf_counter() - t
        conflicts = s.accum_stats()["conflicts"]
        s.delete()
        return VERDICT[r], conflicts, dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--only", nargs="*", default=["567", "26x26"],
                    help="file names in bench/numberlink (substrings; default: the two unproven)")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    a = ap.parse_args()
    variants = a.variants.split(",")
    paths = [p for p in PUZZLES if any(o in p.name for o in a.only)]
    print(f"# bench_numberlink_second.py, {utc_stamp()}, {machine()}; limit {a.time_limit:g} s per solve")
    for path in paths:
        [puzzle] = api.load(str(path))
        sec = Second(puzzle)
        print(f"\n{path.name}: {sec.p.rows}x{sec.p.cols}, {len(sec.p.pairs)} numbers, "
              f"S uses every cell: {sec.full}")
        print(f"  {'variant':8} {'verdict':8} {'conflicts':>10} {'s':>7}")
        for v in variants:
            verdict, conf, dt, forced = sec.variant(v, a.time_limit)
            more = "" if forced is None else f"  {forced} of {len(sec.lines)} lines forced"
            print(f"  {v:8} {verdict:8} {conf:>10} {dt:7.2f}{more}", flush=True)


if __name__ == "__main__":
    main()
