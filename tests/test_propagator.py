"""The reachability propagator (satgrid/modelling/connectivity/propagator.py) against numbers known
from outside and against the eager encoding.

- connected sets of the n x n grid, OEIS A059525 (1, 13, 218, 11506; the
  Model counts the empty set too), paths corner to corner (A007764: 1, 2,
  12, 184) and cycles (A140517: 0, 1, 13, 213), counted with the propagator;
- random small grids with random givens: the same counts as the eager
  layered encoding, one and two connectivity constraints at once (one engine);
- every reason clause the solver asks for is a separator cut (a graph search
  shows that its separator cuts its two nodes apart), and falsified but for
  the propagated literal when it is asked for;
- assumptions, uniqueness (also certified), an interrupt inside a callback,
  a rebuilt solver, and the fallback on a solver without the interface.
"""

import random
import signal
import warnings

import networkx as nx
import pytest

from satgrid.modelling.connectivity import propagator as prop
from satgrid.core import session as session_mod
from satgrid.errors import SolverError
from satgrid.core.formula import Formula
from satgrid.modelling.geometry import grid_graph
from satgrid.modelling.model import Model
from satgrid.core.session import Session


@pytest.fixture
def attach_now(monkeypatch):
    """The engine from the first call (not after ``attach_after`` lazy rounds)."""
    kw = dict(prop.PropagatedConnectivity.__init__.__kwdefaults__, attach_after=0)
    monkeypatch.setattr(prop.PropagatedConnectivity.__init__, "__kwdefaults__", kw)


def engines(m: Model) -> set:
    return {c.engine for c in m.lazy if getattr(c, "engine", None) is not None}


def grid_model(n: int, mode: str):
    m = Model()
    g = nx.grid_2d_graph(n, n)
    on = {v: m.bool(f"x{v}") for v in sorted(g)}
    m.connected(on, g, mode=mode)
    return m, on, g


# ------------------------------------------------------------ known counts
@pytest.mark.parametrize("n, expected", [(1, 1), (2, 13), (3, 218), (4, 11506)])
def test_connected_sets_of_the_grid_oeis_a059525(n, expected):
    m, on, g = grid_model(n, "propagate")
    assert m.count() == (expected + 1, True)            # + the empty set
    rounds = m.session().stats["rounds"]
    assert rounds <= 2                                  # attach_after: then the engine
    if n >= 3:
        (eng,) = engines(m)
        assert eng.accepted > expected // 2             # most models checked inside the search
    assert not any(k.endswith(".fallback") for k in m.sizes())   # no eager encoding built


@pytest.mark.parametrize("n, expected", [(3, 218), (4, 11506)])
def test_a059525_with_the_engine_from_the_start(attach_now, n, expected):
    m, on, g = grid_model(n, "propagate")
    assert m.count() == (expected + 1, True)
    (eng,) = engines(m)
    assert eng.accepted == expected + 1                 # every model checked inside the search
    assert m.session().stats["rounds"] == 0             # no CEGAR round at all


@pytest.mark.parametrize("n, paths, cycles", [(1, 1, 0), (2, 2, 1), (3, 12, 13), (4, 184, 213)])
def test_paths_oeis_a007764_and_cycles_a140517(n, paths, cycles):
    g = grid_graph(n)
    m = Model(connectivity="propagate")
    e = {(u, v): m.bool(f"e{u}{v}") for u, v in g.edges}
    m.path(e, (0, 0), (n - 1, n - 1))
    assert m.count() == (paths, True)
    m = Model(connectivity="propagate")
    e = {(u, v): m.bool(f"e{u}{v}") for u, v in g.edges}
    if e:
        m.cycle(e)
        assert m.count() == (cycles, True)
        assert len(engines(m)) == (m.session().stats["rounds"] >= 2)
    else:
        assert cycles == 0


# ------------------------------------------------- against the eager encoding
def random_instance(rnd: random.Random, two: bool):
    """A random grid with holes, random givens, one or two constraints."""
    rows, cols = rnd.randint(2, 4), rnd.randint(2, 4)
    g = nx.grid_2d_graph(rows, cols)
    g.remove_nodes_from([v for v in sorted(g) if rnd.random() < 0.15])
    cells = sorted(g)
    givens = [(v, rnd.random() < 0.6) for v in rnd.sample(cells, min(len(cells), rnd.randint(0, 3)))]
    return g, cells, givens, two


def count(inst, mode: str) -> int:
    g, cells, givens, two = inst
    m = Model()
    x = {v: m.bool(f"x{v}") for v in cells}
    m.connected(x, g, mode=mode)
    if two:   # the other colour connected too (and at most 5 black cells)
        m.connected({v: -l for v, l in x.items()}, g, mode=mode)
        m.at_most(list(x.values()), 5)
    m.clauses([[x[v] if on else -x[v]] for v, on in givens])
    c, complete = m.count()
    assert complete
    if mode == "propagate":
        assert len(engines(m)) <= 1                     # one engine serves both
    return c


