"""The shading rule library (satgrid.rules.shading): each rule's solutions on
small grids equal a brute-force count of the shadings a plain-Python reading
of the rule accepts; its doctests; its groups in the Model's sizes.

Also the helpers the shading kinds' tests share (``all_grids``,
``brute_solutions``, ``model_solutions``)."""

import itertools
import random

import pytest
from conftest import assert_doctests

from satgrid import api
from satgrid.modelling.model import Model
from satgrid.rules import shading


# --------------------------------------------------------------- shared helpers
def all_grids(rows, cols):
    """Every 0/1 grid of rows x cols."""
    for bits in itertools.product((0, 1), repeat=rows * cols):
        yield [list(bits[r * cols:(r + 1) * cols]) for r in range(rows)]


def brute_solutions(rows, cols, ok):
    """The grids (as tuples of tuples) that ``ok(grid)`` accepts."""
    return {tuple(map(tuple, g)) for g in all_grids(rows, cols) if ok(g)}


def model_solutions(p, limit=5000):
    """Every solution grid of puzzle ``p`` as satgrid finds them (checked by its referee)."""
    res = api.solve_all(p, limit=limit)
    assert res["complete"]
    return {tuple(map(tuple, s["grid"])) for s in res["solutions"]}


def groups_of(cells):
    cells, out = set(cells), []
    while cells:
        todo = [cells.pop()]
        group = set(todo)
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in cells:
                    cells.discard(nb)
                    group.add(nb)
                    todo.append(nb)
        out.append(group)
    return out


def _rule_solutions(rows, cols, build):
    m = Model()
    s = shading.grid(m, rows, cols)
    build(m, s)
    m.projection = list(s.values())
    out = set()
    for sol in m.solutions():
        out.add(tuple(tuple(int(sol[s[r, c]]) for c in range(cols)) for r in range(rows)))
    return out


# --------------------------------------------------------------- the rules
def test_doctests():
    assert_doctests(shading)


def _cells(g):
    return [(r, c) for r in range(len(g)) for c in range(len(g[0]))]


def _lines(g):
    return [list(row) for row in g] + [list(col) for col in zip(*g)]


def _ring(g):
    """The border cells' colours of a 3 x 3 grid, clockwise from the top-left."""
    return [g[0][0], g[0][1], g[0][2], g[1][2], g[2][2], g[2][1], g[2][0], g[1][0]]


def _max_run(line, colour):
    best = run = 0
    for v in line:
        run = run + 1 if v == colour else 0
        best = max(best, run)
    return best


RULES = {
    "connected shaded": (lambda m, s: shading.connected(m, s, 1),
                         lambda g: len(groups_of(v for v in _cells(g) if g[v[0]][v[1]])) <= 1),
    "connected unshaded": (lambda m, s: shading.connected(m, s, 0),
                           lambda g: len(groups_of(v for v in _cells(g) if not g[v[0]][v[1]])) <= 1),
    "no 2x2 shaded": (lambda m, s: shading.no_2x2(m, s, 1),
                      lambda g: not any(g[r][c] and g[r + 1][c] and g[r][c + 1] and g[r + 1][c + 1]
                                        for r in range(len(g) - 1) for c in range(len(g[0]) - 1))),
    "no 2x2 unshaded": (lambda m, s: shading.no_2x2(m, s, 0),
                        lambda g: not any(not (g[r][c] or g[r + 1][c] or g[r][c + 1] or g[r + 1][c + 1])
                                          for r in range(len(g) - 1) for c in range(len(g[0]) - 1))),
    "no adjacent": (shading.no_adjacent,
                    lambda g: not any(g[r][c] and g[r][c + 1] for r in range(len(g)) for c in range(len(g[0]) - 1))
                    and not any(g[r][c] and g[r + 1][c] for r in range(len(g) - 1) for c in range(len(g[0])))),
    "dominoes": (shading.dominoes,
                 lambda g: all(len(b) == 2 for b in groups_of(v for v in _cells(g) if g[v[0]][v[1]]))),
    "run of 2 shaded": (lambda m, s: shading.no_run(m, s, 2, 1),
                        lambda g: all(_max_run(l, 1) <= 2 for l in _lines(g))),
    "run of 1 unshaded": (lambda m, s: shading.no_run(m, s, 1, 0),
                          lambda g: all(_max_run(l, 0) <= 1 for l in _lines(g))),
    "some": (shading.some, lambda g: any(map(any, g))),
    "no checker": (shading.no_checker_2x2,
                   lambda g: not any(g[r][c] == g[r + 1][c + 1] != g[r][c + 1] == g[r + 1][c]
                                     for r in range(2) for c in range(2))),
    "ring changes <= 2": (lambda m, s: shading.ring_changes(m, s, 3, 3),
                          lambda g: sum(a != b for a, b in zip(_ring(g), _ring(g)[1:] + _ring(g)[:1])) <= 2),
    "around 8 == 2": (lambda m, s: shading.count_around(m, s, (1, 1), 2, diagonal=True),
                      lambda g: sum(map(sum, g)) - g[1][1] == 2),
    "around 4 + itself >= 3": (
        lambda m, s: shading.count_around(m, s, (1, 1), 3, itself=True, op=">="),
        lambda g: g[1][1] + g[0][1] + g[2][1] + g[1][0] + g[1][2] >= 3),
    "count in <= 1": (lambda m, s: shading.count_in(m, s, [(0, 0), (2, 2), (1, 2)], 1, "<="),
                      lambda g: g[0][0] + g[2][2] + g[1][2] <= 1),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_rule_equals_brute_force_on_3x3(name):
    build, ok = RULES[name]
    assert _rule_solutions(3, 3, build) == brute_solutions(3, 3, ok)


def _sizes_around(g, cell):
    r, c = cell
    touching = [b for b in groups_of(v for v in _cells(g) if g[v[0]][v[1]])
                if any(x in b for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))]
    return sum(len(b) for b in touching)


