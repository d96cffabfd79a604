"""Star Battle: pzprjs's sample (its URL and its accepted answer) solved
unique, its failing boards refused by the referee; the model against a brute
force over every star placement of small boards (judged by the referee); URL
round trips on random boards; the one-line errors of malformed files."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1, loads1
from genre_suite import assert_example_unique, assert_public_unique, refused, solved_unique

from satgrid import api
from satgrid.puzzles.starbattle import StarBattle, check, formats, kind

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/starbattle/examples"
PZPRJS_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
# robx/pzprjs test/script/starbattle.js: the region map, then its failcheck boards
# ('#' a star), the last (null) one the accepted answer
ROOMS = "0 0 0 1 1 1 /0 1 1 1 2 2 /0 3 3 4 4 2 /5 5 3 3 4 2 /5 4 4 4 4 2 /5 2 2 2 2 2 /"
BOARDS = {
    "starAround": ". . . . . . /. . . . . . /. . . # . . /. . # . . . /. . . . . . /. . . . . . /",
    "bkStarGt": ". . # . . . /. . . . . . /# . . . . . /. . . . . . /. . . . . . /. . . . . . /",
    "bkStarLt": ". . # . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /",
    "lnStarNe": "+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + /# + + + # + /. + + + + + /",
    None: "+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + /. + + + # + /# + + + + + /",
}


def board(text: str) -> list[list]:
    return [row.split() for row in text.split("/") if row.strip()]


def test_pzprjs_sample_url_solved_as_pzprjs_answers():
    p = loads1(PZPRJS_URL + "\n", "sample.txt")
    assert p.regions == [[int(v) for v in row] for row in board(ROOMS)]
    res = api.solve(p, unique=True)
    answer = [[int(t == "#") for t in row] for row in board(BOARDS[None])]
    assert res["unique"] is True and res["grid"] == answer and p.check(res) == []
    assert formats.to_url(p) == PZPRJS_URL


@pytest.mark.parametrize("code", [c for c in BOARDS if c])
def test_referee_refuses_pzprjs_failing_boards(code):
    grid = [[int(t == "#") for t in row] for row in board(BOARDS[code])]
    assert check.check(grid, 1, board(ROOMS)) != []


def test_pzprjs_file_read_with_its_answer():
    p = loads1(f"pzprv3/starbattle/6/6/1/6/{ROOMS}{BOARDS[None]}", "sample.txt")
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution()
    assert formats.to_url(p) == PZPRJS_URL
    blank = loads1(f"pzprv3/starbattle/6/6/1/6/{ROOMS}" + ". . . . . . /" * 6, "blank.txt")
    assert blank.expected_solution() is None and blank.expect == {}


def test_published_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "starbattle-pzprjs-6x6.toml")
    assert formats.to_url(p) == PZPRJS_URL


@pytest.mark.parametrize("name,url", [
    ("starbattle-cspuz-6x6.toml", "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk")])
def test_independent_solvers_answer(name, url):
    """cspuz_rs's expected answer (the example file cites it), from its URL too."""
    p = load1(EX / name)
    q = loads1(url, "u.txt")
    assert formats.to_url(p) == url and q.rooms == p.rooms
    res = solved_unique(q)
    assert res["grid"] == p.expected_solution()


def brute_force(regions, stars: int) -> list:
    """Every grid with ``stars`` stars in each row that the referee accepts."""
    h, w = len(regions), len(regions[0])
    rows = [[int(c in cols) for c in range(w)] for cols in itertools.combinations(range(w), stars)]
    out = []
    for grid in itertools.product(rows, repeat=h):
        grid = [list(row) for row in grid]
        if not check.check(grid, stars, regions):
            out.append(grid)
    return out


@pytest.mark.parametrize("h,w,stars,seed", [(3, 3, 1, 0), (4, 4, 1, 1), (4, 4, 1, 2),
                                            (4, 5, 1, 3), (5, 4, 1, 4), (4, 4, 2, 5),
                                            (3, 4, 0, 6), (3, 5, 2, 7)])
