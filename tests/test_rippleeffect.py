"""Ripple Effect: the published puzzle solved, unique and as published
(pzprjs's sample URL against its own answer, its broken boards refused);
the model's solutions counted against a brute force of the referee on small
boards (empty cells and "?" clues included); URL round trips; malformed
files refused with one positioned line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1
from genre_suite import (assert_drawings, assert_example_unique, assert_unsat_file,
                         assert_url_round_trip, brute_room_count, estimates_bound_the_build,
                         load_text, pzprv3_room_numbers, random_room_puzzle, refused,
                         refused_on_the_command_line, solved_unique)

from satgrid import api
from satgrid.puzzles.rippleeffect import RippleEffect, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/rippleeffect/examples"
PZPRJS_URL = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
_HEAD = ("pzprv3/ripple/4/4/0 1 0 /0 1 1 /0 1 1 /1 0 1 /1 1 0 1 /1 1 0 0 /1 0 1 0 /"
         ". . . . /. 1 4 . /. 3 2 . /. . . . /")
# robx/pzprjs test/script/ripple.js: failcheck entries (bkDupNum, nmSmallGap,
# ceNoNum) and the last one, null: solved
PZPRJS_FAILS = [_HEAD + ". . . . /. . . . /. . . . /. . 3 . /",
                _HEAD + "1 2 . . /2 . . . /4 . . 3 /1 2 1 . /",
                _HEAD + "1 2 . . /2 . . . /4 . . . /1 2 1 . /"]
PZPRJS_ANSWER = _HEAD + "1 2 3 1 /2 . . 2 /4 . . 1 /1 2 1 3 /"


def test_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "rippleeffect-pzprjs-4x4.toml")
    assert res["grid"] == pzprv3_room_numbers(PZPRJS_ANSWER)
    assert p.check(res) == [] and formats.to_url(p) == PZPRJS_URL


def test_pzprjs_sample_url_solves_to_its_answer(tmp_path):
    res = solved_unique(load_text(tmp_path, "r.txt", PZPRJS_URL))
    assert res["grid"] == pzprv3_room_numbers(PZPRJS_ANSWER)


def test_referee_rejects_pzprjs_broken_boards():
    p = load1(EX / "rippleeffect-pzprjs-4x4.toml")
    for text in PZPRJS_FAILS:
        assert p.check({"grid": pzprv3_room_numbers(text)}) != []


def test_referee_catches_each_rule():
    rooms, none = [[0, 0, 0], [1, 1, 1]], [[None] * 3 for _ in range(2)]
    assert check.check([[1, 2, 3], [2, 3, 1]], rooms, none) == []
    assert check.check([[1, 2, 3], [1, 3, 2]], rooms, none) == [
        "column 0: 1 at rows 0 and 1, 1 apart"]
    assert check.check([[1, 1, 3], [2, 3, 1]], rooms, none) == [
        "room 0: holds [1, 1, 3], not 1..3", "row 0: 1 at columns 0 and 1, 1 apart"]
    assert check.check([[1, 2, 3], [2, 4, 1]], rooms, none) == ["room 1: holds [1, 2, 4], not 1..3"]
    clues = [[2, None, None], [None, None, None]]
    assert check.check([[1, 2, 3], [2, 3, 1]], rooms, clues) == ["(0, 0): given 2, found 1"]
    assert check.check([[1, 2, 1], [2, 1, 0]], [[0, 0, None], [1, 1, None]], none) \
        == ["(0, 2): an empty cell holds 1"]


def test_unsat_example():
    assert_unsat_file(EX / "rippleeffect-unsat.toml")


@pytest.mark.parametrize("seed", range(12))
def test_model_counts_what_the_referee_accepts(seed):
    rng = random.Random(seed)
    h, w = [(3, 3), (2, 4), (4, 2), (1, 5), (3, 3), (2, 3)][seed % 6]
    p = random_room_puzzle(RippleEffect, rng, h, w, 3 + seed % 2)
    p.clues = [[v if rng.random() < 0.4 else None for v in row] for row in p.clues]
    assert api.count(p)["count"] == brute_room_count(p, check)


@pytest.mark.parametrize("seed", range(30))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    p = random_room_puzzle(RippleEffect, rng, rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 6))
    assert_url_round_trip(formats, p, formats.parse_url, rooms=p.rooms, clues=p.clues)


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?ripple/4/4/9n8rigk14h32k0000!", "t.txt:1:49:", "expected the end"),
    ("https://puzz.link/p?ripple/4/4/9n8rigk14h32kw", "t.txt:1:45:", "base-32"),
    ("https://puzz.link/p?ripple/4/4/9n8rigk1!", "t.txt:1:40:", "found '!'"),
    ("https://puzz.link/p?ripple/4/4/9n", "t.txt:1:34:", "border digits"),
], "t.txt")


test_malformed_toml_gives_one_positioned_line = refused([
    ('puzzle = "rippleeffect"\nrooms = """\na a\n"""\nclues = """\n. x\n"""\n', "t.toml:6:3:",
     "expected a number"),
    ('puzzle = "rippleeffect"\nrooms = """\na a\nb\n"""\n', "t.toml:4:", "expected 2 cells"),
    ('puzzle = "rippleeffect"\nrooms = """\na a\n"""\nclues = """\n. .\n. .\n"""\n',
     "t.toml:", "expected 1 rows"),
    ('puzzle = "rippleeffect"\nrooms = """\na a\n"""\n[expect]\nsolution = "1 x"\n',
     "t.toml:6:", "expected a number"),
], "t.toml")

test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.txt", "https://puzz.link/p?ripple/4/4/9n8rigk1!\n", "bad.txt:1:40:")


def test_render_and_family(tmp_path):
    p = load1(EX / "rippleeffect-pzprjs-4x4.toml")
    assert_drawings(p, api.solve(p), 0, ["1", "2", "3", "1"])
    assert_family_solves("rippleeffect", tmp_path, seed=1)


def test_doctests():
    assert_doctests(formats, check)


def test_pzprjs_answer_file_as_pzprv3(tmp_path):
    p = load_text(tmp_path, "r.txt", PZPRJS_ANSWER)
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution() == pzprv3_room_numbers(PZPRJS_ANSWER)
    assert formats.to_url(p) == PZPRJS_URL
    [q] = api.loads(PZPRJS_FAILS[0], "f.txt")               # an unfinished answer: no solution
    assert q.expected_solution() is None and q.rooms == p.rooms


test_malformed_pzprv3_gives_one_positioned_line = refused([
    ("pzprv3/ripple/2/2/0 /2 /1 1 /. . /. . /", "t.txt:1:22:", "expected 0 or 1"),
    ("pzprv3/ripple/2/2/0 /0 /1 1 /. x /. . /", "t.txt:1:32:", "givens: expected a number"),
    ("pzprv3/ripple/2/2/0 /0 /1 1 /. . /", "t.txt:1:32:", "expected 2 lines"),
], "t.txt")

test_estimate_is_never_below_the_clauses_built = estimates_bound_the_build(
    lambda: sorted(EX.iterdir()))


def test_pzv_jp_address_reads_the_same(tmp_path):
    p = load_text(tmp_path, "r.txt", "http://pzv.jp/p.html?ripple/4/4/9n8rigk14h32k")
    assert api.solve(p)["grid"] == pzprv3_room_numbers(PZPRJS_ANSWER)
