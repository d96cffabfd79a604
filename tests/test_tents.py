"""Tents: pzprjs's sample URL solved, unique and equal to its answer; its
failing boards rejected by the referee; the solution counts on random small
boards equal to a brute-force count by the referee (whose camp rule is
pzprjs's, not the solver's matching); URL round trips; malformed URLs and
files refused with one positioned line."""

import random

import pytest
from conftest import assert_family_solves, assert_unsat, loads1, solved_as_published
from genre_suite import (assert_every_flip_refused, assert_url_solves_as_answer_file,
                         public_puzzles, refused, refused_on_the_command_line)

from satgrid import api
from satgrid.puzzles.tents import check as referee
from satgrid.puzzles.tents import formats
from satgrid.puzzles.tents.kind import Tents

EX = "../satgrid/puzzles/tents/examples/"
#: pzprjs test/script/tents.js: the URL, its failcheck boards (code, board), the last one solved
PZPRJS_URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
B = "pzprv3/tents/5/5/. 2 . 0 . . /"
PZPRJS = [
    ("nmTentNone", B + "1 . . 1 . . /. . . . . . /. . 1 . . 1 /. . . . 1 . /1 . 1 . . . /"),
    ("nmTreeNone", B + "1 A . 1 . . /. . . . . . /. . 1 . . 1 /. . . . 1 . /1 . 1 . . . /"),
    ("tentAround", B + "1 . A 1 . . /. . A . . A /. . 1 . A 1 /. . . . 1 . /1 A 1 . . . /"),
    ("exTentNe", B + "1 . . 1 A . /. . A . . . /. . 1 . . 1 /. . . A 1 A /1 A 1 . . . /"),
    ("nmTentLt", B + "1 . A 1 . . /. . . . . A /. . 1 . . 1 /. . A . 1 A /1 . 1 . . . /"),
    ("nmTentGt", B + "1 . . 1 . . /. . . . . . /. A 1 A . 1 /. . . . 1 . /1 . 1 . . . /"),
    (None, B + "1 . A 1 - - /. . . - - A /. A 1 - - 1 /. . . - 1 A /1 A 1 - . . /"
              "0 -1 0 0 /0 0 0 0 /-1 0 0 0 /0 0 0 -1 /-1 0 0 0 /0 0 0 0 0 /0 0 0 0 -1 /"
              "0 0 0 0 0 /0 0 0 0 0 /"),
]


@pytest.mark.parametrize("url", [PZPRJS_URL, "http://pzv.jp/p.html?tents/5/5/2g0h1i1j82323",
                                 "https://puzz.link/p?tents_play/5/5/2g0h1i1j82323"])
def test_pzprjs_sample_url_solves_to_its_answer(url):
    assert_url_solves_as_answer_file(url, PZPRJS[-1][1], formats, PZPRJS_URL, "trees", "columns",
                                     "row_counts")


@pytest.mark.parametrize("code,board", PZPRJS[:-1])
def test_pzprjs_failing_boards_are_rejected(code, board):
    p = loads1(board, "f.txt")
    tents = p.expected_solution() or [[0] * 5 for _ in range(5)]
    assert referee.check(tents, p.trees, p.columns, p.row_counts)


@pytest.mark.parametrize("name", ["tents-pzprjs-5x5.toml", "tents-puzzlekit-12x12.toml"])
def test_published_example(name):
    p, res = solved_as_published(EX + name, "lazy", (), "")
    assert p.check({"grid": res["grid"]}) == []


def test_unsat_example():
    assert_unsat(EX + "tents-unsat.toml")