def test_model_against_brute_force(h, w, stars, seed):
    """Random label grids (a label in two pieces is two regions): the
    solutions are exactly the placements the referee accepts."""
    rng = random.Random(seed)
    for _ in range(3):
        regions = [[rng.choice("abcd") for _ in range(w)] for _ in range(h)]
        got = api.solve_all(StarBattle(stars, regions))["solutions"]
        assert sorted(s["grid"] for s in got) == sorted(brute_force(regions, stars)), regions


def test_unsat_example():
    p = load1(EX / "starbattle-unsat-3x3.toml")
    assert brute_force(p.regions, 1) == [] and api.count(p)["count"] == 0


def test_url_round_trips_on_random_boards():
    rng = random.Random(1)
    for _ in range(40):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        p = StarBattle(rng.randint(1, 3), [[rng.choice("abc") for _ in range(w)] for _ in range(h)])
        url = formats.to_url(p)
        q = loads1(url, "u.txt")
        assert formats.to_url(q) == url and (q.rows, q.cols, q.stars) == (h, w, p.stars)
        assert q.rooms == p.rooms


def test_dangling_border_kept():
    """A border inside a region (it separates nothing) is written back as read."""
    url = "https://puzz.link/p?starbattle/2/2/1/g0"
    p = loads1(url, "u.txt")
    assert p.rooms == [[(0, 0), (0, 1), (1, 0), (1, 1)]] and formats.to_url(p) == url


def test_family(tmp_path):
    assert_family_solves("starbattle", tmp_path, 4)


def test_doctests():
    assert_doctests(formats, check, kind, examples=2)


test_malformed_files_give_one_line = refused([
    ("https://puzz.link/p?starbattle/4/4/x/94g1s0", "t.txt", "t.txt:1:36", "star count"),
    ("https://puzz.link/p?starbattle/4/4/94g1s0", "t.txt", "t.txt:1:36", "star count"),
    ("https://puzz.link/p?starbattle/4/4/1/94g1s!", "t.txt", "t.txt:1:43", "'!'"),
    ("https://puzz.link/p?starbattle/4/4/1/94g1s000", "t.txt", "t.txt:1:44", "end of the URL"),
    ("https://puzz.link/p?starbattle/4/4/1/94g1", "t.txt", "t.txt:1:42", "border digits"),
    ("https://puzz.link/p?starbattle/0/4/1/", "t.txt", "t.txt:1:32", "columns"),
    ("pzprv3/starbattle/2/2/x/1/0 0 /0 0 /", "t.txt", "t.txt:1:23", "star count"),
    ("pzprv3/starbattle/2/2/1/1/0 0 /0 /", "t.txt", "t.txt:1:32", "expected 2 cells"),
    ("pzprv3/starbattle/2/2/1/1/0 0 /0 0 /# x /. . /", "t.txt", "t.txt:1:39", "'x'"),
    ('puzzle = "starbattle"\nstars = -1\nregions = """\na b\n"""\n', "t.toml", "t.toml:2:1",
     "stars"),
    ('puzzle = "starbattle"\nregions = """\na b\n"""\n', "t.toml", "t.toml:1:1", "stars"),
    ('puzzle = "starbattle"\nstars = 1\nregions = """\na b\na\n"""\n', "t.toml", "t.toml:5",
     "expected 2 cells"),
    ('puzzle = "starbattle"\nstars = 1\nregions = """\na b\n"""\n[expect]\nsolution = """\n* x\n"""\n',
     "t.toml", "t.toml:8:3", "'x'"),
])


# a puzz.link puzzle from noqx's examples (T0nyX1ang/noqx solver/starbattle.py), its
# answer published there in penpa's compressed form: one solution here too
NOQX_URL = ("https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h8"
       "4a4802gt5hah8la6046hc9aign1ga18424a42h8")


def test_noqx_example_unique_and_written_back():
    assert_public_unique(NOQX_URL + "\n", "noqx.txt", formats, lambda p, res: p.check(res))
