"""Tests of satgrid.modelling.paths (Model.path, Model.cycle) against their meaning and
against counts known from outside.

- Meaning: on small graphs, the solutions are exactly the edge sets that
  networkx calls one simple path from start to end / one simple cycle (brute
  force over every subset of the edges).
- Counts from outside, each with lazy and with eager connectivity:
  simple corner-to-corner paths of the n x n grid graph (OEIS A007764:
  1, 2, 12, 184, 8512), cycles of the n x n grid graph (OEIS A140517:
  0, 1, 13, 213, 9349), Hamiltonian cycles of the 4x4 and 6x6 grid graphs
  (OEIS A003763: 6, 1072). n = 5 takes 6 to 9 s per count (measured):
  it runs in bench/bench_paths.py, the tests stop at n = 4.
"""

from __future__ import annotations

import doctest
import itertools
import random

import networkx as nx
import pytest

import satgrid.modelling.paths as paths_module
from satgrid.errors import EncodingError
from satgrid.modelling.geometry import grid_graph
from satgrid.modelling.model import Model

MODES = ("lazy", "eager")
A007764 = {1: 1, 2: 2, 3: 12, 4: 184}          # corner-to-corner simple paths
A140517 = {1: 0, 2: 1, 3: 13, 4: 213}          # cycles of the n x n grid graph
A003763 = {4: 6, 6: 1072}                      # Hamiltonian cycles of the n x n grid graph


def edge_vars(m: Model, g) -> dict:
    return {(u, v): m.bool(f"e{u}-{v}") for u, v in g.edges}


def solutions(m: Model, e: dict) -> set[frozenset]:
    return {frozenset(k for k, l in e.items() if s[l]) for s in m.solutions()}


# ------------------------------------------------------------ meaning
def is_cycle(edge_set) -> bool:
    if not edge_set:
        return False
    h = nx.Graph(list(edge_set))
    return nx.is_connected(h) and all(d == 2 for _, d in h.degree)


def is_path(edge_set, s, t) -> bool:
    if s == t:
        return not edge_set
    if not edge_set:
        return False
    h = nx.Graph(list(edge_set))
    if s not in h or t not in h or not nx.is_connected(h):
        return False
    return all(d == (1 if v in (s, t) else 2) for v, d in h.degree)


def small_graphs():
    """Graphs of at most 11 edges: grids, a grid with diagonals, random ones."""
    out = [("grid 2x3", grid_graph(2, 3)), ("grid 3x3 less one", grid_graph(3))]
    out[1][1].remove_edge((1, 1), (1, 2))
    g = grid_graph(2, 3)
    g.add_edges_from([((0, 0), (1, 1)), ((0, 2), (1, 1))])
    out.append(("grid 2x3 + diagonals", g))
    rng = random.Random(5)
    for i in range(3):
        r = nx.gnm_random_graph(7, 11, seed=rng.randrange(10 ** 6))
        out.append((f"random {i}", r))
    out.append(("K5", nx.complete_graph(5)))
    out.append(("two triangles", nx.Graph([(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)])))
    return out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name,g", small_graphs(), ids=[n for n, _ in small_graphs()])
def test_cycle_means_one_simple_cycle(name, g, mode):
    m = Model(connectivity=mode)
    e = edge_vars(m, g)
    on = m.cycle(e)
    got = solutions(m, e)
    keys = list(e)
    want = {frozenset(c) for k in range(len(keys) + 1)
            for c in itertools.combinations(keys, k) if is_cycle(c)}
    assert got == want
    # the "on" literals say which vertices the cycle visits
    for s in m.solutions(limit=5):
        used = {v for k, l in e.items() if s[l] for v in k}
        assert {v for v, l in on.items() if s[l]} == used


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name,g", small_graphs(), ids=[n for n, _ in small_graphs()])
def test_path_means_one_simple_path(name, g, mode):
    nodes = sorted(g.nodes, key=str)
    ends = [(nodes[0], nodes[-1]), (nodes[1], nodes[2]), (nodes[3], nodes[3])]
    keys = None
    for s, t in ends:
        m = Model(connectivity=mode)
        e = edge_vars(m, g)
        keys = list(e)
        on = m.path(e, s, t)
        got = solutions(m, e)
        want = {frozenset(c) for k in range(len(keys) + 1)
                for c in itertools.combinations(keys, k) if is_path(c, s, t)}
        assert got == want, (s, t)
        for sol in m.solutions(limit=5):
            used = {v for k, l in e.items() if sol[l] for v in k} or {s}
            assert {v for v, l in on.items() if sol[l]} == used


