"""Yajilin: pzprjs's sample decoded from its URL, solved, unique and equal to
the board pzprjs's own answer check accepts; the rules against brute force
(every edge set of small boards judged by the referee); URL round trips on
random boards; malformed URLs and TOML refused with one positioned line; the
referee against broken answers; the family."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from loopgrids import degree_two_sets
from conftest import assert_doctests, assert_family_solves, load1, loads1, run_cli, solve_unique
from genre_suite import (assert_example_unique, assert_unsat_file, public_puzzles, refused,
                         solution_file_reads_back)

from satgrid import api
from satgrid.modelling.geometry import cells
from satgrid.puzzles.links import links_from_edges
from satgrid.puzzles.yajilin import Yajilin, check, formats, kind

EX = Path(kind.__file__).parent / "examples"
SAMPLE_URL = "https://puzz.link/p?yajilin/5/5/m32j10"
# test/script/yajilin.js: the boards its answer check accepts (failcheck entries marked null)
SOLVED = [
    "pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /. . . . . "
    "/. . . . + /# . # . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 /0 0 0 -1 /1 -1 1 1 "
    "/1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /",
    "pzprv3/yajilin/3/3/o/. . . /. . . /. . . /# . . /. . . /. . . /0 1 /1 0 /1 1 /0 1 1 "
    "/1 0 1 /",
]
# its wrong boards: what the answer check refuses, each for one broken rule
BROKEN = {
    "anShadeNe": "pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 "
                 "/. . . . . /. . . . + /# . . . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 "
                 "/0 0 0 -1 /1 -1 1 1 /1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /",
    "lnPlLoop": "pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 "
                "/. . . . . /. . . . + /# . # . + /. . + . + /. . . . . /1 1 0 1 /1 1 0 1 "
                "/0 0 0 0 /0 0 1 0 /0 0 1 0 /1 0 1 1 1 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 /",
    "shInside": "pzprv3/yajilin/5/5/o/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 "
                "/. . . . . /. . . . . /# . # . . /. . . . . /. . . # . /1 1 0 1 /1 0 1 0 "
                "/0 0 0 0 /1 0 1 1 /1 1 0 0 /1 0 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 0 1 0 0 /",
}


def pzprv3_board(text):
    """(clues, outside, links, shaded) of a pzprv3 Yajilin board (test-side reader)."""
    parts = text.split("/")
    rows, cols, i = int(parts[2]), int(parts[3]), 4
    outside = parts[4] == "o"
    i += outside
    grid = [p.split() for p in parts[i:]]
    dirs = {"0": "", "1": "u", "2": "d", "3": "l", "4": "r"}
    clues = [[None if t == "." else (dirs[t.split(",")[0]], -2 if t.split(",")[1] == "-"
                                     else int(t.split(",")[1])) for t in row]
             for row in grid[:rows]]
    shaded = [[int(t == "#") for t in row] for row in grid[rows:2 * rows]]
    used = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)
            if grid[2 * rows + r][c] == "1"]
    used += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)
             if grid[3 * rows + r][c] == "1"]
    return clues, outside, links_from_edges(used, rows, cols), shaded


def test_pzprjs_sample_url_solves_to_its_answer():
    p = loads1(SAMPLE_URL, "sample.txt")
    clues, outside, links, shaded = pzprv3_board(SOLVED[0])
    assert p.clues == clues and p.outside == outside
    res = solve_unique(p)
    assert res["status"] == "sat" and res["unique"] is True
    assert res["grid"] == links and res["shaded"] == shaded
    assert formats.to_url(p) == SAMPLE_URL


@pytest.mark.parametrize("mode", ["lazy", "eager"])
def test_published_example_unique_and_as_published(mode):
    p, res = assert_example_unique(EX / "yajilin-pzprjs-sample.toml", mode)
    assert check.check(res["grid"], res["shaded"], p.clues) == []


# cspuz_core's tests (cspuz_rs_puzzles/src/puzzles/yajilin.rs): the URLs and
# the shadings they expect (is_black), 1 = shaded
CSPUZ = {
    "yajilin-cspuz-10x10.toml": (
        "https://puzz.link/p?yajilin/10/10/w32a41b21a21l22e30m21a12b11r20d30g",
        ["0000001000", "0000000010", "1010000100", "0000010000", "0000000000",
         "0001010000", "1000000000", "0000010010", "0000000000", "0001000001"]),
    "yajilin-cspuz-outside-7x7.toml": (
        "https://puzz.link/p?yajilin/o/7/7/210.40zq120.31",
        ["0000000", "0010000", "0000100", "0000000", "1000000", "0000100", "0001000"]),
}


@pytest.mark.parametrize("name", sorted(CSPUZ))
def test_cspuz_examples_have_the_published_shading(name):
    url, shading = CSPUZ[name]
    p = load1(EX / name)
    assert formats.to_url(p) == url and loads1(url, "u.txt").clues == p.clues
    res = solve_unique(p)
    assert res["unique"] is True and res["grid"] == p.expected_solution()
    assert res["shaded"] == [[int(ch) for ch in row] for row in shading]
    assert check.check(res["grid"], res["shaded"], p.clues, p.outside) == []


# puzzles other solvers list as examples (noqx's solver/yajilin.py, puzzlekit's
# docs, penpa-edit's puzz.link parser tests): published puzzles, one answer each
PUBLIC = [
    "https://puzz.link/p?yajilin/19/13/g24g33f45o23d30g32z43k41y11a11a42zo33a14a12b11d31a32c21e11t36g31e21y",
    "https://puzz.link/p?yajilin/10/10/b2141t41e41a41s31c33l11a11l21a12a11k",
    "https://puzz.link/p?yajilin/b/10/10/n2222c11b42r11f21b11f21r12b41c3112n",
    "https://puzz.link/p?yajilin/b/9/9/a21220.c212242h41h0.d0.f0.k0.f11d41h42h",
    "https://puzz.link/p?yajilin/11/11/zq33k1241111111221111zi34m12c11d",
    "https://puzz.link/p?yajilin/10/10/40u23k10h20l10h20k13l40i",
    "https://puzz.link/p?yajilin/b/11/11/m31e23e23c23g10a22i32j12j32j40j31j31p",
]


test_public_puzzles_have_one_answer = public_puzzles(
    PUBLIC, "u.txt", formats, lambda p, res: check.check(res["grid"], res["shaded"], p.clues, p.outside))


def test_unsat_example():
    assert_unsat_file(EX / "yajilin-unsat.toml", cli=True)


def test_pzprv3_files_read_with_their_answers():
    """pzprjs's own files: its accepted boards read (the outside flag too),
    the drawn loop as [expect] solution, solved to it (the 5x5 uniquely)."""
    p = loads1(SOLVED[0], "sample.txt")
    clues, outside, links, shaded = pzprv3_board(SOLVED[0])
    assert (p.clues, p.outside, p.expected_solution()) == (clues, outside, links)
    res = solve_unique(p)
    assert res["unique"] is True and res["grid"] == links and res["shaded"] == shaded
    q = loads1(SOLVED[1], "o.txt")
    assert q.outside and q.expected_solution() == pzprv3_board(SOLVED[1])[2]
    assert loads1("pzprv3/yajilin/1/2/2,1 . /", "p.txt").expect == {}


test_malformed_pzprv3_refused_at_its_position = refused([
    ("pzprv3/yajilin/1/2/2,x . /", "p.txt:1:20", "'D,N'"),
    ("pzprv3/yajilin/1/2/5,1 . /", "p.txt:1:20", "'D,N'"),
    ("pzprv3/yajilin/2/2/. . /. . /. . /. . /1 /", "p.txt:1:40", "lines: expected 2 rows"),
    ("pzprv3/yajilin/1/2/. . /. . /x /", "p.txt:1:30", "expected a number"),
], "p.txt")


def test_referee_agrees_with_pzprjs_boards():
    for text in SOLVED:
        clues, outside, links, shaded = pzprv3_board(text)
        assert check.check(links, shaded, clues, outside) == [], text
    for code, text in BROKEN.items():
        clues, outside, links, shaded = pzprv3_board(text)
        assert check.check(links, shaded, clues, outside) != [], code


def test_outside_sample_is_among_the_solutions():
    clues, outside, links, shaded = pzprv3_board(SOLVED[1])
    sols = api.solve_all(Yajilin(clues, outside=True))["solutions"]
    assert {"grid": links, "shaded": shaded} in [{"grid": s["grid"], "shaded": s["shaded"]}
                                                 for s in sols]


def brute_force(clues, outside=False):
    """The solutions the referee accepts among every edge set between cells
    without a clue in which each cell has 0 or 2 edges (tests/loopgrids.py;
    the other sets branch or stop, refused by the referee's first rule)."""
    rows, cols = len(clues), len(clues[0])
    free = tuple(v for v in cells(rows, cols) if clues[v[0]][v[1]] is None)
    count = 0
    for used in degree_two_sets(rows, cols, free):
        visited = {v for e in used for v in e}
        shaded = [[int((r, c) in free and (r, c) not in visited) for c in range(cols)]
                  for r in range(rows)]
        count += check.check(links_from_edges(list(used), rows, cols), shaded, clues,
                             outside) == []
    return count


def random_clues(rng, rows, cols, density=0.3):
    def clue():
        roll = rng.random()
        if roll < 0.05:
            return ("", -3)
        if roll < 0.1:
            return (rng.choice("udlr"), -2)
        if roll < 0.13:
            return ("", rng.randrange(2))          # a number without an arrow: no solution
        return (rng.choice("udlr"), rng.randrange(3))
    return [[clue() if rng.random() < density else None for _ in range(cols)]
            for _ in range(rows)]


def planted_clues(rng, rows, cols):
    """The family's board (a random loop, shading, arrows) on a small grid,
    one clue changed at random half the time."""
    from satgrid.puzzles.yajilin.family import yajilin
    from satgrid.puzzles.yajilin.formats import read_clue
    [(_, text)] = yajilin({"rows": rows, "cols": cols, "fill": 50}, 0, rng, None)
    grid = text.split('clues = """\n')[1].split('"""')[0].split()
    clues = [[read_clue(t) for t in grid[r * cols:(r + 1) * cols]] for r in range(rows)]
    spots = [(r, c) for r in range(rows) for c in range(cols) if clues[r][c]]
    if spots and rng.random() < 0.5:
        r, c = rng.choice(spots)
        clues[r][c] = (rng.choice("udlr"), rng.randrange(3))
    return clues


@pytest.mark.parametrize("seed", range(16))
def test_rules_against_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 4), (4, 4), (3, 5)])
    if seed % 2:
        clues = random_clues(rng, rows, cols, density=rng.choice([0.1, 0.25]))
    else:
        clues = planted_clues(rng, rows, cols)
    outside = seed % 3 == 0
    got = api.count(Yajilin(clues, outside=outside))["count"]
    assert got == brute_force(clues, outside), (clues, outside)


