"""Shikaku: pzprjs's sample (URL and solved board) solved, unique and equal
to its answer; the example files; URL round trips on random boards;
malformed URLs and TOML refused with one positioned line; the referee
rejecting pzprjs's broken boards; the model's solutions counted against a
brute force over every partition of small grids, judged by the referee."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from areas_helpers import answer_regions, partitions
from conftest import assert_doctests, assert_family_solves, loads1
from genre_suite import (assert_drawn, assert_refused_on_the_command_line, assert_unsat_file,
                         assert_url_round_trip, refused, solved_unique)

from satgrid import api
from satgrid.puzzles.shikaku import check, drawing, family, formats, kind
from satgrid.rules import areas

HERE = Path(kind.__file__).parent / "examples"
URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
# pzprjs test/script/shikaku.js: its failcheck boards (the last, null, is the answer)
HEAD = "pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /. 6 . . 2 3 /. 5 . . . . /"
BROKEN = [
    "0 0 0 0 0 /0 1 0 1 0 /0 1 0 1 0 /0 1 0 1 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /",
    "0 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /0 -1 -1 -1 0 /0 0 0 0 0 0 /-1 0 0 0 0 0 /-1 0 0 0 0 0 /-1 0 0 0 0 0 /0 1 1 1 1 0 /",
    "0 1 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /0 1 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
    "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /0 0 0 1 1 1 /-1 1 1 0 0 0 /-1 0 0 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
]
ANSWER = "1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /0 -1 -1 1 1 1 /-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /"


def test_pzprjs_sample_url_solved_unique_as_its_answer():
    p = loads1(URL, "s.txt")
    res = solved_unique(p)
    assert res["grid"] == answer_regions(HEAD + ANSWER, 6)
    assert formats.to_url(p) == URL


def test_examples_unique_and_as_published():
    p = api.load(str(HERE / "shikaku-pzprjs-6x6.toml"))[0]
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution()
    assert p.expected_solution() == answer_regions(HEAD + ANSWER, 6)
    assert check.check(res["grid"], p.clues) == []
    assert_unsat_file(HERE / "shikaku-unsat.toml")


def test_referee_rejects_pzprjs_broken_boards():
    clues = loads1(URL, "s.txt").clues
    for board in BROKEN:
        assert check.check(answer_regions(HEAD + board, 6), clues), board
    assert check.check(answer_regions(HEAD + ANSWER, 6), clues) == []
    assert check.check([[1]], [[None]]) == ["region at (0, 0): 0 clues, expected one"]


def random_clues(rng, rows, cols, k):
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], k)
    clues = [[None] * cols for _ in range(rows)]
    for r, c in cells:
        clues[r][c] = rng.choice([kind.UNKNOWN, 0, 1, 2, 2, 3, 4, rows * cols])
    return clues


@pytest.mark.parametrize("rows,cols", [(3, 3), (2, 4), (1, 5)])
def test_model_counts_equal_brute_force(rows, cols):
    """Every partition of the grid into connected regions judged by the
    referee; the model finds exactly the accepted ones (its count)."""
    parts = list(partitions(rows, cols))
    rng = random.Random(rows * 10 + cols)
    for _ in range(12):
        clues = random_clues(rng, rows, cols, rng.randint(1, 4))
        want = sum(1 for g in parts if not check.check(g, clues))
        p = kind.Shikaku(clues)
        c = api.count(p)
        assert c["complete"] and c["count"] == want, clues
        if want:
            assert check.check(api.solve(p)["grid"], clues) == []


def test_url_round_trips_on_random_boards():
    rng = random.Random(5)
    for _ in range(40):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        clues = [[rng.choice([None] * 6 + [kind.UNKNOWN, 0, 1, 2, 15, 16, 255, 256, rows * cols])
                  for _ in range(cols)] for _ in range(rows)]
        clues = [[v if v is None or v == kind.UNKNOWN or v <= rows * cols else None for v in row]
                 for row in clues]
        assert_url_round_trip(formats, kind.Shikaku(clues), loads1, "r.txt", clues=clues)


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j!", "s.txt:1:48", "expected the end"),
    ("https://puzz.link/p?shikaku/0/6/j3", "s.txt:1:29", "number of columns"),
    ("https://puzz.link/p?shikaku/2/1/zz", "s.txt:1:34", "expected the end"),
    ("https://puzz.link/p?shikaku/2/1/9", "s.txt:1:33", "a number 9"),
    ("https://puzz.link/p?shikaku/2/1/-", "s.txt:1:34", "hex digits"),
], "s.txt")


def test_malformed_toml_refused_with_a_position(tmp_path):
    assert_refused_on_the_command_line(tmp_path, "bad.toml",
                                       'puzzle = "shikaku"\nclues = """\n2 .\nx .\n"""\n',
                                       "bad.toml:4:1", "found 'x'")
    assert_refused_on_the_command_line(tmp_path, "bad2.toml",
                                       'puzzle = "shikaku"\nclues = """\n2 .\n. .\n"""\n'
                                       '[expect]\nsolution = """\n1 1\n1\n"""\n',
                                       "bad2.toml:9:1", "expected 2 cells")


def test_drawings_and_docstrings(tmp_path):
    p = loads1(URL, "s.txt")
    assert_drawn(p, api.solve(p), "[3]")
    assert_doctests(areas, formats, check, kind, drawing, family, examples=3)
    assert_family_solves("shikaku", tmp_path, 3)
