"""Suguru: the published puzzle solved, unique and as published (pzprjs's
sample URL against its own answer, its broken boards refused); the model's
solutions counted against a brute force of the referee on small boards
(empty cells and "?" clues included); URL round trips; malformed files
refused with one positioned line."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_error_at, assert_family_solves, cli_error, load1

from satgrid import api
from satgrid.puzzles.puzzlink import UNKNOWN
from satgrid.puzzles.rippleeffect.family import random_rooms
from satgrid.puzzles.rippleeffect.formats import rooms_of
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


def pzprv3_numbers(text: str) -> list[list[int]]:
    """Givens and answer numbers of a pzprv3 suguru file (0: none)."""
    parts = text.split("/")
    h = int(parts[2])
    data = parts[4:]
    givens, answer = data[2 * h - 1:3 * h - 1], data[3 * h - 1:4 * h - 1]
    return [[int(a) if a != "." else (int(g) if g != "." else 0)
             for g, a in zip(gl.split(), al.split())] for gl, al in zip(givens, answer)]


def test_example_unique_and_as_published():
    p = load1(EX / "suguru-pzprjs-5x5.toml")
    res = api.solve(p, unique=True)
    assert res["status"] == "sat" and res["unique"] is True
    assert res["grid"] == p.expected_solution() == pzprv3_numbers(PZPRJS_ANSWER)
    assert p.check(res) == [] and formats.to_url(p) == PZPRJS_URL


def test_pzprjs_sample_url_solves_to_its_answer(tmp_path):
    f = tmp_path / "g.txt"
    f.write_text(PZPRJS_URL + "\n")
    res = api.solve(load1(f), unique=True)
    assert res["unique"] is True and res["grid"] == pzprv3_numbers(PZPRJS_ANSWER)


def test_referee_rejects_pzprjs_broken_boards():
    p = load1(EX / "suguru-pzprjs-5x5.toml")
    for text in PZPRJS_FAILS:
        assert p.check({"grid": pzprv3_numbers(text)}) != []


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
    p = load1(EX / "suguru-unsat.toml")
    assert api.solve(p)["status"] == "unsat" and api.count(p)["count"] == 0


def random_puzzle(rng: random.Random, h: int, w: int, largest: int) -> Suguru:
    labels = random_rooms(rng, h, w, largest)
    for r in range(h):
        for c in range(w):
            if rng.random() < 0.1:
                labels[r][c] = -1
    rooms = rooms_of(lambda a, b: labels[a[0]][a[1]] == labels[b[0]][b[1]], h, w,
                     lambda r, c: labels[r][c] < 0)
    clues = [[rng.choice([None] * 6 + [UNKNOWN, 0, 1, 2, 3, 4]) for _ in range(w)]
             for _ in range(h)]
    return Suguru(rooms, clues)


def brute_count(p: Suguru) -> int:
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols) if p.rooms[r][c] is not None]
    size = {k: len(v) for k, v in p.members.items()}
    n = 0
    for values in itertools.product(*[range(1, size[p.rooms[r][c]] + 1) for r, c in cells]):
        g = [[0] * p.cols for _ in range(p.rows)]
        for (r, c), v in zip(cells, values):
            g[r][c] = v
        n += check.check(g, p.rooms, p.clues) == []
    return n


@pytest.mark.parametrize("seed", range(12))
def test_model_counts_what_the_referee_accepts(seed):
    rng = random.Random(seed)
    h, w = [(3, 3), (2, 4), (4, 2), (1, 5), (3, 3), (2, 3)][seed % 6]
    p = random_puzzle(rng, h, w, 4 + seed % 2)
    p.clues = [[v if rng.random() < 0.3 else None for v in row] for row in p.clues]
    assert api.count(p)["count"] == brute_count(p)


def test_brute_force_boards_are_not_all_unsat():
    """The count comparison means something: some of its boards have solutions."""
    counts = []
    for seed in range(12):
        rng = random.Random(seed)
        h, w = [(3, 3), (2, 4), (4, 2), (1, 5), (3, 3), (2, 3)][seed % 6]
        p = random_puzzle(rng, h, w, 4 + seed % 2)
        p.clues = [[v if rng.random() < 0.3 else None for v in row] for row in p.clues]
        counts.append(api.count(p)["count"])
    assert sum(c > 0 for c in counts) >= 3, counts


@pytest.mark.parametrize("seed", range(30))
def test_url_round_trip(seed):
    rng = random.Random(seed)
    p = random_puzzle(rng, rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 6))
    url = formats.to_url(p)
    [q] = formats.parse_url(url, "u.txt")
    assert (q.rooms, q.clues) == (p.rooms, p.clues) and formats.to_url(q) == url


@pytest.mark.parametrize("text,where,fragment", [
    ("https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2g00000!", "t.txt:1:55:", "expected the end"),
    ("https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2gw", "t.txt:1:50:", "base-32"),
    ("https://puzz.link/p?suguru/5/5/cih47bs73m3!", "t.txt:1:43:", "found '!'"),
    ("https://puzz.link/p?suguru/5/5/ci", "t.txt:1:34:", "border digits"),
])
def test_malformed_urls_give_one_positioned_line(text, where, fragment):
    assert_error_at(text, "t.txt", where, fragment)


@pytest.mark.parametrize("text,where,fragment", [
    ('puzzle = "suguru"\nrooms = """\na a\n"""\nclues = """\n. x\n"""\n', "t.toml:6:3:",
     "expected a number"),
    ('puzzle = "suguru"\nrooms = """\na a\nb\n"""\n', "t.toml:4:", "expected 2 cells"),
    ('puzzle = "suguru"\nroom = """\na a\n"""\n', "t.toml:3:1:", "unknown key"),
])
def test_malformed_toml_gives_one_positioned_line(text, where, fragment):
    assert_error_at(text, "t.toml", where, fragment)


def test_malformed_url_on_the_command_line(tmp_path):
    line = cli_error(tmp_path / "bad.txt", "https://puzz.link/p?suguru/5/5/cih47bs73m3!\n")
    assert "bad.txt:1:43:" in line


def test_render_and_family(tmp_path):
    p = load1(EX / "suguru-pzprjs-5x5.toml")
    res = api.solve(p)
    assert p.render(res).split("\n")[0].split() == ["3", "2", "1", "2", "1"]
    assert "<svg" in p.render_svg(res) and "<svg" in p.puzzle_svg()
    assert_family_solves("suguru", tmp_path, seed=1)


def test_doctests():
    assert_doctests(formats, check)


def test_pzprjs_answer_file_as_pzprv3(tmp_path):
    f = tmp_path / "g.txt"
    f.write_text(PZPRJS_ANSWER + "\n")
    p = load1(f)
    res = api.solve(p, unique=True)
    assert p.kind == "suguru" and res["unique"] is True
    assert res["grid"] == p.expected_solution() == pzprv3_numbers(PZPRJS_ANSWER)
    assert formats.to_url(p) == PZPRJS_URL


def test_puzzlink_6x6_unique_and_written_back():
    """A 6x6 Suguru URL (one of noqx's examples): unique, its URL written back."""
    path = EX / "suguru-puzzlink-6x6.txt"
    p = load1(path)
    res = api.solve(p, unique=True)
    assert res["unique"] is True and p.check(res) == []
    assert formats.to_url(p) == path.read_text().strip()


@pytest.mark.parametrize("opts", [{}, {"pb": "swc", "card": "totalizer"}, {"amo": "ladder"},
                                  {"pb": "gtotalizer", "amo": "bitwise"}])
def test_estimate_is_never_below_the_clauses_built(opts):
    from satgrid.modelling.model import Model
    for path in sorted(EX.iterdir()):
        p = load1(path)
        m = Model(**opts)
        estimate = p.estimate_clauses(m)
        p.build(m)
        assert estimate >= sum(s.clauses for s in m.sizes().values()), path.name


def test_player_address_reads_the_same(tmp_path):
    f = tmp_path / "g.txt"
    f.write_text("https://puzz.link/p?type=player&suguru/5/5/cih47bs73m3g5p1g2g\n")
    assert api.solve(load1(f))["grid"] == pzprv3_numbers(PZPRJS_ANSWER)
