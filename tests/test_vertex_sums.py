"""Vertex-sum squares (the seed's sqgrid): every solution found by the solver is
checked and the set is compared with an independent enumeration; parsing,
the sqgrid arguments, the drawing."""

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from satgrid import api
from satgrid.core import encodings
from satgrid.errors import InstanceError
from satgrid.puzzles.vertex_sums import check as check_vertex_sums
from satgrid.puzzles.vertex_sums import VertexSums, draw, from_sums

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"


def brute_force_3x3(sums, givens=None):
    """Every 3x3 square of 1..9 meeting the sums: all 9! permutations."""
    (a, b), (c, d) = sums
    out = []
    for p in itertools.permutations(range(1, 10)):
        if ((not a or p[0] + p[1] + p[3] + p[4] == a) and (not b or p[1] + p[2] + p[4] + p[5] == b)
                and (not c or p[3] + p[4] + p[6] + p[7] == c)
                and (not d or p[4] + p[5] + p[7] + p[8] == d)):
            g = [list(p[0:3]), list(p[3:6]), list(p[6:9])]
            if givens is None or all(not givens[r][k] or givens[r][k] == g[r][k]
                                     for r in range(3) for k in range(3)):
                out.append(g)
    return out


def backtrack(n, sums, givens):
    """Every n x n square, filled in reading order; a cell below-right of a
    numbered vertex is forced by its sum (an enumeration independent of SAT)."""
    N = n * n
    grid = [[0] * n for _ in range(n)]
    used = [False] * (N + 1)
    for row in givens:
        for v in row:
            used[v] = bool(v) or used[v]
    out = []

    def place(i):
        if i == N:
            out.append([row[:] for row in grid])
            return
        r, c = divmod(i, n)
        g = givens[r][c]
        s = sums[r - 1][c - 1] if r and c else 0
        if g:
            cands = [g]
        elif s:
            v = s - grid[r - 1][c - 1] - grid[r - 1][c] - grid[r][c - 1]
            cands = [v] if 1 <= v <= N and not used[v] else []
        else:
            cands = [v for v in range(1, N + 1) if not used[v]]
        for v in cands:
            if s and grid[r - 1][c - 1] + grid[r - 1][c] + grid[r][c - 1] + v != s:
                continue
            grid[r][c] = v
            if not g:
                used[v] = True
            place(i + 1)
            if not g:
                used[v] = False
        grid[r][c] = 0

    place(0)
    return out


def test_backtracking_agrees_with_brute_force():
    z = [[0] * 3 for _ in range(3)]
    for sums in ([[17, 25], [18, 29]], [[20, 0], [0, 20]], [[0, 20], [16, 0]]):
        want = brute_force_3x3(sums)
        assert want and sorted(backtrack(3, sums, z)) == sorted(want)
    g = [[0, 0, 0], [0, 5, 0], [0, 0, 0]]
    assert sorted(backtrack(3, [[0, 20], [16, 0]], g)) == sorted(brute_force_3x3([[0, 20], [16, 0]], g))


# ------------------------------------------------------------------ solving
def test_seed_every_solution_checked_and_equal_to_brute_force():
    [p] = api.load(str(INST / "vertex-sums-17-25-18-29.toml"))
    assert (p.n, p.sums) == (3, [[17, 25], [18, 29]])
    res = api.solve_all(p)
    assert res["complete"] is True and res["status"] == "sat"
    grids = [s["grid"] for s in res["solutions"]]
    for g in grids:
        assert check_vertex_sums.check(g, p.sums) == []
    want = brute_force_3x3(p.sums)
    assert sorted(grids) == sorted(want) and len(set(map(str, grids))) == len(grids)
    assert api.count(p)["count"] == len(want) == res["count"]


