"""Hashiwokakero: pzprjs's sample decoded from its URL, solved, unique and
equal to the board pzprjs's own answer check accepts; the rules against
brute force (every count of bridges between the islands of small boards
that see each other, judged by the referee); URL round trips on random
boards; malformed URLs and TOML refused with one positioned line; the
referee against pzprjs's broken boards; the family; the bridge rules'
examples."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, error_of, load1, loads1
from genre_suite import (assert_example_unique, assert_unsat_file, assert_url_round_trip,
                         public_puzzles, refused, solution_file_reads_back, solved_unique)

from satgrid import api
from satgrid.puzzles.hashiwokakero import Hashiwokakero, check, formats, kind
from satgrid.rules import bridges

EX = Path(kind.__file__).parent / "examples"
SAMPLE_URL = "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3"
HEAD = "pzprv3/hashikake/5/5/4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /"
# test/script/hashikake.js: the board its answer check accepts (null) and
# the boards it refuses, each for one rule
SOLVED = HEAD + ("2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /2 0 0 0 0 /2 2 0 0 1 "
                 "/1 2 0 -1 1 /1 0 0 -1 1 /")
BROKEN = {
    "nmLineGt": "2 2 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 "
                "/2 0 0 0 0 /2 0 0 0 0 /",
    "lcDivided": "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 1 0 0 0 "
                 "/1 1 0 0 0 /1 0 0 0 0 /",
    "nmLineLt": "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 1 1 0 /1 1 1 1 /2 0 0 0 0 /2 1 0 0 1 "
                "/1 1 0 0 1 /1 0 0 0 1 /",
}


def pzprv3_board(text):
    """(clues, grid of east + 4 * south) of a pzprv3 Hashiwokakero board (test-side reader)."""
    parts = text.split("/")
    rows, cols = int(parts[2]), int(parts[3])
    g = [p.split() for p in parts[4:]]
    clues = [[None if t == "." else -2 if t == "-" else int(t) for t in row] for row in g[:rows]]
    grid = [[max(0, int(g[rows + r][c])) if c < cols - 1 else 0 for c in range(cols)]
            for r in range(rows)]
    for r in range(rows - 1):
        for c in range(cols):
            grid[r][c] += 4 * max(0, int(g[2 * rows + r][c]))
    return clues, grid


def test_pzprjs_sample_url_solves_to_its_answer():
    p = loads1(SAMPLE_URL, "sample.txt")
    clues, grid = pzprv3_board(SOLVED)
    assert p.clues == clues
    res = solved_unique(p)
    assert res["grid"] == grid
    assert formats.to_url(p) == SAMPLE_URL
    [q] = formats.parse_url("https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3", "a.txt")
    assert q.clues == clues and formats.to_url(q) == SAMPLE_URL


@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_published_example_unique_and_as_published(mode):
    p, res = assert_example_unique(EX / "hashiwokakero-pzprjs-sample.toml", mode)
    assert check.check(res["grid"], p.clues) == []


CSPUZ_URL = "https://puzz.link/p?hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2"
# cspuz_core's expected answer (hashi.rs): bridges between (y, x) and
# (y, x + 1), then between (y, x) and (y + 1, x)
CSPUZ_H = ["11001", "01100", "22000", "02211", "00220", "11111"]
CSPUZ_V = ["200011", "200111", "100101", "100001", "102001"]


def test_cspuz_example_is_its_published_answer():
    """The example transcribes cspuz_core's test (its '?' islands all get
    bridges); its URL and answer are checked here against that test's arrays."""
    p = load1(EX / "hashiwokakero-cspuz-6x6.toml")
    assert formats.to_url(p) == CSPUZ_URL
    grid = [[(int(CSPUZ_H[r][c]) if c < 5 else 0) + 4 * (int(CSPUZ_V[r][c]) if r < 5 else 0)
             for c in range(6)] for r in range(6)]
    res = api.solve(loads1(CSPUZ_URL, "u.txt"), unique=True)
    assert res["unique"] is True and res["grid"] == grid == p.expected_solution()


