"""Moon or Sun: pzprjs's sample decoded from its URL, solved, unique and
equal to the board pzprjs's own answer check accepts; the rules against
brute force (every loop of small boards judged by the referee, borders
inside rooms included); URL round trips on random boards; malformed URLs
and TOML refused with one positioned line; the referee against pzprjs's
broken boards; the family."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from loopgrids import link_grids
from conftest import assert_doctests, assert_family_solves, error_of, load1, loads1
from genre_suite import (assert_cspuz_answer, assert_example_unique, assert_unsat_file, line_links,
                         public_puzzles, refused, solution_file_reads_back, solved_unique)

from satgrid import api
from satgrid.puzzles.moonsun import MoonSun, check, formats, kind
from satgrid.puzzles.rooms import borders_of

EX = Path(kind.__file__).parent / "examples"
SAMPLE_URL = "https://puzz.link/p?moonsun/6/6/44ccaa0c0vo0f1767932ii12"
HEAD = ("pzprv3/moonsun/6/6/6/0 0 0 1 1 1 /0 0 0 1 1 1 /2 2 0 1 1 1 /2 2 0 3 3 3 /4 4 5 5 3 3 "
        "/4 4 5 5 3 3 /1 2 . . . 1 /. 2 1 . 2 . /. 2 1 1 . . /. 1 . . . 2 /2 . . 2 . . "
        "/. . 1 . . 2 /")
# test/script/moonsun.js: the board its answer check accepts (null) and
# boards it refuses, each for one rule
SOLVED = HEAD + ("0 1 1 1 1 /1 -1 0 0 0 /0 0 0 1 1 /1 0 0 1 1 /1 0 0 0 0 /1 1 1 1 1 "
                 "/0 1 0 0 0 1 /1 -1 0 0 0 1 /1 0 0 1 0 0 /0 1 0 0 0 1 /1 0 0 0 0 1 /")
ZERO6 = "0 0 0 0 0 0 /"
BROKEN = {
    "lnBranch": "0 0 1 1 0 /" + "0 0 0 0 0 /" * 5 + "0 0 0 1 0 0 /" + ZERO6 * 4,
    "bkPassTwice": ("0 1 1 0 0 /1 0 0 0 0 /0 0 0 0 0 /1 1 1 0 0 /0 0 0 0 0 /0 0 0 0 0 "
                    "/0 1 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /" + ZERO6 * 2),
    "bkBothMarksPassed": "1 1 1 0 0 /" + "0 0 0 0 0 /" * 5 + "1 0 0 0 0 0 /" + ZERO6 * 4,
}


def pzprv3_board(text):
    """(vert, hori, marks, links) of a pzprv3 Moon or Sun board (test-side reader)."""
    parts = text.split("/")
    rows, cols = int(parts[2]), int(parts[3])
    grid = [p.split() for p in parts[5:]]
    marks = [[{"1": "s", "2": "m"}.get(t, ".") for t in row] for row in grid[rows:2 * rows]]
    links = line_links(grid[2 * rows:], grid[3 * rows:], rows, cols)
    return (*borders_of(grid[:rows]), marks, links)


def test_pzprjs_sample_url_solves_to_its_answer():
    p = loads1(SAMPLE_URL, "sample.txt")
    vert, hori, marks, links = pzprv3_board(SOLVED)
    assert (p.vert, p.hori, p.marks) == (vert, hori, marks)
    res = solved_unique(p)
    assert res["grid"] == links
    assert formats.to_url(p) == SAMPLE_URL


@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_published_example_unique_and_as_published(mode):
    p, res = assert_example_unique(EX / "moonsun-pzprjs-sample.toml", mode)
    assert check.check(res["grid"], p.vert, p.hori, p.marks) == []


CSPUZ_URL = "https://puzz.link/p?moonsun/6/6/adclai5dipkg903l916i7306"
# cspuz_core's expected answer (moonsun.rs): lines between (y, x) and
# (y, x + 1), then between (y, x) and (y + 1, x)
CSPUZ_H = ["11100", "11000", "10011", "01010", "00001", "11100"]
CSPUZ_V = ["100100", "001100", "111001", "100111", "100100"]


def test_cspuz_example_is_its_published_answer():
    """The example transcribes cspuz_core's test; its URL and answer are checked
    here against the arrays of that test."""
    assert_cspuz_answer(EX / "moonsun-cspuz-6x6.toml", CSPUZ_URL, CSPUZ_H, CSPUZ_V, formats)


# puzzles other solvers list as examples (penpa-edit's puzz.link parser tests,
# puzzlekit): published puzzles, one answer each
PUBLIC = [
    "https://puzz.link/p?moonsun/10/10/4488q1m3bmld8iglha003s08seg100e0u201dqpdhqdepddqddhqneqqmqqqqqpdqndhp9",
    "https://puzz.link/p?moonsun/10/10/54a94i93264d0qil0200vs03vs1stv0fu0vsk6lja01621i415ak6biai3b0c6bg6gi030",
    "https://puzz.link/p?moonsun/7/7/2b2a2imi0i38h49mi873300390i0a262970",
    "https://puzz.link/p?moonsun/10/10/4g90i152a4k98i142800003vs000vg0f00000632a66fi00i3f9i77000k6b20092f9a00",
]


test_public_puzzles_have_one_answer = public_puzzles(
    PUBLIC, "u.txt", formats, lambda p, res: check.check(res["grid"], p.vert, p.hori, p.marks))


def test_unsat_example():
    assert_unsat_file(EX / "moonsun-unsat.toml", cli=True)


def test_pzprv3_files_read_with_their_answers():
    """pzprjs's own file (version 0) of its accepted board reads with the
    loop as [expect] solution and solves to it; version 2 (borders) too."""
    p = loads1(SOLVED, "sample.txt")
    vert, hori, marks, links = pzprv3_board(SOLVED)
    assert (p.vert, p.hori, p.marks, p.expected_solution()) == (vert, hori, marks, links)
    res = solved_unique(p)
    assert res["grid"] == links
    walls = "".join(" ".join(map(str, row)) + " /" for row in vert + hori)
    q = loads1("pzprv3.2/moonsun/6/6/" + walls + SOLVED.split("/", 11)[11], "v2.txt")
    assert (q.vert, q.hori, q.marks, q.expected_solution()) == (vert, hori, marks, links)


test_malformed_pzprv3_refused_at_its_position = refused([
    ("pzprv3/moonsun/1/2/1/0 0 /1 3 /", "p.txt:1:29", "marks: expected"),
    ("pzprv3/moonsun/1/2/1/0 0 /", "p.txt:1:24", "marks: expected 1 rows"),
], "p.txt")


def test_referee_agrees_with_pzprjs_boards():
    vert, hori, marks, links = pzprv3_board(SOLVED)
    assert check.check(links, vert, hori, marks) == []
    for code, lines in BROKEN.items():
        vert, hori, marks, links = pzprv3_board(HEAD + lines)
        assert check.check(links, vert, hori, marks) != [], code


def brute_force(vert, hori, marks):
    return sum(check.check(links, vert, hori, marks) == []
               for links in link_grids(len(vert), len(vert[0]) + 1))


def planted(rng, rows, cols):
    """The family's board on a small grid: rooms along a random loop, marks by turns."""
    from satgrid.puzzles.moonsun.family import moonsun
    [(_, text)] = moonsun({"rows": rows, "cols": cols, "mark": 50}, 0, rng, None)
    p = loads1(text)
    return p.vert, p.hori, p.marks