# ------------------------------------------------------------ counts
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", sorted(A007764))
def test_corner_to_corner_paths_oeis_a007764(n, mode):
    m = Model(connectivity=mode)
    e = edge_vars(m, grid_graph(n))
    if n == 1:   # no edge at all: the path of one vertex
        assert e == {}
    m.path(e, (0, 0), (n - 1, n - 1))
    assert m.count() == (A007764[n], True)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", sorted(A140517))
def test_grid_cycles_oeis_a140517(n, mode):
    m = Model(connectivity=mode)
    e = edge_vars(m, grid_graph(n))
    m.cycle(e)
    assert m.count() == (A140517[n], True)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", sorted(A003763))
def test_hamiltonian_cycles_oeis_a003763(n, mode):
    m = Model(connectivity=mode)
    e = edge_vars(m, grid_graph(n))
    on = m.cycle(e)
    m.clauses([[l] for l in on.values()])
    assert m.count() == (A003763[n], True)


# ------------------------------------------------------------ encodings
def test_eager_is_complete_cnf_and_lazy_adds_nothing_up_front():
    g = grid_graph(4)
    lazy, eager = Model(), Model(connectivity="eager")
    for m in (lazy, eager):
        m.cycle(edge_vars(m, g), group="loop")
    assert len(lazy.lazy) == 1 and not eager.lazy
    assert "loop.connected" not in lazy.sizes() or lazy.sizes()["loop.connected"].clauses == 0
    assert eager.sizes()["loop.connected"].clauses > 0
    assert eager.formula.encodings["loop.connected"] == "eager reachability layers"
    # the degree parts are the same in both
    assert lazy.sizes()["loop.degree"] == eager.sizes()["loop.degree"]


def test_bad_edges_are_refused():
    m = Model()
    a, b = m.bool("a"), m.bool("b")
    with pytest.raises(EncodingError, match="given twice"):
        m.cycle({(0, 1): a, (1, 0): b})
    with pytest.raises(EncodingError, match="loop"):
        m.cycle({(0, 0): a})
    m = Model()
    m.path({(0, 1): m.bool("a")}, 0, 7)          # an end on no edge: no path
    assert m.solve() is None and m.status == "unsat"


def test_doctests():
    res = doctest.testmod(paths_module)
    assert res.attempted > 0 and res.failed == 0


# ------------------------------------------------------------ grid helpers
def test_grid_helpers():
    import satgrid.modelling.geometry as geo
    for rows, cols in ((1, 1), (2, 3), (4, 4)):
        edges = geo.grid_edges(rows, cols)
        assert len(edges) == rows * (cols - 1) + (rows - 1) * cols
        assert {frozenset(e) for e in edges} == {frozenset(e) for e in grid_graph(rows, cols).edges}
        dots = geo.dot_edges(rows, cols)
        assert len(dots) == rows * (cols + 1) + (rows + 1) * cols
        assert set(geo.dots(rows, cols)) == {v for e in dots for v in e}
        for cell in geo.cells(rows, cols):
            sides = geo.cell_sides(cell)
            assert len(set(sides)) == 4 and set(sides) <= set(dots)
            inc = geo.incident_edges(cell, rows, cols)
            assert set(inc) == {e for e in edges if cell in e}
            seen = geo.rays(cell, rows, cols)
            assert sum(map(len, seen.values())) == rows + cols - 2
    # every interior dot edge is a side of exactly two cells, a border one of one
    count = {}
    for cell in geo.cells(3, 4):
        for s in geo.cell_sides(cell):
            count[s] = count.get(s, 0) + 1
    assert sorted(set(count.values())) == [1, 2] and sum(v == 1 for v in count.values()) == 14
    assert doctest.testmod(geo).failed == 0
