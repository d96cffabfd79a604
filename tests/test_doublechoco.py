"""Double Choco: pzprjs's sample (URL and solved board) solved, unique and
equal to its answer; the example files; URL round trips on random boards;
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
                         refused, solved_unique)

from satgrid import api
from satgrid.puzzles.doublechoco import check, drawing, family, formats, kind

HERE = Path(kind.__file__).parent / "examples"
URL = "https://puzz.link/p?dbchoco/6/6/ueoq8p30g42j4n5s22j"
HEAD = "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /" \
    ". - - . . - /2 2 . - - . /"
ANSWER = "0 1 0 0 0 /0 1 0 1 0 /1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 1 1 1 /" \
    "1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /"
BROKEN = {   # pzprjs test/script/dbchoco.js, the same puzzle
    "bkSubLt2": "0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /1 0 1 0 0 /1 0 1 0 0 /0 1 0 1 0 /0 0 0 0 0 0 /1 1 0 0 0 0 /1 0 1 0 0 0 /0 1 1 0 0 0 /1 0 1 1 0 0 /",
    "bkSubGt2": "0 1 0 0 0 /0 1 0 1 0 /1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /0 0 0 0 0 /0 0 0 0 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 0 0 1 1 0 /",
    "bkSizeLt": "0 1 0 0 0 /1 0 0 0 0 /0 1 0 0 0 /1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 0 /0 1 0 0 0 0 /1 0 0 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /",
    "bkDifferentShape": "0 1 0 0 0 /0 1 0 1 0 /0 0 1 0 0 /0 1 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 1 1 1 /0 0 1 1 0 0 /1 1 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /",
}


def test_pzprjs_sample_url_solved_unique_as_its_answer():
    p = loads1(URL, "s.txt")
    res = solved_unique(p)
    assert res["grid"] == answer_regions(HEAD + ANSWER, 6)
    assert formats.to_url(p) == URL


def test_examples_unique_and_as_published():
    p = api.load(str(HERE / "doublechoco-pzprjs-6x6.toml"))[0]
    assert p.expected_solution() == answer_regions(HEAD + ANSWER, 6)
    assert formats.to_url(p) == URL
    assert_unsat_file(HERE / "doublechoco-unsat.toml")


def test_referee_rejects_pzprjs_broken_boards():
    p = loads1(URL, "s.txt")
    assert check.check(answer_regions(HEAD + ANSWER, 6), p.grey, p.numbers) == []
    for code, board in BROKEN.items():
        assert check.check(answer_regions(HEAD + board, 6), p.grey, p.numbers), code


@pytest.mark.parametrize("rows,cols", [(2, 3), (2, 4), (3, 3), (1, 6)])
def test_model_counts_equal_brute_force(rows, cols):
    parts = list(partitions(rows, cols))
    rng = random.Random(rows * 10 + cols)
    for _ in range(8):
        grey = [[rng.randrange(2) for _ in range(cols)] for _ in range(rows)]
        numbers = [[None] * cols for _ in range(rows)]
        r, c = rng.randrange(rows), rng.randrange(cols)
        numbers[r][c] = rng.choice([None, kind.UNKNOWN, 0, 1, 2, 3])
        want = sum(1 for g in parts if not check.check(g, grey, numbers))
        got = api.count(kind.DoubleChoco(grey, numbers))
        assert got["complete"] and got["count"] == want, (grey, numbers)


def test_url_round_trips_on_random_boards():
    rng = random.Random(17)
    for _ in range(40):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        grey = [[rng.randrange(2) for _ in range(cols)] for _ in range(rows)]
        numbers = [[rng.choice([None] * 8 + [kind.UNKNOWN, 0, 1, 15, 16, rows * cols])
                    for _ in range(cols)] for _ in range(rows)]
        numbers = [[None if v and v > rows * cols else v for v in row] for row in numbers]
        url = formats.to_url(kind.DoubleChoco(grey, numbers))
        p = loads1(url, "r.txt")
        assert (p.grey, p.numbers) == (grey, numbers) and formats.to_url(p) == url


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?dbchoco/4/1/wi2", "s.txt:1:33", "base-32"),
    ("https://puzz.link/p?dbchoco/4/1/ci2z", "s.txt:1:36", "expected the end"),
    ("https://puzz.link/p?dbchoco/4/1/ci9", "s.txt:1:33", "a number 9"),
    ("https://puzz.link/p?dbchoco/4/1/c-1", "s.txt:1:35", "hex digits"),
], "s.txt")


def test_malformed_toml_refused_with_a_position(tmp_path):
    assert_refused_on_the_command_line(tmp_path, "bad.toml",
                                       'puzzle = "doublechoco"\ngrey = """\n# .\n. x\n"""\n',
                                       "bad.toml:4:3", "found 'x'")
    assert_refused_on_the_command_line(tmp_path, "b2.toml",
                                       'puzzle = "doublechoco"\ngrey = """\n# .\n"""\n'
                                       'numbers = """\n. 3\n"""\n',
                                       "b2.toml:6:3", "found '3'")


def test_drawings_and_docstrings(tmp_path):
    p = loads1(URL, "s.txt")
    assert_drawn(p, api.solve(p), "[5]'")
    assert_doctests(formats, check, kind, drawing, family, examples=2)
    assert_family_solves("doublechoco", tmp_path, 2)