@pytest.mark.parametrize("pb", list(encodings.PB_METHODS))
def test_sums_with_every_pb_encoding(pb):
    # a sparser puzzle: two numbers and a given, 72 solutions
    p = VertexSums(3, [[0, 20], [16, 0]], [[0, 0, 0], [0, 5, 0], [0, 0, 0]])
    res = api.solve_all(p, api.Options(pb=pb))
    grids = sorted(s["grid"] for s in res["solutions"])
    assert grids == sorted(brute_force_3x3(p.sums, p.given))
    assert all(check_vertex_sums.check(g, p.sums, p.given) == [] for g in grids)


def test_sqgrid_command_puzzle():
    p = from_sums(["17", "25", "18", "29"])
    assert p.file == "sqgrid" and p.title == "sqgrid 17 25 18 29"
    r = api.solve(p)
    assert r["status"] == "sat" and r["grid"] in brute_force_3x3([[17, 25], [18, 29]])
    # impossible but well-formed sums: no solution (the sum of all four
    # vertices counts the centre four times; here it cannot work)
    r = api.solve(from_sums([10, 10, 10, 10]))
    assert r["status"] == "unsat" and brute_force_3x3([[10, 10], [10, 10]]) == []


def test_4x4_instance_count_against_independent_enumeration():
    [p] = api.load(str(INST / "vertex-sums-4x4.toml"))
    want = backtrack(4, p.sums, p.given)
    assert len(want) == p.expect["count"]
    res = api.solve_all(p)
    assert res["complete"] and sorted(s["grid"] for s in res["solutions"]) == sorted(want)
    ok, bad, r = api.compare_expect(p)
    assert ok, bad


def test_solve_all_limit_is_incomplete():
    [p] = api.load(str(INST / "vertex-sums-4x4.toml"))
    res = api.solve_all(p, limit=5)
    assert res["count"] == 5 and res["complete"] is False


# ------------------------------------------------------------------ parsing
def test_size_inferred_and_optional_keys():
    p = api.loads('puzzle = "vertex-sums"\nsums = """\n17 25\n18 29\n"""\n', "v.toml")[0]
    assert p.n == 3 and p.given == [[0] * 3] * 3
    p = api.loads('puzzle = "vertex-sums"\nsize = 4\n', "v.toml")[0]
    assert p.n == 4 and p.sums == [[0] * 3] * 3
    p = api.loads('puzzle = "vertex-sums"\nsums = """\n. 20\n. .\n"""\ngivens = """\n'
                  '. . .\n. 5 .\n. . .\n"""\n', "v.toml")[0]
    assert p.sums == [[0, 20], [0, 0]] and p.given[1][1] == 5


@pytest.mark.parametrize("text,where,fragment", [
    ('puzzle = "vertex-sums"\nsums = """\n17 25\n18\n"""\n', "v.toml:4:1:", "row 2: expected 2 cells"),
    ('puzzle = "vertex-sums"\nsums = """\n17 25\n18 x\n"""\n', "v.toml:4:4:", "expected a number 10..30"),
    ('puzzle = "vertex-sums"\nsums = """\n17 25\n18 31\n"""\n', "v.toml:4:4:", "10..30, found 31"),
    ('puzzle = "vertex-sums"\nsize = 4\nsums = """\n17 25\n18 29\n"""\n', "v.toml:", "expected 3 rows"),
    ('puzzle = "vertex-sums"\n', "v.toml:1:1:", "expected a 'sums' grid"),
    ('puzzle = "vertex-sums"\nsums = 17\n', "v.toml:2:1:", "sums: expected a multi-line string"),
    ('puzzle = "vertex-sums"\nsize = 1\n', "v.toml:2:1:", "size: expected a whole number 2..30"),
    ('puzzle = "vertex-sums"\nsum = """\n17\n"""\n', "v.toml:2:1:", "unknown key 'sum'"),
    ('puzzle = "vertex-sums"\nsums = """\n17 25\n18 29\n"""\ngivens = """\n1 2 3\n4 5 6\n7 8 10\n"""\n',
     "v.toml:9:5:", "expected a number 1..9"),
    ('puzzle = "vertex-sums"\nsums = """\n17 25\n18 29\n"""\n[expect]\nanswer = 1\n', "v.toml:7:1:",
     "no answer number"),
])
def test_bad_input_is_one_line_with_position(text, where, fragment):
    with pytest.raises(InstanceError) as e:
        api.loads(text, where.split(":")[0])
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(where) and fragment in msg, msg


