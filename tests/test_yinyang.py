"""Yin-Yang: pzprjs's puzzle (URL and pzprv3) solved, unique and equal to its
published answer; pzprjs's failing boards refused by the referee; the
solutions of small grids with random circles equal a brute-force count by
the referee; the border rule added to help the search changes no count;
URLs round trip; malformed files refused with one positioned line."""

import random
from pathlib import Path

import pytest
from conftest import load1
from genre_suite import (assert_example_unique, assert_solves_to_pzprv3, assert_url_round_trip,
                         family_on_the_command_line, refused)
from test_rules_shading import brute_solutions, model_solutions

from satgrid import api
from satgrid.puzzles.yinyang import YinYang, check as referee, formats
from satgrid.puzzles.yinyang.family import colouring

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/yinyang/examples"
URL = "https://puzz.link/p?yinyang/5/5/016612300"
BOARD = "pzprv3/yinyang/5/5/. . . . . /1 . 2 . . /2 . . . 1 /. . 2 . 1 /. . . . . /"
# pzprjs test/script/yinyang.js: the solved board, then the failing ones
SOLVED = "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . 2 . /1 1 1 1 1 /"
FAILING = ["1 1 1 1 1 /. 1 . . 1 /. . . . . /. . . . . /. . . . . /",
           "1 1 1 1 1 /. . . . 1 /. . . . . /. . . . . /. . . . . /",
           "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . . . /. . . . . /",
           "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . . . /1 1 1 1 1 /"]
MS2X2 = ". . . . . /. 2 . . . /. 2 2 . . /. . . . . /. . . . . /"


def test_pzprjs_url_solved_unique_and_equal_to_its_answer():
    assert_solves_to_pzprv3(formats, URL, BOARD + SOLVED, "givens_grid")


def _filled(board):
    """A failing board's cells, undecided ones white (each still breaks a rule)."""
    [p] = formats.parse_pzprv3(BOARD + board.replace(".", "1"), "b.txt")
    return p


@pytest.mark.parametrize("board", FAILING)
def test_pzprjs_failing_boards_are_refused(board):
    p = _filled(board)
    assert p.check({"grid": p.expected_solution()}) != []


def test_pzprjs_2x2_board_is_refused():
    # its black 2x2 block, every other cell white
    [p] = formats.parse_pzprv3(BOARD + ". . . . . /. . . . . /. . . . . /. . . . . /. . . . . /", "b.txt")
    grid = [[1 if (r, c) in {(1, 1), (1, 2), (2, 1), (2, 2)} else 0 for c in range(5)] for r in range(5)]
    assert "2x2 block of black at (1, 1)" in p.check({"grid": grid})


def test_examples():
    assert_example_unique(EX / "yinyang-pzprjs-5x5.toml")
    assert api.solve(load1(EX / "yinyang-unsat-2x2.toml"))["status"] == "unsat"


def _random_givens(rng, rows, cols, k):
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], k)
    g = [[0] * cols for _ in range(rows)]
    for r, c in cells:
        g[r][c] = rng.choice([1, 2])
    return g


@pytest.mark.parametrize("seed", range(8))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5), (1, 5), (4, 4)])
    givens = _random_givens(rng, rows, cols, rng.randint(0, 3))
    want = brute_solutions(rows, cols, lambda g: referee.check(g, givens) == [])
    assert model_solutions(YinYang(givens)) == want


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 9), rng.randint(1, 9)
    p = YinYang(_random_givens(rng, rows, cols, rng.randint(0, rows * cols)))
    assert_url_round_trip(formats, p, formats.parse_url, "u.txt", givens_grid=p.givens_grid)


@pytest.mark.parametrize("n", [2, 3, 4, 7, 10])
def test_family_colourings_follow_the_rules(n):
    for seed in range(5):
        col = colouring(n, random.Random(seed))
        grid = [[col[r, c] for c in range(n)] for r in range(n)]
        assert referee.check(grid, [[0] * n for _ in range(n)]) == []


def test_referee_catches_each_rule():
    assert referee.check([[1, 1], [0, 0]], [[2, 0], [0, 0]]) == []
    assert referee.check([[1, 1], [0, 0]], [[1, 0], [0, 0]]) == ["cell (0, 0) is given white"]
    assert referee.check([[1, 1], [1, 1]], [[0, 0], [0, 0]]) == ["2x2 block of black at (0, 0)"]
    assert referee.check([[0, 1, 0]], [[0, 0, 0]]) == ["white cells form 2 groups, expected one"]
    assert referee.check([[1, True]], [[0, 0]]) == ["grid: expected 0 (white) or 1 (black) in every cell"]


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?yinyang/5/5/0166123r0", "a.txt:1:40:"),
    ("https://puzz.link/p?yinyang/5/5/0166123000", "a.txt:1:42:"),
    ("https://puzz.link/p?yinyang/f/5/5/016612300", "a.txt:1:29:"),
], "a.txt")


test_malformed_files_refused_with_a_position = refused([
    ('puzzle = "yinyang"\ncircles = """\nW x\n"""\n', "t.toml:3:3:"),
    ('puzzle = "yinyang"\ncircles = """\nW .\n"""\n[expect]\nsolution = """\nW .\n"""\n', "t.toml:7:3:"),
    ("pzprv3/yinyang/1/2/1 3 /", "t.txt:1:22:"),
])


test_cli_family_and_svg = family_on_the_command_line("yinyang", "n=6")
