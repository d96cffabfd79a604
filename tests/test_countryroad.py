"""Country Road: pzprjs's sample decoded from its URL, solved, unique and
equal to the board pzprjs's own answer check accepts; the rules against
brute force (every edge set of small boards judged by the referee); URL
round trips on random boards; malformed URLs and TOML refused with one
positioned line; the referee against pzprjs's broken boards; the family."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from loopgrids import link_grids
from conftest import assert_doctests, assert_family_solves, load1, loads1
from genre_suite import (assert_cspuz_answer, assert_example_unique, assert_unsat_file, line_links,
                         public_puzzles, refused, solution_file_reads_back, solved_unique)

from satgrid import api
from satgrid.puzzles import roomloops
from satgrid.puzzles.countryroad import CountryRoad, check, formats, kind
from satgrid.puzzles.rooms import borders_of, room_cells, rooms_from_borders, rooms_from_labels

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
    """(vert, hori, numbers per room, links) of a pzprv3 Country Road board (test-side reader)."""
    parts = text.split("/")
    rows, cols = int(parts[2]), int(parts[3])
    grid = [p.split() for p in parts[5:]]
    rooms = rooms_from_labels(grid[:rows])
    numbers = [None] * len(room_cells(rooms))
    for r in range(rows):
        for c in range(cols):
            if grid[rows + r][c] != ".":
                numbers[rooms[r][c]] = int(grid[rows + r][c])
    links = line_links(grid[2 * rows:], grid[3 * rows:], rows, cols)
    return (*borders_of(grid[:rows]), numbers, links)


def test_pzprjs_sample_url_solves_to_its_answer():
    p = loads1(SAMPLE_URL, "sample.txt")
    vert, hori, numbers, links = pzprv3_board(SOLVED)
    assert (p.vert, p.hori, p.numbers) == (vert, hori, numbers)
    res = solved_unique(p)
    assert res["grid"] == links
    assert formats.to_url(p) == SAMPLE_URL


@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_published_example_unique_and_as_published(mode):
    p, res = assert_example_unique(EX / "countryroad-pzprjs-sample.toml", mode)
    assert check.check(res["grid"], p.vert, p.hori, p.numbers) == []


CSPUZ_URL = "https://puzz.link/p?country/6/6/eemdee0cvv603h2l14"
# cspuz_core's expected answer (country_road.rs): lines between (y, x) and
# (y, x + 1), then between (y, x) and (y + 1, x)
CSPUZ_H = ["01010", "10000", "00101", "10010", "01000", "00101"]
CSPUZ_V = ["011110", "101110", "100001", "010111", "001111"]


def test_cspuz_example_is_its_published_answer():
    """The example transcribes cspuz_core's test; its URL and answer are checked
    here against the arrays of that test."""
    assert_cspuz_answer(EX / "countryroad-cspuz-6x6.toml", CSPUZ_URL, CSPUZ_H, CSPUZ_V, formats)


# puzzles other solvers list as examples (noqx, puzzlekit, penpa-edit's
# puzz.link parser tests): published puzzles, one answer each
PUBLIC = [
    "https://puzz.link/p?country/12/12/4s6ndj8iorsml2p8llbdekqu9504hq8lvi2bt54jun8vv95nsi88c05g4g3i2i1i25o4g",
    "https://puzz.link/p?country/20/15/10156ggr62indoe611d38431oonjrhv7hltmb6t90d6hdme4rc8jcp26ge7vo7vvo32vk8tv1v7uefro67hg208e82hg953tva7tu0fg0fv6m1u0ei5g24k54g2l7g557k92h3g3g2g3",
    "https://puzz.link/p?country/17/13/5hk2ubdeemlt591md29534ikibba5alii8k5ho8444071norg0l2hur13v7v270fe1scvik41ruvpuvhk8043g4g43i32g454h534445k3g3m",
]


test_public_puzzles_have_one_answer = public_puzzles(
    PUBLIC, "u.txt", formats, lambda p, res: check.check(res["grid"], p.vert, p.hori, p.numbers, p.empty))


def test_unsat_example():
    assert_unsat_file(EX / "countryroad-unsat.toml", cli=True)


def test_pzprv3_files_read_with_their_answers():
    """pzprjs's own file (version 0: room ids) of its accepted board reads
    with the loop as [expect] solution and solves to it; the same board in
    version 2 (flag line, borders) reads the same."""
    p = loads1(SOLVED, "sample.txt")
    vert, hori, numbers, links = pzprv3_board(SOLVED)
    assert (p.vert, p.hori, p.numbers, p.expected_solution()) == (vert, hori, numbers, links)
    res = solved_unique(p)
    assert res["grid"] == links
    walls = "".join(" ".join(map(str, row)) + " /" for row in vert + hori)
    v2 = "pzprv3.2/country/5/5/country_empty/" + walls + SOLVED.split("/", 10)[10]
    q = loads1(v2, "v2.txt")
    assert (q.vert, q.hori, q.numbers, q.empty) == (vert, hori, numbers, True)
    assert q.expected_solution() == links


test_malformed_pzprv3_refused_at_its_position = refused([
    ("pzprv3/country/1/2/1/0 0 /1 x /", "p.txt:1:29", "one number"),
    ("pzprv3/country/1/2/1/0 0 /1 1 /", "p.txt:1:29", "one number"),
    ("pzprv3/country/1/2/0 0 /1 . /", "p.txt:1:20", "number of rooms"),
    ("pzprv3.2/country/1/2/x /. . /", "p.txt:1:22", "lines: expected a number"),
], "p.txt")


def test_referee_agrees_with_pzprjs_boards():
    vert, hori, numbers, links = pzprv3_board(SOLVED)
    assert check.check(links, vert, hori, numbers) == []
    for code, lines in BROKEN.items():
        vert, hori, numbers, links = pzprv3_board(HEAD + lines)
        assert check.check(links, vert, hori, numbers) != [], code


def brute_force(vert, hori, numbers, empty=False):
    """The line grids the referee accepts among the edge sets of the grid."""
    return sum(check.check(links, vert, hori, numbers, empty) == []
               for links in link_grids(len(vert), len(vert[0]) + 1))


def random_borders(rng, rows, cols, dangling):
    """Borders of random rooms, or (``dangling``) random border bits, some
    of them inside a room."""
    if dangling:
        vert = [[int(rng.random() < 0.4) for _ in range(cols - 1)] for _ in range(rows)]
        hori = [[int(rng.random() < 0.4) for _ in range(cols)] for _ in range(rows - 1)]
    else:
        vert, hori = borders_of([[rng.randrange(4) for _ in range(cols)] for _ in range(rows)])
    cells = room_cells(rooms_from_borders(vert, hori))
    numbers = [rng.choice([None, None, None, None, -2, rng.randrange(len(c) + 1)]) for c in cells]
    return vert, hori, numbers


def planted(rng, rows, cols):
    """The family's board on a small grid: rooms along a random loop, every number shown."""
    from satgrid.puzzles.countryroad.family import countryroad
    [(_, text)] = countryroad({"rows": rows, "cols": cols, "clue": 70}, 0, rng, None)
    p = loads1(text)
    return p.vert, p.hori, p.numbers


