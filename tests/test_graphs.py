"""satgrid.modelling.graphs against networkx, on random graphs.

The plain graphs stand in for networkx's on the start-up path of a puzzle
(issue 29): the rules must build the same clauses in the same order on
either, so the nodes, edges and neighbours of a graph and of its induced
subgraphs must come in networkx's order, and the components and biconnected
components must be networkx's.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest

from satgrid.modelling import graphs
from satgrid.modelling.geometry import grid_graph
from satgrid.modelling.paths import line_graph


def random_edges(rng: random.Random, n: int, m: int) -> list[tuple]:
    """``m`` random edges over nodes 0..n-1 (repeats and either direction
    included, no loops), some nodes named by tuples."""
    name = [(v, "x") if v % 3 == 0 else v for v in range(n)]
    out = []
    for _ in range(m):
        u, v = rng.sample(range(n), 2)
        out.append((name[u], name[v]))
    return out


def pair(rng: random.Random, n: int, m: int) -> tuple[graphs.Graph, nx.Graph]:
    """The same random graph built the same way in both libraries (some
    isolated nodes added first, in a shuffled order)."""
    edges = random_edges(rng, n, m)
    lone = [("lone", i) for i in range(rng.randrange(3))]
    ours, theirs = graphs.Graph(), nx.Graph()
    for g in (ours, theirs):
        g.add_nodes_from(lone)
        g.add_edges_from(edges)
    return ours, theirs


def same(ours, theirs) -> None:
    """Nodes, edges, neighbours and sizes equal, in the same order."""
    assert list(ours) == list(theirs)
    assert list(ours.nodes) == list(theirs.nodes) == list(ours.nodes())
    assert list(ours.edges) == list(theirs.edges) == list(ours.edges())
    assert len(ours) == len(theirs) and len(ours.edges) == theirs.number_of_edges()
    for v in theirs:
        assert v in ours
        assert list(ours[v]) == list(theirs[v]), v
        assert ours.degree[v] == theirs.degree[v]
    assert ("nope", 0) not in ours and [1] not in ours           # unhashable: no error
    for u, v in list(theirs.edges)[:5]:
        assert (v, u) in ours.edges and ours.has_edge(v, u)


@pytest.mark.parametrize("seed", range(40))
def test_graphs_and_subgraphs_iterate_as_networkx(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 40)
    ours, theirs = pair(rng, n, rng.randrange(0, 3 * n))
    same(ours, theirs)
    nodes = list(theirs)
    for _ in range(6):                 # small and large subsets: networkx iterates them differently
        keep = rng.sample(nodes, rng.randrange(len(nodes) + 1)) + [("not", "there")]
        s_ours, s_theirs = ours.subgraph(keep), theirs.subgraph(keep)
        same(s_ours, s_theirs)
        inner = rng.sample(nodes, rng.randrange(len(nodes) + 1))
        same(s_ours.subgraph(inner), s_theirs.subgraph(inner))
    one = nodes[0]
    same(ours.subgraph(one), theirs.subgraph(one))           # a single node, as networkx reads it


@pytest.mark.parametrize("seed", range(40))
def test_components_are_networkx_components(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 50)
    ours, theirs = pair(rng, n, rng.randrange(0, 2 * n))
    assert list(graphs.connected_components(ours)) == list(nx.connected_components(theirs))
    keep = rng.sample(list(theirs), rng.randrange(len(theirs) + 1))
    assert (list(graphs.connected_components(ours.subgraph(keep)))
            == list(nx.connected_components(theirs.subgraph(keep))))
    # over node numbers, as the cut loop holds its graph
    index = {v: i for i, v in enumerate(theirs)}
    adj = [sorted(index[w] for w in theirs[v]) for v in theirs]
    true = sorted(index[v] for v in keep)
    got = graphs.index_components(adj, true)
    want = [sorted(index[v] for v in c) for c in nx.connected_components(theirs.subgraph(keep))]
    assert sorted(got) == sorted(want)
    assert all(c == sorted(c) for c in got)
    assert [c[0] for c in got] == sorted(c[0] for c in got)    # by smallest member


@pytest.mark.parametrize("seed", range(60))
def test_biconnected_components_are_networkx_ones(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 30)
    ours, theirs = pair(rng, n, rng.randrange(0, 2 * n))
    got = list(graphs.biconnected_component_edges(ours))
    want = list(nx.biconnected_component_edges(theirs))
    assert got == want
    # and they are a partition of the edges (the comparison proves something)
    assert sum(map(len, got)) == theirs.number_of_edges()


def test_biconnected_components_of_a_grid_with_a_tail():
    g = graphs.grid_2d_graph(2, 2)
    g.add_edge((1, 1), (2, 1))
    comps = sorted(sorted(map(sorted, c)) for c in graphs.biconnected_component_edges(g))
    assert comps == [[[(0, 0), (0, 1)], [(0, 0), (1, 0)], [(0, 1), (1, 1)], [(1, 0), (1, 1)]],
                     [[(1, 1), (2, 1)]]]


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 5), (3, 1), (2, 3), (4, 4), (5, 7)])
def test_grids_are_networkx_grids(rows, cols):
    same(graphs.grid_2d_graph(rows, cols), nx.grid_2d_graph(rows, cols))
    # geometry's grid graph: the same graph, built row by row
    g = nx.Graph()
    g.add_nodes_from((r, c) for r in range(rows) for c in range(cols))
    for r in range(rows):
        for c in range(cols):
            if r + 1 < rows:
                g.add_edge((r, c), (r + 1, c))
            if c + 1 < cols:
                g.add_edge((r, c), (r, c + 1))
    same(grid_graph(rows, cols), g)
    wider = graphs.grid_2d_graph(rows, cols + 1)
    assert sorted(grid_graph(rows, cols).edges) != sorted(wider.edges)


def test_line_graph_is_networkx_line_graph():
    g = nx.grid_2d_graph(3, 4)
    edges = {e: i + 1 for i, e in enumerate(g.edges)}
    want = nx.line_graph(g)
    ours = line_graph(edges)
    assert set(ours) == set(want)
    assert {frozenset(e) for e in ours.edges} == {frozenset(e) for e in want.edges}


def test_a_graph_is_changed_and_copied():
    g = graphs.Graph([(1, 2), (2, 3)])
    h = g.copy()
    g.remove_edge(2, 1)
    assert list(g.edges) == [(2, 3)] and list(h.edges) == [(1, 2), (2, 3)]
    with pytest.raises(KeyError):
        g.remove_edge(1, 3)
    assert not g.is_directed() and list(g.neighbors(2)) == [3]