@pytest.mark.parametrize("seed", range(24))
def test_random_grids_count_like_the_eager_encoding(seed):
    rnd = random.Random(seed)
    inst = random_instance(rnd, two=seed % 2 == 1)
    assert count(inst, "propagate") == count(inst, "eager")


def test_random_grids_with_the_engine_from_the_start(attach_now):
    """The engine from the first call: the propagation inside the search,
    not the lazy cuts, must give the same counts."""
    for seed in range(100, 112):
        inst = random_instance(random.Random(seed), two=seed % 2 == 0)
        assert count(inst, "propagate") == count(inst, "eager")


# ---------------------------------------------------------- reason clauses
class CheckedEngine(prop.ReachEngine):
    """Checks every reason: a separator cut, falsified but for ``lit``."""

    graph = None
    nodes = None
    value = None

    def provide_reason(self, lit):
        clause = super().provide_reason(lit)
        assert lit in clause
        g = self.graphs[0]
        view = {}
        for i, l in enumerate(g.lits):
            if g.val[i]:
                view[l] = g.val[i] == prop.TRUE
                view[-l] = g.val[i] == prop.FALSE
        for l in clause:
            if l != lit and l in view:      # what the engine knows is false
                assert view[l] is False, (lit, clause)
        node = {l: v for v, l in zip(g.checker.nodes, g.lits)}
        a, b = node[-clause[0]], node[-clause[1]]
        sep = {node[l] for l in clause[2:]}
        assert a not in sep and b not in sep
        rest = self.graph.subgraph([v for v in self.graph if v not in sep])
        assert not nx.has_path(rest, a, b), (a, b, sep)
        CheckedEngine.checked += 1
        return clause


def test_every_reason_is_a_separator_cut(monkeypatch, attach_now):
    CheckedEngine.checked = 0
    monkeypatch.setattr(prop, "ReachEngine", CheckedEngine)
    for seed in range(6):
        rnd = random.Random(seed)
        n = 6
        g = nx.grid_2d_graph(n, n)
        CheckedEngine.graph = g
        m = Model()
        x = {v: m.bool(f"x{v}") for v in sorted(g)}
        m.connected(x, g, mode="propagate")
        far = [(0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0)]
        m.clauses([[x[v]] for v in far[:2 + seed % 3]])
        m.at_most(list(x.values()), 2 * n + 2)
        m.clauses([[-x[v]] for v in rnd.sample(sorted(g), 6) if v not in far])
        first = m.solve()
        if first is not None:
            true = [v for v in g if first[x[v]]]
            assert nx.is_connected(g.subgraph(true))
        m.count(limit=200)
    assert CheckedEngine.checked > 20


# --------------------------------------------------- the Session's protocol
@pytest.mark.parametrize("now", [False, True])
def test_assumptions_and_uniqueness(request, now):
    if now:
        request.getfixturevalue("attach_now")
    m, on, g = grid_model(3, "propagate")
    corners = [on[(0, 0)], on[(2, 2)]]
    # connected sets of the 3 x 3 grid with both corners: counted by brute force
    want = sum(1 for k in range(1 << 9)
               if all(k >> (3 * r + c) & 1 for r, c in ((0, 0), (2, 2)))
               and nx.is_connected(g.subgraph([v for v in sorted(g)
                                               if k >> (3 * v[0] + v[1]) & 1])))
    assert m.count(assumptions=corners) == (want, True)
    sol = m.solve(assumptions=corners + [-on[(1, 1)], -on[(0, 1)]])
    path = [v for v in sorted(g) if sol[on[v]]]
    assert nx.is_connected(g.subgraph(path)) and (0, 0) in path and (2, 2) in path
    row = [on[(0, 0)], on[(0, 2)]] + [-on[(r, c)] for r in (1, 2) for c in range(3)]
    assert m.is_unique(assumptions=row) is True     # (0, 1) joins them
    assert m.is_unique(assumptions=corners) is False


def test_certified_uniqueness(tmp_path):
    m, on, g = grid_model(3, "propagate")
    m.clauses([[on[(0, 0)]], [on[(2, 2)]], [-on[(1, 1)]], [-on[(0, 1)]], [-on[(0, 2)]]])
    m.at_most(list(on.values()), 5)
    assert m.is_unique(certify=tmp_path / "cert") is True      # (0,0) (1,0) (2,0) (2,1) (2,2)


def far_apart(n: int, seed: int, k: int, mode: str) -> Model:
    """Exactly k cells of an n x n grid, connected, four random cells given,
    ~15% forbidden, no full 2 x 2 window (bench_connectivity.py's family)."""
    rnd = random.Random(seed * 1000 + n)
    g = nx.grid_2d_graph(n, n)
    m = Model()
    x = {v: m.bool(f"x{v}") for v in sorted(g)}
    forbidden = sorted(v for v in sorted(g) if rnd.random() < 0.15)
    free = [v for v in sorted(g) if v not in set(forbidden)]
    m.clauses([[-x[v]] for v in forbidden] + [[x[v]] for v in rnd.sample(free, 4)])
    m.clauses([[-x[(r, c)], -x[(r, c + 1)], -x[(r + 1, c)], -x[(r + 1, c + 1)]]
               for r in range(n - 1) for c in range(n - 1)])
    m.exactly(list(x.values()), k)
    m.connected(x, g, mode=mode)
    return m