def random_puzzle(rng, h, w):
    """Trees beside planted tents, some stray trees, numbers mostly missing."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    trees, tents = set(), set()
    for r, c in rng.sample(cells, len(cells)):
        sides = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                 if (r + dr, c + dc) in cells and (r + dr, c + dc) not in trees | tents]
        if (r, c) in trees or any(abs(r - y) <= 1 and abs(c - x) <= 1 for y, x in tents):
            continue
        if rng.random() < 0.05:
            trees.add((r, c))
        elif rng.random() < 0.5 and sides:
            tents.add((r, c))
            trees.add(rng.choice(sides))
    grid = [[int((r, c) in trees) for c in range(w)] for r in range(h)]
    cols = [rng.choice([None, None, sum((r, c) in tents for r in range(h)), rng.randrange(3)])
            for c in range(w)]
    rows = [rng.choice([None, None, sum((r, c) in tents for c in range(w)), rng.randrange(3)])
            for r in range(h)]
    return grid, cols, rows


def brute_count(trees, cols, rows):
    """Every set of pairwise non-touching tents on free cells, judged by the referee."""
    h, w = len(trees), len(trees[0])
    free = [(r, c) for r in range(h) for c in range(w) if not trees[r][c]]
    n = 0

    def extend(i, chosen):
        nonlocal n
        if i == len(free):
            grid = [[int((r, c) in chosen) for c in range(w)] for r in range(h)]
            n += not referee.check(grid, trees, cols, rows)
            return
        extend(i + 1, chosen)
        r, c = free[i]
        if not any(abs(r - y) <= 1 and abs(c - x) <= 1 for y, x in chosen):
            extend(i + 1, chosen | {(r, c)})

    extend(0, frozenset())
    return n


@pytest.mark.parametrize("h,w,boards", [(1, 6, 10), (3, 3, 30), (4, 4, 40)])
def test_counts_equal_brute_force(h, w, boards):
    rng = random.Random(h * 100 + w)
    counts = set()
    for _ in range(boards):
        trees, cols, rows = random_puzzle(rng, h, w)
        want = brute_count(trees, cols, rows)
        assert api.count(Tents(trees, cols, rows))["count"] == want, (trees, cols, rows)
        counts.add(want)
    assert len(counts) > 2


def test_url_round_trips_on_random_boards():
    rng = random.Random(7)
    for _ in range(300):
        h, w = rng.randint(1, 40), rng.randint(1, 40)
        dense = rng.random()
        trees = [[int(rng.random() < dense) for _ in range(w)] for _ in range(h)]
        cols = [rng.choice([None, None, rng.randrange(w + 1)]) for _ in range(w)]
        rows = [rng.choice([None, None, rng.randrange(h + 1)]) for _ in range(h)]
        url = formats.to_url(Tents(trees, cols, rows))
        p = loads1(url, "r.url")
        assert (p.trees, p.columns, p.row_counts) == (trees, cols, rows)
        assert formats.to_url(p) == url


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?tents/5/5/2g0h1i1j82323z", 44, "expected the end of the URL"),
    ("https://puzz.link/p?tents/5/5/2g0h1i1j8!", 40, "tree run"),
    ("https://puzz.link/p?tents/5/5/2g0h!", 35, "found '!'"),
    ("https://puzz.link/p?tents/5/0/2g", 29, "number of rows"),
    ("https://puzz.link/p?tents/5/5/2g.h1i1j82323", 33, "'?' number"),
    ("https://puzz.link/p?tents/x/5/5/2g", 27, "variant"),
], "t.url")


test_malformed_files_give_one_positioned_line = refused([
    ('puzzle = "tents"\ntrees = """\n. x\n"""\n', "t.toml:3:3:"),
    ('puzzle = "tents"\ntrees = """\n. T\n. T .\n"""\n', "t.toml:4:5:"),
    ('puzzle = "tents"\ncolumns = "1 x"\ntrees = """\n. T\n"""\n', "t.toml:2:3:"),
    ('puzzle = "tents"\nrows = "1 1"\ntrees = """\n. T\n"""\n', "t.toml:2:3:"),
    ('puzzle = "tents"\ncolumns = "? 1"\ntrees = """\n. T\n"""\n', "t.toml:2:1:"),
    ('puzzle = "tents"\ntrees = """\n. T\n"""\n[expect]\nsolution = """\nA x\n"""\n',
     "t.toml:7:3:"),
    ('puzzle = "tents"\ntree = "."\n', "t.toml:2:1:"),
    ("pzprv3/tents/1/2/. . . /. 1 x /", "t.txt:1:29:"),
    ("pzprv3/tents/1/2/. . . /. 1 /", "t.txt:1:25:"),
    ("pzprv3/tents/1/2/. -2 . /. 1 . /", "t.txt:1:20:"),
])


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.url", "https://puzz.link/p?tents/5/5/2g0h1i1j8!\n", "bad.url:1:40:", "tree run")


def test_referee_rejects_broken_answers():
    p = loads1(PZPRJS[-1][1], "a.txt")
    assert_every_flip_refused(referee.check, p.expected_solution(), p.trees, p.columns, p.row_counts)


def test_drawings():
    p = loads1(PZPRJS_URL, "s.url")
    res = api.solve(p)
    lines = p.render({"grid": res["grid"]}).split("\n")
    assert lines[0].split() == ["2", "0"] and lines[1].split() == ["1", ".", "A", "T", ".", "."]
    assert p.render_svg({"grid": res["grid"]}).count("▲") == 5


def test_family_solves(tmp_path):
    assert_family_solves("tents", tmp_path, 3)


#: real puzzles from puzz.link, the first ones among noqx's examples
#: (T0nyX1ang/noqx solver/tents.py): a published puzzle has one solution
REAL = [
    "https://puzz.link/p?tents/13/13/h3g03h1g2j3h32g24g2g55233hi11131331f78625243a872550",
    # swaroopg92/penpa-edit test/public/puzz_link_parser.js (its puzz.link parser's examples)
    "https://puzz.link/p?tents/9/9/2i2i1i221i31a0c42124b1a112",
    "https://puzz.link/p?tents/17/17/g4o3i2n33nl63b6211411253hj3228811537197125226153333hl33351513335123314",
    "https://puzz.link/p?tents/12/11/g111h1h11g1213i21g1ndd2240hzl0978h",
    "https://puzz.link/p?tents/10/10/zj1861a2163d2181182112",
    "https://puzz.link/p?tents/8/8/g1g1g1g11g1g1g1gj2263a353d31",
]


test_real_puzzles_are_unique = public_puzzles(REAL, "r.url", formats)


def test_puzzle_drawing_before_solving():
    p = loads1(PZPRJS_URL, "s.url")
    svg = p.puzzle_svg()
    assert svg.startswith("<svg") and "▲" not in svg and svg.count(">T<") == 5        # the clues, no answer


def test_cspuz_puzzle_solves_to_the_answer_it_expects():
    # the puzzle and answer of semiexp/cspuz_core's tests (cspuz_rs_puzzles/src/puzzles/tents.rs)
    p = loads1("https://pzprxs.vercel.app/p?tents/5/5/3g2j1hk1322313", "c.url")
    assert (p.columns, p.row_counts) == ([3, None, 2, None, None], [None, None, 1, None, None])
    assert p.trees == [[0, 0, 0, 1, 0], [1, 0, 0, 0, 1], [0, 0, 1, 0, 0], [1, 0, 0, 0, 1],
                       [0, 1, 0, 0, 0]]
    res = api.solve(p, unique=True)
    assert res["unique"] is True
    assert res["grid"] == [[1, 0, 1, 0, 1], [0, 0, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 1, 0, 0],
                           [1, 0, 0, 0, 1]]
    assert formats.to_url(p) == "https://puzz.link/p?tents/5/5/3g2j1hk1322313"
