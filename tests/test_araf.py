"""Araf: pzprjs's sample (URL and solved board) solved, unique and equal to
its answer; the example files; URL round trips on random boards; malformed
URLs and TOML refused with one positioned line; the referee rejecting
pzprjs's broken boards; the model's solutions counted against a brute force
over every partition of small grids ("?" clues and 0 included), judged by
the referee."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from areas_helpers import answer_regions, partitions
from conftest import assert_doctests, assert_family_solves, loads1
from genre_suite import (assert_drawn, assert_refused_on_the_command_line, assert_unsat_file,
                         assert_url_round_trip, refused, solved_unique)

from satgrid import api
from satgrid.puzzles.araf import check, drawing, family, formats, kind

HERE = Path(kind.__file__).parent / "examples"
URL = "https://puzz.link/p?araf/5/5/457m3i8ma57"
# pzprjs test/script/araf.js: its failcheck boards (the last, null, is the answer)
HEAD = "pzprv3/araf/5/5/4 5 7 . . /. . . . . /3 . . . 8 /. . . . . /. . 10 5 7 /"
BROKEN = {
    "bkArafEqual": "1 0 0 0 /0 0 0 1 /0 0 1 0 /0 0 1 0 /0 0 1 0 /0 1 1 1 0 /1 1 1 0 1 /0 0 0 1 1 /0 0 0 0 0 /",
    "bkArafTooSmall": "1 0 0 0 /0 0 0 0 /0 1 0 0 /0 0 1 0 /0 0 1 0 /0 1 1 1 1 /1 1 0 0 0 /0 0 1 1 1 /0 0 0 0 0 /",
    "bkLessThan2Num": "0 0 0 0 /1 0 0 1 /0 0 0 0 /0 1 1 0 /0 0 1 0 /0 1 1 1 0 /0 1 1 1 0 /0 0 1 0 0 /1 1 0 0 0 /",
    "bkMoreThan2Num": "0 1 1 0 /0 1 1 0 /1 0 1 0 /0 1 0 0 /0 0 1 0 /0 0 0 0 0 /0 1 0 0 0 /1 0 1 0 0 /0 0 1 0 0 /",
}
ANSWER = "1 0 0 0 /0 0 1 0 /0 1 0 0 /1 0 0 0 /0 0 1 0 /0 1 1 0 0 /1 1 0 1 1 /0 1 1 1 1 /0 1 1 0 0 /"
# the "?" boards of the same file: one accepted, one with an equal area
QHEAD_OK = "pzprv3/araf/5/5/4 5 7 . . /. . . . . /3 . . . 8 /. . . . . /. . - 5 7 /"
QANSWER = "1 -1 -1 -1 /-1 0 1 -1 /0 1 0 0 /1 0 0 -1 /-1 -1 1 -1 /-1 1 1 -1 -1 /1 1 0 1 1 /-1 1 1 1 1 /-1 1 1 -1 -1 /"
QHEAD_EQ = "pzprv3/araf/5/5/4 5 7 . . /. . . . . /- . . . 8 /. . . . . /. . 6 5 7 /"
QEQUAL = "1 0 0 0 /-1 -1 1 0 /0 1 -1 -1 /1 0 0 0 /0 0 1 0 /-1 1 1 0 0 /1 1 -1 1 1 /0 1 1 1 1 /0 1 1 0 0 /"


def test_pzprjs_sample_url_solved_unique_as_its_answer():
    p = loads1(URL, "s.txt")
    res = solved_unique(p)
    assert res["grid"] == answer_regions(HEAD + ANSWER, 5)
    assert formats.to_url(p) == URL


def test_examples_unique_and_as_published():
    p = api.load(str(HERE / "araf-pzprjs-5x5.toml"))[0]
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution()
    assert p.expected_solution() == answer_regions(HEAD + ANSWER, 5)
    assert_unsat_file(HERE / "araf-unsat.toml")


def test_referee_judges_pzprjs_boards():
    clues = loads1(URL, "s.txt").clues
    for code, board in BROKEN.items():
        assert check.check(answer_regions(HEAD + board, 5), clues), code
    assert check.check(answer_regions(HEAD + ANSWER, 5), clues) == []
    q = [[kind.UNKNOWN if t == "-" else None if t == "." else int(t) for t in row.split()]
         for row in QHEAD_OK.split("/")[4:9]]
    assert check.check(answer_regions(QHEAD_OK + QANSWER, 5), q) == []
    q2 = [[kind.UNKNOWN if t == "-" else None if t == "." else int(t) for t in row.split()]
          for row in QHEAD_EQ.split("/")[4:9]]
    assert "equal to a number" in " ".join(check.check(answer_regions(QHEAD_EQ + QEQUAL, 5), q2))


@pytest.mark.parametrize("rows,cols", [(3, 3), (2, 4), (1, 6)])
def test_model_counts_equal_brute_force(rows, cols):
    """Every partition of the grid into connected regions judged by the
    referee; the model finds exactly the accepted ones (its count)."""
    parts = list(partitions(rows, cols))
    rng = random.Random(rows * 10 + cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _ in range(15):
        clues = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample(cells, rng.randint(2, min(6, len(cells)))):
            clues[r][c] = rng.choice([kind.UNKNOWN, 0, 1, 2, 3, 4, 5, 6, 9])
        want = sum(1 for g in parts if not check.check(g, clues))
        c = api.count(kind.Araf(clues))
        assert c["complete"] and c["count"] == want, clues


def test_url_round_trips_on_random_boards():
    rng = random.Random(7)
    for _ in range(40):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        clues = [[rng.choice([None] * 6 + [kind.UNKNOWN, 0, 1, 15, 16, 255, 256, 999])
                  for _ in range(cols)] for _ in range(rows)]
        assert_url_round_trip(formats, kind.Araf(clues), loads1, "r.txt", clues=clues)


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?araf/5/5/457m3i8ma57x", "s.txt:1:41", "expected the end"),
    ("https://puzz.link/p?araf/5/x/457", "s.txt:1:28", "number of rows"),
    ("https://puzz.link/p?araf/2/1/+fff", "s.txt:1:30", "a number 4095"),
    ("https://puzz.link/p?araf/2/1/+f", "s.txt:1:31", "hex digits"),
    ("https://puzz.link/p?araf/2/1/A", "s.txt:1:30", "expected 0-9"),
], "s.txt")


def test_malformed_toml_refused_with_a_position(tmp_path):
    assert_refused_on_the_command_line(tmp_path, "bad.toml",
                                       'puzzle = "araf"\nclues = """\n2 .\n. -1\n"""\n',
                                       "bad.toml:4:3", "found '-1'")
    assert_refused_on_the_command_line(tmp_path, "bad2.toml",
                                       'puzzle = "araf"\nclues = """\n2 3\n"""\nsize = 3\n',
                                       "bad2.toml:5:1", "unknown key")


def test_drawings_and_docstrings(tmp_path):
    p = loads1(URL, "s.txt")
    assert_drawn(p, api.solve(p), "[10]")
    assert_doctests(formats, check, kind, drawing, family, examples=2)
    assert_family_solves("araf", tmp_path, 4)