@pytest.mark.parametrize("seed", range(16))
def test_rules_against_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (2, 4), (3, 4), (4, 3), (4, 4), (3, 5)])
    if seed % 4 == 1:          # random border bits: some dangle inside a room
        vert = [[int(rng.random() < 0.3) for _ in range(cols - 1)] for _ in range(rows)]
        hori = [[int(rng.random() < 0.3) for _ in range(cols)] for _ in range(rows - 1)]
        marks = [[rng.choice(".sm") for _ in range(cols)] for _ in range(rows)]
    elif seed % 4 == 3:
        vert, hori = borders_of([[rng.randrange(2) for _ in range(cols)] for _ in range(rows)])
        marks = [[rng.choice(".sm") for _ in range(cols)] for _ in range(rows)]
    else:                      # planted, a mark changed half the time
        vert, hori, marks = planted(rng, rows, cols)
        if seed % 8 == 2:
            marks[rng.randrange(rows)][rng.randrange(cols)] = rng.choice(".sm")
    got = api.count(MoonSun(vert, hori, marks))["count"]
    assert got == brute_force(vert, hori, marks), (vert, hori, marks)


def test_some_random_boards_have_solutions():
    """The brute-force comparison is not all zeros: boards of two rooms, a
    sun in one and a moon in the other, have loops."""
    vert, hori = [[0, 1], [0, 1], [0, 1]], [[0, 0, 0], [0, 0, 0]]
    marks = [["s", ".", "m"], [".", ".", "."], [".", ".", "."]]
    n = api.count(MoonSun(vert, hori, marks))["count"]
    assert n == brute_force(vert, hori, marks) > 0


