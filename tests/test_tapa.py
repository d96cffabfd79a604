"""Tapa: pzprjs's sample (its URL and its accepted answer) solved unique, its
failing boards refused by the referee; the model against a brute force over
every shading of small boards (judged by the referee); URL round trips on
random boards; the one-line errors of malformed files."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1, loads1
from genre_suite import (assert_example_unique, assert_public_unique, assert_url_round_trip,
                         refused, solved_unique)

from satgrid import api
from satgrid.puzzles.tapa import Tapa, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/tapa/examples"
PZPRJS_URL = "https://puzz.link/p?tapa/5/5/3n5hchhajn2"
# robx/pzprjs test/script/tapa.js: the failcheck boards, the null one accepted
BOARDS = [
    ("cs2x2", "3 # . . . /# # . . 5 /# # 3,1,1 . . /3,1 . . . . /. . . . 2 /"),
    ("ceTapaNe", "3 # . . . /# # . . 5 /# . 3,1,1 . . /3,1 . . . . /. . . . 2 /"),
    ("ceTapaNe", "3 # . # # /# # . # 5 /# + 3,1,1 # # /3,1 # # # . /# # . . 2 /"),
    ("csDivide", "3 # . # # /# # . # 5 /# + 3,1,1 # # /3,1 # + # + /# # # # 2 /"),
    (None, "3 # # # # /# # . # 5 /# + 3,1,1 # # /3,1 # + # + /# # # # 2 /"),
]


def read_board(text: str):
    """(clues, grid) of a pzprv3 tapa board ('-' a "?" in a clue)."""
    rows = [l.split() for l in text.split("/") if l.strip()]
    clues = [[None if t in "#.+" else [None if x == "-" else int(x) for x in t.split(",")]
              for t in row] for row in rows]
    return clues, [[int(t == "#") for t in row] for row in rows]


def test_pzprjs_sample_url_solved_as_pzprjs_answers():
    p = loads1(PZPRJS_URL + "\n", "sample.txt")
    clues, answer = read_board(BOARDS[-1][1])
    assert p.clues == clues
    res = solved_unique(p)
    assert res["grid"] == answer and p.check(res) == []
    assert formats.to_url(p) == PZPRJS_URL


@pytest.mark.parametrize("code,text", BOARDS)
def test_referee_judges_pzprjs_boards_as_pzprjs(code, text):
    clues, grid = read_board(text)
    assert (check.check(grid, clues) == []) is (code is None)


def test_at_least_one_shaded_cell():
    """pzprjs's brNoShade: a grid whose only clue is 0 has no solution
    (shading the free cell breaks the 0, leaving it breaks the rule)."""
    assert check.check([[0, 0]], [[[0], None]]) == ["no shaded cell"]
    assert api.count(Tapa([[[0], None]]))["count"] == 0
    assert api.count(Tapa([[[None], None]]))["count"] == 1


def test_pzprjs_file_read_with_its_answer():
    p = loads1("pzprv3/tapa/5/5/" + BOARDS[-1][1], "sample.txt")
    clues, answer = read_board(BOARDS[-1][1])
    assert p.clues == clues and p.expected_solution() == answer
    res = solved_unique(p)
    assert res["grid"] == answer
    q = loads1("pzprv3/tapa/1/6/1,1,1 3,-,1 3 1,1,1,1 -,1,1,- - /", "input.txt")
    assert q.clues == [[[1, 1, 1], [3, None, 1], [3], [1, 1, 1, 1], [None, 1, 1, None], [None]]]


def test_pzprjs_clue_with_a_question_mark():
    """test/variety/tapa_test.js: 1,?,2 in the middle of a 3 x 3 grid is
    broken by blocks 3,1,1 and met by blocks 2,2,1."""
    clue = [[None] * 3, [None, [1, None, 2], None], [None] * 3]
    assert "clue at (1, 1)" in check.check([[1, 1, 1], [0, 0, 0], [1, 0, 1]], clue)[0]
    met = [[1, 1, 0], [0, 0, 1], [1, 0, 1]]
    assert not any("clue" in e for e in check.check(met, clue))
    m = api.solve_all(Tapa(clue))
    assert all(check.check(s["grid"], clue) == [] for s in m["solutions"])


def test_published_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "tapa-pzprjs-5x5.toml")
    assert formats.to_url(p) == PZPRJS_URL


def test_independent_solvers_answer():
    """cspuz_rs's answer to a puzz.link Tapa (the example file cites it)."""
    p, res = assert_example_unique(EX / "tapa-cspuz-6x8.toml")
    assert formats.to_url(p) == "https://puzz.link/p?tapa/6/8/q2g9g.qb0pa0ccn"


