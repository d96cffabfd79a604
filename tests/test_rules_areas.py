"""satgrid.rules.areas, the rule library's regions: every function against a
brute force on small grids (partitions into connected regions, subsets of a
graph) or against a second, independent encoding (on Model.place), its clauses
under its own group, and its docstring examples."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from areas_helpers import partitions
from conftest import assert_doctests

from satgrid.modelling.model import Model
from satgrid.modelling.shapes import parse_shape
from satgrid.rules import areas

CELLS = lambda h, w: [(r, c) for r in range(h) for c in range(w)]   # noqa: E731


def _regions(g):
    out = {}
    for r, row in enumerate(g):
        for c, v in enumerate(row):
            out.setdefault(v, []).append((r, c))
    return list(out.values())


def test_docstring_examples():
    assert_doctests(areas)


@pytest.mark.parametrize("h,w", [(2, 3), (3, 3), (1, 6)])
def test_paired_regions_count_the_partitions_with_allowed_sizes(h, w):
    parts = list(partitions(h, w))
    rng = random.Random(h + 10 * w)
    for _ in range(6):
        clues = rng.sample(CELLS(h, w), 2 * rng.randint(1, 3))
        allowed = {frozenset(p): set(rng.sample(range(2, h * w + 1), rng.randint(1, 4)))
                   for p in itertools.combinations(clues, 2)}
        sizes_of = lambda a, b: allowed[frozenset((a, b))]   # noqa: E731

        def ok(g):
            for reg in _regions(g):
                inside = [v for v in reg if v in clues]
                if len(inside) != 2 or len(reg) not in sizes_of(*inside):
                    return False
            return True
        want = sum(ok(g) for g in parts)
        m = Model()
        a = areas.paired_regions(m, CELLS(h, w), nx.grid_2d_graph(h, w), clues, sizes_of)
        m.projection = a.projection()
        assert m.count() == (want, True), (clues, allowed)
        assert "areas.pairs.label" in m.sizes()


def test_rectangles_count_the_tilings_by_rectangles():
    parts = list(partitions(3, 3))
    rng = random.Random(3)
    for _ in range(10):
        clues = {v: rng.choice([None, 1, 2, 3, 4, 6]) for v in rng.sample(CELLS(3, 3), 3)}

        def ok(g):
            for reg in _regions(g):
                rs, cs = [r for r, _ in reg], [c for _, c in reg]
                inside = [v for v in reg if v in clues]
                if (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) != len(reg) \
                        or len(inside) != 1 or clues[inside[0]] not in (None, len(reg)):
                    return False
            return True
        m = Model()
        a = areas.rectangles(m, 3, 3, clues)
        m.projection = a.projection()
        assert m.count() == (sum(ok(g) for g in parts), True), clues


def pieces_apart(m, placement, graph):
    """The second encoding (on Model.place): covered neighbours share a placement."""
    m.clauses([[-placement.covered[u], -placement.covered[v]]
               + sorted(set(placement.covering[u]) & set(placement.covering[v]))
               for u, v in graph.edges])


def no_congruent_neighbours(m, placement, graph):
    """The second encoding (on Model.place): neighbours of one shape share a placement."""
    of = {lit: name for name, lits in placement.of_shape.items() for lit in lits}
    cl = []
    for u, v in graph.edges:
        su, sv = placement.shape_at[u], placement.shape_at[v]
        both = set(placement.covering[u]) & set(placement.covering[v])
        cl += [[-su[s], -sv[s]] + sorted(l for l in both if of[l] == s) for s in su.keys() & sv.keys()]
    m.clauses(cl)


SHAPES = {"I2": parse_shape("XX"), "L3": parse_shape("X.\nXX"), "I3": parse_shape("XXX")}


@pytest.mark.parametrize("h,w", [(2, 3), (3, 3), (3, 4), (2, 6)])
def test_shape_regions_agree_with_place_and_no_congruent_neighbours(h, w):
    """Two encodings of "tiles of these shapes, equal ones never side by side"."""
    g = nx.grid_2d_graph(h, w)
    m1 = Model()
    letter = areas.shape_regions(m1, CELLS(h, w), SHAPES)
    m1.projection = [l for ls in letter.values() for l in ls.values()]
    m2 = Model()
    p = m2.place(SHAPES, CELLS(h, w))
    no_congruent_neighbours(m2, p, g)
    m2.projection = list(p.lits.values())
    assert m1.count() == m2.count()


@pytest.mark.parametrize("h,w", [(2, 3), (3, 3), (2, 4)])
def test_shape_regions_with_blanks_agree_with_place_and_pieces_apart(h, w):
    """Two encodings of "one I2 and one L3 as shaded pieces that never touch"."""
    g = nx.grid_2d_graph(h, w)
    shapes = {"I2": SHAPES["I2"], "L3": SHAPES["L3"]}
    m1, found = Model(), {}
    letter = areas.shape_regions(m1, CELLS(h, w), shapes, blank=True, placements=found)
    areas.pieces_alone(m1, letter, g)
    for lits in found.values():
        m1.exactly(lits, 1)
    m1.projection = [ls[None] for ls in letter.values()]
    m2 = Model()
    p = m2.place(shapes, CELLS(h, w), cover="at-most", counts={"I2": 1, "L3": 1})
    pieces_apart(m2, p, g)
    m2.projection = [p.covered[v] for v in CELLS(h, w)]
    assert m1.count() == m2.count()
    assert {"areas.shapes.cell", "areas.shapes.place", "areas.alone"} <= set(m1.sizes())


@pytest.mark.parametrize("empty", [[(0, 1)], [(1, 1), (2, 3)]])
def test_shape_regions_empty_cells_make_no_placement_and_lose_no_answer(empty):
    """``empty`` (cells known blank) equals forcing those cells blank afterwards."""
    g, cells, shapes = nx.grid_2d_graph(3, 4), CELLS(3, 4), {"I2": SHAPES["I2"], "L3": SHAPES["L3"]}
    counts = []
    for skip in ((), empty):
        m, found = Model(), {}
        letter = areas.shape_regions(m, cells, shapes, blank=True, placements=found, empty=skip)
        areas.pieces_alone(m, letter, g)
        for lits in found.values():
            m.exactly(lits, 1)
        m.clauses([[letter[v][None]] for v in empty])
        m.projection = [ls[None] for ls in letter.values()]
        counts.append((m.count(), sum(map(len, found.values()))))
    assert counts[0][0] == counts[1][0] and counts[0][0][0] > 0
    assert counts[1][1] < counts[0][1]          # fewer placement literals


@pytest.mark.parametrize("anchor", [(0, 0), (1, 1)])
def test_anchored_connected_counts_connected_sets_holding_the_anchor(anchor):
    g = nx.grid_2d_graph(2, 3)
    want = 1 + sum(1 for k in range(1, 7) for s in itertools.combinations(sorted(g), k)
                   if anchor in s and nx.is_connected(g.subgraph(s)))
    for mode in ("lazy", "eager"):
        m = Model()
        on = {v: m.bool(f"on{v}") for v in g}
        areas.anchored_connected(m, on, g, anchor, None, "conn", mode)
        assert m.count() == (want, True), mode


def test_congruent_halves_count_the_partitions_into_congruent_halves():
    """Every region one white and one grey connected half of one shape."""
    parts = list(partitions(2, 4))
    rng = random.Random(8)
    for _ in range(6):
        grey = {v for v in CELLS(2, 4) if rng.randrange(2)}

        def ok(g):
            for reg in _regions(g):
                halves = [[v for v in reg if (v in grey) == side] for side in (0, 1)]
                if not all(h and nx.is_connected(nx.grid_2d_graph(2, 4).subgraph(h))
                           for h in halves):
                    return False
                if _canon(halves[0]) != _canon(halves[1]):
                    return False
            return True
        m = Model()
        a = areas.congruent_halves(m, 2, 4, grey, {})
        m.projection = a.projection()
        assert m.count() == (sum(ok(g) for g in parts), True), grey
        assert {"areas.halves.label", "areas.halves.map"} <= set(m.sizes())


def _canon(cells):
    """The least image under the four quarter turns of the cells and of their mirror."""
    out = []
    for pts in (list(cells), [(r, -c) for r, c in cells]):
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
            out.append(sorted((r - r0, c - c0) for r, c in pts))
    return min(out)
