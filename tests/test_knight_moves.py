"""knight-moves: parsing and its errors, the independent checker, the model
(counted against a brute-force path enumeration on small boards), the
printed example and Knight Moves 4 with their published answers."""

from itertools import product
from pathlib import Path

import pytest

from satgrid import api
from satgrid.errors import InstanceError
from satgrid.modelling.geometry import knight_moves
from satgrid.puzzles.knight_moves import check as check_knight_moves
from satgrid.puzzles.knight_moves import KnightMoves, knight_distances, length_candidates

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"

# the [expect] solution of the printed 5x5 example (knight-moves-example.toml)
EXAMPLE_SOLUTION = [
    [1, 0, 3, 0, 0],
    [0, 0, 0, 0, 4],
    [0, 2, 7, 0, 0],
    [8, 0, 0, 5, 0],
    [0, 6, 9, 0, 0],
]


def load1(path):
    [p] = api.load(str(path))
    return p


def toml(regions, givens=None, extra=""):
    text = 'puzzle = "knight-moves"\nregions = """\n' + regions.strip("\n") + '\n"""\n'
    if givens is not None:
        text += 'givens = """\n' + givens.strip("\n") + '\n"""\n'
    return text + extra


def error_of(text, file="k.toml"):
    with pytest.raises(InstanceError) as e:
        api.loads(text, file)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


# ------------------------------------------------------------------ parsing
def test_parse_example():
    p = load1(INST / "knight-moves-example.toml")
    assert (p.rows, p.cols) == (5, 5)
    assert p.grid_givens[0][0] == 1 and p.grid_givens[1][4] == 4 and p.grid_givens[4][1] == 6
    assert p.expected_solution() == EXAMPLE_SOLUTION
    assert p.expect["answer"] == 219


@pytest.mark.parametrize("text, where, what", [
    (toml("a a\na a a"), ":4:5:", "expected 2 cells"),
    (toml("a a\nb b", "1 x\n. ."), ":7:3:", "expected a number 1..4"),
    (toml("a a\nb b", "1 .\n. 5"), ":8:3:", "expected a number 1..4, found 5"),
    (toml("a a\nb b", "1 .\n. 1"), ":8:3:", "given twice"),
    (toml("a a\nb b", "1 ."), ":7:1:", "expected 2 rows"),
    ('puzzle = "knight-moves"\n', ":1:1:", "regions"),
    (toml("a a\nb b", extra="colour = 3\n"), ":6:1:", "unknown key 'colour'"),
    (toml("a a\nb b", extra='regions2 = 1\n'), ":6:1:", "unknown key"),
])
def test_malformed_instances_one_line_with_position(text, where, what):
    msg = error_of(text)
    assert msg.startswith("k.toml") and where in msg and what in msg, msg


def test_malformed_toml_is_located():
    msg = error_of('puzzle = "knight-moves"\nregions = """\na b\n')
    assert msg.startswith("k.toml:") and "invalid TOML" in msg


# ------------------------------------------------------------------ checker
def test_checker_accepts_the_example_solution():
    p = load1(INST / "knight-moves-example.toml")
    assert check_knight_moves.check(EXAMPLE_SOLUTION, p.regions, p.grid_givens) == []
    assert check_knight_moves.answer(EXAMPLE_SOLUTION) == 219  # 3^2+4^2+7^2+8^2+9^2


def corrupt(grid, f):
    g = [row[:] for row in grid]
    f(g)
    return g


