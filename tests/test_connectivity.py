"""Tests of satgrid.modelling.connectivity against the meaning of the constraint.

"The true nodes induce a connected subgraph (the empty set and one node count
as connected)." The reference is networkx's ``is_connected`` over every subset
(brute force), cross-checked against OEIS A287151 / A059525 (connected induced
subgraphs of the grid graph P_m x P_n): the counts below come from outside.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from satgrid.modelling.connectivity import (EAGER_METHODS, SEPARATORS, ConnectivityCuts,
                                  eager_connectivity, eager_size, node_order)
from satgrid.errors import EncodingError
from satgrid.core.formula import Formula
from satgrid.core.session import Session

SOLVER = "cadical195"

# OEIS A287151 (T(m,n) = nonempty connected induced subgraphs of P_m x P_n;
# its diagonal is A059525): 2x2 13, 2x3 40, 3x3 218, 3x4 1126, 4x4 11506.
OEIS_NONEMPTY = {(2, 2): 13, (2, 3): 40, (3, 3): 218, (3, 4): 1126, (4, 4): 11506}


# ------------------------------------------------------------------ helpers
class Counter:
    """A minimal variable source (new_var / new_vars) starting above ``top``."""

    def __init__(self, top: int):
        self.top = top

    def new_var(self) -> int:
        self.top += 1
        return self.top

    def new_vars(self, count: int) -> range:
        first = self.top + 1
        self.top += count
        return range(first, first + count)


def windows(rows: int, cols: int):
    """The 2x2 windows of a rows x cols grid, as lists of 4 cells."""
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for r in range(rows - 1) for c in range(cols - 1)]


def brute_force(graph, nodes, forbidden_windows=()):
    """Subsets of ``nodes`` (all 2^n, the empty set included) that induce a
    connected subgraph of ``graph`` and contain no full window."""
    out = set()
    for mask in range(1 << len(nodes)):
        s = frozenset(v for i, v in enumerate(nodes) if mask >> i & 1)
        if any(all(c in s for c in w) for w in forbidden_windows):
            continue
        if not s or nx.is_connected(graph.subgraph(s)):
            out.add(s)
    return out


def grid_problem(rows: int, cols: int):
    """A Formula with one primary variable per cell, the grid graph, lits."""
    f = Formula()
    lits = {(r, c): f.var(f"x[{r},{c}]") for r in range(rows) for c in range(cols)}
    return f, nx.grid_2d_graph(rows, cols), lits


def enumerate_sets(formula, lits, checker=None):
    """Every set of true nodes of the satisfying assignments of ``formula``,
    projected on ``lits``: satgrid's Session enumerates with blocking clauses
    over the inputs only; with ``checker`` registered as a lazy constraint,
    each model first goes through the CEGAR loop (cuts added, re-solve)."""
    found = set()
    with Session(formula, SOLVER) as s:
        if checker is not None:
            s.add_lazy(checker)
        for model in s.enumerate(over=list(lits.values())):
            key = frozenset(v for v, l in lits.items() if model[abs(l) - 1] == l)
            assert key not in found, "a blocked set came back"
            found.add(key)
        assert s.complete
    return found


def eager_sets(rows, cols, method, extra=(), **kw):
    f, g, lits = grid_problem(rows, cols)
    f.add_clauses(list(extra(lits)) if extra else [])
    f.add_clauses(eager_connectivity(lits, g, f, method=method, **kw))
    return enumerate_sets(f, lits)


def lazy_sets(rows, cols, extra=(), **kw):
    f, g, lits = grid_problem(rows, cols)
    f.add_clauses(list(extra(lits)) if extra else [])
    checker = ConnectivityCuts(lits, g, **kw)
    return enumerate_sets(f, lits, checker), checker


def no_full_window(rows, cols):
    def extra(lits):
        return [[-lits[c] for c in w] for w in windows(rows, cols)]
    return extra


GRIDS = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]
_BRUTE: dict = {}


def brute_grid(rows, cols, no2x2=False):
    """Brute-force connected sets of the grid (cached; the no-2x2 ones are
    filtered from the same enumeration)."""
    if (rows, cols) not in _BRUTE:
        g = nx.grid_2d_graph(rows, cols)
        _BRUTE[(rows, cols)] = brute_force(g, sorted(g))
    sets = _BRUTE[(rows, cols)]
    if no2x2:
        ws = windows(rows, cols)
        sets = {s for s in sets if not any(all(c in s for c in w) for w in ws)}
    return sets


# ------------------------------------------------------- counts on grids
@pytest.mark.parametrize("rows,cols", GRIDS)
def test_brute_force_matches_oeis(rows, cols):
    sets = brute_grid(rows, cols)
    assert frozenset() in sets
    assert len(sets) - 1 == OEIS_NONEMPTY[(rows, cols)]


@pytest.mark.parametrize("rows,cols", GRIDS)
def test_count_connected_lazy_eager_brute(rows, cols):
    expected = brute_grid(rows, cols)
    lazy, checker = lazy_sets(rows, cols)
    assert lazy == expected
    assert checker.stats["rounds"] > 0 and checker.stats["cuts"] >= checker.stats["rounds"]
    for method in EAGER_METHODS:
        assert eager_sets(rows, cols, method) == expected, method


@pytest.mark.parametrize("rows,cols", GRIDS)
def test_count_connected_no_full_2x2(rows, cols):
    expected = brute_grid(rows, cols, no2x2=True)
    assert len(expected) < len(brute_grid(rows, cols))
    extra = no_full_window(rows, cols)
    lazy, _ = lazy_sets(rows, cols, extra)
    assert lazy == expected
    for method in EAGER_METHODS:
        assert eager_sets(rows, cols, method, extra) == expected, method


@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 4)])
def test_session_count_lazy_and_eager(rows, cols):
    """Session.count(over=inputs): lazily (add_lazy) and eagerly, plain and
    with no full 2x2 window, against the brute force."""
    for extra in (None, no_full_window(rows, cols)):
        expected = len(brute_grid(rows, cols, no2x2=extra is not None))
        f, g, lits = grid_problem(rows, cols)
        if extra:
            f.add_clauses(extra(lits))
        with Session(f, SOLVER) as s:
            s.add_lazy(ConnectivityCuts(lits, g))
            assert s.count(over=list(lits.values())) == (expected, True)
            assert s.stats["rounds"] > 0
        for method in EAGER_METHODS:
            f, g, lits = grid_problem(rows, cols)
            if extra:
                f.add_clauses(extra(lits))
            f.add_clauses(eager_connectivity(lits, g, f, method=method))
            with Session(f, SOLVER) as s:
                assert s.count(over=list(lits.values())) == (expected, True)


def test_count_with_one_cut_per_round():
    # the loop converges with the smallest budget too
    lazy, checker = lazy_sets(3, 3, max_cuts_per_round=1)
    assert lazy == brute_grid(3, 3)
    assert checker.stats["cuts"] == checker.stats["rounds"]


# ------------------------------------- every assignment, arbitrary graphs
def small_graphs():
    """Varied small graphs: random G(n, p) (isolated nodes, several components,
    cycles), a cycle, a star, a complete graph, a path."""
    out = [nx.gnp_random_graph(n, p, seed=seed)
           for n, p, seed in [(6, 0.3, 1), (7, 0.35, 2), (8, 0.3, 3), (8, 0.5, 4),
                              (7, 0.2, 5), (8, 0.25, 6)]]
    out += [nx.cycle_graph(7), nx.star_graph(6), nx.complete_graph(5), nx.path_graph(8)]
    return out


def signed_lits(nodes, seed):
    """Literals over variables 1..n, some of them negative, in shuffled order."""
    rnd = random.Random(seed)
    vals = [(i + 1) * rnd.choice((1, -1)) for i in range(len(nodes))]
    pairs = list(zip(nodes, vals))
    rnd.shuffle(pairs)
    return dict(pairs)


def assignments(lits, nodes):
    """(set, assumptions) for all 2^n sets of true nodes."""
    for mask in range(1 << len(nodes)):
        s = frozenset(v for i, v in enumerate(nodes) if mask >> i & 1)
        yield s, [lits[v] if v in s else -lits[v] for v in nodes]


def accepted_eager(clauses, nvars, lits, nodes):
    """The sets accepted by ``clauses`` (all 2^n, by assumptions), plain PySAT."""
    with Solver(SOLVER, bootstrap_with=clauses) as s:
        for v in range(1, nvars + 1):
            s.add_clause([v, -v])
        return {st for st, assume in assignments(lits, nodes) if s.solve(assumptions=assume)}


def accepted_lazy(checker, nvars, lits, nodes):
    """The sets accepted by the CEGAR loop of a Session (all 2^n, by assumptions)."""
    f = Formula.from_clauses([], nvars)
    with Session(f, SOLVER) as s:
        s.add_lazy(checker)
        return {st for st, assume in assignments(lits, nodes)
                if s.solve(assumptions=assume) == "sat"}


@pytest.mark.parametrize("gi", range(10))
def test_every_assignment_arbitrary_graphs(gi):
    g = small_graphs()[gi]
    nodes = sorted(g)
    lits = signed_lits(nodes, gi)
    expected = brute_force(g, nodes)
    n = len(nodes)
    assert accepted_lazy(ConnectivityCuts(lits, g), n, lits, nodes) == expected
    for method in EAGER_METHODS:
        src = Counter(n)
        cl = eager_connectivity(lits, g, src, method=method)
        assert accepted_eager(cl, src.top, lits, nodes) == expected, method


@pytest.mark.parametrize("method", EAGER_METHODS)
def test_eager_with_root(method):
    # with root given: the connected sets that contain the root, and the empty set
    for gi, g in enumerate(small_graphs()[:6]):
        nodes = sorted(g)
        lits = signed_lits(nodes, 10 + gi)
        root = nodes[len(nodes) // 2]
        src = Counter(len(nodes))
        cl = eager_connectivity(lits, g, src, method=method, root=root)
        expected = {s for s in brute_force(g, nodes) if not s or root in s}
        assert accepted_eager(cl, src.top, lits, nodes) == expected


@pytest.mark.parametrize("method", EAGER_METHODS)
@pytest.mark.parametrize("max_true", [1, 2, 3, 5])
def test_eager_max_true(method, max_true):
    # with |X| <= max_true enforced by the caller, the capped depth loses nothing
    for gi, g in enumerate(small_graphs()[:6] + [nx.path_graph(8), nx.cycle_graph(8)]):
        nodes = sorted(g)
        lits = signed_lits(nodes, 20 + gi)
        src = Counter(len(nodes))
        cl = eager_connectivity(lits, g, src, method=method, max_true=max_true)
        card = CardEnc.atmost(list(lits.values()), bound=max_true, top_id=src.top,
                              encoding=EncType.seqcounter)
        top = max(src.top, card.nv)
        expected = {s for s in brute_force(g, nodes) if len(s) <= max_true}
        assert accepted_eager(cl + card.clauses, top, lits, nodes) == expected


def test_empty_and_single_node_are_connected():
    g = nx.grid_2d_graph(3, 3)
    lits = {v: i + 1 for i, v in enumerate(sorted(g))}
    cuts = ConnectivityCuts(lits, g)
    assert cuts.violated([-v for v in range(1, 10)]) == []
    for one in range(1, 10):
        assert cuts.violated([v if v == one else -v for v in range(1, 10)]) == []
    assert cuts.stats == {**cuts.stats, "calls": 10, "rounds": 0, "cuts": 0}


def test_nodes_without_literal_never_connect():
    g = nx.path_graph(3)                         # 0 - 1 - 2, node 1 has no literal
    lits = {0: 1, 2: 2}
    assert ConnectivityCuts(lits, g).violated([1, 2]) == [[-1, -2]]
    for method in EAGER_METHODS:
        src = Counter(2)
        cl = eager_connectivity(lits, g, src, method=method)
        assert accepted_eager(cl, src.top, lits, [0, 2]) == {
            frozenset(), frozenset({0}), frozenset({2})}


# ------------------------------------------------------------ cut quality
@pytest.mark.parametrize("separator", SEPARATORS)
@pytest.mark.parametrize("anchored", [False, True])
def test_cuts_are_violated_and_valid(separator, anchored):
    """Every cut is false in the model that produced it and true for every
    connected set (all 2^12 subsets of a 3x4 grid)."""
    g = nx.grid_2d_graph(3, 4)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    connected = brute_grid(3, 4)
    anchors = [(2, 3), (1, 1)] if anchored else []
    checker = ConnectivityCuts(lits, g, max_cuts_per_round=1000, separator=separator,
                               anchors=anchors)
    rnd = random.Random(7)
    seen_cuts = 0
    for _ in range(150):
        s = {v for v in nodes if rnd.random() < 0.45}
        model = [lits[v] if v in s else -lits[v] for v in nodes]
        cuts = checker.violated(model)
        assert (cuts == []) == (frozenset(s) in connected)
        for c in cuts:
            assert all(model[abs(l) - 1] != l for l in c), "cut not violated"
            for t in connected:
                assert any((l > 0) == (nodes[abs(l) - 1] in t) for l in c), "cut too strong"
        seen_cuts += len(cuts)
    assert seen_cuts > 100


def test_the_near_search_cuts_as_the_whole_flood():
    """On a connected graph the minimal separators come from searches that
    stop at the largest region (``_regions_near``); the same cuts as
    flooding every region (the path a disconnected graph takes), on grids
    with holes and pockets and on random connected graphs, anchored or not."""
    rnd = random.Random(11)
    graphs = [nx.grid_2d_graph(7, 8), nx.grid_2d_graph(1, 9)]
    graphs += [g for g in (nx.gnp_random_graph(18, 0.15, seed=s) for s in range(40))
               if nx.is_connected(g)][:8]
    compared = 0
    for g in graphs:
        nodes = sorted(g)
        lits = {v: (i + 1) * rnd.choice([1, -1]) for i, v in enumerate(nodes)}
        for _ in range(40):
            model = [v if rnd.random() < 0.55 else -v for v in range(1, len(nodes) + 1)]
            anchors = [v for v in nodes if rnd.random() < 0.1]
            near, whole = (ConnectivityCuts(lits, g, anchors=anchors, spread=bool(anchors))
                           for _ in range(2))
            assert near._connected
            whole._connected = False
            cuts = near.violated(model)
            assert cuts == whole.violated(model)
            compared += len(cuts)
    assert compared > 500


def test_separators_skip_enclosed_holes():
    # a ring of 8 cells around an empty centre and a far cell: the boundary of
    # the ring includes the centre, but the centre cannot lead to the far cell
    g = nx.grid_2d_graph(5, 5)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    ring = {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    s = ring | {(4, 4)}
    model = [lits[v] if v in s else -lits[v] for v in nodes]
    for separator in SEPARATORS:
        cuts = ConnectivityCuts(lits, g, separator=separator).violated(model)
        seps = [{nodes[l - 1] for l in c if l > 0} for c in cuts]
        # both sides, the smaller first: the far cell's two neighbours, then the
        # ring's outer neighbours, never the enclosed centre
        assert seps == [{(3, 4), (4, 3)}, {(0, 3), (1, 3), (2, 3), (3, 0), (3, 1), (3, 2)}]
        for c in cuts:
            assert sorted(-l for l in c if l < 0) == [lits[(0, 0)], lits[(4, 4)]]


def test_minimal_separator_drops_pockets():
    # c - s1 - b, and a pocket s2 hanging on c and s1: s2 touches c but every
    # way from s2 to b passes s1, so {s1} separates c from b
    g = nx.Graph([("c", "s1"), ("s1", "b"), ("c", "s2"), ("s2", "s1")])
    lits = {"b": 1, "c": 2, "s1": 3, "s2": 4}
    model = [1, 2, -3, -4]
    assert ConnectivityCuts(lits, g, separator="minimal").violated(model) == [[-1, -2, 3]]
    assert ConnectivityCuts(lits, g, separator="boundary").violated(model) == [
        [-1, -2, 3], [-1, -2, 3, 4]]
    with pytest.raises(ValueError):
        ConnectivityCuts(lits, g, separator="mincut")


def test_anchors_represent_their_components():
    g = nx.grid_2d_graph(3, 3)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    s = {(0, 0), (0, 1), (2, 1), (2, 2)}                 # two dominoes
    model = [lits[v] if v in s else -lits[v] for v in nodes]
    plain = ConnectivityCuts(lits, g).violated(model)
    anchored = ConnectivityCuts(lits, g, anchors=[(0, 1), (2, 2)]).violated(model)
    assert all(sorted(l for l in c if l < 0) == [-lits[(2, 1)], -lits[(0, 0)]] for c in plain)
    assert all(sorted(l for l in c if l < 0) == [-lits[(2, 2)], -lits[(0, 1)]]
               for c in anchored)
    # the separators themselves do not depend on the anchors
    assert [[l for l in c if l > 0] for c in plain] == [[l for l in c if l > 0] for c in anchored]
    with pytest.raises(ValueError):
        ConnectivityCuts(lits, g, anchors=[(5, 5)])


def test_max_cuts_per_round_and_pairs():
    g = nx.grid_2d_graph(5, 5)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    checker_board = {v for v in nodes if sum(v) % 2 == 0}        # 13 isolated cells
    model = [lits[v] if v in checker_board else -lits[v] for v in nodes]
    every = ConnectivityCuts(lits, g, max_cuts_per_round=10 ** 6).violated(model)
    # one or two distinct cuts per pair of the 13 components
    assert 13 * 12 // 2 <= len(every) <= 13 * 12
    assert len({tuple(sorted(c)) for c in every}) == len(every)   # no duplicates
    for k in (1, 5, 12, 40, 1000):
        cuts = ConnectivityCuts(lits, g, max_cuts_per_round=k).violated(model)
        assert cuts == every[:k]
    # the first cuts separate each component from the largest (the first cell)
    first = {tuple(sorted(-l for l in c if l < 0)) for c in every[:12]}
    assert all(lits[(0, 0)] in pair for pair in first)
    with pytest.raises(ValueError):
        ConnectivityCuts(lits, g, max_cuts_per_round=0)


def test_stats_count_rounds_and_cuts():
    g = nx.grid_2d_graph(3, 3)
    lits = {v: i + 1 for i, v in enumerate(sorted(g))}
    c = ConnectivityCuts(lits, g)
    m1 = [1, -2, 3, -4, -5, -6, 7, -8, 9]     # four corners
    m2 = [1, 2, 3, -4, -5, -6, -7, -8, -9]    # top row
    n1 = len(c.violated(m1))
    assert c.violated(m2) == []
    n2 = len(c.violated(m1))
    assert (c.rounds, c.cuts, c.stats["calls"]) == (2, n1 + n2, 3)
    assert c.is_connected(m2) and not c.is_connected(m1)
    assert c.components(m1) == [[(0, 0)], [(0, 2)], [(2, 0)], [(2, 2)]]


# ------------------------------------------------------------ seed 002
def test_seed_edge_count_stand_in_accepts_a_disconnected_grid():
    """Seed 002 stands in for connectivity with edge variables y_e allowed only
    between two filled cells and sum(y_e) == filled - 1. A component holding a
    cycle pays for a second component: a ring of 8 cells around an empty
    centre (8 edges) plus one far cell is 9 cells with 8 usable edges, no full
    2x2 window, yet disconnected."""
    rows = cols = 5
    g = nx.grid_2d_graph(rows, cols)
    nodes = sorted(g)
    pattern = ({(r, c) for r in range(3) for c in range(3)} - {(1, 1)}) | {(4, 4)}
    assert not nx.is_connected(g.subgraph(pattern))
    assert not any(all(c in pattern for c in w) for w in windows(rows, cols))

    # the seed's formulation, with the pattern fixed
    f = Formula()
    x = {v: f.var(f"x[{v[0]},{v[1]}]") for v in nodes}
    edges = sorted(tuple(sorted(e)) for e in g.edges)
    y = {e: f.var(f"y{e}") for e in edges}
    for (a, b), ye in y.items():
        f.add([-ye, x[a]])
        f.add([-ye, x[b]])
    f.add_clauses([[-x[c] for c in w] for w in windows(rows, cols)])
    card = CardEnc.equals(list(y.values()), bound=len(pattern) - 1, top_id=f.nvars,
                          encoding=EncType.seqcounter)
    f.new_vars(max(0, card.nv - f.nvars))        # the pool owns the counter's variables
    f.add_clauses(card.clauses)
    fixed = [x[v] if v in pattern else -x[v] for v in nodes]
    with Solver(SOLVER, bootstrap_with=f.clauses) as s:
        assert s.solve(assumptions=fixed), "the stand-in should accept the pattern"
        model = s.get_model()
    chosen = [e for e, ye in y.items() if model[ye - 1] > 0]
    assert len(chosen) == len(pattern) - 1
    assert all(a in pattern and b in pattern for a, b in chosen)

    # satgrid rejects it, lazily ...
    cuts = ConnectivityCuts(x, g).violated(model)
    assert cuts and all(all(model[abs(l) - 1] != l for l in c) for c in cuts)
    # ... and eagerly, with the seed's rules and edge count kept
    for method in EAGER_METHODS:
        f2 = Formula()
        x2 = {v: f2.var(str(v)) for v in nodes}
        f2.add_clauses([[-x2[c] for c in w] for w in windows(rows, cols)])
        f2.add_clauses(eager_connectivity(x2, g, f2, method=method))
        with Solver(SOLVER, bootstrap_with=f2.clauses) as s:
            assert not s.solve(assumptions=[x2[v] if v in pattern else -x2[v] for v in nodes])
            # and a connected pattern of the same size is accepted
            ok = ({(r, c) for r in range(3) for c in range(3)} - {(1, 1)}) | {(3, 2)}
            assert s.solve(assumptions=[x2[v] if v in ok else -x2[v] for v in nodes])


# ------------------------------------------------------------ determinism
def test_violated_is_deterministic():
    g = nx.grid_2d_graph(6, 6)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    rnd = random.Random(3)
    shuffled = list(lits.items())
    rnd.shuffle(shuffled)
    a = ConnectivityCuts(lits, g, max_cuts_per_round=10)
    b = ConnectivityCuts(dict(shuffled), g, max_cuts_per_round=10)   # other dict order
    for _ in range(30):
        model = [v if rnd.random() < 0.5 else -v for v in range(1, 37)]
        first = a.violated(model)
        assert a.violated(model) == first
        assert b.violated(model) == first


@pytest.mark.parametrize("method", EAGER_METHODS)
def test_eager_is_deterministic(method):
    g = nx.grid_2d_graph(4, 5)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    rev = dict(reversed(list(lits.items())))
    c1 = eager_connectivity(lits, g, Counter(20), method=method)
    c2 = eager_connectivity(rev, g, Counter(20), method=method)
    assert c1 == c2
    assert node_order(rev) == nodes


# ------------------------------------------------------------------ sizes
@pytest.mark.parametrize("method", EAGER_METHODS)
def test_eager_size_formula(method):
    cases = [(nx.grid_2d_graph(9, 9), None, None), (nx.grid_2d_graph(9, 9), 45, None),
             (nx.grid_2d_graph(7, 7), 28, None), (nx.grid_2d_graph(7, 7), None, (3, 3)),
             (nx.gnp_random_graph(12, 0.3, seed=1), None, 5), (nx.cycle_graph(6), 3, 0)]
    for g, max_true, root in cases:
        nodes = sorted(g)
        lits = {v: i + 1 for i, v in enumerate(nodes)}
        f = Formula.from_clauses([], len(nodes))
        with f.group("conn"):
            cl = eager_connectivity(lits, g, f, method=method, max_true=max_true, root=root)
            f.add_clauses(cl)
        n, m = len(nodes), g.number_of_edges()
        D = n - 1 if max_true is None else min(n - 1, max_true - 1)
        d0 = g.degree(nodes[0] if root is None else root)
        size = f.sizes()["conn"]
        assert (size.variables, size.clauses) == eager_size(
            n, m, D, d0, method=method, rooted=root is not None)
    # the figures quoted in the docstring
    assert eager_size(81, 144, 80, 2, method="tree") == (6845, 30249)
    assert eager_size(81, 144, 80, 2, method="layers") == (6559, 13437)


# ----------------------------------------------------------------- errors
def test_bad_arguments():
    g = nx.path_graph(3)
    with pytest.raises(EncodingError):
        eager_connectivity({0: 1, 1: 2}, g, Counter(2), method="flow")
    with pytest.raises(ValueError):
        ConnectivityCuts({0: 1, 7: 2}, g)                 # node 7 not in the graph
    with pytest.raises(ValueError):
        ConnectivityCuts({0: 1, 1: 0}, g)                 # zero literal
    with pytest.raises(ValueError):
        ConnectivityCuts({0: 1, 1: 2}, nx.DiGraph([(0, 1)]))
    with pytest.raises(ValueError):
        eager_connectivity({0: 1, 1: 2}, g, Counter(2), max_true=0)
    with pytest.raises(ValueError):
        eager_connectivity({0: 1, 1: 2}, g, Counter(2), root=2)
    assert eager_connectivity({}, g, Counter(0)) == []
    assert eager_connectivity({1: 5}, g, Counter(5)) == []


# ------------------------------------------------------------ Model calls
@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_model_connected_counts(mode):
    """The calls satgrid.modelling.model.Model makes (ConnectivityCuts(lits, graph,
    name=...), eager_connectivity(lits, graph, formula, max_true=...)) count
    the connected sets of a 3x3 grid, and those of at most 4 cells."""
    from satgrid.modelling.model import Model
    for max_true in (None, 4):
        m = Model(connectivity=mode)
        g = nx.grid_2d_graph(3, 3)
        lits = {v: m.bool(f"x{v}") for v in sorted(g)}
        if max_true is not None:
            card = CardEnc.atmost(list(lits.values()), bound=max_true, top_id=m.formula.nvars,
                                  encoding=EncType.seqcounter)
            m.formula.new_vars(max(0, card.nv - m.formula.nvars))
            m.clauses(card.clauses)
        m.projection = list(lits.values())
        m.connected(lits, g, group="conn", max_true=max_true)
        expected = [s for s in brute_grid(3, 3) if max_true is None or len(s) <= max_true]
        assert m.count() == (len(expected), True)


# ------------------------------------------------------- lazy cuts, then layers
def test_fallback_after_a_few_rounds_counts_the_oeis_number():
    # the 4x4 grid's connected sets (11506 nonempty + the empty set), the
    # cuts handing over to the layered encoding after 3 rounds
    f, g, lits = grid_problem(4, 4)
    made = []

    def fallback():
        made.append(eager_connectivity(lits, g, f, method="layers"))
        return made[-1]

    checker = ConnectivityCuts(lits, g, fallback=fallback, switch_after=3)
    with Session(f, SOLVER) as s:
        s.add_lazy(checker)
        assert s.count(over=list(lits.values())) == (OEIS_NONEMPTY[(4, 4)] + 1, True)
    assert len(made) == 1 and checker.switched
    assert checker.stats["rounds"] >= 3
    assert checker.stats["fallback_clauses"] == len(made[0])


def test_no_fallback_when_the_cuts_settle_it():
    f, g, lits = grid_problem(3, 3)
    checker = ConnectivityCuts(lits, g, fallback=lambda: pytest.fail("built"), switch_after=10**6)
    with Session(f, SOLVER) as s:
        s.add_lazy(checker)
        assert s.count(over=list(lits.values())) == (OEIS_NONEMPTY[(3, 3)] + 1, True)
    assert not checker.switched
    with pytest.raises(ValueError, match="switch_after"):
        ConnectivityCuts(lits, g, switch_after=0)


def test_model_lazy_connectivity_joins_far_apart_corners():
    # opposite corners of a 12x12 grid, 23 cells: only a monotone path does
    # it. The cuts alone take hundreds of rounds; the model's lazy mode hands
    # over to the layered encoding after max(LAZY_SWITCH_AFTER, cells) rounds.
    from satgrid.modelling.model import LAZY_SWITCH_AFTER, Model
    n = 12
    m = Model()
    cell = {(r, c): m.bool(f"x[{r},{c}]") for r in range(n) for c in range(n)}
    m.clause([cell[0, 0]])
    m.clause([cell[n - 1, n - 1]])
    m.exactly(list(cell.values()), 2 * n - 1)
    m.connected(cell, nx.grid_2d_graph(n, n))
    sol = m.solve()
    assert sol is not None
    on = {v for v, l in cell.items() if sol.model[l - 1] > 0}
    assert len(on) == 2 * n - 1 and nx.is_connected(nx.grid_2d_graph(n, n).subgraph(on))
    [checker] = m.lazy
    assert checker.switched and checker.stats["rounds"] == max(LAZY_SWITCH_AFTER, n * n)


def test_a_large_constraint_is_not_handed_to_the_layers_early():
    """noqx's 21x14 Tapa needs 87 rounds of cuts (0.7 s); handed to the
    layered encoding after 30 it took 51 s. A constraint over n cells waits
    max(LAZY_SWITCH_AFTER, n) rounds."""
    from satgrid import api
    url = ("https://puzz.link/p?tapa/21/14/j.g2zk3h3maltblhc4kaehc1zhalhblo2talh3kakhaeziad"
           "gajpc1j.m3g1g3qaer4g2majh1gadq2q.g3s1n.ha7j3l3g1")
    p = api.loads(url + "\n", "tapa-noqx-21x14.txt")[0]
    res = api.solve(p, unique=True)
    assert res["status"] == "sat" and res["unique"] is True
    assert res["stats"]["rounds"] < 21 * 14 and res["stats"]["cuts"] < 20_000


@pytest.mark.parametrize("method", EAGER_METHODS)
def test_the_eager_encoding_stops_at_the_builds_limits_while_it_builds(method):
    """The eager encoding makes its clauses in a list before the formula sees
    them: it asks the build's guard as it goes, so a clause limit (or the
    --time-limit) stops it there, not after minutes and gigabytes (a 65 x 65
    Hitori's ran 93 s and 9.7 GB past a 10 s limit)."""
    from satgrid.errors import LimitError
    from satgrid.modelling.connectivity import eager_connectivity
    from satgrid.pipeline.bounds import BuildGuard
    f = Formula()
    g = nx.grid_2d_graph(30, 30)
    lits = {v: f.new_var() for v in g}
    f.guard = BuildGuard(10_000, None, "a 30 x 30 grid")
    with pytest.raises(LimitError, match="more than 10,000 clauses"):
        eager_connectivity(lits, g, f, method=method)
    f.guard = None
    small = nx.grid_2d_graph(3, 3)
    assert eager_connectivity({v: f.new_var() for v in small}, small, f, method=method)