def brute_force(clues) -> list:
    h, w = len(clues), len(clues[0])
    free = [(r, c) for r in range(h) for c in range(w) if clues[r][c] is None]
    out = []
    for bits in itertools.product((0, 1), repeat=len(free)):
        grid = [[0] * w for _ in range(h)]
        for (r, c), b in zip(free, bits):
            grid[r][c] = b
        if not check.check(grid, clues):
            out.append(grid)
    return out


def random_clues(h: int, w: int, rng: random.Random, k: int):
    """Clues read off a random shading at k random cells, a number now and
    then replaced by '?' or changed."""
    grid = [[rng.randint(0, 1) for _ in range(w)] for _ in range(h)]
    clues = [[None] * w for _ in range(h)]
    for r, c in rng.sample([(r, c) for r in range(h) for c in range(w)], k):
        grid[r][c] = 0
        clue = check.blocks_around(grid, r, c)
        if rng.random() < 0.3:
            clue[rng.randrange(len(clue))] = None
        if rng.random() < 0.2:
            clue[rng.randrange(len(clue))] = rng.randint(1, 3)
        clues[r][c] = clue
    return clues


@pytest.mark.parametrize("h,w,k,seed", [(3, 3, 1, 0), (3, 3, 2, 1), (3, 4, 2, 2), (4, 3, 1, 3),
                                        (4, 4, 3, 4), (2, 5, 1, 5)])
@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_model_against_brute_force(h, w, k, seed, mode):
    rng = random.Random(seed)
    for _ in range(3 if h * w <= 12 else 1):
        clues = random_clues(h, w, rng, k)
        got = api.solve_all(Tapa(clues), api.Options(connectivity=mode))["solutions"]
        assert sorted(s["grid"] for s in got) == sorted(brute_force(clues)), clues


def test_unsat_example():
    p = load1(EX / "tapa-unsat-2x2.toml")
    assert brute_force(p.clues) == [] and api.count(p)["count"] == 0


def test_url_round_trips_on_random_boards():
    rng = random.Random(1)
    choices = [[0], [8], [None], [1, 1, 1, 1], [5, 1], [None, 2], [3, 1, 1], [None, 1, None],
               [1, None, 1, None], [None, None, None, None], [2, 2, 2]]
    for _ in range(40):
        h, w = rng.randint(1, 15), rng.randint(1, 15)
        clues = [[rng.choice(choices) if rng.random() < 0.2 else None for _ in range(w)]
                 for _ in range(h)]
        assert_url_round_trip(formats, Tapa(clues), loads1, "u.txt", clues=clues)


def test_family(tmp_path):
    assert_family_solves("tapa", tmp_path, 4)


def test_doctests():
    assert_doctests(formats, check)


test_malformed_files_give_one_line = refused([
    ("https://puzz.link/p?tapa/5/5/3n5hchhajn!", "t.txt", "t.txt:1:40", "'!'"),
    ("https://puzz.link/p?tapa/5/5/3n5hchhajn21", "t.txt", "t.txt:1:41", "end of the URL"),
    ("https://puzz.link/p?tapa/5/5/3n5hchhzjn2", "t.txt", "t.txt:1:38", "end of the URL"),
    ("https://puzz.link/p?tapa/5/5/3n5hfzhajn2", "t.txt", "t.txt:1:34", "clue code"),
    ('puzzle = "tapa"\nclues = """\n1 9\n"""\n', "t.toml", "t.toml:3:3", "0..8"),
    ("pzprv3/tapa/1/2/# 1,x /", "t.txt", "t.txt:1:19", "'1,x'"),
    ("pzprv3/tapa/2/2/# . /. /", "t.txt", "t.txt:1:22", "expected 2 cells"),
    ('puzzle = "tapa"\nclues = """\n1 1,0\n"""\n', "t.toml", "t.toml:3:3", "1..8 in a list"),
    ('puzzle = "tapa"\nclues = """\n1 1,1,1,1,1\n"""\n', "t.toml", "t.toml:3:3", "at most 4"),
    ('puzzle = "tapa"\nclues = """\n1 .\n. .\n"""\n[expect]\nsolution = """\n. x\n. .\n"""\n',
     "t.toml", "t.toml:8:3", "'x'"),
])


# a puzz.link puzzle from noqx's examples (T0nyX1ang/noqx solver/tapa.py), its
# answer published there in penpa's compressed form: one solution here too
NOQX_URL = "https://puzz.link/p?tapa/10/10/i0ha0t1h2hb0t3h4h.q.h5h6ha0o.g.h7h8g.o./"


def test_noqx_example_unique_and_written_back():
    assert_public_unique(NOQX_URL + "\n", "noqx.txt", formats, lambda p, res: p.check(res))
