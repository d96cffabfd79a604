"""Country Road: pzprjs's sample decoded from its URL, solved, unique and
equal to the board pzprjs's own answer check accepts; the rules against
brute force (every edge set of small boards judged by the referee); URL
round trips on random boards; malformed URLs and TOML refused with one
positioned line; the referee against pzprjs's broken boards; the family."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, error_of, load1, loads1, run_cli

from satgrid import api
from satgrid.modelling.geometry import cells, grid_edges
from satgrid.puzzles import roomloops
from satgrid.puzzles.countryroad import CountryRoad, check, formats, kind
from satgrid.puzzles.links import links_from_edges
from satgrid.puzzles.rooms import room_cells, rooms_from_labels

EX = Path(kind.__file__).parent / "examples"
SAMPLE_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"
HEAD = ("pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 "
        "/2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /")
# test/script/country.js: the board its answer check accepts (null) and the
# boards it refuses, each for one rule
SOLVED = HEAD + ("0 0 1 0 /1 1 0 1 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 "
                 "/0 0 1 0 1 /0 1 0 1 0 /")
BROKEN = {
    "lnBranch": "0 0 0 0 /1 1 1 1 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 "
                "/0 0 0 0 0 /",
    "bkPassTwice": "0 1 1 0 /0 0 0 0 /1 0 0 0 /0 0 0 0 /1 1 1 0 /0 1 0 1 0 /0 1 0 1 0 "
                   "/1 0 0 1 0 /1 0 0 1 0 /",
    "bkLineNe": "0 1 0 0 /1 0 0 0 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 1 0 0 0 /1 0 0 0 0 /0 0 1 0 0 "
                "/0 1 0 1 0 /",
    "cbNoLine": "0 0 1 1 /1 1 0 0 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 0 1 "
                "/0 1 0 1 0 /",
}


def pzprv3_board(text):
    """(rooms, numbers per room, links) of a pzprv3 Country Road board (test-side reader)."""
    parts = text.split("/")
    rows, cols = int(parts[2]), int(parts[3])
    grid = [p.split() for p in parts[5:]]
    rooms = rooms_from_labels(grid[:rows])
    numbers = [None] * len(room_cells(rooms))
    for r in range(rows):
        for c in range(cols):
            if grid[rows + r][c] != ".":
                numbers[rooms[r][c]] = int(grid[rows + r][c])
    used = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)
            if grid[2 * rows + r][c] == "1"]
    used += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)
             if grid[3 * rows + r][c] == "1"]
    return rooms, numbers, links_from_edges(used, rows, cols)


def test_pzprjs_sample_url_solves_to_its_answer():
    p = loads1(SAMPLE_URL, "sample.txt")
    rooms, numbers, links = pzprv3_board(SOLVED)
    assert (p.rooms, p.numbers) == (rooms, numbers)
    res = api.solve(p, unique=True)
    assert res["unique"] is True and res["grid"] == links
    assert formats.to_url(p) == SAMPLE_URL


@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_published_example_unique_and_as_published(mode):
    p = load1(EX / "countryroad-pzprjs-sample.toml")
    res = api.solve(p, api.Options(connectivity=mode), unique=True)
    assert res["unique"] is True and res["grid"] == p.expected_solution()
    assert check.check(res["grid"], p.rooms, p.numbers) == []


def test_unsat_example():
    p = load1(EX / "countryroad-unsat.toml")
    assert api.solve(p)["status"] == "unsat" and api.count(p)["count"] == 0
    code, out, _ = run_cli("solve", EX / "countryroad-unsat.toml")
    assert code == 1 and "unsat" in out


def test_referee_agrees_with_pzprjs_boards():
    rooms, numbers, links = pzprv3_board(SOLVED)
    assert check.check(links, rooms, numbers) == []
    for code, lines in BROKEN.items():
        rooms, numbers, links = pzprv3_board(HEAD + lines)
        assert check.check(links, rooms, numbers) != [], code


def brute_force(rooms, numbers, empty=False):
    """The loops the referee accepts among every edge set of the grid."""
    rows, cols = len(rooms), len(rooms[0])
    edges = grid_edges(rows, cols)
    count = 0
    for bits in product((0, 1), repeat=len(edges)):
        used = [e for e, b in zip(edges, bits) if b]
        ends = [v for e in used for v in e]
        if any(ends.count(v) != 2 for v in ends):      # a branch or a dead end: not a loop
            continue
        count += check.check(links_from_edges(used, rows, cols), rooms, numbers, empty) == []
    return count


def random_rooms(rng, rows, cols):
    labels = [[rng.randrange(4) for _ in range(cols)] for _ in range(rows)]
    rooms = rooms_from_labels(labels)
    numbers = [rng.choice([None, None, -2, rng.randrange(len(c) + 1)]) for c in room_cells(rooms)]
    return rooms, numbers


@pytest.mark.parametrize("seed", range(12))
def test_rules_against_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (2, 4), (3, 4)])
    rooms, numbers = random_rooms(rng, rows, cols)
    empty = seed % 4 == 0
    got = api.count(CountryRoad(rooms, numbers, empty=empty))["count"]
    assert got == brute_force(rooms, numbers, empty), (rooms, numbers, empty)


def test_one_room_without_lines_is_allowed_only_with_e():
    """pzprjs refuses no board for having no loop: with flag e and one room
    the empty board solves it, as does every loop."""
    rooms = [[0] * 3 for _ in range(2)]
    assert api.count(CountryRoad(rooms, [None], empty=True))["count"] == brute_force(
        rooms, [None], True) == 3 + 1


@pytest.mark.parametrize("seed", range(20))
def test_url_round_trip_on_random_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    rooms = rooms_from_labels([[rng.randrange(3) for _ in range(cols)] for _ in range(rows)])
    numbers = [rng.choice([None, -2, rng.randrange(300)]) for _ in room_cells(rooms)]
    p = CountryRoad(rooms, numbers, empty=rng.random() < 0.3)
    url = formats.to_url(p)
    [q] = formats.parse_url(url, "u.txt")
    assert (q.rooms, q.numbers, q.empty) == (rooms, numbers, p.empty)
    assert formats.to_url(q) == url


@pytest.mark.parametrize("url,col,fragment", [
    ("https://puzz.link/p?country/5/5/amdA0uf02h12h", 36, "base-32 digit"),
    ("https://puzz.link/p?country/5/5/amda0uf02h12h!", 46, "expected the end"),
    ("https://puzz.link/p?country/x/5/5/amda0uf02h12h", 29, "expected the flags e"),
    ("https://puzz.link/p?country/5/5/amda0uf0-zh12h", 42, "hex digits"),
    ("https://puzz.link/p?country/5/5/amda0uf", 40, "border digits"),
])
def test_malformed_urls_refused_at_their_position(url, col, fragment):
    msg = error_of(url, "bad.txt")
    assert msg.startswith(f"bad.txt:1:{col}:") and fragment in msg, msg


@pytest.mark.parametrize("text,where,fragment", [
    ('puzzle = "countryroad"\nrooms = """\na a\nb\n"""\n', "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "countryroad"\nrooms = """\na a\n"""\nclues = """\n1 x\n"""\n', "t.toml:6:3",
     "expected a number"),
    ('puzzle = "countryroad"\nrooms = """\na a\n"""\nclues = """\n1 2\n"""\n', "t.toml:6:3",
     "a second number"),
    ('puzzle = "countryroad"\nempty = "yes"\nrooms = """\na\n"""\n', "t.toml:2:1", "true or false"),
    ('puzzle = "countryroad"\nroom = """\na\n"""\n', "t.toml:2:1", "unknown key"),
    ('puzzle = "countryroad"\nrooms = """\na b\n"""\n[expect]\nsolution = """\nse x\n"""\n',
     "t.toml:7:4", "sides a line leaves"),
])
def test_malformed_toml_refused_at_its_position(text, where, fragment):
    msg = error_of(text)
    assert msg.startswith(where) and fragment in msg, msg


def test_referee_rejects_broken_answers():
    p = load1(EX / "countryroad-pzprjs-sample.toml")
    links = p.expected_solution()
    assert check.check(links, p.rooms, p.numbers) == []
    assert check.check(links, p.rooms, [3] + p.numbers[1:])           # a wrong count
    assert check.check([[0] * 5 for _ in range(5)], p.rooms, p.numbers)  # no loop
    assert check.check([[0] * 5 for _ in range(5)], [[0] * 5] * 5, [None], empty=True) == []


def test_doctests():
    assert_doctests(check, formats, roomloops)


def test_family_solves(tmp_path):
    assert_family_solves("countryroad", tmp_path, seed=2)
