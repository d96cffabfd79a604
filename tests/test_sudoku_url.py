"""Sudoku's puzz.link URL (``p?sudoku/N/N/BODY``): round trips, the shipped
puzzles as URLs solve to their files' answers, malformed URLs in one line;
and the size of a puzzle compiled alone, counted from its grid."""

import random

import pytest
from conftest import INST, assert_error_at, optimized_sudoku_clauses, url_solved_as_file

from satgrid import api
from satgrid.puzzles.sudoku.formats import parse_url, to_url
from satgrid.puzzles.sudoku.kind import Sudoku


def test_url_round_trips_on_random_grids():
    rng = random.Random(3)
    for n, box in ((4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (16, (4, 4)), (25, (5, 5))):
        for _ in range(30):
            grid = [[rng.choice([0, 0, rng.randint(1, n)]) for _ in range(n)] for _ in range(n)]
            [q] = parse_url(to_url(Sudoku(grid, box)), "u.txt")
            assert q.grid == grid and q.box == box


@pytest.mark.parametrize("name", ["sudoku-classic.toml", "sudoku-6x6.toml", "sudoku-16x16.toml"])
def test_a_url_solves_as_its_file(name):
    p, q = url_solved_as_file(name, to_url)
    assert q.grid == p.grid and q.box == p.box


@pytest.mark.parametrize("url,what", [
    ("https://puzz.link/p?sudoku/5/5/1", "expected a square grid of a side with boxes"),
    ("https://puzz.link/p?sudoku/4/3/1", "expected a square grid of a side with boxes"),
    ("https://puzz.link/p?sudoku/4/4/1k5h", "row 2, column 3: expected a value 1..4, found 5"),
    ("https://puzz.link/p?sudoku/4/4/1k.h", "row 2, column 3: expected a value 1..4, found a ? clue"),
    ("https://puzz.link/p?sudoku/4/4/1k2hzz", "expected the end of the URL after 16 cells"),
])
def test_malformed_urls_give_one_line(url, what):
    assert_error_at(url, "u.txt", "u.txt:1:", what)


@pytest.mark.parametrize("name", ["sudoku-classic.toml", "sudoku-4x4.toml", "sudoku-6x6.toml",
                                  "sudoku-16x16.toml", "sudoku-unsat-repeated-given.toml"])
def test_a_puzzle_alone_is_the_optimized_encoding(name):
    """Compiled alone (its givens as units) a Sudoku is Kwon and Jain's
    "optimized" encoding: its clause count equals the one counted from the
    grid alone (clashing givens included)."""
    [p] = api.load(str(INST / name))
    m = api.compile_puzzle(p, api.Options(amo="pairwise"))
    assert m.formula.nclauses == optimized_sudoku_clauses(p.grid, p.box)