@pytest.mark.parametrize("name, change, expect", [
    ("swap two labels", lambda g: g.__setitem__(0, [3, 0, 1, 0, 0]), "knight's move"),
    ("drop the last label", lambda g: g[4].__setitem__(2, 0), "region sums differ"),
    ("drop two labels", lambda g: (g[4].__setitem__(2, 0), g[3].__setitem__(0, 0)), "divide"),
    ("repeat a label", lambda g: g[0].__setitem__(1, 3), "twice"),
    ("skip a label", lambda g: g[4].__setitem__(2, 10), "not all used"),
    ("no labels", lambda g: g.clear() or g.extend([[0] * 5 for _ in range(5)]), "no label 1"),
    ("negative", lambda g: g[0].__setitem__(1, -1), "not a label"),
    ("wrong shape", lambda g: g.pop(), "5x5"),
])
def test_checker_rejects_corrupted_solutions(name, change, expect):
    p = load1(INST / "knight-moves-example.toml")
    bad = corrupt(EXAMPLE_SOLUTION, change)
    problems = check_knight_moves.check(bad, p.regions, p.grid_givens)
    assert problems and any(expect in q for q in problems), (name, problems)


def test_checker_rejects_unequal_sums_and_broken_givens():
    regions = [["a", "a", "b"], ["a", "b", "b"]]
    # 1 at (0,0), 2 at (1,2): a knight's move; sums a=1, b=2
    assert any("region sums differ" in q
               for q in check_knight_moves.check([[1, 0, 0], [0, 0, 2]], regions))
    ok_regions = [["a", "b", "b"], ["b", "b", "a"]]
    path = [[1, 0, 0], [0, 0, 2]]          # a = 1 + 2 = 3, b = 0: still unequal
    assert check_knight_moves.check(path, ok_regions)
    same = [["a", "b", "a"], ["b", "a", "b"]]   # 1 alone is L=1: 2 regions cannot share 1
    assert any("divide" in q for q in check_knight_moves.check([[1, 0, 0], [0, 0, 0]], same))
    p = load1(INST / "knight-moves-example.toml")
    givens = [row[:] for row in p.grid_givens]
    givens[2][2] = 5
    assert any("given 5" in q
               for q in check_knight_moves.check(EXAMPLE_SOLUTION, p.regions, givens))


# ------------------------------------------------------------------ pieces
def test_knight_distances_against_known_values():
    d = knight_distances((0, 0), 8, 8)
    # corner to opposite corner of a chessboard: 6 moves; to (1,1): 4; to (2,1): 1
    assert d[(7, 7)] == 6 and d[(1, 1)] == 4 and d[(2, 1)] == 1 and len(d) == 64
    assert knight_distances((0, 0), 2, 2) == {(0, 0): 0}


def test_length_candidates_for_knight_moves_4():
    p = load1(INST / "knight-moves-4.toml")
    R = len({t for row in p.regions for t in row})
    assert R == 17
    cand = length_candidates(p.regions, p.grid_givens)
    # each candidate: R | L(L+1)/2, L >= 33 (largest given), S >= L
    for L, S in cand:
        assert L * (L + 1) == 2 * R * S and L >= 33 and S >= L
    assert [L for L, _ in cand] == [33, 34, 50, 51]  # 67.. fail: a 2-cell region holds <= 2L-1


# ------------------------------------------------------------------ brute force
def brute_force(regions, givens=None):
    """Every labelled grid obeying the rules, by enumerating self-avoiding knight paths."""
    rows, cols = len(regions), len(regions[0])
    out = []

    def extend(path):
        g = [[0] * cols for _ in range(rows)]
        for t, (r, c) in enumerate(path, 1):
            g[r][c] = t
        if not check_knight_moves.check(g, regions, givens):
            out.append(g)
        for nb in knight_moves(path[-1], rows, cols):
            if nb not in path:
                extend(path + [nb])

    for start in product(range(rows), range(cols)):
        extend([start])
    return out