@pytest.mark.parametrize("cell,n", [((1, 1), 0), ((1, 1), 3), ((0, 0), 2), ((1, 2), 5), ((2, 0), 7)])
def test_groups_around_equals_brute_force(cell, n):
    rows, cols = 3, 4
    def build(m, s):
        shading.fixed(m, s, {cell: 0})
        shading.groups_around(m, s, cell, n)
    want = brute_solutions(rows, cols, lambda g: not g[cell[0]][cell[1]] and _sizes_around(g, cell) == n)
    assert _rule_solutions(rows, cols, build) == want


@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_groups_around_with_known_unshaded_equals_brute_force(n):
    # the other clues (known unshaded) stop the layers: still every shading counted right
    rows, cols, cell, clues = 3, 4, (1, 1), {(0, 2): 0, (2, 1): 0}
    def build(m, s):
        shading.fixed(m, s, {cell: 0, **clues})
        shading.groups_around(m, s, cell, n, clues)
    want = brute_solutions(rows, cols, lambda g: not any(g[r][c] for r, c in [cell, *clues])
                           and _sizes_around(g, cell) == n)
    assert want and _rule_solutions(rows, cols, build) == want


def test_run_across_and_differ_equal_brute_force():
    rng = random.Random(5)
    for _ in range(4):
        room = {(r, c): rng.randrange(3) for r in range(3) for c in range(3)}
        def across(g):
            for line in ([[(r, c) for c in range(3)] for r in range(3)]
                         + [[(r, c) for r in range(3)] for c in range(3)]):
                run = []
                for v in line:
                    run = run + [v] if not g[v[0]][v[1]] else []
                    if sum(room[a] != room[b] for a, b in zip(run, run[1:])) > 1:
                        return False
            return True
        walls = [(u, v) for u in room for v in ((u[0], u[1] + 1), (u[0] + 1, u[1]))
                 if v in room and room[u] != room[v]]
        got = _rule_solutions(3, 3, lambda m, s: shading.no_run_across(m, s, walls))
        assert got == brute_solutions(3, 3, across)
    pairs = [((0, 0), (0, 1)), ((0, 1), (1, 1))]
    got = _rule_solutions(2, 3, lambda m, s: shading.differ_across(m, s, pairs))
    assert got == brute_solutions(2, 3, lambda g: all(g[a[0]][a[1]] != g[b[0]][b[1]] for a, b in pairs))


def test_each_rule_has_its_group():
    m = Model()
    s = shading.grid(m, 3, 3)
    shading.no_2x2(m, s)
    shading.dominoes(m, s)
    shading.count_in(m, s, list(s), 2)
    groups = set(m.sizes())
    assert {"shading.cell", "shading.2x2.shaded", "shading.dominoes", "shading.count"} <= groups


def test_a_bad_colour_is_refused():
    m = Model()
    s = shading.grid(m, 2, 2)
    with pytest.raises(ValueError):
        shading.no_2x2(m, s, colour=2)