@pytest.mark.parametrize("seed", range(16))
def test_rules_against_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (2, 4), (3, 4), (4, 4), (3, 5)])
    if seed % 2 == 0:          # planted (rooms cut along a loop), or random rooms
        vert, hori, numbers = planted(rng, rows, cols)
    else:
        vert, hori, numbers = random_borders(rng, rows, cols, dangling=seed % 4 == 1)
    empty = seed % 4 == 0
    got = api.count(CountryRoad(vert, hori, numbers, empty=empty))["count"]
    assert got == brute_force(vert, hori, numbers, empty), (vert, hori, numbers, empty)


def test_one_room_without_lines_is_allowed_only_with_e():
    """pzprjs refuses no board for having no loop: with flag e and one room
    the empty board solves it, as does every loop."""
    vert, hori = [[0, 0], [0, 0]], [[0, 0, 0]]
    assert api.count(CountryRoad(vert, hori, [None], empty=True))["count"] == brute_force(
        vert, hori, [None], True) == 3 + 1


def test_a_zero_keeps_the_loop_out_with_e():
    """pzprjs's checker skips a 0, but its editor takes 0 only with flag e,
    for a room the loop leaves out: so it is read here."""
    vert, hori = [[0, 1], [0, 1]], [[0, 0, 0]]
    assert api.count(CountryRoad(vert, hori, [None, 0], empty=True))["count"] == 1  # the 2x2
    assert api.count(CountryRoad(vert, hori, [None, 0]))["count"] == 0


