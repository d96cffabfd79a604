"""Region partitions (satgrid/regions.py, Model.regions) against brute force
on tiny grids: every assignment of cells to anchors (or to no region) is
enumerated and judged by the definition, and the count must equal the
model's, with lazy and with eager connectivity."""

import itertools

import networkx as nx
import pytest
from pysat.solvers import Solver

from satgrid import api
from satgrid.dimacs import read_dimacs
from satgrid.errors import SatgridError
from satgrid.model import Model
from satgrid.pipeline.export import decode_external, export_dimacs


def connected(cells, g):
    return not cells or nx.is_connected(g.subgraph(cells))


def brute(rows, cols, anchors, members_free, separated):
    """Assignments cell -> anchor (or None when members are free) meeting the definition."""
    g = nx.grid_2d_graph(rows, cols)
    cells = sorted(g)
    choices = list(anchors) + ([None] if members_free else [])
    n = 0
    for labels in itertools.product(choices, repeat=len(cells)):
        lab = dict(zip(cells, labels))
        if any(lab[a] != a for a in anchors):
            continue
        ok = True
        for a, size in anchors.items():
            reg = [v for v in cells if lab[v] == a]
            if (size is not None and len(reg) != size) or not connected(reg, g):
                ok = False
                break
        if ok and separated:
            ok = all(lab[u] is None or lab[v] is None or lab[u] == lab[v] for u, v in g.edges())
        n += ok
    return n


CASES = [  # rows, cols, anchors (cell -> size), members free, separated
    (2, 3, {(0, 0): 3, (1, 2): 3}, False, False),
    (3, 3, {(0, 0): 4, (2, 2): 5}, False, False),
    (3, 3, {(0, 0): None, (1, 1): None, (2, 2): 3}, False, False),
    (3, 3, {(0, 0): 2, (2, 2): 3}, True, True),
    (3, 3, {(0, 0): None, (2, 1): 2}, True, True),
    (3, 3, {(0, 0): 3, (0, 2): None}, True, False),
    (2, 4, {(0, 0): 2, (1, 3): None}, True, True),
    (2, 4, {(0, 0): 3, (0, 3): None, (1, 2): None}, True, False),
]


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("rows,cols,anchors,free,separated", CASES)
def test_region_counts_match_brute_force(rows, cols, anchors, free, separated, mode):
    g = nx.grid_2d_graph(rows, cols)
    m = Model(connectivity=mode)
    cells = sorted(g)
    members = {v: m.bool(f"in{v}") for v in cells} if free else None
    reg = m.regions(cells, g, anchors, members=members, separated=separated)
    m.projection = [l for labels in reg.label.values() for l in labels.values()
                    if abs(l) != abs(m.true)]
    want = brute(rows, cols, anchors, free, separated)
    assert m.count() == (want, True)
    assert want > 0
    if free:     # the member literals agree with the labels
        for sol in m.solutions(limit=20):
            region = reg.region_of(sol)
            assert all(sol[members[v]] == (v in region) for v in cells)


def test_no_eager_clauses_in_lazy_mode_and_none_lazy_in_eager_mode():
    g = nx.grid_2d_graph(3, 3)
    lazy, eager = Model(), Model(connectivity="eager")
    for m in (lazy, eager):
        m.regions(sorted(g), g, {(0, 0): 4, (2, 2): 5})
    assert len(lazy.lazy) == 2 and not eager.lazy
    assert "regions.connected" in eager.sizes() and "regions.connected" not in lazy.sizes()


def test_bad_anchors_are_refused():
    g = nx.grid_2d_graph(2, 2)
    with pytest.raises(SatgridError):
        Model().regions(sorted(g), g, {(5, 5): 1})
    with pytest.raises(SatgridError):
        Model().regions(sorted(g), g, {(0, 0): 0})


def test_adjacent_anchors_of_separated_regions_contradict():
    g = nx.grid_2d_graph(1, 2)
    m = Model()
    m.regions(sorted(g), g, {(0, 0): 1, (0, 1): 1},
              members={v: m.bool(str(v)) for v in g}, separated=True)
    assert m.solve() is None and m.status == "unsat"


@pytest.mark.parametrize("name", ["nurikabe-wikipedia.toml", "hitori-wikipedia.toml",
                                  "lits-wikipedia.toml"])
def test_complete_dimacs_of_the_region_kinds(tmp_path, name):
    """The exported CNF (connectivity eager: no lazy cuts) solved by a plain
    solver outside satgrid decodes to a grid the referee accepts."""
    [p] = api.load(f"instances/{name}")
    cnf = tmp_path / "f.cnf"
    export_dimacs([p], str(cnf))
    with Solver(name="cadical195", bootstrap_with=read_dimacs(str(cnf)).clauses) as s:
        assert s.solve()
        model = s.get_model()
    (tmp_path / "f.out").write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    res = decode_external(p, str(cnf), str(tmp_path / "f.out"))
    assert res["status"] == "sat" and p.check(res) == []


def test_doctests():
    import doctest

    import satgrid.regions
    from satgrid.puzzles.hitori import check as hitori_check
    from satgrid.puzzles.lits import check as lits_check
    from satgrid.puzzles.nurikabe import check as nurikabe_check
    for mod in (satgrid.regions, hitori_check, lits_check, nurikabe_check):
        res = doctest.testmod(mod)
        assert res.attempted > 0 and res.failed == 0, mod.__name__