@pytest.mark.parametrize("regions, givens", [
    ("a a b\nb b a\na b b", None),
    ("a a b b\na a b b\nc c d d\nc c d d", None),
    ("a b a\nb a b\na b a\nb a b", None),
    ("a a b b\na a b b\nc c d d\nc c d d", ". . . .\n. . . .\n. . . .\n. 2 . ."),
    ("a b b\na a b\nc c b\nc a a", ". . 1\n. . .\n. . .\n. . ."),
])
def test_count_matches_brute_force(regions, givens):
    p = api.loads(toml(regions, givens), "small.toml")[0]
    expected = brute_force(p.regions, p.grid_givens if givens else None)
    m = api.compile_puzzle(p)
    sols = [p.decode(s)["grid"] for s in m.solutions()]
    assert sorted(sols) == sorted(expected)
    assert len(sols) == len(expected)


def test_no_feasible_length_is_unsatisfiable():
    # 3 regions on a 2x2 board: L <= 4 < 2R-1 = 5
    p = api.loads(toml("a b\nc c"), "u.toml")[0]
    assert p.candidates() == []
    res = api.solve(p)
    assert res["status"] == "unsat" and res["answer"] is None


# ------------------------------------------------------------------ the puzzles
def test_printed_example_published_answer_and_solution():
    p = load1(INST / "knight-moves-example.toml")
    res = api.solve(p, unique=True)
    assert res["status"] == "sat"
    assert res["grid"] == EXAMPLE_SOLUTION == p.expected_solution()
    assert res["answer"] == 219
    assert res["unique"] is True
    assert p.check({"grid": res["grid"]}) == []
    ok, bad, _ = api.compare_expect(p)
    assert ok, bad


def test_knight_moves_4_published_answer_unique():
    p = load1(INST / "knight-moves-4.toml")
    res = api.solve(p, unique=True)
    assert res["status"] == "sat"
    assert res["answer"] == 14820
    assert res["unique"] is True
    grid = res["grid"]
    assert check_knight_moves.check(grid, p.regions, p.grid_givens) == []
    L = max(max(row) for row in grid)
    # the seed's CP-SAT search (bench) also finds region sum 75 only
    assert L == 50 and sum(map(sum, grid)) == 17 * 75


def test_projection_is_the_label_literals():
    p = load1(INST / "knight-moves-example.toml")
    m = api.compile_puzzle(p)
    names = [m.formula.name(v) for v in m.projection]
    assert names and all(n.startswith("x[") and "]=" in n for n in names)
    assert len(set(m.projection)) == len(m.projection)


def test_render_shows_labels_and_regions():
    p = load1(INST / "knight-moves-example.toml")
    text = p.render({"grid": EXAMPLE_SOLUTION})
    lines = text.split("\n")
    assert len(lines) == 5
    assert lines[0].split() == ["1", ".", "3", ".", ".", "a", "a", "a", "a", "a"]


def test_stats_groups_and_determinism():
    p = load1(INST / "knight-moves-example.toml")
    a = api.compile_puzzle(p).formula
    b = api.compile_puzzle(load1(INST / "knight-moves-example.toml")).formula
    assert a.clauses == b.clauses
    groups = set(a.sizes())
    assert {"knight-moves.cell", "knight-moves.label", "knight-moves.move",
            "knight-moves.region-sum", "knight-moves.length"} <= groups


def test_doctests_of_the_kind_and_checker():
    import doctest
    from satgrid.puzzles.knight_moves import formats, kind
    for mod in (check_knight_moves, kind, formats):
        res = doctest.testmod(mod)
        assert res.failed == 0
    assert doctest.testmod(check_knight_moves).attempted >= 3


def test_generated_6x6_unique_under_both_region_sum_forms(monkeypatch):
    p = load1(INST / "knight-moves-generated-6x6.toml")
    ok, bad, res = api.compare_expect(p)
    assert ok, bad
    assert check_knight_moves.check(res["grid"], p.regions, p.grid_givens) == []
    # the other way of writing the common sum gives the same unique grid
    monkeypatch.setattr(KnightMoves, "region_sum_terms", "onehot")
    other = api.solve(load1(INST / "knight-moves-generated-6x6.toml"), unique=True)
    assert other["grid"] == res["grid"] and other["unique"] is True
