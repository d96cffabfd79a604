"""Norinori: pzprjs's puzzle (URL and pzprv3) solved, unique and equal to its
published answer; pzprjs's failing boards refused by the referee; the
solutions of random small room grids equal a brute-force count by the
referee; URLs round trip; malformed files refused with one positioned line."""

import random
from pathlib import Path

import pytest
from conftest import load1
from genre_suite import (assert_example_unique, assert_solves_to_pzprv3,
                         family_on_the_command_line, refused)
from test_rules_shading import brute_solutions, model_solutions

from satgrid import api
from satgrid.puzzles import rooms as room_grids
from satgrid.puzzles.norinori import Norinori, check as referee, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/norinori/examples"
URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"
BOARD = ("pzprv3/norinori/5/5/5/0 0 1 2 2 /1 1 1 2 2 /1 3 3 2 2 /3 3 3 3 3 /4 4 3 3 3 /")
# pzprjs test/script/norinori.js: the solved board, then the failing ones
SOLVED = "# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . . /"
FAILING = ["# # . . . /. # . . . /. . . . . /. . . . . /. . . . . /",
           "# # + . # /+ + # # . /# . . . # /. . . . # /. . . . . /",
           "# # + + + /+ + # # + /# . . + . /+ + . . . /# # + . . /",
           "# # + + + /+ + # # + /# # + + . /+ + . . . /# # + . . /",
           "# # + + + /+ + + + + /+ + + + . /+ + . . . /# # + . . /"]


def test_pzprjs_url_solved_unique_and_equal_to_its_answer():
    assert_solves_to_pzprv3(formats, URL, BOARD + SOLVED, "rooms")


@pytest.mark.parametrize("board", FAILING)
def test_pzprjs_failing_boards_are_refused(board):
    [p] = formats.parse_pzprv3(BOARD + board, "b.txt")
    assert p.check({"grid": p.expected_solution()}) != []


def test_examples():
    assert_example_unique(EX / "norinori-pzprjs-5x5.toml")
    assert api.solve(load1(EX / "norinori-unsat-2x2.toml"))["status"] == "unsat"


def _random_labels(rng, rows, cols, k):
    return [[rng.randrange(k) for _ in range(cols)] for _ in range(rows)]


@pytest.mark.parametrize("seed", range(6))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5)])
    vert, hori = room_grids.borders_of(_random_labels(rng, rows, cols, rng.randint(2, 4)))
    p = Norinori(vert, hori)
    want = brute_solutions(rows, cols, lambda g: referee.check(g, vert, hori) == [])
    assert model_solutions(p) == want


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 9), rng.randint(1, 9)
    vert, hori = room_grids.borders_of(_random_labels(rng, rows, cols, rng.randint(1, 6)))
    if rng.random() < 0.5 and rows > 1 and cols > 1:      # a border ending inside a room
        vert[rng.randrange(rows)][rng.randrange(cols - 1)] ^= 1
    url = formats.to_url(Norinori(vert, hori))
    [p] = formats.parse_url(url, "u.txt")
    assert (p.vert, p.hori) == (vert, hori) and formats.to_url(p) == url


def test_referee_catches_each_rule():
    rooms = room_grids.borders_of([[0, 0, 1], [0, 1, 1]])
    assert referee.check([[1, 1, 0], [0, 0, 0]], *rooms) == ["room at (0, 2) holds 0 shaded cells, expected 2"]
    assert referee.check([[1, 0, 1], [1, 0, 1]], *rooms) == []
    assert "shaded cell (0, 0) has 2 shaded neighbours, expected 1" in referee.check(
        [[1, 1, 0], [1, 1, 1]], *rooms)
    assert referee.check([[1, True], [0, 0]], [[0], [0]], [[0, 0]]) == [
        "grid: expected 0 (unshaded) or 1 (shaded) in every cell"]


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?norinori/5/5/cag4o!jo", "a.txt:1:39:"),
    ("https://puzz.link/p?norinori/5/5/cag4ocjo0", "a.txt:1:42:"),
    ("https://puzz.link/p?norinori/5/x/cag4ocjo", "a.txt:1:32:"),
    ("https://puzz.link/p?norinori/5/5/cag", "a.txt:1:37:"),
    ("https://puzz.link/p?norinori/5/5/", "a.txt:1:34:"),
    ("https://puzz.link/p?norinori/b/5/5/cag4ocjo", "a.txt:1:30:"),
], "a.txt")


test_malformed_files_refused_with_a_position = refused([
    ('puzzle = "norinori"\nrooms = """\na a\na\n"""\n', "t.toml:4:1:"),
    ('puzzle = "norinori"\nroom = """\na a\n"""\n', "t.toml:3:1:"),
    ('puzzle = "norinori"\nrooms = """\na b\n"""\n[expect]\nsolution = """\n# x\n"""\n', "t.toml:7:3:"),
    ("pzprv3/norinori/2/2/x/0 0 /1 1 /", "t.txt:1:21:"),
])


test_cli_family_and_svg = family_on_the_command_line("norinori")
