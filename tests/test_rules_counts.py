"""satgrid.rules.counts against brute force: every rule's solutions on small
grids are exactly the assignments a plain-Python reading of the rule accepts
(lines, regions, touching, runs of a line, runs around a ring, Shakashaka's
triangles and rectangles); its groups show in the sizes; its doctests."""

from __future__ import annotations

import itertools
import random

import pysat.solvers
import pytest
from conftest import assert_doctests

from satgrid.modelling import geometry as G
from satgrid.modelling.model import Model
from satgrid.puzzles.shakashaka import check as referee
from satgrid.rules import counts


def solutions(m: Model, lits) -> set[tuple[int, ...]]:
    """The projections on ``lits`` of every solution of ``m``."""
    m.projection = list(lits)
    return {tuple(int(s[l]) for l in lits) for s in m.solutions()}


def test_doctests():
    assert_doctests(counts)


@pytest.mark.parametrize("encoding", [None, "ladder", "totalizer"])
def test_lines_regions_and_touching_against_brute_force(encoding):
    h, w = 3, 4
    regions = [[(0, 0), (0, 1), (1, 0)], [(0, 2), (0, 3), (1, 3)], [(1, 1), (1, 2), (2, 1)],
               [(2, 0)], [(2, 2), (2, 3)]]
    m = Model(card=encoding) if encoding else Model()
    s = {v: m.bool(f"s{v}") for v in G.cells(h, w)}
    counts.per_regions(m, s, regions, 1)
    counts.no_touching(m, s, h, w)
    cells = G.cells(h, w)
    want = set()
    for bits in itertools.product((0, 1), repeat=h * w):
        on = {v for v, b in zip(cells, bits) if b}
        if all(len(on & set(r)) == 1 for r in regions) and not any(
                (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 <= 2 for a in on for b in on if a < b):
            want.add(bits)
    assert solutions(m, [s[v] for v in cells]) == want
    assert "counts.regions" in m.sizes() and "counts.touch" in m.sizes()


def test_per_lines_against_brute_force():
    for h, w, k in ((3, 3, 1), (4, 4, 2), (3, 4, 0)):
        m = Model()
        s = {v: m.bool(f"s{v}") for v in G.cells(h, w)}
        counts.per_lines(m, s, h, w, k)
        want = {bits for bits in itertools.product((0, 1), repeat=h * w)
                if all(sum(bits[r * w:(r + 1) * w]) == k for r in range(h))
                and all(sum(bits[c::w]) == k for c in range(w))}
        assert solutions(m, list(s.values())) == want


def test_runs_against_brute_force():
    """Every clue on every line of up to 7 cells, some cells fixed."""
    for n in range(0, 8):
        lines = list(itertools.product((0, 1), repeat=n))
        for clue in {tuple(counts.run_lengths(b)) for b in lines} | {(n + 1,), (1,) * n}:
            m = Model()
            x = [m.bool(f"x{i}") for i in range(n)]
            counts.runs(m, x, list(clue))
            want = {b for b in lines if tuple(counts.run_lengths(b)) == clue}
            assert solutions(m, x) == want, (n, clue)
    m = Model()
    x = [m.bool(f"x{i}") for i in range(5)]
    counts.runs(m, [x[0], m.true, x[2], m.false, x[4]], [2, 1])
    assert solutions(m, [x[0], x[2], x[4]]) == {(1, 0, 1), (0, 1, 1)}


def test_runs_propagate_what_the_clue_decides():
    """A clue of 4 in 6 cells: the two middle cells cannot be false, found by
    unit propagation alone (no search)."""
    m = Model()
    x = [m.bool(f"x{i}") for i in range(6)]
    counts.runs(m, x, [4])
    with pysat.solvers.Solver(name="minisat22", bootstrap_with=m.formula.clauses) as solver:
        for i in range(6):
            ok, _ = solver.propagate(assumptions=[-x[i]])
            assert ok is (i not in (2, 3)), i


def test_runs_propagate_as_far_as_the_clue_and_the_set_cells_decide():
    """Generalised arc consistency by unit propagation: on random lines, clues
    and partly set cells, every cell value that no completion allows is
    refuted by propagation alone (and a hopeless line is a conflict)."""
    rng = random.Random(0)
    for _ in range(1500):
        n = rng.randint(1, 10)
        clue = counts.run_lengths([rng.randint(0, 1) for _ in range(n)])
        m = Model()
        x = [m.bool(f"x{i}") for i in range(n)]
        counts.runs(m, x, clue)
        fixed = {i: rng.randint(0, 1) for i in rng.sample(range(n), rng.randint(0, n))}
        fits = [b for b in itertools.product((0, 1), repeat=n)
                if counts.run_lengths(b) == clue and all(b[i] == v for i, v in fixed.items())]
        assumed = [x[i] if v else -x[i] for i, v in fixed.items()]
        with pysat.solvers.Solver(name="minisat22", bootstrap_with=m.formula.clauses) as s:
            ok, _ = s.propagate(assumptions=assumed)
            assert ok is bool(fits), (n, clue, fixed)
            for i in range(n):
                for v in (0, 1):
                    if i not in fixed and not any(b[i] == v for b in fits) and fits:
                        lit = x[i] if v else -x[i]
                        assert not s.propagate(assumptions=assumed + [lit])[0], (clue, fixed, i)


def ring_of(bits) -> list[int]:
    """Tapa's reading: the runs around the cycle, sorted; [0] when none."""
    if all(bits):
        return [len(bits)]
    k = list(bits).index(0)
    return sorted(counts.run_lengths(list(bits[k:]) + list(bits[:k]))) or [0]


def tapa_ok(bits, clue) -> bool:
    found = ring_of(bits)
    if len(found) != len(clue):
        return False
    for v in clue:
        if v is not None:
            if v not in found:
                return False
            found.remove(v)
    return True


@pytest.mark.parametrize("clue", [[0], [8], [1], [3], [1, 1], [2, 3], [1, 1, 1, 1], [None],
                                  [None, 2], [None, None, None], [1, 1, 1, 1, 1], [7, 1]])
def test_ring_runs_against_brute_force(clue):
    patterns = list(itertools.product((0, 1), repeat=8))
    m = Model()
    x = [m.bool(f"x{i}") for i in range(8)]
    counts.ring_runs(m, x, clue)
    assert solutions(m, x) == {b for b in patterns if tapa_ok(b, clue)}
    m = Model()                                  # the ring cut by the grid's edge
    x = [m.bool(f"x{i}") for i in range(8)]
    ring = [None, None, x[2], x[3], x[4], None, x[6], x[7]]
    counts.ring_runs(m, ring, clue)
    want = {tuple(b[i] for i in (2, 3, 4, 6, 7)) for b in patterns
            if tapa_ok(b, clue) and not (b[0] or b[1] or b[5])}
    assert solutions(m, [x[i] for i in (2, 3, 4, 6, 7)]) == want


SHAPES = (".", "bl", "br", "tr", "tl")


@pytest.mark.parametrize("h,w,walls", [(2, 3, set()), (1, 5, {(0, 2)}), (3, 2, {(1, 0)}),
                                       (2, 4, {(0, 0), (1, 3)})])
def test_triangles_and_rectangles_against_brute_force(h, w, walls):
    """The shapes (white or 4 triangles) and the local rectangle rule give
    exactly the fillings whose white areas pzprjs reads as rectangles (the
    Shakashaka referee's area check, its other rules left out)."""
    m = Model()
    t = counts.triangles(m, h, w, walls)
    counts.white_rectangles(m, t)
    m.projection = t.projection()
    got = sorted(tuple(t.shape(s, v) for v in t.cells) for s in m.solutions())
    clues = [[-1 if (r, c) in walls else None for c in range(w)] for r in range(h)]
    want = []
    for shapes in itertools.product(SHAPES, repeat=len(t.cells)):
        grid = [["#"] * w for _ in range(h)]
        for (r, c), s in zip(t.cells, shapes):
            grid[r][c] = s
        if not [e for e in referee.check(grid, clues) if "rectangle" in e]:
            want.append(tuple("white" if s == "." else s for s in shapes))
    assert got == sorted(want)
    assert {"counts.triangles", "counts.rectangles"} <= set(m.sizes())


def test_count_triangles():
    m = Model()
    t = counts.triangles(m, 2, 2, {(0, 0)})
    counts.count_triangles(m, t, (0, 0), 2)
    m.projection = t.projection()
    shapes = {tuple(t.shape(s, v) for v in t.cells) for s in m.solutions()}
    assert len(shapes) == 5 * 4 * 4           # (0, 1) and (1, 0) triangles, (1, 1) free
    assert all(a != "white" and b != "white" for a, b, _ in shapes)