def test_empty_boards_counted():
    """No clue at all: a loop through the unshaded cells, or (1 x 1, 1 x 3) none."""
    for rows, cols in ((1, 1), (1, 3), (2, 2), (3, 3)):
        clues = [[None] * cols for _ in range(rows)]
        assert api.count(Yajilin(clues))["count"] == brute_force(clues)


@pytest.mark.parametrize("seed", range(20))
def test_url_round_trip_on_random_boards(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    clues = [[None if rng.random() < 0.7 else
              ("", -3) if rng.random() < 0.1 else
              (rng.choice(["", "u", "d", "l", "r"]),
               rng.choice([-2, rng.randrange(16), rng.randrange(256), rng.randrange(4096)]))
              for _ in range(cols)] for _ in range(rows)]
    p = Yajilin(clues, outside=rng.random() < 0.5, gray=rng.random() < 0.5)
    url = formats.to_url(p)
    [q] = formats.parse_url(url, "u.txt")
    assert (q.clues, q.outside, q.gray) == (clues, p.outside, p.gray)
    assert formats.to_url(q) == url


def test_long_runs_and_aliases():
    url = "https://puzz.link/p?yajilin/30/1/z10c"
    [p] = formats.parse_url(url, "u.txt")
    assert p.clues[0][26] == ("u", 0) and formats.to_url(p) == url
    [q] = formats.parse_url("http://pzv.jp/p.html?yajirin/5/5/m32j10", "u.txt")
    assert formats.to_url(q) == SAMPLE_URL


test_malformed_urls_refused_at_their_position = refused([
    ("https://puzz.link/p?yajilin/5/5/m3Gj10", 34, "direction 0-4"),
    ("https://puzz.link/p?yajilin/5/5/m32jz", 37, "past the grid's end"),
    ("https://puzz.link/p?yajilin/5/5/m32j10!", 39, "expected the end"),
    ("https://puzz.link/p?yajilin/5/5/m-5123", 34, "direction 0-4"),
    ("https://puzz.link/p?yajilin/x/5/5/m32j10", 29, "flags o and/or b"),
    ("https://puzz.link/p?yajilin/5/0/m32j10", 31, "number of rows"),
], "bad.txt")


test_malformed_toml_refused_at_its_position = refused([
    ('puzzle = "yajilin"\nclues = """\n. x2\n. .\n"""\n', "t.toml:3:3", "arrow u, d, l, r"),
    ('puzzle = "yajilin"\nclues = """\n. l2\n.\n"""\n', "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "yajilin"\noutside = 1\nclues = """\n. .\n"""\n', "t.toml:2:1", "true or false"),
    ('puzzle = "yajilin"\nclues = """\n. .\n"""\n[expect]\nsolution = """\nns ?\n"""\n',
     "t.toml:7:4", "'#' (shaded)"),
    ('puzzle = "yajilin"\ncolour = 2\nclues = """\n. .\n"""\n', "t.toml:2:1", "unknown key"),
], "t.toml")


def test_cli_refuses_bad_url_with_one_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("https://puzz.link/p?yajilin/5/5/m3Gj10\n")
    code, out, err = run_cli("solve", path)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_referee_rejects_broken_answers():
    p = load1(EX / "yajilin-pzprjs-sample.toml")
    res = api.solve(p)
    links, shaded = res["grid"], res["shaded"]
    assert check.check(links, shaded, p.clues) == []
    bad = [row[:] for row in shaded]
    bad[0][0] = 1                                      # shaded on the loop
    assert check.check(links, bad, p.clues)
    bad = [row[:] for row in shaded]
    bad[2][0] = 0                                      # neither shaded nor on the loop
    assert check.check(links, bad, p.clues)
    cut = [row[:] for row in links]
    cut[0][0] &= ~2
    cut[0][1] &= ~8                                    # an open line
    assert check.check(cut, shaded, p.clues)
    assert check.check(links, shaded, p.clues, outside=True) == [
        "cell (2,2): shaded inside the loop"]                # the loop runs round it
    arrowless = [row[:] for row in p.clues]
    arrowless[4][4] = ("", 0)
    assert check.check(links, shaded, arrowless)


test_workbench_solution_file_reads_back = solution_file_reads_back(EX / "yajilin-cspuz-outside-7x7.toml")


def test_doctests():
    assert_doctests(check, formats)


def test_family_solves(tmp_path):
    assert_family_solves("yajilin", tmp_path, seed=2)