# puzzles other solvers list as examples (noqx's solver/hashi.py, penpa-edit's
# puzz.link parser tests): published puzzles, one answer each
PUBLIC = [
    "https://puzz.link/p?hashi/19/14/2g2g3g3g2i2g3g2q2g2g1h3g2g3h2v2i3g2h1g2h1g2g3p2g23g2g2g2j2g2i2h2g3g3g33zh2h3g1h2g32h1g2g2h2j4g3h1h2l2g1j23g2h4g2g1h2h3g2o1g2h2p2g2i2k1g2g3g4j3h22g3h2",
    "https://puzz.link/p?hashi/9/9/h2g3g.q.g1i3g.o2i1i2o.g2i2g1q.g3g3h",
    "https://puzz.link/p?hashi/17/13/l2h1w2i3h2i3zi1h3p1g2k2g1h3r1k4g4h4h4i3h2u1g2l1g3n1g3y1j.g3g3g3h3r2j.h3g.g2",
]


test_public_puzzles_have_one_answer = public_puzzles(
    PUBLIC, "u.txt", formats, lambda p, res: check.check(res["grid"], p.clues))


def test_unsat_example():
    assert_unsat_file(EX / "hashiwokakero-unsat.toml", cli=True)


def test_pzprv3_files_read_with_their_answers():
    """pzprjs's own file of its accepted board: the islands and the drawn
    bridges ([expect] solution), solved uniquely to them."""
    p = loads1(SOLVED, "sample.txt")
    clues, grid = pzprv3_board(SOLVED)
    assert p.clues == clues and p.expected_solution() == grid
    res = solved_unique(p)
    assert res["grid"] == grid
    assert loads1(HEAD.replace("4 .", "- .", 1) + "0 0 0 0 /" * 5 + "0 0 0 0 0 /" * 4,
                  "q.txt").clues[0][0] == -2


test_malformed_pzprv3_refused_at_its_position = refused([
    ("pzprv3/hashikake/1/2/1 x /", "p.txt:1:24", "islands: expected"),
    ("pzprv3/hashikake/1/2/1 1 /1 1 /", "p.txt:1:29", "lines: expected 1 rows of 1"),
    ("pzprv3/hashikake/2/1/1 /", "p.txt:1:22", "islands: expected 2 rows"),
], "p.txt")


def test_referee_agrees_with_pzprjs_boards():
    clues, grid = pzprv3_board(SOLVED)
    assert check.check(grid, clues) == []
    for code, lines in BROKEN.items():
        clues, grid = pzprv3_board(HEAD + lines)
        assert check.check(grid, clues) != [], code
    assert check.check([[0] * 5 for _ in range(5)], clues) == ["no bridge at all"]   # brNoLine


def sightlines(clues):
    """Pairs of islands that see each other, with the cells between (test-side)."""
    rows, cols = len(clues), len(clues[0])
    out = []
    for r in range(rows):
        for c in range(cols):
            if clues[r][c] is None:
                continue
            for dr, dc in ((0, 1), (1, 0)):
                y, x, cells = r + dr, c + dc, []
                while y < rows and x < cols and clues[y][x] is None:
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                if y < rows and x < cols:
                    out.append(((r, c), cells, dr == 0))
    return out


def brute_force(clues):
    """Every count 0..2 per pair of islands that see each other, judged by the referee."""
    rows, cols = len(clues), len(clues[0])
    pairs = sightlines(clues)
    total = 0
    for counts in product((0, 1, 2), repeat=len(pairs)):
        grid = [[0] * cols for _ in range(rows)]
        for (start, cells, flat), n in zip(pairs, counts):
            for r, c in [start] + cells:
                grid[r][c] += n if flat else 4 * n
        if any(v & 3 == 3 or v >> 2 == 3 for row in grid for v in row):
            continue                       # two pairs on one edge: impossible, not a layout
        total += check.check(grid, clues) == []
    return total


def planted(rng, rows, cols):
    """The family's board on a small grid, one island's number changed (or
    made '?') half the time."""
    from satgrid.puzzles.hashiwokakero.family import hashiwokakero
    while True:
        [(_, text)] = hashiwokakero({"rows": rows, "cols": cols, "islands": 6}, 0, rng, None)
        clues = loads1(text).clues
        if len(sightlines(clues)) <= 8:
            break
    spots = [(r, c) for r in range(rows) for c in range(cols) if clues[r][c] is not None]
    if rng.random() < 0.5:
        r, c = rng.choice(spots)
        clues[r][c] = rng.choice([-2, 1, 2, 3, 4])
    return clues