@pytest.mark.parametrize("args,fragment", [
    (["17", "x"], "argument 2: expected a whole number"),
    (["17", "25", "18"], "expected a square number of sums"),
    ([], "found 0"),
    (["17", "25", "18", "31"], "argument 4: four different numbers of 1..9 add up to 10..30, not 31"),
])
def test_sqgrid_arguments(args, fragment):
    with pytest.raises(InstanceError) as e:
        from_sums(args)
    assert fragment in str(e.value) and str(e.value).startswith("sqgrid: ")


def test_from_sums_shapes():
    assert from_sums([10]).n == 2
    p = from_sums(["30", ".", "0", "40", "50", "55", "20", "25", "58"])
    assert p.n == 4 and p.sums == [[30, 0, 0], [40, 50, 55], [20, 25, 58]]


# ----------------------------------------------------------------- checker
def test_checker_rejects_corruptions():
    g = [[1, 6, 4], [2, 8, 7], [3, 5, 9]]
    sums = [[17, 25], [18, 29]]
    assert check_vertex_sums.check(g, sums) == []
    bad = [[1, 6, 9], [2, 8, 7], [3, 5, 4]]     # a valid square, two sums broken
    probs = check_vertex_sums.check(bad, sums)
    assert len(probs) == 2 and all("expected" in p for p in probs)
    dup = [[1, 6, 4], [2, 8, 7], [3, 5, 5]]
    probs = check_vertex_sums.check(dup, sums)
    assert probs[0] == "5 appears 2 times, at (2,1), (2,2)" and "missing numbers: [9]" in probs
    assert check_vertex_sums.check(g, sums, [[0, 0, 0], [0, 3, 0], [0, 0, 0]]) == [
        "cell (1,1): the given 3 was changed to 8"]
    assert check_vertex_sums.check([[1, 2], [3, 4]], sums) == ["expected 3 rows"]
    assert check_vertex_sums.check([[1, 6, 4], [2, 8, 7], [3, 5, 10]], sums)[0].startswith(
        "cell (2,2): expected a number 1..9")


# ----------------------------------------------------------------- drawing
def test_drawing_puts_sums_on_crossings():
    text = draw([[1, 6, 4], [2, 8, 7], [3, 5, 9]], [[17, 25], [18, 29]])
    assert text.splitlines() == [
        "+----+----+----+",
        "|  1 |  6 |  4 |",
        "+----17---25---+",
        "|  2 |  8 |  7 |",
        "+----18---29---+",
        "|  3 |  5 |  9 |",
        "+----+----+----+",
    ]
    # a vertex without a number keeps its '+'; 3-digit sums stay apart; empty cells are '.'
    big = draw([[0] * 6 for _ in range(6)], [[100, 0, 138, 0, 0]] + [[0] * 5] * 4)
    line = big.splitlines()[2]
    assert "100" in line and "138" in line and "100-" in line and "-138" in line
    assert line.count("+") == 2 + 3 and len(line) == len(big.splitlines()[0])
    assert big.splitlines()[1].split("|")[1].strip() == "."
    p = from_sums([17, 25, 18, 29])
    svg = p.render_svg({"grid": [[1, 6, 4], [2, 8, 7], [3, 5, 9]]})
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == [str(v) for v in (1, 6, 4, 2, 8, 7, 3, 5, 9, 17, 25, 18, 29)]
    assert p.render({"grid": [[1, 6, 4], [2, 8, 7], [3, 5, 9]]}) == text


def test_docstring_examples():
    import doctest
    from satgrid.puzzles.vertex_sums import formats, kind
    from satgrid.puzzles.vertex_sums import drawing
    for mod in (kind, formats, drawing, check_vertex_sums):
        res = doctest.testmod(mod)
        assert res.failed == 0 and res.attempted > 0, mod.__name__
