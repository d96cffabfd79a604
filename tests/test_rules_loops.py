"""The loop rules of :mod:`satgrid.rules.loops` against brute force: every
subset of the edges of a small grid is tried, the simple cycles kept (and the
empty set where allowed), and each rule's count of models equals the count of
cycles that satisfy the rule's meaning, computed here without SAT."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest
from conftest import assert_doctests

from satgrid.modelling.geometry import cells, grid_edges
from satgrid.modelling.model import Model
from satgrid.rules import loops


@cache
def _cycles(rows, cols, allowed=None, empty=False):
    """Every set of edges (between ``allowed`` cells) forming one simple cycle."""
    ok = set(cells(rows, cols) if allowed is None else allowed)
    edges = [e for e in grid_edges(rows, cols) if e[0] in ok and e[1] in ok]
    out = [frozenset()] if empty else []
    for bits in product((0, 1), repeat=len(edges)):
        used = [e for e, b in zip(edges, bits) if b]
        if not used:
            continue
        deg = {}
        for a, b in used:
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
        if any(d != 2 for d in deg.values()):
            continue
        start = used[0][0]
        seen, todo = {start}, [start]
        while todo:
            v = todo.pop()
            for a, b in used:
                for x, y in ((a, b), (b, a)):
                    if x == v and y not in seen:
                        seen.add(y)
                        todo.append(y)
        if seen == set(deg):
            out.append(frozenset(used))
    return out


def _visits(cyc):
    return {v for e in cyc for v in e}


def _count(m):
    n, complete = m.count()
    assert complete
    return n


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3), (3, 4)])
@pytest.mark.parametrize("empty", [False, True])
@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_loop_counts_the_cycles(rows, cols, empty, mode):
    m = Model(connectivity=mode)
    loops.loop(m, rows, cols, empty=empty)
    assert _count(m) == len(_cycles(rows, cols, empty=empty))


def test_loop_avoids_cells_not_allowed():
    allowed = tuple(c for c in cells(3, 4) if c not in ((1, 1), (0, 3)))
    m = Model()
    loops.loop(m, 3, 4, allowed)
    assert _count(m) == len(_cycles(3, 4, allowed)) > 0


def test_on_literal_is_the_visit():
    m = Model()
    lp = loops.loop(m, 3, 3)
    for s in m.solutions():
        used = set(lp.used(s))
        assert {c for c in cells(3, 3) if s[lp.on[c]]} == _visits(used)


def _side_edges(cell):
    r, c = cell
    return {d: (min(cell, o), max(cell, o)) for d, o in
            (("n", (r - 1, c)), ("s", (r + 1, c)), ("e", (r, c + 1)), ("w", (r, c - 1)))}


def test_through_straight_turn_against_brute_force():
    cyc = _cycles(3, 4)
    where = [(0, 1), (1, 2)]
    m = Model(); lp = loops.loop(m, 3, 4); loops.through(m, lp, where)
    assert _count(m) == sum(set(where) <= _visits(c) for c in cyc)

    def straight_ok(c, cell):
        s = _side_edges(cell)
        return (s["n"] in c) == (s["s"] in c) and (s["e"] in c) == (s["w"] in c)

    def turn_ok(c, cell):
        s = _side_edges(cell)
        return not (s["n"] in c and s["s"] in c) and not (s["e"] in c and s["w"] in c)
    m = Model(); lp = loops.loop(m, 3, 4); loops.straight(m, lp, where)
    assert _count(m) == sum(all(straight_ok(c, x) for x in where) for c in cyc)
    m = Model(); lp = loops.loop(m, 3, 4); loops.turn(m, lp, where)
    assert _count(m) == sum(all(turn_ok(c, x) for x in where) for c in cyc)


@pytest.mark.parametrize("visit", [False, True])
def test_enter_once_against_brute_force(visit):
    regions = [[(0, 0), (0, 1), (1, 0)], [(0, 2), (0, 3), (1, 3), (1, 2)],
               [(1, 1), (2, 0), (2, 1)], [(2, 2), (2, 3)]]
    want = 0
    for c in _cycles(3, 4, empty=True):
        ok = True
        for reg in regions:
            cut = sum((a in reg) != (b in reg) for a, b in c)
            ok &= cut <= 2 and (not visit or bool(set(reg) & _visits(c)))
        want += ok
    m = Model(); lp = loops.loop(m, 3, 4, empty=True)
    loops.enter_once(m, lp, regions, visit=visit)
    assert _count(m) == want > 0


def test_enter_once_with_given_borders_counts_as_pzprjs():
    """A border inside a region (dangling) counts twice, once per cell beside it."""
    region = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    walls = [((0, 0), (0, 1)), ((1, 1), (1, 2)), ((0, 1), (0, 2))]
    want = 0
    for c in _cycles(3, 3, empty=True):
        n = sum(((a in region) + (b in region)) for a, b in c
                if (a, b) in walls or (b, a) in walls)
        want += n <= 2
    m = Model(); lp = loops.loop(m, 3, 3, empty=True)
    loops.enter_once(m, lp, [region], borders=walls)
    assert _count(m) == want > 0


def test_all_or_none_against_brute_force():
    sets = [[(0, 0), (2, 3)], [(1, 1)], [(0, 1), (1, 2), (2, 1)]]
    m = Model(); lp = loops.loop(m, 3, 4, empty=True)
    xs = [loops.all_or_none(m, lp, s) for s in sets]
    want = sum(all(len(set(s) & _visits(c)) in (0, len(s)) for s in sets)
               for c in _cycles(3, 4, empty=True))
    assert _count(m) == want > 0
    for sol in m.solutions():
        used = set(lp.used(sol))
        assert [sol[x] for x in xs] == [set(s) <= _visits(used) for s in sets]


def test_between_lists_the_edges_across_rooms():
    m = Model(); lp = loops.loop(m, 2, 2)
    room = {(0, 0): 0, (0, 1): 0, (1, 0): 1, (1, 1): 2}
    got = {(lit, a, b) for lit, a, b in loops.between(lp, room)}
    want = {(lp.edge(x, y), room[x], room[y]) for x, y in grid_edges(2, 2) if room[x] != room[y]}
    assert got == want and len(got) == 3


def _inside(cyc, cell):
    """Ray casting to the left along the line through the cell's top-left corner."""
    r, c = cell
    return sum(((r - 1, j), (r, j)) in cyc for j in range(c)) % 2 == 1


def test_inside_against_ray_casting():
    m = Model(); lp = loops.loop(m, 3, 4); ins = loops.inside(m, lp)
    seen = 0
    for s in m.solutions():
        used = set(lp.used(s))
        for cell in cells(3, 4):
            assert s[ins[cell]] == _inside(used, cell)
        seen += 1
    assert seen == len(_cycles(3, 4))


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 3), (3, 4), (2, 5)])
def test_the_brute_force_of_the_genre_tests_is_every_degree_two_set(rows, cols):
    """tests/loopgrids.py (used by the loop genres' brute force) finds exactly
    the edge sets, among all 2^m, whose cells have 0 or 2 edges."""
    from loopgrids import degree_two_sets
    edges = grid_edges(rows, cols)
    want = set()
    for bits in product((0, 1), repeat=len(edges)):
        used = tuple(e for e, b in zip(edges, bits) if b)
        ends = [v for e in used for v in e]
        if all(ends.count(v) == 2 for v in ends):
            want.add(used)
    assert set(degree_two_sets(rows, cols)) == want
    # the cycles among them are the cycles this file enumerates
    assert {frozenset(u) for u in want if u} >= set(_cycles(rows, cols))


def test_doctests():
    assert_doctests(loops)
