"""Kurotto: pzprjs's puzzle (URL and pzprv3) solved, unique and equal to its
published answer; pzprjs's failing board refused by the referee; the
solutions of small grids with random clues equal a brute-force count by the
referee; URLs round trip; malformed files refused with one positioned line."""

import random
from pathlib import Path

import pytest
from conftest import load1
from genre_suite import (assert_example_unique, assert_solves_to_pzprv3, assert_url_round_trip,
                         family_on_the_command_line, refused)
from test_rules_shading import brute_solutions, model_solutions

from satgrid import api
from satgrid.puzzles.kurotto import Kurotto, check as referee, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/kurotto/examples"
URL = "https://puzz.link/p?kurotto/5/5/30m4h6h4m02"
BOARD = "pzprv3/kurotto/5/5/3 0 . . . /. . . . 4 /. . 6 . . /4 . . . . /. . . 0 2 /"
# pzprjs test/script/kurotto.js: the solved board, then the failing one
SOLVED = ". . + + + /# + # # . /# # . + # /. + # + # /# + + . . /"
FAILING = ". . + . . /# + . . . /# # . + # /. + . + # /# + + . . /"


def test_pzprjs_url_solved_unique_and_equal_to_its_answer():
    assert_solves_to_pzprv3(formats, URL, BOARD + SOLVED, "clues")


def test_pzprjs_failing_board_is_refused():
    [p] = formats.parse_pzprv3(BOARD + FAILING, "b.txt")
    assert p.check({"grid": p.expected_solution()}) != []


def test_examples():
    assert_example_unique(EX / "kurotto-pzprjs-5x5.toml")
    assert api.solve(load1(EX / "kurotto-unsat-1x3.toml"))["status"] == "unsat"


def _random_clues(rng, rows, cols):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    clues = [[None] * cols for _ in range(rows)]
    for r, c in rng.sample(cells, rng.randint(1, 3)):
        clues[r][c] = rng.choice([-2, 0, 1, 2, 3, 4, 5, 7])
    return clues


@pytest.mark.parametrize("seed", range(10))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5), (1, 6), (2, 6)])
    clues = _random_clues(rng, rows, cols)
    ref = [[-1 if v is None else v for v in row] for row in clues]
    want = brute_solutions(rows, cols, lambda g: referee.check(g, ref) == [])
    assert model_solutions(Kurotto(clues)) == want


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 9), rng.randint(1, 9)
    clues = [[rng.choice([None, None, None, -2, rng.randint(0, 300)]) for _ in range(cols)]
             for _ in range(rows)]
    assert_url_round_trip(formats, Kurotto(clues), formats.parse_url, "u.txt", clues=clues)


def test_referee_catches_each_rule():
    clues = [[-1, 3, -1, -1]]
    assert referee.check([[1, 0, 1, 1]], clues) == []
    assert referee.check([[0, 0, 0, 0]], clues) == ["no shaded cell",
                                                   "number 3 at (0, 1) touches 0 shaded cells"]
    assert referee.check([[1, 1, 1, 0]], clues) == ["clue cell (0, 1) is shaded"]
    assert referee.check([[1, 0, 1]], [[-1, -2, -1]]) == []
    assert referee.check([[0, 1, 0], [1, 1, 1]], [[2, -1, -1], [-1, -1, -1]]) == [
        "number 2 at (0, 0) touches 4 shaded cells"]


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?kurotto/5/5/30m4h6h4m0!", "a.txt:1:43:"),
    ("https://puzz.link/p?kurotto/5/5/30m4h6h4m02z", "a.txt:1:44:"),
    ("https://puzz.link/p?kurotto/5/5/30m4h6h4m0-2", "a.txt:1:44:"),
], "a.txt")


test_malformed_files_refused_with_a_position = refused([
    ('puzzle = "kurotto"\nclues = """\n1 x\n"""\n', "t.toml:3:3:"),
    ('puzzle = "kurotto"\nclues = """\n1 .\n"""\n[expect]\nsolution = """\n1 x\n"""\n', "t.toml:7:3:"),
    ("pzprv3/kurotto/1/2/1 x /", "t.txt:1:22:"),
])


test_cli_family_and_svg = family_on_the_command_line("kurotto", "n=6")