@pytest.mark.parametrize("seed", range(20))
def test_url_round_trip_on_random_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    vert = [[int(rng.random() < 0.3) for _ in range(cols - 1)] for _ in range(rows)]
    hori = [[int(rng.random() < 0.3) for _ in range(cols)] for _ in range(rows - 1)]
    marks = [[rng.choice("..sm") for _ in range(cols)] for _ in range(rows)]
    url = formats.to_url(MoonSun(vert, hori, marks))
    [q] = formats.parse_url(url, "u.txt")
    assert (q.vert, q.hori, q.marks) == (vert, hori, marks)
    assert formats.to_url(q) == url


@pytest.mark.parametrize("url,col,fragment", [
    ("https://puzz.link/p?moonsun/6/6/44ccaa0c0vo0f1767932ir12", 54, "base-27 digit"),
    ("https://puzz.link/p?moonsun/6/6/44ccaa0c0vo0f1767932ii123", 57, "expected the end"),
    ("https://puzz.link/p?moonsun/e/6/6/44ccaa0c0vo0f1767932ii12", 29, "expected the flags"),
    ("https://puzz.link/p?moonsun/6/6/44ccaa0c0vo0f1767932ii12", None, None),
])
def test_malformed_urls_refused_at_their_position(url, col, fragment):
    if col is None:
        assert loads1(url, "ok.txt").marks[0][0] == "s"
        return
    msg = error_of(url, "bad.txt")
    assert msg.startswith(f"bad.txt:1:{col}:") and fragment in msg, msg


test_malformed_toml_refused_at_its_position = refused([
    ('puzzle = "moonsun"\nrooms = """\na a\nb\n"""\n', "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "moonsun"\nrooms = """\na a\n"""\nmarks = """\ns x\n"""\n', "t.toml:6:3",
     "'s' (a sun)"),
    ('puzzle = "moonsun"\nrooms = """\na a\n"""\nmarks = """\ns\n"""\n', "t.toml:6:1",
     "expected 2 cells"),
    ('puzzle = "moonsun"\nmark = 1\nrooms = """\na\n"""\n', "t.toml:2:1", "unknown key"),
    ('puzzle = "moonsun"\nmarks = """\ns\n"""\n', "t.toml:1:1", "'rooms' grid"),
], "t.toml")


def test_referee_rejects_broken_answers():
    p = load1(EX / "moonsun-pzprjs-sample.toml")
    links, v, h, marks = p.expected_solution(), p.vert, p.hori, p.marks
    assert check.check(links, v, h, marks) == []
    swapped = [["m" if x == "s" else "s" if x == "m" else x for x in row] for row in marks]
    assert check.check(links, v, h, swapped) == []         # suns and moons trade places
    one = [row[:] for row in marks]
    one[0][0] = "m"                                        # a room with a moon passed and missed
    assert check.check(links, v, h, one)
    assert check.check([[0] * 6 for _ in range(6)], v, h, marks)   # no loop


test_workbench_solution_file_reads_back = solution_file_reads_back(EX / "moonsun-cspuz-6x6.toml")


def test_doctests():
    assert_doctests(check, formats)


def test_family_solves(tmp_path):
    assert_family_solves("moonsun", tmp_path, seed=2)