@pytest.mark.parametrize("k", [14, 18])
def test_certified_refutation_with_the_engine_in_the_proof_run(tmp_path, k):
    """The proof run attaches the engine: every reason it gives is written
    as a justified cut, and the DRAT proof checks against them."""
    from satgrid.certify import Certificate
    claims = {}
    for mode in ("propagate", "lazy"):
        assert far_apart(12, 2, k, mode).is_unique(certify=tmp_path / mode) is False
        cert = Certificate(tmp_path / mode)
        assert cert.verify().startswith("verified: no solution")
        claims[mode] = cert.claim
    assert claims["propagate"] == claims["lazy"] == "unsat"


class Interrupting(prop.ReachEngine):
    fire_at = None

    def propagate(self):
        Interrupting.calls += 1
        if Interrupting.calls == Interrupting.fire_at:
            raise KeyboardInterrupt
        return super().propagate()


def test_an_interrupt_inside_a_callback_leaves_a_usable_session(monkeypatch, attach_now):
    monkeypatch.setattr(prop, "ReachEngine", Interrupting)
    Interrupting.calls, Interrupting.fire_at = 0, 30
    m, on, g = grid_model(4, "propagate")
    m.clauses([[on[(0, 0)]], [on[(3, 3)]]])
    m.session()
    (eng,) = engines(m)
    eng.active = True
    eng._solver.enable_propagator()
    with pytest.raises(KeyboardInterrupt):
        m.count()
    assert eng._dirty or eng.stats["resyncs"] == 1   # (the enumeration's cleanup may call back)
    c, complete = m.count()                      # the same session, state rebuilt
    assert complete and eng.stats["resyncs"] >= 1
    assert c == Model_count_eager(4, [(0, 0), (3, 3)])


class Signalling(prop.ReachEngine):
    """Sends itself SIGINT from inside a callback: Python's handler raises
    KeyboardInterrupt at some later line of that callback (or the next one)."""

    def propagate(self):
        Signalling.calls += 1
        if Signalling.calls == 25:
            signal.raise_signal(signal.SIGINT)
        return super().propagate()


def test_a_real_sigint_inside_the_search(monkeypatch, attach_now):
    monkeypatch.setattr(prop, "ReachEngine", Signalling)
    Signalling.calls = 0
    m, on, g = grid_model(4, "propagate")
    m.clauses([[on[(0, 0)]], [on[(3, 3)]]])
    with pytest.raises(KeyboardInterrupt):
        m.count()
    assert Signalling.calls >= 25
    assert m.count() == (Model_count_eager(4, [(0, 0), (3, 3)]), True)


def Model_count_eager(n, given):
    m, on, g = grid_model(n, "eager")
    m.clauses([[on[v]] for v in given])
    return m.count()[0]


def test_a_rebuilt_solver_gets_the_engine_again(monkeypatch, attach_now):
    monkeypatch.setattr(session_mod, "RECYCLE_AT", 2)
    m, on, g = grid_model(3, "propagate")
    s = m.session()
    for _ in range(4):                           # each count retires an activation variable
        assert m.count() == (219, True)
    assert s.stats["solves"] and s.generation >= 1
    (eng,) = engines(m)
    assert eng._solver is s.solver


def test_fallback_on_a_solver_without_the_interface():
    m, on, g = grid_model(3, "propagate")
    with pytest.warns(prop.PropagatorFallback, match="glucose4 has no user-propagator"):
        m.session("glucose4")
    assert m.count() == (219, True)              # the lazy cuts instead
    assert not engines(m)
    f = Formula()
    g = nx.path_graph(3)
    lits = {v: f.var(f"x{v}") for v in g}
    with Session(f, "minisat22") as s, pytest.raises(SolverError, match="no user-propagator"):
        s.add_lazy(prop.PropagatedConnectivity(lits, g, strict=True))


def test_model_rejects_an_unknown_mode():
    with pytest.raises(Exception, match="propagate"):
        Model(connectivity="propagated")
    with warnings.catch_warnings():
        warnings.simplefilter("error")           # cadical195: no fallback warning
        m, on, g = grid_model(2, "propagate")
        assert m.count() == (14, True)


def test_the_command_line_refuses_propagate_without_the_interface(capsys):
    from satgrid.apps.cli import main
    path = str(session_mod.__file__).rsplit("/satgrid/", 1)[0] + "/instances/lits-wikipedia.toml"
    assert main(["solve", "--connectivity", "propagate", "--solver", "glucose4", path]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no user-propagator interface" in err[0]
    assert main(["solve", "--unique", "--connectivity", "propagate", path]) == 0
