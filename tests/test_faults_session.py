"""Faults of issue 14, items 1 and 2 (Python side): a Session always in sync with
its Formula/Model, activation variables recycled, interrupts that leave the
Session usable, and the exit statuses of count / solve --all / check.

The interrupt tests send a real SIGINT (or SIGTERM) to this process while a
solver runs: before the fix PySAT ``longjmp``-ed out of CaDiCaL and the next
call aborted the process (SIGABRT), so a regression kills the test run.
"""

import os
import signal
import subprocess
import threading
import time
from itertools import combinations

import pytest
from conftest import BENCH, INST, run_cli

from satgrid.core import interrupts
from satgrid.core import session as session_mod
from satgrid.core.formula import Formula
from satgrid.modelling.model import Model
from satgrid.core.session import Session
from satgrid.core.solvers import solver_names


# ------------------------------------------------------------ always in sync
def queens(n: int) -> tuple[Model, list[list[int]]]:
    m = Model()
    q = [[m.bool(f"q{r}{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        m.exactly(q[r], 1, group="row")
    for c in range(n):
        m.exactly([q[r][c] for r in range(n)], 1, group="col")
    for d in range(-n + 1, n):
        diag = [q[r][r - d] for r in range(n) if 0 <= r - d < n]
        anti = [q[r][n - 1 - r + d] for r in range(n) if 0 <= n - 1 - r + d < n]
        for line in (diag, anti):
            if len(line) > 1:
                m.at_most(line, 1, group="diag")
    return m, q


def test_model_clause_after_count_reaches_the_solver():
    """The issue's example: 6-queens has 4 solutions; with q[0][1] forced, 1
    (a fresh model agrees), and the count after the clause says so too."""
    m, q = queens(6)
    assert m.count() == (4, True)
    m.clause([q[0][1]])
    fresh, fq = queens(6)
    fresh.clause([fq[0][1]])
    assert fresh.count() == (1, True)
    assert m.count() == (1, True)
    sol = m.solve()
    assert sol is not None and sol[q[0][1]]


@pytest.mark.parametrize("name", ["cadical195", "glucose4", "minisat22"])
def test_formula_clauses_after_the_first_solve_count_everywhere(name):
    """solve, count, is_unique and enumerate all see clauses added to the formula later."""
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(4)]
    f.add(xs)                                              # at least one of four: 15 models
    with Session(f, name) as s:
        assert s.count(xs) == (15, True)
        f.add([-xs[0]])                                    # 7 left
        assert s.count(xs) == (7, True)
        f.add([-xs[1]]); f.add([-xs[2]])                   # only x3
        assert s.is_unique(xs) is True
        assert [m[:4] for m in s.enumerate(xs)] == [[-1, -2, -3, 4]]
        f.add([-xs[3]])
        assert s.solve() == "unsat"


def test_model_constraints_after_the_session_exists():
    """Model constraints (not just clauses) added after the session reach it."""
    m = Model()
    x = [m.int(f"x{i}", range(1, 4)) for i in range(3)]
    assert m.count() == (27, True)
    m.all_different(x, group="alldiff")
    assert m.count() == (6, True)                           # 3! permutations
    m.linear_int([(1, x[0])], "==", 3, group="fix")
    assert m.count() == (2, True)


def test_sync_cost_is_one_sum_per_call():
    """Nothing new: no clause is loaded again (the count of loaded clauses matches)."""
    f = Formula()
    a, b = f.var("a"), f.var("b")
    f.add([a, b])
    with Session(f) as s:
        for _ in range(3):
            assert s.solve() == "sat"
        assert s.sync() == 0 and s._handle.nloaded == f.nclauses == 1


# ------------------------------------------------------ activations recycled
def test_activation_variables_are_recycled(monkeypatch):
    """Many uniqueness checks: the pool and the solver stay bounded, answers stay right."""
    monkeypatch.setattr(session_mod, "RECYCLE_AT", 16)
    m, q = queens(5)                     # 10 solutions
    s = m.session()
    start = m.formula.nvars
    for i in range(200):
        assert s.is_unique(m.over) is False
        if i % 50 == 0:
            assert m.count() == (10, True)
    assert m.count() == (10, True)
    grown = m.formula.nvars - start
    assert grown <= 16 + 1, grown        # at most one round of retired variables, recycled
    assert s.generation >= 10
    assert s.solver.nof_vars() <= m.formula.nvars
    st = s.stats
    assert st["conflicts"] is not None and st["enumerations"] == 200 + 5


def test_rebuild_keeps_added_clauses_and_cuts(monkeypatch):
    monkeypatch.setattr(session_mod, "RECYCLE_AT", 2)
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    with Session(f) as s:
        s.add([xs[0]])                                     # only in the solver and added_clauses
        for _ in range(6):
            assert s.count(xs) == (4, True)
        assert s.generation >= 2
        assert s.solve([-xs[0]]) == "unsat"


def test_solver_and_generation_follow_a_rebuild(monkeypatch):
    """The public handle an attached engine (the propagator) reads: the live
    solver, and a generation that changes exactly when the solver is replaced."""
    monkeypatch.setattr(session_mod, "RECYCLE_AT", 2)
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    with Session(f) as s:
        first = s.solver
        assert s.generation == 0 and first is not None
        seen = {0: first}
        for _ in range(6):
            assert s.count(xs) == (8, True)
            seen.setdefault(s.generation, s.solver)
            assert s.solver is seen[s.generation]
        assert s.generation >= 2 and len({id(v) for v in seen.values()}) == len(seen)
    assert s.solver is None and s.closed


def test_no_rebuild_while_an_enumeration_is_open(monkeypatch):
    monkeypatch.setattr(session_mod, "RECYCLE_AT", 1)
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    with Session(f) as s:
        outer = s.enumerate(xs)
        first = next(outer)
        for _ in range(4):                                 # nested: the outer guard stays live
            assert s.count(xs[:2]) == (4, True)
        rest = list(outer)
        models = {tuple(m[:3]) for m in [first] + rest}
        assert len(models) == 8 and s.complete


# ------------------------------------------------------------- interrupts
def hard_formula() -> tuple[Formula, list[int]]:
    """Pigeon hole 10 into 9: unsatisfiable and far beyond a second for CDCL."""
    f = Formula()
    p = [[f.var(f"p{i}{j}") for j in range(9)] for i in range(10)]
    for i in range(10):
        f.add(p[i])
    for j in range(9):
        for a, b in combinations(range(10), 2):
            f.add([-p[a][j], -p[b][j]])
    return f, [v for row in p for v in row]


def signal_soon(sig=signal.SIGINT, after=0.3) -> subprocess.Popen:
    """Send ``sig`` to this process ``after`` seconds from now, from another
    process: the kernel then delivers it to the main thread, inside the solver
    (from a thread of this process it tends to land in that thread, where
    PySAT's handler never runs, and the test would prove nothing)."""
    return subprocess.Popen(["sh", "-c", f"sleep {after}; kill -{int(sig)} {os.getpid()}"])


SOLVERS = [n for n in ("cadical195", "cadical153", "glucose4", "minisat22", "maplesat")
           if n in solver_names(available=True)]


@pytest.mark.parametrize("name", SOLVERS)
def test_sigint_during_solve_reaches_the_caller_and_the_session_works(name):
    f, _ = hard_formula()
    with Session(f, name) as s:
        t0 = time.monotonic()
        signal_soon()
        with pytest.raises(KeyboardInterrupt):
            s.solve()
        assert time.monotonic() - t0 < 5            # slices: the signal acts within a fraction
        # usable: more clauses, another solve, an answer that is right
        x = f.var("fresh")
        s.add([x])
        assert s.solve(conflict_limit=200) == "unknown"
        f.add([-x])                                      # and the formula's clauses still sync
        assert s.solve() == "unsat"                      # at once: x and -x


def test_an_in_search_checker_joins_and_is_told_of_an_interrupted_call():
    """The declared hook of an engine inside the search (the connectivity
    propagator): joined with the session, reading its public solver and
    generation; told when a SAT call ends in an interrupt, on the direct path
    (no limits) and the sliced one (a deadline)."""
    class Engine(session_mod.InSearchChecker):
        def __init__(self):
            self.joined, self.told = [], 0

        def violated(self, model):
            return []

        def join_engine(self, session):
            self.joined.append((session.solver is not None, session.generation))

        def search_interrupted(self):
            self.told += 1

    f, _ = hard_formula()
    with Session(f) as s:
        e = Engine()
        s.add_lazy(e)
        assert e.joined == [(True, 0)] and e.told == 0
        for limit in (None, 60.0):
            signal_soon()
            with pytest.raises(KeyboardInterrupt):
                s.solve(time_limit=limit)
        assert e.told == 2
        assert s.solve(conflict_limit=100) == "unknown"     # still usable


@pytest.mark.parametrize("name", SOLVERS[:3])
def test_sigint_during_count_and_is_unique(name):
    """The issue's abort: the enumeration's cleanup on an interrupted solver."""
    m = Model()
    x = [[m.int(f"x{r}{c}", range(1, 8)) for c in range(7)] for r in range(7)]
    for row in x:
        m.permutation(row, range(1, 8), group="row")
    for col in zip(*x):
        m.permutation(col, range(1, 8), group="col")
    s = m.session(name)
    signal_soon(after=0.5)
    with pytest.raises(KeyboardInterrupt):
        m.count()                       # 61,479,419,904,000 Latin squares of order 7
    assert s.complete is False
    assert m.count(limit=3) == (3, False)
    assert s.is_unique(m.over) is False
    assert m.solve() is not None
    assert s.solve([x[0][0].lit(1), x[0][1].lit(1)]) == "unsat"     # two 1s in a row


def test_sigterm_with_the_command_line_handler_is_interrupted():
    f, _ = hard_formula()
    previous = interrupts.raise_on_sigterm()
    try:
        with Session(f) as s:
            signal_soon(signal.SIGTERM)
            with pytest.raises(interrupts.Interrupted) as e:
                s.solve()
            assert interrupts.exit_status(e.value) == 143
            assert s.solve(conflict_limit=100) == "unknown"
    finally:
        interrupts.restore_sigterm(previous)
    assert signal.getsignal(signal.SIGTERM) is previous


def test_pysat_main_thread_check_is_restored():
    import pysat.solvers as ps
    before = ps.MainThread
    f, _ = hard_formula()
    with Session(f) as s:
        s.solve(conflict_limit=50)
    assert ps.MainThread is before and ps.MainThread.check() is True


@pytest.mark.skipif("glucose4" not in SOLVERS, reason="glucose4 not in this PySAT build")
def test_infinite_time_limit_is_no_limit():
    """glucose4 with time_limit=inf printed an OverflowError traceback from the timer thread."""
    errors = []
    old = threading.excepthook
    threading.excepthook = lambda a: errors.append(a.exc_value)
    try:
        f = Formula()
        x, y = f.var("x"), f.var("y")
        f.add([x, y])
        with Session(f, "glucose4") as s:
            assert s.solve(time_limit=float("inf")) == "sat"
            assert s.count([x, y], time_limit=float("inf")) == (3, True)
    finally:
        threading.excepthook = old
    assert errors == []


# --------------------------------------------------------------- exit codes
def test_exit_statuses_of_count_and_solve_all(tmp_path):
    unsat = INST / "sudoku-unsat-repeated-given.toml"
    code, out, err = run_cli("count", unsat)
    assert code == 1 and "0 solution(s)" in out, (out, err)
    code, out, err = run_cli("solve", unsat, "--all")
    assert code == 1, (out, err)
    code, out, err = run_cli("count", INST / "sudoku-classic.toml")
    assert code == 0 and "1 solution(s)" in out
    code, out, err = run_cli("count", INST / "vertex-sums-4x4.toml", "--limit", "2")
    assert code == 0 and "incomplete" in out                 # --limit N: what was asked
    empty = tmp_path / "empty.txt"
    empty.write_text("\n".join(["." * 9] * 9) + "\n")
    for cmd in (["count"], ["solve", "--all"]):
        code, out, err = run_cli(*cmd, empty, "--time-limit", "1.5")
        assert code == 3, (cmd, out, err)                   # a time limit: incomplete, 3
        assert "incomplete" in out


# ------------------------------------------------------------------- check
def test_check_with_nothing_to_compare_fails():
    code, out, err = run_cli("check", INST / "sudoku-collection.txt")
    assert code == 1 and out.count("FAILED: nothing to compare") == 5, (out, err)
    code, out, err = run_cli("check", INST / "vertex-sums-17-25-18-29.toml")   # no [expect]
    assert code == 1 and "nothing to compare" in out


@pytest.mark.skipif(not (BENCH / "sudoku-named.solutions").exists(),
                    reason="../shared/benchmarks/sudoku-named.* not present")
def test_check_reads_a_collections_published_solutions(tmp_path):
    """The published solutions of a third-party set: all agree; one changed: that one fails."""
    code, out, err = run_cli("check", BENCH / "sudoku-named.txt")
    assert code == 0 and out.count(": ok") == 4, (out, err)
    (tmp_path / "named.txt").write_text((BENCH / "sudoku-named.txt").read_text())
    lines = (BENCH / "sudoku-named.solutions").read_text().splitlines()
    sol = [i for i, l in enumerate(lines) if l.strip() and not l.startswith("#")]
    k = sol[2]
    lines[k] = lines[k][1] + lines[k][0] + lines[k][2:]          # two cells swapped
    (tmp_path / "named.solutions").write_text("\n".join(lines) + "\n")
    code, out, err = run_cli("check", tmp_path / "named.txt")
    assert code == 1, (out, err)
    assert out.count(": ok") == 3 and out.count("FAILED") == 1 and "solution differs" in out
    (tmp_path / "named.solutions").write_text("\n".join(lines[:k]) + "\n")   # too few
    code, out, err = run_cli("check", tmp_path / "named.txt")
    assert code == 2 and "named.solutions" in err and "one solution per puzzle" in err
