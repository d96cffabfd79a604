"""Tests of satgrid.core.session (and satgrid.core.enumeration): counts against brute
force, projection, limits, cores, the CEGAR hook, refusals, the shared variable
pool; and of satgrid.core.solvers: the capability table checked against the solvers
themselves, names, tuning options."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import threading
import time
import warnings

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from pysat.solvers import Solver, SolverNames

from satgrid.errors import ModelError, SatgridError, SolverError
from satgrid.core.formula import Formula
from satgrid.core.session import Session
from satgrid.core.solvers import CAPABILITIES, Capabilities, canonical_name, solver_names

AVAILABLE = solver_names(available=True)


# ------------------------------------------------------------------ helpers
def satisfies(bits, clauses):
    """bits[v-1] is the value of variable v."""
    return all(any(bits[abs(l) - 1] == (l > 0) for l in c) for c in clauses)


def brute_count(nvars, clauses, over=None):
    """Number of models, or of distinct projections on ``over``, by trying all."""
    seen = set()
    for bits in itertools.product((False, True), repeat=nvars):
        if satisfies(bits, clauses):
            seen.add(bits if over is None else tuple(bits[v - 1] for v in over))
    return len(seen)


def php(pigeons, holes):
    """Pigeonhole formula: every pigeon in a hole, no two in the same hole."""
    f = Formula(description=f"PHP({pigeons},{holes})")
    p = [[f.var(f"p{i},{j}") for j in range(holes)] for i in range(pigeons)]
    with f.group("php.pigeon"):
        f.add_clauses(row for row in p)
    with f.group("php.hole"):
        f.add_clauses([-p[a][j], -p[b][j]] for j in range(holes)
                      for a, b in itertools.combinations(range(pigeons), 2))
    return f, p


def as_bits(model, n):
    return tuple(model[v - 1] > 0 for v in range(1, n + 1))


cnfs = st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from((v, -v))),
                      min_size=1, max_size=3), max_size=14)))

SOLVERS_FOR_COUNTS = [s for s in ("cadical195", "glucose4", "minisat22", "lingeling")
                      if s in AVAILABLE]


# ------------------------------------------------------- counting vs brute force
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cnf=cnfs, solver=st.sampled_from(SOLVERS_FOR_COUNTS))
def test_count_all_variables_equals_brute_force(cnf, solver):
    n, clauses = cnf
    f = Formula.from_clauses(clauses, n)
    with Session(f, solver) as s:
        models = list(s.enumerate(range(1, n + 1)))
        assert s.complete is True
        bits = [as_bits(m, n) for m in models]
        assert len(set(bits)) == len(bits)                  # no model twice
        assert all(satisfies(b, clauses) for b in bits)     # every one is a model
        assert len(bits) == brute_count(n, clauses)
        assert s.count(range(1, n + 1)) == (brute_count(n, clauses), True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cnf=cnfs, data=st.data())
def test_projected_count_equals_brute_force(cnf, data):
    n, clauses = cnf
    over = data.draw(st.lists(st.integers(1, n), unique=True, max_size=n), label="over")
    f = Formula.from_clauses(clauses, n)
    with Session(f) as s:
        expected = brute_count(n, clauses, over)
        got = [tuple(m[v - 1] > 0 for v in over) for m in s.enumerate(over)]
        assert len(set(got)) == len(got) == expected
        assert s.count(over) == (expected, True)
        # the session answers as before: blocks are disabled
        assert s.solve() == ("sat" if brute_count(n, clauses) else "unsat")


def test_count_blocks_primary_variables_only():
    # x1 xor x2, plus an auxiliary half-definition a -> x1 and an auxiliary b
    # that some subsumed clause mentions: both are free in some models.
    f = Formula()
    x1, x2 = f.var("x1"), f.var("x2")
    a, b = f.new_var(), f.new_var()
    f.add_clauses([[x1, x2], [-x1, -x2], [-a, x1], [b, x1, x2]])
    assert f.primary == [x1, x2]
    # PySAT's enum_models blocks whole models, so auxiliary freedom multiplies them
    with Solver(name="cadical195", bootstrap_with=f.clauses) as raw:
        pysat_count = sum(1 for _ in raw.enum_models())
    assert pysat_count == brute_count(4, f.clauses) == 6
    with Session(f) as s:
        assert s.count(f.primary) == (2, True) == (brute_count(4, f.clauses, [1, 2]), True)
        assert s.count(f.primary) == (2, True)           # counting twice: same
        assert s.count([x1, x2, a, b]) == (6, True)      # over all variables: 6
        assert s.solve() == "sat"                       # still solves normally
        assert s.solve([x1, x2]) == "unsat" and sorted(s.core) == [x1, x2]
        assert s.solve([a]) == "sat" and s.value(x1) and not s.value(x2)


def test_enumeration_interleaves_with_solve_and_can_be_closed_early():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(4)]
    f.add(xs)                                            # 15 models
    with Session(f) as s:
        it = s.enumerate(xs)
        first = next(it)
        # the blocking clause is guarded: an ordinary solve still finds `first`
        assert s.solve([l for l in first[:4]]) == "sat"
        rest = list(it)
        assert 1 + len(rest) == 15 and s.complete
        it = s.enumerate(xs)
        next(it)
        it.close()                                       # stopped early
        assert s.complete is False
        assert s.count(xs) == (15, True)
        assert s.solve([l for l in first[:4]]) == "sat"


def test_limit_on_models_and_settling_completeness():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]              # 8 models
    with Session(f) as s:
        assert s.count(xs, limit=5) == (5, False)
        assert s.count(xs, limit=8) == (8, True)         # one more call settles it
        assert s.count(xs, limit=9) == (8, True)
        assert s.count(xs, limit=0) == (0, False)
        assert s.count(xs, assumptions=[xs[0]]) == (4, True)
        with pytest.raises(ValueError):
            s.count(xs, limit=-1)


def test_is_unique_and_second_solution():
    f = Formula()
    x, y = f.var("x"), f.var("y")
    a = f.new_var()
    f.add_clauses([[x], [-y], [a, x]])                   # unique on x, y; a free
    with Session(f) as s:
        assert s.is_unique([x, y]) is True and s.complete
        assert len(s.witnesses) == 1
        assert s.second_solution([x, y]) is None and s.complete
        assert s.is_unique([x, y, a]) is False
        first, second = s.witnesses
        assert first[a - 1] == -second[a - 1]
        assert s.second_solution([x, y, a])[a - 1] != s.witnesses[0][a - 1]
        assert s.is_unique([x, y], assumptions=[-x]) is False and s.witnesses == []
        assert s.is_unique([x, y]) is True               # still usable


# ------------------------------------------------------------------- limits
def test_conflict_limit_gives_unknown_on_php_cadical():
    f, p = php(10, 9)
    with Session(f) as s:
        t = time.monotonic()
        assert s.solve(conflict_limit=100) == "unknown"
        assert time.monotonic() - t < 2.0
        assert 100 <= s.stats["conflicts"] <= 150
        assert s.model is None and s.core is None
        # still usable: pigeon 0 kept out of every hole is refuted at once
        out = [-v for v in p[0]]
        assert s.solve(out) == "unsat"
        assert s.core and set(s.core) <= set(out)


def test_time_limit_gives_unknown_on_php_cadical_by_slices():
    f, _ = php(10, 9)
    with Session(f, "cadical195") as s:
        t = time.monotonic()
        assert s.solve(time_limit=0.2) == "unknown"
        took = time.monotonic() - t
        assert 0.15 <= took <= 0.8, took
        assert s.stats["slices"] > 1                    # budget slices, clock between
        assert s.solve(time_limit=0) == "unknown"       # no time: no call
        assert s.solve(conflict_limit=50, time_limit=5) == "unknown"
        assert s.stats["conflicts"] > 0


@pytest.mark.parametrize("name", [n for n in AVAILABLE if CAPABILITIES[n].time_limit])
def test_time_limit_every_capable_solver(name):
    f, _ = php(10, 9)
    with Session(f, name) as s:
        t = time.monotonic()
        assert s.solve(time_limit=0.15) == "unknown"
        assert time.monotonic() - t < 0.9


@pytest.mark.parametrize("name", [n for n in AVAILABLE if CAPABILITIES[n].budgets])
def test_conflict_limit_every_capable_solver(name):
    f, _ = php(10, 9)
    with Session(f, name) as s:
        assert s.solve(conflict_limit=100) == "unknown"


def test_time_limit_on_enumeration_and_uniqueness():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(22)]            # 4 million models
    with Session(f) as s:
        t = time.monotonic()
        n, complete = s.count(xs, time_limit=0.2)
        assert not complete and 0 < n < 2 ** 22
        assert time.monotonic() - t < 0.8
    g, _ = php(10, 9)
    with Session(g) as s:
        assert s.is_unique(g.primary, conflict_limit=100) is None
        assert s.second_solution(g.primary, time_limit=0.05) is None
        assert s.complete is False


def test_bad_limits():
    f, _ = php(3, 2)
    with Session(f) as s:
        for bad in (0, -5, 1.5, True):
            with pytest.raises(ValueError):
                s.solve(conflict_limit=bad)
        for bad in (-1, "1", float("nan")):
            with pytest.raises(ValueError):
                s.solve(time_limit=bad)


# -------------------------------------------------------------------- cores
@pytest.mark.parametrize("name", [n for n in AVAILABLE if CAPABILITIES[n].cores])
def test_cores_under_assumptions(name):
    f = Formula()
    v = [f.var(f"v{i}") for i in range(1, 6)]
    f.add_clauses([[-v[0], v[1]], [-v[1], v[2]], [-v[2], v[3]]])   # v0 -> ... -> v3
    with Session(f, name) as s:
        assumptions = [v[4], v[0], -v[3]]
        assert s.solve(assumptions) == "unsat"
        core = s.core
        assert core and set(core) <= set(assumptions) and v[4] not in core
        assert s.solve(core) == "unsat"                  # the core itself fails
        assert s.solve([v[4], v[0]]) == "sat" and s.core is None
        s.add([-v[2]])
        assert s.solve([v[4]]) == "sat"
        assert s.solve([v[0]]) == "unsat" and s.core == [v[0]]
        s.add([v[2]])
        assert s.solve([v[4]]) == "unsat" and s.core == []   # unsat without assumptions


# --------------------------------------------------------------------- CEGAR
class Contiguous:
    """Filled cells of a 1-D line must form one block: a cut for every gap."""

    def __init__(self, cells):
        self.cells = cells
        self.rejections = 0

    def violated(self, model):
        on = [i for i, v in enumerate(self.cells) if model[v - 1] > 0]
        if not on or on[-1] - on[0] + 1 == len(on):
            return []
        self.rejections += 1
        cuts = []
        for a, b in zip(on, on[1:]):
            for c in range(a + 1, b):                    # a and b filled -> c filled
                cuts.append([-self.cells[a], -self.cells[b], self.cells[c]])
        return cuts


class AtLeast:
    """At least k of the variables true; cut: one of the false ones is true."""

    def __init__(self, xs, k):
        self.xs, self.k = xs, k

    def violated(self, model):
        off = [v for v in self.xs if model[v - 1] < 0]
        if len(self.xs) - len(off) >= self.k:
            return []
        return [off]       # valid: every model with >= k true meets any set of > n-k


def contiguous_count(n, extra=lambda bits: True):
    total = 0
    for bits in itertools.product((False, True), repeat=n):
        on = [i for i, b in enumerate(bits) if b]
        if (not on or on[-1] - on[0] + 1 == len(on)) and extra(bits):
            total += 1
    return total


def test_cegar_solve_counts_rounds():
    f = Formula()
    cells = [f.var(f"c{i}") for i in range(8)]
    f.add([cells[0]])
    f.add([cells[7]])
    f.add([-cells[3], -cells[4]])        # a gap is forced: no connected answer
    checker = Contiguous(cells)
    with Session(f) as s:
        s.add_lazy(checker)
        assert s.solve() == "unsat"
        st_ = s.stats
        assert st_["rounds"] == checker.rejections >= 1
        assert st_["cuts"] >= st_["lazy_clauses"] >= st_["rounds"]
        assert s.added_clauses and len(s.added_clauses) == st_["lazy_clauses"]
    g = Formula()
    cells = [g.var(f"c{i}") for i in range(8)]
    g.add([cells[0]])
    g.add([cells[7]])
    checker = Contiguous(cells)
    with Session(g) as s:
        s.add_lazy(checker)
        assert s.solve() == "sat"
        assert all(s.value(c) for c in cells)          # only a full line is connected
        assert s.stats["rounds"] == checker.rejections
        assert s.stats["solves"] == checker.rejections + 1


def test_cegar_count_equals_brute_force():
    n = 6
    f = Formula()
    cells = [f.var(f"c{i}") for i in range(n)]
    with Session(f) as s:
        s.add_lazy(Contiguous(cells))
        # non-empty contiguous blocks n(n+1)/2, plus the empty line
        assert s.count(cells) == (n * (n + 1) // 2 + 1, True) == (contiguous_count(n), True)
        assert s.count(cells) == (22, True)
        s.add_lazy(AtLeast(cells, 3))
        expected = contiguous_count(n, lambda bits: sum(bits) >= 3)
        assert expected == 10
        assert s.count(cells) == (expected, True)
        assert s.is_unique(cells, assumptions=[cells[0]]) is False      # 0..2 .. 0..5
        assert len(s.witnesses) == 2
        assert s.is_unique(cells, assumptions=[cells[0], -cells[3]]) is True
        assert s.witnesses[0][:n] == [1, 2, 3, -4, -5, -6]
        assert s.stats["rounds"] > 0


def test_cuts_returned_again_are_added_once():
    f = Formula()
    cells = [f.var(f"c{i}") for i in range(7)]

    class Repeating(Contiguous):     # returns every cut it ever made, each time
        history: list = []

        def violated(self, model):
            new = super().violated(model)
            if new:
                self.history = self.history + new
                return list(self.history)
            return []

    with Session(f) as s:
        checker = Repeating(cells)
        s.add_lazy(checker)
        assert s.count(cells) == (contiguous_count(7), True)
        keys = [tuple(sorted(c)) for c in s.added_clauses]
        assert len(keys) == len(set(keys)) == s.stats["lazy_clauses"]
        assert s.stats["rounds"] >= 2 and s.stats["cuts"] > len(keys)


def test_seconds_exclude_the_callers_time_between_models():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(2)]
    with Session(f) as s:
        for _ in s.enumerate(xs):
            time.sleep(0.1)                              # 4 models: 0.4 s not ours
        assert s.complete and s.stats["seconds"] < 0.2
        it = s.enumerate(xs)
        next(it)
        time.sleep(0.2)
        it.close()
        assert s.stats["seconds"] < 0.2


def test_cegar_with_projection_and_auxiliary_variables():
    # each cell is copied to an auxiliary twin that a checker never looks at
    n = 5
    f = Formula()
    cells = [f.var(f"c{i}") for i in range(n)]
    twins = f.new_vars(n)
    f.add_clauses([[-t, c] for t, c in zip(twins, cells)])   # twin -> cell: twin free
    with Session(f) as s:
        s.add_lazy(Contiguous(cells))
        assert s.count(cells) == (contiguous_count(n), True)


def test_checker_errors():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]

    class Stubborn:          # rejects with a clause the model satisfies
        def violated(self, model):
            return [[model[0]]]

    class OutOfPool:
        def violated(self, model):
            return [[99]]

    with Session(f) as s:
        s.add_lazy(Stubborn())
        with pytest.raises(SolverError, match="falsified"):
            s.solve()
    with Session(f) as s:
        s.add_lazy(OutOfPool())
        with pytest.raises(ValueError):
            s.solve()
    with Session(f) as s, pytest.raises(TypeError):
        s.add_lazy(object())


# ------------------------------------------------------------ solver errors
def test_unknown_solver_lists_known_ones():
    f = Formula()
    with pytest.raises(SolverError) as e:
        Session(f, "nosuchsat")
    msg = str(e.value)
    assert "nosuchsat" in msg and "cadical195" in msg and "minisat22" in msg
    assert "\n" not in msg
    assert canonical_name("G4") == "glucose4" and canonical_name("cd19") == "cadical195"
    assert canonical_name("mgh") == "minisatgh" and canonical_name("kissat") == "kissat404"
    with Session(f, "Cadical195") as s:
        assert s.solver_name == "cadical195"


def test_kissat_refusals_and_single_call():
    f = Formula()
    x, y = f.var("x"), f.var("y")
    f.add_clauses([[x, y], [-x]])
    with Session(f, "kissat404") as s:
        with pytest.raises(SolverError, match="assumptions"):
            s.solve([x])
        with pytest.raises(SolverError, match="time limits"):
            s.solve(time_limit=1)
        with pytest.raises(SolverError, match="not incremental"):
            s.count([x, y])
        with pytest.raises(SolverError, match="not incremental"):
            s.add_lazy(Contiguous([x, y]))
        s.add([y])                                       # before the call: fine
        assert s.solve() == "sat" and s.model == [-1, 2]
        assert s.stats["conflicts"] is None
        with pytest.raises(SolverError, match="not incremental"):
            s.solve()
        with pytest.raises(SolverError, match="not incremental"):
            s.add([x, y])
    g, _ = php(10, 9)
    with Session(g, "kissat") as s:
        assert s.solve(conflict_limit=100) == "unknown"
        with pytest.raises(SolverError):
            s.solve()


def test_capability_refusals():
    f, _ = php(4, 3)
    if "lingeling" in AVAILABLE:
        with Session(f, "lingeling") as s:
            with pytest.raises(SolverError, match="conflict limits"):
                s.solve(conflict_limit=10)
            with pytest.raises(SolverError, match="time limits") as e:
                s.solve(time_limit=1)
            assert "cadical195" in str(e.value)
            assert s.solve() == "unsat"
    with Session(f, "cadical103") as s, pytest.raises(SolverError, match="phases"):
        s.phases([1])
    if "cryptosat" not in AVAILABLE:
        with pytest.raises(SolverError, match="cryptosat"):
            Session(f, "cryptosat")


def test_closed_session_and_value_errors():
    f = Formula()
    x = f.var("x")
    f.add([x])
    with Session(f) as s:
        with pytest.raises(SolverError, match="no model"):
            s.value(x)
        assert s.solve() == "sat" and s.value(x) and not s.value(-x)
        with pytest.raises(ModelError):
            s.value(2)
        with pytest.raises(ValueError):
            s.add([2])                                   # not allocated by the pool
        with pytest.raises(ValueError):
            s.solve([0])
    assert s.closed
    for call in (s.solve, lambda: s.add([x]), lambda: s.count([x])):
        with pytest.raises(SolverError, match="closed"):
            call()
    s.close()                                            # twice is fine
    t = Session(f)
    t.delete()
    assert t.closed


# ------------------------------------------- variables: one pool, kept in sync
def test_variables_made_after_the_session_do_not_collide():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    f.add(xs)
    with Session(f) as s:
        assert s.count(xs) == (7, True)      # used an activation variable, then [-act]
        w = f.new_var()                      # an auxiliary made later, from the pool
        s.add_clauses([[-w, xs[0]], [-w, xs[1]], [w, -xs[0], -xs[1]]])   # w <-> x0 & x1
        s.add([w])
        # had w reused the enumeration's activation id, the unit [-act] would make
        # this unsat
        assert s.solve() == "sat"
        assert len(s.model) == f.nvars and s.value(w) and s.value(xs[0]) and s.value(xs[1])
        assert s.count(xs) == (2, True)
        v = f.new_var()                      # only ever used in assumptions
        assert s.solve([v, -xs[2]]) == "sat" and s.value(v) and len(s.model) == f.nvars
        assert f.sizes()["session"].variables == 2      # two enumerations so far


def test_the_pitfall_without_a_shared_pool():
    # What the session avoids: an activation literal taken by hand as top + 1
    # collides with the next variable the formula hands out.
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    f.add(xs)
    with Solver(name="cadical195", bootstrap_with=f.clauses) as raw:
        act = raw.nof_vars() + 1                         # "fresh" by hand
        raw.add_clause([-l for l in xs] + [-act])
        raw.add_clause([-act])                           # enumeration over
        w = f.new_var()
        assert w == act                                  # the collision
        raw.add_clause([w])
        assert raw.solve() is False                      # a satisfiable problem, lost


def test_unused_and_late_variables_are_in_the_model():
    f = Formula()
    x = f.var("x")
    f.var("unused")
    f.add([x])
    with Session(f, "minisat22") as s:
        assert s.solve() == "sat" and s.model == [1, -2]
        late = f.var("late")
        f.add([-late, x])
        assert s.solve() == "sat" and len(s.model) == 3
        assert s.sync() == 0                             # the solve loaded the new clause
        assert s.solve([late, -x]) == "unsat"
        f.add([-late])
        assert s.sync() == 1                             # sync itself loads it earlier
        assert s.sync() == 0
        assert s.added_clauses == []                     # sync does not record


def test_solver_minted_variables_are_reserved_in_the_pool():
    f = Formula()
    x = f.var("x")
    f.add([x])
    s = Session(f)
    handle = s._handle        # fault injection: the solver behind the session swapped
    real = handle.solver

    class Minting:            # a solver that made two variables of its own
        def __getattr__(self, name):
            return getattr(real, name)

        def nof_vars(self):
            return real.nof_vars() + 2

        def get_model(self):
            return real.get_model() + [2, -3]

    handle.solver = Minting()
    assert s.solve() == "sat"
    assert f.nvars == 3 and f.sizes()["session.solver"].variables == 2
    assert s.model == [1, 2, -3]
    assert f.new_var() == 4
    handle.solver = real
    s.close()


def test_record_of_added_clauses_and_stats():
    f, p = php(6, 5)
    with Session(f) as s:
        s.add([-p[0][0]])
        s.add_clauses([[-p[1][0]], (-p[2][0],)])
        assert s.added_clauses == [[-p[0][0]], [-p[1][0]], [-p[2][0]]]
        assert f.nclauses == 6 + 5 * 15                  # the formula is untouched
        assert s.solve() == "unsat"
        st_ = s.stats
        assert st_["solver"] == "cadical195" and st_["solves"] == 1
        assert st_["conflicts"] > 0 and st_["decisions"] > 0 and st_["propagations"] > 0
        assert st_["seconds"] > 0 and st_["added_clauses"] == 3
        assert st_["rounds"] == st_["cuts"] == st_["lazy_clauses"] == 0


@pytest.mark.parametrize("name", [n for n in AVAILABLE if CAPABILITIES[n].phases])
def test_phases_passthrough(name):
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(4)]
    f.add(xs)
    for want in ([-1, -2, 3, -4], [1, -2, -3, 4]):
        with Session(f, name) as s:
            s.phases(want)
            assert s.solve() == "sat" and s.model == want


@pytest.mark.parametrize("name", AVAILABLE)
def test_every_available_solver_basic(name):
    caps = CAPABILITIES[name]
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    f.add_clauses([[xs[0], xs[1]], [-xs[0], -xs[1]]])
    with Session(f, name) as s:
        assert s.solve() == "sat"
        assert satisfies(as_bits(s.model, 3), f.clauses) and len(s.model) == 3
        if not caps.incremental:
            return
        if caps.assumptions:
            assert s.solve([xs[0], xs[1]]) == "unsat"
        assert s.count(xs[:2]) == (2, True) and s.count(xs) == (4, True)
        s.add([-xs[0]])
        assert s.solve() == "sat" and s.value(xs[1])
        assert s.count(xs[:2]) == (1, True)


def test_empty_formula_and_empty_projection():
    f = Formula()
    with Session(f) as s:
        assert s.solve() == "sat" and s.model == []
        assert s.count([]) == (1, True)
    g = Formula.from_clauses([[1], [-1]], 1)
    with Session(g) as s:
        assert s.solve() == "unsat" and s.core == []
        assert s.count([]) == (0, True) and s.is_unique([1]) is False


# ------------------------------------------- the capability table, by probing
CHAIN = [[-1, 2], [-2, 3], [-3, 4]]


def _php_clauses(pigeons, holes):
    f, _ = php(pigeons, holes)
    return f.clauses


def probe(name):
    """Run each claim of the table against the solver itself (in process)."""
    alias = getattr(SolverNames, name)[0]

    def mk(clauses):
        return Solver(name=alias, bootstrap_with=clauses)

    got = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with mk([[1, 2]]) as s:
            got["assumptions"] = s.solve([-1, -2]) is False
        with mk(CHAIN) as s:
            r = s.solve([1, 2, 3, -4])
            try:
                core = s.get_core()
            except NotImplementedError:
                core = None
            got["cores"] = bool(r is False and core and set(core) <= {1, 2, 3, -4}
                                and -4 in core)
        for key, setter in (("budgets", "conf_budget"), ("decision_budget", "dec_budget")):
            with mk(_php_clauses(10, 9)) as s:
                try:
                    getattr(s, setter)(100)
                    t = time.monotonic()
                    got[key] = s.solve_limited() is None and time.monotonic() - t < 2
                except NotImplementedError:
                    got[key] = False
        with mk([[1, 2]]) as s:
            try:
                s.interrupt()
                s.clear_interrupt()
                can = True
            except NotImplementedError:
                can = False
        got["interrupt"] = False
        if can:
            with mk(_php_clauses(11, 10)) as s:
                s.conf_budget(500000)                    # a backstop, not the stop
                timer = threading.Timer(0.05, s.interrupt)
                timer.start()
                t = time.monotonic()
                r = s.solve_limited(expect_interrupt=True)
                got["interrupt"] = r is None and time.monotonic() - t < 1.0
                timer.join()
                s.clear_interrupt()
        ok = True
        for want in ([-1, -2, 3, -4], [1, -2, -3, 4]):
            with mk([[1, 2, 3, 4]]) as s:
                try:
                    s.set_phases(want)
                    ok = ok and s.solve() and s.get_model() == want
                except NotImplementedError:
                    ok = False
        got["phases"] = bool(ok)
        with mk([[1, 2], [-1, 2]]) as s:
            s.solve()
            try:
                st_ = s.accum_stats()
                got["stats"] = isinstance(st_, dict) and "conflicts" in st_
            except NotImplementedError:
                got["stats"] = False
    return got


INCREMENTAL_PROBE = """
import sys
from pysat.solvers import Solver
s = Solver(name=sys.argv[1], bootstrap_with=[[1, 2]])
a = s.solve()
s.add_clause([-1])
b = s.solve() and s.get_model() == [-1, 2]
s.add_clause([-2])
c = s.solve()
print("INCREMENTAL" if (a, b, c) == (True, True, False) else "WRONG")
"""


def test_capability_table_matches_probes():
    assert set(CAPABILITIES) <= {k for k in vars(SolverNames) if not k.startswith("_")}
    # incrementality: Kissat aborts the process, so each solver runs in its own
    procs = {n: subprocess.Popen([sys.executable, "-c", INCREMENTAL_PROBE,
                                  getattr(SolverNames, n)[0]],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
             for n in AVAILABLE}
    mismatches = []
    for name in AVAILABLE:
        caps = CAPABILITIES[name]
        assert caps.verified
        got = probe(name)
        for key, value in got.items():
            if getattr(caps, key) != value:
                mismatches.append((name, key, getattr(caps, key), value))
    for name, proc in procs.items():
        out, _ = proc.communicate(timeout=30)
        inc = "INCREMENTAL" in out
        if CAPABILITIES[name].incremental != inc:
            mismatches.append((name, "incremental", CAPABILITIES[name].incremental, inc))
    assert mismatches == []
    # the ones this installation cannot run are marked unverified
    for name in set(CAPABILITIES) - set(AVAILABLE):
        assert not CAPABILITIES[name].verified


def test_capabilities_published_facts():
    c = CAPABILITIES
    assert not c["kissat404"].assumptions and not c["kissat404"].incremental
    assert not c["cadical195"].interrupt and c["cadical195"].budgets
    assert c["cadical195"].time_limit and not c["kissat404"].time_limit
    assert not c["lingeling"].time_limit and c["glucose4"].interrupt
    assert isinstance(c["minisat22"], Capabilities)
    assert "cadical195" in solver_names() and set(solver_names(True)) <= set(solver_names())
    assert c["cadical195"].as_dict()["time_limit"] is True
    # keywords only; the defaults are a fully incremental solver without a decision budget
    assert Capabilities() == c["minisat22"]
    assert Capabilities(interrupt=False, budgets=False).time_limit is False
    with pytest.raises(TypeError):
        Capabilities(True, True)


def test_second_solution_with_a_known_first_model_saves_a_call():
    from satgrid.core.formula import Formula
    from satgrid.core.session import Session
    f = Formula()
    a, b, c = f.var("a"), f.var("b"), f.var("c")
    f.add([a, b])
    f.add([-a, -b])
    with Session(f) as s:
        assert s.solve([c]) == "sat"
        first = list(s.model)
        solves = s.stats["solves"]
        second = s.second_solution([a, b], [c], first=first)
        assert second is not None and second[0] != first[0]
        assert s.stats["solves"] == solves + 1          # one call, not two
        assert s.witnesses == [first, second]
        # with both (a, b) models known there is no third: unique relative to them
        assert s.second_solution([a, b], [c, a], first=[l for l in (a, -b, c)]) is None
        assert s.complete is True
        assert s.solve() == "sat"                        # still usable


# ------------------------------------------------------------ tuning options
def _three_pairs():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(6)]
    f.add_clauses([[xs[0], xs[1]], [xs[2], xs[3]], [xs[4], xs[5]]])
    return f


@pytest.mark.parametrize("name", [k for k, c in CAPABILITIES.items() if c.options])
def test_options_reach_cadical(name):
    # PySAT's configure answers nothing, so show the options act: with the
    # initial phase false and no lucky phases, every decision is "false" and
    # exactly one literal of each pair comes out true; CaDiCaL's defaults
    # (phase true, lucky phases) give the all-true model.
    f = _three_pairs()
    plain = Session(f, solver=name)
    assert plain.solve() == "sat" and sum(l > 0 for l in plain.model) == 6
    tuned = Session(f, solver=name, options={"phase": 0, "lucky": 0})
    assert tuned.options == {"phase": 0, "lucky": 0}
    assert tuned.solve() == "sat" and sum(l > 0 for l in tuned.model) == 3


@pytest.mark.parametrize("options, words", [
    ({"chronological": 0}, "unknown cadical195 option 'chronological'"),
    ({"chrono": 3}, "expected a whole number in 0..2, got 3"),
    ({"chrono": -1}, "expected a whole number in 0..2"),
    ({"chrono": "0"}, "got '0'"),
    ({"chrono": True}, "got True"),
    ({"seed": 1.5}, "got 1.5"),
])
def test_bad_options_are_refused_not_ignored(options, words):
    with pytest.raises(SolverError, match=re.escape(words)):
        Session(_three_pairs(), options=options)


def test_options_only_for_solvers_that_take_them():
    takes = [k for k, c in CAPABILITIES.items() if c.options]
    assert "cadical195" in takes and "glucose4" not in takes
    with pytest.raises(SolverError, match="solver glucose4 takes no options"):
        Session(_three_pairs(), solver="glucose4", options={"chrono": 0})
    assert Session(_three_pairs(), solver="glucose4", options={}).options == {}


# ------------------------------------------- one-hot groups in blocking clauses
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_one_hot_blocking_counts_the_same_models(data):
    # variables 1..n: some split into groups made one-hot by exactly-one
    # clauses, the rest free; random extra clauses; a random projection that
    # holds whole groups and some single variables
    n = data.draw(st.integers(2, 8), label="n")
    sizes = data.draw(st.lists(st.integers(1, 3), max_size=4), label="sizes")
    groups, v = [], 1
    for k in sizes:
        if v + k - 1 > n:
            break
        groups.append(list(range(v, v + k)))
        v += k
    clauses = data.draw(st.lists(st.lists(st.integers(1, n).flatmap(
        lambda x: st.sampled_from((x, -x))), min_size=1, max_size=3), max_size=6), label="extra")
    for g in groups:
        clauses.append(list(g))
        clauses += [[-a, -b] for a, b in itertools.combinations(g, 2)]
    kept = data.draw(st.lists(st.booleans(), min_size=len(groups), max_size=len(groups)))
    use = [g for g, k in zip(groups, kept) if k]
    singles = data.draw(st.lists(st.integers(v, n), unique=True), label="singles") if v <= n else []
    over = [x for g in use for x in g] + singles
    f = Formula.from_clauses(clauses, n)
    expected = brute_count(n, clauses, over)
    with Session(f) as s:
        got = [tuple(m[x - 1] > 0 for x in over) for m in s.enumerate(over, one_hot=use)]
        assert len(set(got)) == len(got) == expected
        assert s.count(over, one_hot=use) == (expected, True)
        if expected:
            assert s.is_unique(over, one_hot=use) is (expected == 1)
        assert s.solve() == ("sat" if brute_count(n, clauses) else "unsat")


def test_one_hot_blocking_is_shorter_and_refuses_broken_promises():
    f = Formula()
    x = [f.var(f"x{i}") for i in range(4)]
    f.add_clauses([[x[0], x[1]], [-x[0], -x[1]]])          # x0, x1 one-hot
    with Session(f) as s:
        assert s.count(x, one_hot=[[x[0], x[1]]]) == (8, True)
        assert s.count(x) == (8, True)
        with pytest.raises(ValueError, match="overlap"):
            s.count(x, one_hot=[[x[0], x[1]], [x[1], x[2]]])
        with pytest.raises(ValueError, match="outside 'over'"):
            s.count(x[:2], one_hot=[[x[1], x[2]]])
        # x2, x3 are not one-hot: the first model that shows it is refused,
        # never counted with too short a clause
        with pytest.raises(SatgridError, match="does not make it one-hot"):
            s.count(x, one_hot=[[x[2], x[3]]])


@pytest.mark.parametrize("bad", [1.5, 1.0, True, "1", None])
def test_assumptions_must_be_whole_numbers(bad):
    # int() would quietly turn 1.5 into variable 1 and True into 1
    s = Session(Formula.from_clauses([[1, 2]], 2))
    with pytest.raises(ValueError, match="is not an integer literal"):
        s.solve([bad])
    assert s.solve([-1]) == "sat" and s.model[:2] == [-1, 2]


def test_assumptions_of_integer_types_other_than_int_are_accepted():
    import fractions
    s = Session(Formula.from_clauses([[1, 2]], 2))
    class MyInt(int):
        pass
    assert s.solve([MyInt(-2)]) == "sat" and s.model[:2] == [1, -2]
    with pytest.raises(ValueError, match="is not an integer literal"):
        s.solve([fractions.Fraction(1, 1)])


def test_projection_given_as_literals_and_repeats():
    """``over`` may hold negative literals and repeats: the same projection."""
    f = Formula()
    x, y, z = f.var("x"), f.var("y"), f.var("z")
    f.add([x, y, z])
    with Session(f) as s:
        assert s.count([x, y]) == s.count([-x, y, x, -y]) == (4, True)
        assert s.count([x, y, z]) == (7, True)


# ------------------------------------------------ collaborators, not mixins
def test_the_session_modules_read_no_other_modules_private_fields():
    """Each of the Session's modules uses only the ``self._x`` attributes it
    assigns or defines itself, and no ``other._x`` at all: the oracle and the
    enumeration used to be mixins reading the Session's ``_solver``,
    ``_counters``, ``_calls``, ... assigned in session.py."""
    import ast
    from pathlib import Path

    import satgrid
    root = Path(satgrid.__file__).parent
    bad = []
    for name in ("core/session", "core/oracle", "core/enumeration", "core/solver_handle",
                 "modelling/solving", "modelling/values"):
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        own = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
                own.add(n.attr)
            if isinstance(n, ast.ClassDef):
                for b in n.body:
                    if isinstance(b, ast.Assign) and isinstance(b.targets[0], ast.Name) \
                            and b.targets[0].id == "__slots__":
                        own.update(ast.literal_eval(b.value))
        for n in ast.walk(tree):
            if not (isinstance(n, ast.Attribute) and n.attr.startswith("_")
                    and not n.attr.startswith("__")):
                continue
            mine = isinstance(n.value, ast.Name) and n.value.id in ("self", "cls")
            if not mine or n.attr not in own:
                bad.append(f"{name}.py:{n.lineno}: {ast.unparse(n)}")
    assert bad == []
