"""Statue Park: pzprjs's sample (URL and solved board) solved, unique and
equal to its answer; the example files; URL round trips on random boards
(circles, preset and custom banks); malformed URLs and TOML refused with
one positioned line; the referee rejecting pzprjs's broken boards; the
model's solutions counted against a brute force over every shading of
small grids, judged by the referee."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, loads1
from genre_suite import (assert_drawn, assert_refused_on_the_command_line, assert_unsat_file,
                         refused, solved_unique)

from satgrid import api
from satgrid.puzzles.statuepark import check, drawing, family, formats, kind

HERE = Path(kind.__file__).parent / "examples"
URL = "https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t"
ANSWER = "+ + + + # + + /# # # + # # + /+ + # + + # + /# + + + + + + /# + # # + + + /" \
    "# + # # + # + /# + + + # # # /"
BROKEN = {   # pzprjs test/script/statuepark.js, the same puzzle
    "circleShade": ". . . . # # . /# # # . # # . /. . # . . . . /# . . . # # # /# . . . . # . /# . # # . . . /# . . # # . . /",
    "circleUnshade": ". . . . . . # /# # # . . # # /. . # . . . # /# . . # # . . /# . # # . . . /# . . . . # # /# . . . . # # /",
    "cuDivide": ". . . . # . . /# # # . # # . /. . # . # . . /# . . . . . . /# . # # . . . /# . # # . # # /# . . . # # . /",
    "bankLt": ". . . . # . . /# # # . # # . /. . # . . # . /. . . . . . . /. . # # . . . /. . # # . # . /. . . . # # # /",
    "bankInvalid": ". . . . # . . /# # # . # # . /. . # . # # . /. . . . . . . /. . # # . . . /. . # # . # . /. . . . # # # /",
    "bankGt": ". . . . # . . /# # # . # # . /. . # . . # . /. . . . . . . /. . # # . # . /. . # # . # . /. . . . # # . /",
}


def shading(text):
    return [[int(t == "#") for t in row.split()] for row in text.split("/") if row.strip()]


def test_pzprjs_sample_url_solved_unique_as_its_answer():
    p = loads1(URL, "s.txt")
    res = solved_unique(p)
    assert res["grid"] == shading(ANSWER)
    assert formats.to_url(p) == URL


def test_examples_unique_and_as_published():
    p = api.load(str(HERE / "statuepark-pzprjs-7x7.toml"))[0]
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution() == shading(ANSWER)
    assert_unsat_file(HERE / "statuepark-unsat.toml")


def test_referee_rejects_pzprjs_broken_boards():
    p = loads1(URL, "s.txt")
    bank = [sorted(x) for x in p.pieces]
    assert check.check(shading(ANSWER), p.circles, bank) == []
    for code, board in BROKEN.items():
        assert check.check(shading(board), p.circles, bank), code


BANKS = [[{(0, 0)}], [{(0, 0)}, {(0, 0), (0, 1)}], [{(0, 0), (0, 1)}, {(0, 0), (0, 1)}],
         [{(0, 0), (1, 0), (1, 1)}], [{(0, 0), (0, 1), (0, 2)}, {(0, 0)}],
         [{(0, 0), (0, 1), (0, 2), (1, 1)}]]


@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 4), (2, 5)])
def test_model_counts_equal_brute_force(rows, cols):
    rng = random.Random(rows * 10 + cols)
    grids = [[list(bits[r * cols:(r + 1) * cols]) for r in range(rows)]
             for bits in itertools.product((0, 1), repeat=rows * cols)]
    for bank in BANKS:
        circles = [[0] * cols for _ in range(rows)]
        for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2):
            circles[r][c] = rng.choice([0, 1, 2])
        want = sum(1 for g in grids if not check.check(g, circles, [sorted(x) for x in bank]))
        c = api.count(kind.StatuePark(circles, bank))
        assert c["complete"] and c["count"] == want, (circles, bank)


def test_url_round_trips_on_random_boards():
    rng = random.Random(13)
    for _ in range(30):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        circles = [[rng.choice([0, 0, 0, 1, 2]) for _ in range(cols)] for _ in range(rows)]
        bank = rng.choice([list(formats.PRESETS[k]) for k in "ptdz"] + [["23lg", "22u"], ["15v"]])
        codes = [formats.piece_code(formats.piece_cells(x)) for x in bank]
        assert codes == bank
        p = kind.StatuePark(circles, [formats.piece_cells(x) for x in bank])
        url = formats.to_url(p)
        q = loads1(url, "r.txt")
        assert q.circles == circles and q.pieces == p.pieces and formats.to_url(q) == url


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?statuepark/3/1/6//x", "s.txt:1:37", "piece bank"),
    ("https://puzz.link/p?statuepark/3/1/6/2/14u", "s.txt:1:38", "lists 2 pieces"),
    ("https://puzz.link/p?statuepark/3/1/6/1/2211", "s.txt:1:40", "connected piece"),
    ("https://puzz.link/p?statuepark/3/1/z//t", "s.txt:1:36", "base-27"),
], "s.txt")


def test_an_empty_bank_leaves_every_cell_unshaded():
    p = loads1("https://puzz.link/p?statuepark/3/1/1//z", "z.txt")
    assert p.pieces == [] and api.solve(p, unique=True)["grid"] == [[0, 0, 0]]
    assert api.solve(loads1("https://puzz.link/p?statuepark/3/1/2//z", "z.txt"))["status"] == "unsat"
    assert formats.to_url(p) == "https://puzz.link/p?statuepark/3/1/1//z"


def test_malformed_toml_refused_with_a_position(tmp_path):
    assert_refused_on_the_command_line(tmp_path, "bad.toml",
                                       'puzzle = "statuepark"\ncircles = """\nB .\n. X\n"""\n'
                                       'pieces = "tetrominoes"\n',
                                       "bad.toml:4:3", "found 'X'")
    assert_refused_on_the_command_line(tmp_path, "b2.toml",
                                       'puzzle = "statuepark"\ncircles = """\nB .\n"""\n'
                                       'pieces = ["X./.X"]\n',
                                       "b2.toml:5:1", "connected")


def test_drawings_and_docstrings(tmp_path):
    p = loads1(URL, "s.txt")
    assert_drawn(p, api.solve(p), "#")
    assert_doctests(formats, check, kind, drawing, family, examples=2)
    assert_family_solves("statuepark", tmp_path, 2)
