"""Skyscrapers: the published puzzle solved, unique and as published
(pzprjs's sample URL against its own answer); the model's solutions counted
against a brute force of the referee on small boards; URL round trips;
malformed files refused with one positioned line; the referee catching
each rule."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1
from genre_suite import (assert_drawings, assert_example_unique, assert_unsat_file,
                         assert_url_round_trip, estimates_bound_the_build, load_text, refused,
                         refused_on_the_command_line, solved_unique)

from satgrid import api
from satgrid.puzzles.puzzlink import UNKNOWN
from satgrid.puzzles.skyscrapers import Skyscrapers, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/skyscrapers/examples"
PZPRJS_URL = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
# robx/pzprjs test/script/skyscrapers.js: the last failcheck entry (null: solved)
PZPRJS_ANSWER = ("pzprv3/skyscrapers/4/4/. . . . . . /. 2 1 4 3 . /4 1 2 3 4 . /"
                 ". 4 3 1 2 3 /. 3 4 2 1 . /. . 1 3 . . /")
# the entries before it, each breaking one rule (nmDupRow, nmSightNe, ceNoNum)
PZPRJS_FAILS = [
    "pzprv3/skyscrapers/4/4/. . . . . . /. . . . . . /4 1 2 3 3 . /. . . . . 3 /"
    ". . . . . . /. . 1 3 . . /",
    "pzprv3/skyscrapers/4/4/. . . . . . /. . . . . . /4 1 2 3 4 . /. 4 . . . 3 /"
    ". . 4 . . . /. . 1 3 . . /",
    "pzprv3/skyscrapers/4/4/. . . . . . /. . 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /"
    ". 3 4 2 1 . /. . 1 3 . . /"]


def pzprv3_heights(text: str) -> list[list[int]]:
    """The heights inside the frame of a pzprv3 skyscrapers file (0: none)."""
    lines = text.split("/")[5:-2]
    return [[0 if t == "." else int(t.lstrip("q")) for t in line.split()[1:-1]] for line in lines]


def test_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "skyscrapers-pzprjs-4x4.toml")
    assert res["grid"] == pzprv3_heights(PZPRJS_ANSWER)
    assert p.check(res) == [] and formats.to_url(p) == PZPRJS_URL


def test_pzprjs_sample_url_solves_to_its_answer(tmp_path):
    p = load_text(tmp_path, "s.txt", PZPRJS_URL)
    res = solved_unique(p)
    assert res["grid"] == pzprv3_heights(PZPRJS_ANSWER)


def test_unsat_example():
    assert_unsat_file(EX / "skyscrapers-unsat.toml")


def test_referee_rejects_pzprjs_broken_boards():
    p = load1(EX / "skyscrapers-pzprjs-4x4.toml")
    for text in PZPRJS_FAILS:
        assert p.check({"grid": pzprv3_heights(text)}) != []


def test_referee_catches_each_rule():
    p = load1(EX / "skyscrapers-pzprjs-4x4.toml")
    good = pzprv3_heights(PZPRJS_ANSWER)
    assert check.check(good, p.clues, p.heights) == []
    bad = [row[:] for row in good]
    bad[0][0], bad[0][1] = bad[0][1], bad[0][0]        # columns broken, rows fine
    assert any("column 0: a height repeats" in x for x in check.check(bad, p.clues, p.heights))
    swapped = [row[:] for row in good]
    swapped[0], swapped[3] = swapped[3], swapped[0]      # a Latin square, wrong views
    assert any("sees" in x for x in check.check(swapped, p.clues, p.heights))
    bad = [row[:] for row in good]
    bad[2][2] = 5
    assert check.check(bad, p.clues, p.heights) == ["(2, 2): 5 is not a height 1..4"]
    given = [[None] * 4 for _ in range(4)]
    given[0][0] = 1
    assert check.check(good, p.clues, given) == ["(0, 0): given 1, found 2"]


def random_puzzle(rng: random.Random, h: int, w: int) -> Skyscrapers:
    n = max(h, w)
    pick = lambda: rng.choice([None, None, UNKNOWN] + list(range(0, n + 2)))
    clues = {"top": [pick() for _ in range(w)], "bottom": [pick() for _ in range(w)],
             "left": [pick() for _ in range(h)], "right": [pick() for _ in range(h)]}
    heights = [[rng.choice([None] * 8 + [UNKNOWN] + list(range(1, n + 1))) for _ in range(w)]
               for _ in range(h)]
    return Skyscrapers(clues, heights)


def brute_count(p: Skyscrapers) -> int:
    h, w, n = p.rows, p.cols, p.n
    return sum(check.check([list(v[r * w:(r + 1) * w]) for r in range(h)], p.clues, p.heights) == []
               for v in itertools.product(range(1, n + 1), repeat=h * w))


@pytest.mark.parametrize("seed", range(10))
def test_model_counts_what_the_referee_accepts(seed):
    rng = random.Random(seed)
    h, w = [(3, 3), (2, 3), (3, 2), (1, 3), (2, 2)][seed % 5]
    p = random_puzzle(rng, h, w)
    for side in p.clues:                              # fewer clues: more solutions to count
        p.clues[side] = [v if rng.random() < 0.5 else None for v in p.clues[side]]
    assert api.count(p)["count"] == brute_count(p)


@pytest.mark.parametrize("seed", range(30))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    p = random_puzzle(rng, rng.randint(1, 9), rng.randint(1, 9))
    assert_url_round_trip(formats, p, formats.parse_url, clues=p.clues, heights=p.heights)


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?skyscrapers/4/4/k13h4j3g!", "t.txt:1:45:", "found '!'"),
    ("https://puzz.link/p?skyscrapers/4/4/k13h4j3gz!", "t.txt:1:46:", "expected the end"),
    ("https://puzz.link/p?skyscrapers/4/0/k", "t.txt:1:35:", "number of rows"),
    ("https://puzz.link/p?skyscrapers/2/2/-1", "t.txt:1:38:", "2 hex digits"),
], "t.txt")


test_malformed_toml_gives_one_positioned_line = refused([
    ('puzzle = "skyscrapers"\ngrid = """\n. 1 .\n. x .\n. . .\n"""\n', "t.toml:4:3:",
     "expected a number"),
    ('puzzle = "skyscrapers"\ngrid = """\n1 . .\n. . .\n. . .\n"""\n', "t.toml:3:1:", "corner"),
    ('puzzle = "skyscrapers"\ngrid = """\n. .\n. .\n"""\n', "t.toml:3:1:", "expected 3.."),
    ('puzzle = "skyscrapers"\ngrid = """\n. . .\n. . .\n. .\n"""\n', "t.toml:5:", "expected 3 cells"),
    ('puzzle = "skyscrapers"\ngrid = """\n. . .\n. . .\n. . .\n"""\n[expect]\nsolution = "2"\n',
     "t.toml:8:", "expected a number 1..1"),
], "t.toml")


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.txt", "https://puzz.link/p?skyscrapers/4/4/k13h4j3g!\n", "bad.txt:1:45:")


def test_render_and_family(tmp_path):
    p = load1(EX / "skyscrapers-pzprjs-4x4.toml")
    assert_drawings(p, api.solve(p), 2, ["4", "1", "2", "3", "4"])
    assert_family_solves("skyscrapers", tmp_path, seed=1)


def test_doctests():
    assert_doctests(formats, check)


def test_pzprjs_answer_file_as_pzprv3(tmp_path):
    p = load_text(tmp_path, "s.txt", PZPRJS_ANSWER)
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution() \
        == pzprv3_heights(PZPRJS_ANSWER)
    assert formats.to_url(p) == PZPRJS_URL
    given = "pzprv3/skyscrapers/4/4/. . . . . . /. 2 1 4 3 . /4 1 2 3 4 . /. 4 q3 1 2 3 /" \
            ". 3 4 2 1 . /. . 1 3 . . /"                   # pzprjs's entry with a given 3
    [q] = api.loads(given, "g.txt")
    assert q.heights[2][1] == 3 and api.solve(q)["grid"] == pzprv3_heights(PZPRJS_ANSWER)
    assert formats.to_url(q) == PZPRJS_URL + "o3l"


test_malformed_pzprv3_gives_one_positioned_line = refused([
    ("pzprv3/skyscrapers/1/1/. . . /. x . /. . . /", "t.txt:1:33:", "found 'x'"),
    ("pzprv3/skyscrapers/1/1/. . . /. . . /", "t.txt:1:35:", "expected 3 lines"),
], "t.txt")


test_estimate_is_never_below_the_clauses_built = estimates_bound_the_build(lambda: sorted(EX.iterdir()))


@pytest.mark.parametrize("url", ["https://puzz.link/p?skyscrapers_edit/4/4/k13h4j3g",
                                 "https://puzz.link/p?building/4/4/k13h4j3g",
                                 "http://pzv.jp/p.html?skyscraper/4/4/k13h4j3g"])
def test_other_addresses_read_the_same(url, tmp_path):
    p = load_text(tmp_path, "s.txt", url)
    assert api.solve(p)["grid"] == pzprv3_heights(PZPRJS_ANSWER) and formats.to_url(p) == PZPRJS_URL
