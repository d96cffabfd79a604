"""Aqre: pzprjs's puzzle (URL and pzprv3) solved, unique and equal to its
published answer; pzprjs's failing boards refused by the referee, its
borders-variant boards judged as pzprjs judges them; the solutions of random
small room grids with numbers equal a brute-force count by the referee (the
variant too); URLs round trip; malformed files refused with one positioned
line."""

import random
from pathlib import Path

import pytest
from conftest import load1
from genre_suite import (assert_example_unique, assert_solves_to_pzprv3,
                         family_on_the_command_line, refused)
from test_rules_shading import brute_solutions, model_solutions

from satgrid import api
from satgrid.puzzles import rooms as room_grids
from satgrid.puzzles.aqre import Aqre, check as referee, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/aqre/examples"
URL = "https://puzz.link/p?aqre/6/6/444400vvo3u0012345g"
BOARD = ("pzprv3/aqre/6/6/7/0 0 0 1 1 1 /2 2 2 3 3 3 /4 4 4 5 5 5 /4 4 4 5 5 5 /6 6 6 6 6 6 /"
         "6 6 6 6 6 6 /0 . . 1 . . /2 . . 3 . . /4 . . 5 . . /. . . . . . /. . . . . . /"
         ". . . . . . /")
# pzprjs test/script/aqre.js: the solved board, then the failing ones
SOLVED = "+ + + # + + /# # + # # # /+ # # + # # /# # + # # # /# + # # + + /# # # + + + /"
FAILING = [
    ". # . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /",
    ". . . # . . /# # . # # # /# # . # # # /# # # . # # /. . . . . . /. . . . . . /",
    ". . . . # . /# # . # # # /# # . # # # /# . # # . # /# # # . # . /. # # # # . /",
    ". . . . # . /# # . # # # /. # # # . # /# # . # # # /. . . . # . /. . # # # . /"]
# the borders variant (pzprv3.1 boards of 3x3: one border below the top-left cell; the
# valid one has two more, right of (0, 1) and (1, 1))
VARIANT = [([[0, 0], [0, 0], [0, 0]], [[1, 0, 0], [0, 0, 0]], [[1, 1, 1], [1, 0, 1], [1, 1, 1]], False),
           ([[0, 0], [0, 0], [0, 0]], [[1, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 0, 1], [1, 1, 1]], False),
           ([[0, 1], [0, 1], [0, 0]], [[1, 0, 0], [0, 0, 0]], [[1, 1, 0], [0, 1, 0], [0, 1, 0]], True)]


def test_pzprjs_url_solved_unique_and_equal_to_its_answer():
    assert_solves_to_pzprv3(formats, URL, BOARD + SOLVED, "rooms", "numbers")


@pytest.mark.parametrize("board", FAILING)
def test_pzprjs_failing_boards_are_refused(board):
    [p] = formats.parse_pzprv3(BOARD + board, "b.txt")
    assert p.check({"grid": p.expected_solution()}) != []


@pytest.mark.parametrize("vert,hori,grid,valid", VARIANT)
def test_pzprjs_borders_variant_boards(vert, hori, grid, valid):
    p = Aqre(vert, hori, None, flags="b")
    assert (p.check({"grid": grid}) == []) is valid
    assert (tuple(map(tuple, grid)) in model_solutions(p)) is valid


def test_examples():
    assert_example_unique(EX / "aqre-pzprjs-6x6.toml")
    assert api.solve(load1(EX / "aqre-unsat-1x4.toml"))["status"] == "unsat"


def _random_puzzle(rng, rows, cols, flags=""):
    labels = [[rng.randrange(rng.randint(2, 5)) for _ in range(cols)] for _ in range(rows)]
    vert, hori = room_grids.borders_of(labels)
    if rng.random() < 0.3 and rows > 1 and cols > 1:      # a border ending inside a room
        hori[rng.randrange(rows - 1)][rng.randrange(cols)] ^= 1
    cells = room_grids.room_cells(room_grids.rooms_from_borders(vert, hori))
    numbers = [rng.choice([None, -2, rng.randint(0, min(3, len(c)))]) for c in cells]
    return Aqre(vert, hori, numbers, flags=flags)


@pytest.mark.parametrize("seed", range(8))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5), (2, 6), (1, 6)])
    p = _random_puzzle(rng, rows, cols, "b" if seed % 3 == 2 else "")
    want = brute_solutions(rows, cols, lambda g: referee.check(
        g, p.vert, p.hori, p.clues(), borders=p.flags == "b") == [])
    assert model_solutions(p) == want


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    p = _random_puzzle(rng, rng.randint(1, 9), rng.randint(1, 9), rng.choice(["", "b"]))
    url = formats.to_url(p)
    [q] = formats.parse_url(url, "u.txt")
    assert (q.vert, q.hori, q.numbers, q.flags) == (p.vert, p.hori, p.numbers, p.flags)
    assert formats.to_url(q) == url


def test_referee_catches_each_rule():
    rooms = room_grids.borders_of([[0, 0, 0, 0], [1, 1, 1, 1]])
    clues = [[2, -1, -1, -1], [-1] * 4]
    assert referee.check([[1, 1, 0, 0], [0, 1, 0, 0]], *rooms, clues) == []
    assert referee.check([[1, 0, 0, 0], [0, 1, 1, 0]], *rooms, clues) == [
        "shaded cells form 2 groups, expected one",
        "room at (0, 0) holds 1 shaded cells, expected 2"]
    assert referee.check([[1, 1, 0, 0], [1, 1, 1, 1]], *rooms, clues) == [
        "four shaded cells in a line from (1, 0)"]
    assert referee.check([[0, 0, 0, 0], [1, 1, 0, 1]], *rooms, [[-1] * 4] * 2) == [
        "shaded cells form 2 groups, expected one", "four unshaded cells in a line from (0, 0)"]
    assert referee.check([[1, 1, 0, 0], [0, 1, 0, 0]], *rooms, clues, borders=True) == [
        "cells (0, 1) and (1, 1) across a border are alike",
        "cells (0, 2) and (1, 2) across a border are alike",
        "cells (0, 3) and (1, 3) across a border are alike"]


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?aqre/6/6/444400vvo3u00123!5g", "a.txt:1:46:"),
    ("https://puzz.link/p?aqre/c/6/6/444400vvo3u0012345g", "a.txt:1:26:"),
    ("https://puzz.link/p?aqre/6/6/444400vvo3u0012345gz", "a.txt:1:49:"),
], "a.txt")


test_malformed_files_refused_with_a_position = refused([
    ('puzzle = "aqre"\nrooms = """\na a\n"""\nclues = """\n1 ?x\n"""\n', "t.toml:6:3:"),
    ('puzzle = "aqre"\nborders = 1\nrooms = """\na a\n"""\n', "t.toml:2:1:"),
    ("pzprv3/aqre/1/2/1/0 0 /1 x /", "t.txt:1:26:"),
])


test_cli_family_and_svg = family_on_the_command_line("aqre", "n=6")