@pytest.mark.parametrize("seed", range(20))
def test_url_round_trip_on_random_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    vert, hori, _ = random_borders(rng, rows, cols, dangling=seed % 2 == 1)
    numbers = [rng.choice([None, -2, rng.randrange(300)])
               for _ in room_cells(rooms_from_borders(vert, hori))]
    p = CountryRoad(vert, hori, numbers, empty=rng.random() < 0.3)
    url = formats.to_url(p)
    [q] = formats.parse_url(url, "u.txt")
    assert (q.vert, q.hori, q.numbers, q.empty) == (vert, hori, numbers, p.empty)
    assert formats.to_url(q) == url


test_malformed_urls_refused_at_their_position = refused([
    ("https://puzz.link/p?country/5/5/amdA0uf02h12h", 36, "base-32 digit"),
    ("https://puzz.link/p?country/5/5/amda0uf02h12h!", 46, "expected the end"),
    ("https://puzz.link/p?country/x/5/5/amda0uf02h12h", 29, "expected the flags e"),
    ("https://puzz.link/p?country/5/5/amda0uf0-zh12h", 42, "hex digits"),
    ("https://puzz.link/p?country/5/5/amda0uf", 40, "border digits"),
], "bad.txt")


test_malformed_toml_refused_at_its_position = refused([
    ('puzzle = "countryroad"\nrooms = """\na a\nb\n"""\n', "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "countryroad"\nrooms = """\na a\n"""\nclues = """\n1 x\n"""\n', "t.toml:6:3",
     "expected a number"),
    ('puzzle = "countryroad"\nrooms = """\na a\n"""\nclues = """\n1 2\n"""\n', "t.toml:6:3",
     "a second number"),
    ('puzzle = "countryroad"\nempty = "yes"\nrooms = """\na\n"""\n', "t.toml:2:1", "true or false"),
    ('puzzle = "countryroad"\nroom = """\na\n"""\n', "t.toml:2:1", "unknown key"),
    ('puzzle = "countryroad"\nrooms = """\na b\n"""\n[expect]\nsolution = """\nse x\n"""\n',
     "t.toml:7:4", "sides a line leaves"),
], "t.toml")


def test_referee_rejects_broken_answers():
    p = load1(EX / "countryroad-pzprjs-sample.toml")
    links, v, h = p.expected_solution(), p.vert, p.hori
    assert check.check(links, v, h, p.numbers) == []
    assert check.check(links, v, h, [3] + p.numbers[1:])                 # a wrong count
    assert check.check([[0] * 5 for _ in range(5)], v, h, p.numbers)     # no loop
    inner = [row[:] for row in v]
    inner[1][0] = 1                     # a dangling border the loop crosses: room 0 entered twice
    assert check.check(links, inner, h, p.numbers)
    assert check.check([[0] * 5 for _ in range(5)], [[0] * 4] * 5, [[0] * 5] * 4, [None],
                       empty=True) == []


test_workbench_solution_file_reads_back = solution_file_reads_back(EX / "countryroad-cspuz-6x6.toml")


def test_doctests():
    assert_doctests(check, formats, roomloops)


def test_family_solves(tmp_path):
    assert_family_solves("countryroad", tmp_path, seed=2)
