"""Region partitions (satgrid/modelling/regions.py, Model.regions) against brute force
on tiny grids: every assignment of cells to anchors (or to no region) is
enumerated and judged by the definition, and the count must equal the
model's, with lazy and with eager connectivity."""

import functools
import itertools

import networkx as nx
import pytest
from pysat.solvers import Solver

from satgrid import api
from satgrid.io.dimacs import read_dimacs
from satgrid.errors import SatgridError
from satgrid.modelling.model import Model
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

    import satgrid.modelling.regions
    from satgrid.puzzles.hitori import check as hitori_check
    from satgrid.puzzles.lits import check as lits_check
    from satgrid.puzzles.nurikabe import check as nurikabe_check
    for mod in (satgrid.modelling.regions, hitori_check, lits_check, nurikabe_check):
        res = doctest.testmod(mod)
        assert res.attempted > 0 and res.failed == 0, mod.__name__


# ------------------------------------------- regions without anchors (partition)
def set_partitions(items):
    """Every set partition of ``items`` (restricted growth strings), as lists of blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for p in set_partitions(rest):
        yield [[first]] + p
        for i in range(len(p)):
            yield p[:i] + [[first] + p[i]] + p[i + 1:]


@functools.lru_cache(maxsize=None)
def connected_partitions(rows, cols):
    """The set partitions of the grid's cells whose blocks are all connected."""
    g = nx.grid_2d_graph(rows, cols)
    return [p for p in set_partitions(sorted(g)) if all(connected(b, g) for b in p)]


def brute_partitions(rows, cols, clues=None, max_size=None, fillomino=False):
    """Partitions of the grid into connected blocks, judged by the definition:
    clue cell -> its block's size, blocks of at most max_size cells, and
    (fillomino) adjacent cells of blocks of equal size in one block."""
    g = nx.grid_2d_graph(rows, cols)
    n = 0
    for p in connected_partitions(rows, cols):
        block = {v: i for i, b in enumerate(p) for v in b}
        size = {v: len(p[block[v]]) for v in g}
        if max_size is not None and max(size.values()) > max_size:
            continue
        if any(size[v] != s for v, s in (clues or {}).items()):
            continue
        if fillomino and any(size[v] == size[w] and block[v] != block[w] for v, w in g.edges):
            continue
        n += 1
    return n


def fillomino_rule(m, reg, g, max_size):
    for v, w in g.edges:
        for k in range(1, max_size + 1):
            m.clause([-reg.size[v][k], -reg.size[w][k], reg.same(v, w)])


def test_brute_force_partition_counts_are_oeis_a145835():
    """A145835 (partitions of the n x n grid into connected pieces): 1, 12, 1434,
    here from the definition before the model is compared with it."""
    assert [brute_partitions(n, n) for n in (1, 2, 3)] == [1, 12, 1434]


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("rows,cols,want", [(1, 1, 1), (2, 2, 12), (3, 3, 1434), (1, 4, 8),
                                            (2, 3, None), (3, 2, None)])
def test_partition_counts(rows, cols, want, mode):
    g = nx.grid_2d_graph(rows, cols)
    m = Model(connectivity=mode)
    reg = m.regions(sorted(g), g)
    m.projection = reg.projection()
    want = brute_partitions(rows, cols) if want is None else want
    assert m.count() == (want, True)
    assert not m.lazy if mode == "eager" else len(m.lazy) > 0 or rows * cols == 1
    for sol in m.solutions(limit=30):     # labels name each region by its least cell
        region = reg.region_of(sol)
        assert sorted(region) == sorted(g)
        for r in set(region.values()):
            block = [v for v in region if region[v] == r]
            assert min(block) == r and connected(block, g)


PART_CASES = [  # rows, cols, clues, max_size, fillomino rule
    (3, 3, {(0, 0): 3}, None, False),
    (3, 3, {(1, 1): 4, (2, 2): 2}, None, False),
    (3, 3, {}, 3, False),
    (2, 4, {(0, 1): 2}, 4, True),
    (3, 3, {(0, 0): 3, (2, 2): 1}, 9, True),
    (3, 3, {(1, 1): 5}, 5, True),
]


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("rows,cols,clues,max_size,fill", PART_CASES)
def test_sized_partition_counts_match_brute_force(rows, cols, clues, max_size, fill, mode):
    g = nx.grid_2d_graph(rows, cols)
    m = Model(connectivity=mode)
    reg = m.regions(sorted(g), g, sizes=clues, max_size=max_size)
    if fill:
        fillomino_rule(m, reg, g, max_size)
    m.projection = reg.projection()
    want = brute_partitions(rows, cols, clues, max_size, fill)
    assert want > 0 and m.count() == (want, True)
    if max_size is not None:     # the size literals tell each cell's region size
        for sol in m.solutions(limit=20):
            region = reg.region_of(sol)
            for v in g:
                k = sum(region[w] == region[v] for w in g)
                assert [j for j, l in reg.size[v].items() if sol[l]] == [k]


FILLOMINO = ["..1.",       # a 4 x 4 Fillomino: regions of the size written, equal
             ".2.4",       # sizes never side by side in different regions
             "1..2",
             "...."]
FILLOMINO_SOLUTION = ["3314",
                      "3244",
                      "1242",
                      "3332"]


@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_a_fillomino_has_its_one_solution(mode):
    g = nx.grid_2d_graph(4, 4)
    clues = {(r, c): int(ch) for r, row in enumerate(FILLOMINO)
             for c, ch in enumerate(row) if ch != "."}
    m = Model(connectivity=mode)
    reg = m.regions(sorted(g), g, sizes=clues, max_size=16)
    fillomino_rule(m, reg, g, 16)
    m.projection = reg.projection()
    assert m.count() == (1, True)
    sol = m.solve()
    grid = ["".join(str(next(k for k, l in reg.size[(r, c)].items() if sol[l]))
                    for c in range(4)) for r in range(4)]
    assert grid == FILLOMINO_SOLUTION
    region = reg.region_of(sol)       # the solution by the rules, from the regions alone
    for v in g:
        block = [w for w in g if region[w] == region[v]]
        assert connected(block, g) and len(block) == int(grid[v[0]][v[1]])
    assert all(region[v] == region[w] or grid[v[0]][v[1]] != grid[w[0]][w[1]]
               for v, w in g.edges)


def test_same_says_whether_two_cells_share_a_region():
    g = nx.grid_2d_graph(1, 3)
    m = Model()
    reg = m.regions(sorted(g), g)
    s = reg.same((0, 0), (0, 2))
    assert reg.same((0, 2), (0, 0)) == s
    m.clause([s])
    m.projection = reg.projection()
    assert m.count() == (1, True)           # aaa is the only one joining the ends


def test_bad_partition_arguments_are_refused():
    g = nx.grid_2d_graph(2, 2)
    for kw in ({"sizes": {(5, 5): 1}}, {"sizes": {(0, 0): 0}}, {"max_size": 0},
               {"members": {v: 1 for v in g}}, {"separated": True}):
        with pytest.raises(SatgridError):
            Model().regions(sorted(g), g, **kw)
    with pytest.raises(SatgridError):         # sizes belong to the anchor-free mode
        Model().regions(sorted(g), g, {(0, 0): 2}, max_size=2)
