"""Heyawake: pzprjs's puzzle (URL and pzprv3) solved, unique and equal to its
published answer; pzprjs's failing boards refused by the referee; the
solutions of random small room grids with numbers equal a brute-force count
by the referee; URLs round trip; malformed files refused with one
positioned line."""

import random
from pathlib import Path

import pytest
from conftest import load1
from genre_suite import (assert_example_unique, assert_solves_to_pzprv3, assert_url_round_trip,
                         family_on_the_command_line, refused)
from test_rules_shading import brute_solutions, model_solutions

from satgrid import api
from satgrid.puzzles import rooms as room_grids
from satgrid.puzzles.heyawake import Heyawake, check as referee, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/heyawake/examples"
URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
BOARD = ("pzprv3/heyawake/6/6/8/0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 /"
         "5 5 5 6 6 3 /5 5 5 6 6 7 /2 2 . 2 . 2 /. . . . . . /. . . . . . /. . . . . . /"
         ". . . . . . /. . . . . . /")
# pzprjs test/script/heyawake.js: the solved board, then the failing ones
SOLVED = "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /"
FAILING = [
    ". . . . . . /. . . . . . /. # . . . . /. # . . . . /. . . . . . /. . . . . . /",
    "# . # . . . /. . . # . . /# . # . . . /. # . . . . /. . . . . . /. . . . . . /",
    "# . . . . . /. . . # . . /# . # . # . /. # . . . . /. . . . . . /. . . . . . /",
    "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /. # . # . # /. . . . . . /",
    ". . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /"]
WACKY = ("pzprv3/heyawacky/4/4/5/0 0 0 0 /0 1 2 0 /0 0 2 0 /3 0 4 0 /. . . . /. . . . /"
         ". . . . /. . 1 . /+ + + + /+ + # + /+ # + + /+ + # + ")


def test_pzprjs_url_solved_unique_and_equal_to_its_answer():
    assert_solves_to_pzprv3(formats, URL, BOARD + SOLVED, "rooms", "numbers")


@pytest.mark.parametrize("board", FAILING)
def test_pzprjs_failing_boards_are_refused(board):
    [p] = formats.parse_pzprv3(BOARD + board, "b.txt")
    assert p.check({"grid": p.expected_solution()}) != []


def test_pzprjs_heyawacky_board_is_one_of_the_solutions():
    [p] = formats.parse_pzprv3(WACKY, "w.txt")
    assert p.check({"grid": p.expected_solution()}) == []
    assert tuple(map(tuple, p.expected_solution())) in model_solutions(p)


def test_examples():
    assert_example_unique(EX / "heyawake-pzprjs-6x6.toml")
    assert api.solve(load1(EX / "heyawake-unsat-2x2.toml"))["status"] == "unsat"


def _random_puzzle(rng, rows, cols):
    labels = [[rng.randrange(rng.randint(2, 5)) for _ in range(cols)] for _ in range(rows)]
    vert, hori = room_grids.borders_of(labels)
    if rng.random() < 0.3 and rows > 1 and cols > 1:      # a border ending inside a room
        hori[rng.randrange(rows - 1)][rng.randrange(cols)] ^= 1
    cells = room_grids.room_cells(room_grids.rooms_from_borders(vert, hori))
    numbers = [rng.choice([None, -2, rng.randint(0, min(3, len(c)))]) for c in cells]
    return Heyawake(vert, hori, numbers)


@pytest.mark.parametrize("seed", range(8))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5), (2, 6)])
    p = _random_puzzle(rng, rows, cols)
    want = brute_solutions(rows, cols, lambda g: referee.check(g, p.vert, p.hori, p.clues()) == [])
    assert model_solutions(p) == want


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    p = _random_puzzle(rng, rng.randint(1, 9), rng.randint(1, 9))
    assert_url_round_trip(formats, p, formats.parse_url, vert=p.vert, hori=p.hori, numbers=p.numbers)


def test_referee_catches_each_rule():
    rooms = room_grids.borders_of([[0, 0, 1], [2, 2, 1]])
    clues = [[1, -1, -1], [-1, -1, -1]]
    assert referee.check([[0, 1, 0], [0, 0, 0]], *rooms, clues) == []
    assert referee.check([[0, 0, 0], [0, 0, 1]], *rooms, clues) == [
        "room at (0, 0) holds 0 shaded cells, expected 1"]
    assert "shaded cells touch at (0, 1)" in referee.check([[0, 1, 1], [0, 0, 0]], *rooms, clues)
    none = [[-1] * 3] * 2
    assert "unshaded cells form 2 groups, expected one" in referee.check(
        [[1, 0, 0], [0, 1, 0]], [[0, 0], [0, 0]], [[0, 0, 0]], none)
    assert referee.check([[0, 0, 0], [0, 0, 0]], *room_grids.borders_of([[0, 1, 2], [0, 1, 2]]),
                         none) == [
        "no shaded cell", "unshaded run from (0, 0) to (0, 2) crosses 2 borders",
        "unshaded run from (1, 0) to (1, 2) crosses 2 borders"]


def test_a_border_ending_inside_a_room_counts_for_the_runs():
    # pzprjs's isBorderCount counts the border marks a run crosses, not the rooms
    vert, hori = [[1, 1], [0, 0]], [[0, 0, 0]]       # one room: the row-0 borders end in it
    p = Heyawake(vert, hori, [None])
    assert len(p.cells) == 1
    sols = model_solutions(p)
    assert all(g[0][0] or g[0][1] or g[0][2] for g in sols) and sols
    assert sols == brute_solutions(2, 3, lambda g: referee.check(g, vert, hori, [[-1] * 3] * 2) == [])


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?heyawake/6/6/lll155007rs1222!j", "a.txt:1:49:"),
    ("https://puzz.link/p?heyawake/6/6/lll155007rs12222j/x", "a.txt:1:51:"),
    ("https://puzz.link/p?heyawake/6/6/lll155007rs-", "a.txt:1:45:"),
    ("https://puzz.link/p?heyawake/2/1/4-z", "a.txt:1:36:"),
    ("https://puzz.link/p?heyawake/x/6/lll", "a.txt:1:34:"),
], "a.txt")


test_malformed_files_refused_with_a_position = refused([
    ('puzzle = "heyawake"\nrooms = """\na a\n"""\nclues = """\n1 x\n"""\n', "t.toml:6:3:"),
    ('puzzle = "heyawake"\nrooms = """\na a\n"""\nclues = """\n1 1\n"""\n', "t.toml:6:3:"),
    ('puzzle = "heyawake"\nrooms = """\na a\n"""\nclues = """\n1\n"""\n', "t.toml:6:1:"),
    ("pzprv3/heyawake/1/2/1/0 0 /1 x /", "t.txt:1:30:"),
])


test_cli_family_and_svg = family_on_the_command_line("heyawake", "n=6")
