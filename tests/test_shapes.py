"""Polyomino placement (satgrid/modelling/shapes.py, Model.place) against counts known
from outside: fixed polyomino counts, domino tilings of the 2n x 2n board
(OEIS A004003: 1, 2, 36, 6728), matchings of grid graphs by brute force,
the 8 pentomino tilings of the 3 x 20 rectangle (2 up to symmetry) and the
impossibility of tiling 4 x 5 with the five tetrominoes (a parity argument).
The 9,356 tilings of 6 x 10 are in bench/bench_regions.py (minutes)."""

import itertools

import networkx as nx
import pytest

from satgrid.errors import SatgridError
from satgrid.modelling.model import Model
from satgrid.modelling.shapes import DOMINO, PENTOMINOES, TETROMINOES, orientations, parse_shape


def board(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


def test_orientation_counts_are_the_fixed_polyomino_counts():
    # 63 fixed pentominoes and 19 fixed tetrominoes (OEIS A001168: 1, 2, 6, 19, 63)
    assert sum(len(orientations(s)) for s in PENTOMINOES.values()) == 63
    assert sum(len(orientations(s)) for s in TETROMINOES.values()) == 19
    assert len(orientations(PENTOMINOES["X"])) == 1
    assert len(orientations(PENTOMINOES["F"], "rotations")) == 4
    assert orientations(DOMINO, False) == [DOMINO]
    # the 63 fixed pentominoes fall into 18 one-sided ones (classes under rotation)
    one_sided = {frozenset(orientations(o, "rotations"))
                 for s in PENTOMINOES.values() for o in orientations(s)}
    assert len(one_sided) == 18
    with pytest.raises(SatgridError):
        parse_shape("...")


@pytest.mark.parametrize("n,tilings", [(0, 1), (1, 2), (2, 36), (3, 6728)])
def test_domino_tilings_of_the_2n_board(n, tilings):
    m = Model()
    p = m.place({"d": DOMINO}, board(2 * n, 2 * n))
    m.projection = list(p.lits.values())
    assert m.count() == (tilings, True)


def test_fixed_dominoes_only_lie_one_way():
    m = Model()
    p = m.place({"d": DOMINO}, board(2, 2), free=False)
    m.projection = list(p.lits.values())
    assert m.count() == (1, True)          # two horizontal dominoes


def matchings(rows, cols):
    """Matchings of the rows x cols grid graph, by brute force over edge subsets."""
    edges = list(nx.grid_2d_graph(rows, cols).edges())
    n = 0
    for k in range(len(edges) + 1):
        for sub in itertools.combinations(edges, k):
            ends = [v for e in sub for v in e]
            n += len(ends) == len(set(ends))
    return n


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3)])
def test_at_most_cover_counts_matchings(rows, cols):
    m = Model()
    p = m.place({"d": DOMINO}, board(rows, cols), cover="at-most")
    m.projection = list(p.lits.values())
    assert m.count() == (matchings(rows, cols), True)      # 7, 22, 131


def test_covered_and_shape_literals_mean_what_they_say():
    m = Model()
    shapes = {"I": parse_shape("XXX"), "L": parse_shape("X.\nXX")}
    p = m.place(shapes, board(2, 3), cover="at-most", counts={"I": (0, 1)}, total=2)
    m.projection = list(p.lits.values())
    seen = 0
    for sol in m.solutions():
        placed = p.decode(sol)
        assert len(placed) == 2 and sum(name == "I" for name, _ in placed) <= 1
        cover = {c: name for name, cells in placed for c in cells}
        assert len(cover) == sum(len(cells) for _, cells in placed)    # no overlap
        for cell in board(2, 3):
            assert sol[p.covered[cell]] == (cell in cover)
            for name, lit in p.shape_at[cell].items():
                assert sol[lit] == (cover.get(cell) == name)
        seen += 1
    assert seen == m.count()[0] > 0


def test_no_cover_lets_placements_overlap_and_covered_is_their_union():
    """``cover="none"``: any set of the 2x3 board's 7 domino placements
    (2^7), ``covered`` and ``shape_at`` true exactly on the cells they hold."""
    m = Model()
    p = m.place({"d": DOMINO}, board(2, 3), cover="none")
    assert len(p.lits) == 7 and m.sizes().get("place.cover") is None
    m.projection = list(p.lits.values())
    seen = 0
    for sol in m.solutions():
        held = {c for _, cells in p.decode(sol) for c in cells}
        for cell in board(2, 3):
            assert sol[p.covered[cell]] == sol[p.shape_at[cell]["d"]] == (cell in held)
        seen += 1
    assert seen == 2 ** 7
    with pytest.raises(SatgridError, match="cover must be one of"):
        m.place({"d": DOMINO}, board(2, 3), cover="once")


def test_the_five_tetrominoes_do_not_tile_4x5():
    m = Model()
    m.place(TETROMINOES, board(4, 5), counts={k: 1 for k in TETROMINOES})
    assert m.solve() is None and m.status == "unsat"


def symmetric_images(tiling, rows, cols):
    maps = [lambda r, c: (r, c), lambda r, c: (rows - 1 - r, c),
            lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
    return {frozenset(frozenset(f(r, c) for r, c in cells) for cells in tiling) for f in maps}


def test_pentomino_tilings_of_3x20():
    rows, cols = 3, 20
    m = Model()
    p = m.place(PENTOMINOES, board(rows, cols), counts={k: 1 for k in PENTOMINOES})
    m.projection = list(p.lits.values())
    tilings = [[cells for _, cells in p.decode(sol)] for sol in m.solutions()]
    assert len(tilings) == 8
    orbits = {min(symmetric_images(t, rows, cols), key=lambda s: sorted(map(sorted, s)))
              for t in tilings}
    assert len(orbits) == 2
    for t in tilings:
        assert sorted(c for cells in t for c in cells) == board(rows, cols)


def test_doctests():
    import doctest

    import satgrid.puzzles.pzprv3
    import satgrid.modelling.shapes
    for mod in (satgrid.modelling.shapes, satgrid.puzzles.pzprv3):
        res = doctest.testmod(mod)
        assert res.attempted > 0 and res.failed == 0, mod.__name__
