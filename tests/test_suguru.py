"""Suguru: the published puzzle solved, unique and as published (pzprjs's
sample URL against its own answer, its broken boards refused); the model's
solutions counted against a brute force of the referee on small boards
(empty cells and "?" clues included); URL round trips; malformed files
refused with one positioned line."""

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
from satgrid.puzzles.suguru import Suguru, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/suguru/examples"
PZPRJS_URL = "https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2g"
_HEAD = ("pzprv3/suguru/5/5/0 1 1 0 /0 1 0 0 /1 0 1 0 /0 0 1 0 /0 1 0 0 /0 0 1 1 1 /"
         "0 1 0 1 1 /1 1 1 0 0 /0 0 1 1 1 /3 . . . . /. . . 3 . /5 . . . . /. . . . . /"
         ". 1 . 2 . /")
# robx/pzprjs test/script/suguru.js: failcheck entries (bkDupNum, nmAround,
# ceNoNum) and the last one, null: solved
PZPRJS_FAILS = [_HEAD + ". . . . . /. . 1 . 4 /. 3 2 . . /2 4 5 . . /3 . 3 . 1 /",
                _HEAD + ". . 1 . . /. 1 . . 1 /. . . . . /. . . . . /. . . . . /",
                _HEAD + ". . 1 2 1 /1 . . . . /. 2 1 2 1 /. . . 4 3 /. . 3 . 1 /"]
PZPRJS_ANSWER = _HEAD + ". 2 1 2 1 /1 4 5 . 4 /. 2 1 2 1 /3 4 5 4 3 /2 . 3 . 1 /"


def test_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "suguru-pzprjs-5x5.toml")
    assert res["grid"] == pzprv3_room_numbers(PZPRJS_ANSWER)
    assert p.check(res) == [] and formats.to_url(p) == PZPRJS_URL


def test_pzprjs_sample_url_solves_to_its_answer(tmp_path):
    res = solved_unique(load_text(tmp_path, "g.txt", PZPRJS_URL))
    assert res["grid"] == pzprv3_room_numbers(PZPRJS_ANSWER)


def test_referee_rejects_pzprjs_broken_boards():
    p = load1(EX / "suguru-pzprjs-5x5.toml")
    for text in PZPRJS_FAILS:
        assert p.check({"grid": pzprv3_room_numbers(text)}) != []


def test_referee_catches_each_rule():
    none = [[None] * 3 for _ in range(2)]
    rooms, good = [[0, 0, 1], [0, 0, 1]], [[1, 3, 1], [2, 4, 2]]
    assert check.check(good, rooms, none) == []
    assert check.check([[1, 3, 1], [2, 3, 2]], rooms, none) == [
        "room 0: holds [1, 2, 3, 3], not 1..4", "(0, 1) and (1, 1) touch and both hold 3"]
    assert check.check([[1, 3, 1], [2, 4, 3]], rooms, none) == [
        "room 1: holds [1, 3], not 1..2", "(0, 1) and (1, 2) touch and both hold 3"]
    clues = [[None, 4, None], [None, None, None]]
    assert check.check(good, rooms, clues) == ["(0, 1): given 4, found 3"]
    assert check.check([[1, 2, 0], [2, 1, 1]], [[0, 0, None], [1, 1, 2]], none) == [
        "(0, 0) and (1, 1) touch and both hold 1", "(0, 1) and (1, 0) touch and both hold 2",
        "(1, 1) and (1, 2) touch and both hold 1"]
    assert check.check([[1, 2, 5], [2, 1, 1]], [[0, 0, None], [1, 1, 2]], none)[0] \
        == "(0, 2): an empty cell holds 5"


def test_unsat_example():
    assert_unsat_file(EX / "suguru-unsat.toml")


@pytest.mark.parametrize("seed", range(12))
def test_model_counts_what_the_referee_accepts(seed):
    rng = random.Random(seed)
    h, w = [(3, 3), (2, 4), (4, 2), (1, 5), (3, 3), (2, 3)][seed % 6]
    p = random_room_puzzle(Suguru, rng, h, w, 4 + seed % 2)
    p.clues = [[v if rng.random() < 0.3 else None for v in row] for row in p.clues]
    assert api.count(p)["count"] == brute_room_count(p, check)


def test_brute_force_boards_are_not_all_unsat():
    """The count comparison means something: some of its boards have solutions."""
    counts = []
    for seed in range(12):
        rng = random.Random(seed)
        h, w = [(3, 3), (2, 4), (4, 2), (1, 5), (3, 3), (2, 3)][seed % 6]
        p = random_room_puzzle(Suguru, rng, h, w, 4 + seed % 2)
        p.clues = [[v if rng.random() < 0.3 else None for v in row] for row in p.clues]
        counts.append(api.count(p)["count"])
    assert sum(c > 0 for c in counts) >= 3, counts


@pytest.mark.parametrize("seed", range(30))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    p = random_room_puzzle(Suguru, rng, rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 6))
    assert_url_round_trip(formats, p, formats.parse_url, rooms=p.rooms, clues=p.clues)


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2g00000!", "t.txt:1:55:", "expected the end"),
    ("https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2gw", "t.txt:1:50:", "base-32"),
    ("https://puzz.link/p?suguru/5/5/cih47bs73m3!", "t.txt:1:43:", "found '!'"),
    ("https://puzz.link/p?suguru/5/5/ci", "t.txt:1:34:", "border digits"),
], "t.txt")


test_malformed_toml_gives_one_positioned_line = refused([
    ('puzzle = "suguru"\nrooms = """\na a\n"""\nclues = """\n. x\n"""\n', "t.toml:6:3:",
     "expected a number"),
    ('puzzle = "suguru"\nrooms = """\na a\nb\n"""\n', "t.toml:4:", "expected 2 cells"),
    ('puzzle = "suguru"\nroom = """\na a\n"""\n', "t.toml:3:1:", "unknown key"),
], "t.toml")


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.txt", "https://puzz.link/p?suguru/5/5/cih47bs73m3!\n", "bad.txt:1:43:")


def test_render_and_family(tmp_path):
    p = load1(EX / "suguru-pzprjs-5x5.toml")
    assert_drawings(p, api.solve(p), 0, ["3", "2", "1", "2", "1"])
    assert_family_solves("suguru", tmp_path, seed=1)


def test_doctests():
    assert_doctests(formats, check)


def test_pzprjs_answer_file_as_pzprv3(tmp_path):
    p = load_text(tmp_path, "g.txt", PZPRJS_ANSWER)
    res = api.solve(p, unique=True)
    assert p.kind == "suguru" and res["unique"] is True
    assert res["grid"] == p.expected_solution() == pzprv3_room_numbers(PZPRJS_ANSWER)
    assert formats.to_url(p) == PZPRJS_URL


def test_puzzlink_6x6_unique_and_written_back():
    """A 6x6 Suguru URL (one of noqx's examples): unique, its URL written back."""
    path = EX / "suguru-puzzlink-6x6.txt"
    p = load1(path)
    res = solved_unique(p)
    assert p.check(res) == []
    assert formats.to_url(p) == path.read_text().strip()


test_estimate_is_never_below_the_clauses_built = estimates_bound_the_build(lambda: sorted(EX.iterdir()))


def test_player_address_reads_the_same(tmp_path):
    p = load_text(tmp_path, "g.txt", "https://puzz.link/p?type=player&suguru/5/5/cih47bs73m3g5p1g2g")
    assert api.solve(p)["grid"] == pzprv3_room_numbers(PZPRJS_ANSWER)