@pytest.mark.parametrize("seed", range(16))
def test_rules_against_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (2, 5)])
    if seed % 3 == 0:
        while True:
            clues = [[rng.choice([1, 2, 3, 4, -2, 0]) if rng.random() < 0.35 else None
                      for _ in range(cols)] for _ in range(rows)]
            if len(sightlines(clues)) <= 8:
                break
    else:
        clues = planted(rng, rows, cols)
    got = api.count(Hashiwokakero(clues))["count"]
    assert got == brute_force(clues), clues


def test_crossing_and_question_islands():
    """Bridges never cross; a '?' island needs a bridge like any island (the
    genre's rule and cspuz's; pzprjs's checker would let it stay alone); a 0
    stays apart."""
    crossed = [[None, 1, None], [-2, None, -2], [None, 1, None]]
    assert api.count(Hashiwokakero(crossed))["count"] == brute_force(crossed) == 0
    alone = [[1, None, 1], [None, None, None], [-2, None, None]]
    assert api.count(Hashiwokakero(alone))["count"] == brute_force(alone) == 0
    ring = [[-2, None, 1], [None, None, None], [-2, None, 1]]
    assert api.count(Hashiwokakero(ring))["count"] == brute_force(ring) == 2
    zero = [[1, None, 1], [None, None, None], [0, None, None]]
    assert api.count(Hashiwokakero(zero))["count"] == brute_force(zero) == 1


@pytest.mark.parametrize("seed", range(20))
def test_url_round_trip_on_random_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    clues = [[rng.choice([None, None, None, -2, 0, 1, 8, rng.randrange(300)])
              for _ in range(cols)] for _ in range(rows)]
    assert_url_round_trip(formats, Hashiwokakero(clues), formats.parse_url, "u.txt", clues=clues)


@pytest.mark.parametrize("url,col,fragment", [
    ("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3x", 49, "expected the end"),
    ("https://puzz.link/p?hashi/5/5/4g2i3h2!k3g1g3g4g3", 38, "expected 0-9"),
    ("https://puzz.link/p?hashi/5/5/4g2i3h2-3", 39, "2 hex digits"),
    ("https://puzz.link/p?hashi/o/5/5/4g2i3h23k3g1g3g4g3", 27, "not supported"),
    ("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3", None, None),
])
def test_malformed_urls_refused_at_their_position(url, col, fragment):
    if col is None:
        assert loads1(url, "ok.txt").clues[0][0] == 4
        return
    msg = error_of(url, "bad.txt")
    assert msg.startswith(f"bad.txt:1:{col}:") and fragment in msg, msg


test_malformed_toml_refused_at_its_position = refused([
    ('puzzle = "hashiwokakero"\nclues = """\n1 x\n"""\n', "t.toml:3:3", "island's number"),
    ('puzzle = "hashiwokakero"\nclues = """\n1 .\n1\n"""\n', "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "hashiwokakero"\nislands = 2\nclues = """\n1\n"""\n', "t.toml:2:1", "unknown key"),
    ('puzzle = "hashiwokakero"\nclues = """\n1 1\n"""\n[expect]\nsolution = """\n-x .\n"""\n',
     "t.toml:7:1", "bridges east"),
], "t.toml")


def test_referee_rejects_broken_answers():
    p = load1(EX / "hashiwokakero-pzprjs-sample.toml")
    grid = p.expected_solution()
    assert check.check(grid, p.clues) == []
    crossed = [row[:] for row in grid]
    crossed[0][3] += 4                               # a vertical line through a flat bridge
    crossed[1][3] += 1
    assert check.check(crossed, p.clues)
    off = [row[:] for row in grid]
    off[4][4] = 1                                    # a bridge off the grid's edge
    assert check.check(off, p.clues)
    assert check.check([row[:4] for row in grid], p.clues)


test_workbench_solution_file_reads_back = solution_file_reads_back(EX / "hashiwokakero-cspuz-6x6.toml")


def test_doctests():
    assert_doctests(check, formats, bridges)


def test_family_solves(tmp_path):
    assert_family_solves("hashiwokakero", tmp_path, seed=2)
