"""Kurodoko: pzprjs's sample URL solved, unique and equal to its answer; its
failing boards rejected by the referee; the solution counts on random small
boards equal to a brute-force count by the referee; URL round trips;
malformed URLs and files refused with one positioned line."""

import random

import pytest
from conftest import (assert_error_at, assert_family_solves, assert_unsat, loads1,
                      solved_as_published)
from genre_suite import (assert_every_flip_refused, assert_url_reads_as, assert_url_round_trip,
                         assert_url_solves_as_answer_file, brute_shading_count, public_puzzles,
                         refused, refused_on_the_command_line)

from satgrid import api
from satgrid.puzzles.kurodoko import check as referee
from satgrid.puzzles.kurodoko import formats
from satgrid.puzzles.kurodoko.kind import UNKNOWN, Kurodoko

EX = "../satgrid/puzzles/kurodoko/examples/"
#: pzprjs test/script/kurodoko.js: the URL, its failcheck boards (code, board), the last one solved
PZPRJS_URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
CLUES = "/. . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . . /"
PZPRJS = [
    ("brNoShade", "pzprv3/kurodoko/5/5" + CLUES),
    ("csAdjacent", "pzprv3/kurodoko/5/5" + CLUES + ". . . . . /. . . . . /. . . . . /. . # . . /. . # . . /"),
    ("cuDivideRB", "pzprv3/kurodoko/5/5" + CLUES + ". # . . . /. . # . . /. # . . . /. . # . . /. . . # . /"),
    ("nmSumViewNe", "pzprv3/kurodoko/5/5" + CLUES + "# + + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /"),
    (None, "pzprv3/kurodoko/5/5" + CLUES + "+ # + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /"),
]


@pytest.mark.parametrize("url", [PZPRJS_URL, "http://pzv.jp/p.html?kurodoko/5/5/i7g5l2l2g4i"])
def test_pzprjs_sample_url_solves_to_its_answer(url):
    assert_url_solves_as_answer_file(url, PZPRJS[-1][1], formats, PZPRJS_URL, "clues")


@pytest.mark.parametrize("code,board", PZPRJS[:-1])
def test_pzprjs_failing_boards_are_rejected(code, board):
    p = loads1(board, "f.txt")
    assert referee.check(p.expected_solution() or [[0] * 5 for _ in range(5)], p.clues)


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
def test_published_example(connectivity):
    p, res = solved_as_published(EX + "kurodoko-pzprjs-5x5.toml", connectivity,
                                 (EX + "kurodoko-pzprjs-5x5.toml",), "")
    assert p.check({"grid": res["grid"]}) == []


def test_unsat_example():
    assert_unsat(EX + "kurodoko-unsat.toml")


def random_clues(rng, h, w):
    """Clues read off a random shading (then some changed or made '?')."""
    shaded = {(r, c) for r in range(h) for c in range(w) if rng.random() < 0.25}
    clues = [[None] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if (r, c) in shaded or rng.random() > 0.35:
                continue
            n = 1
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                y, x = r + dr, c + dc
                while 0 <= y < h and 0 <= x < w and (y, x) not in shaded:
                    n, y, x = n + 1, y + dr, x + dc
            clues[r][c] = rng.choice([n, n, n, UNKNOWN, rng.randint(1, h + w)])
    return clues


@pytest.mark.parametrize("h,w,boards", [(1, 5, 10), (3, 3, 30), (3, 4, 12)])
def test_counts_equal_brute_force(h, w, boards):
    rng = random.Random(h * 100 + w)
    counts = set()
    for _ in range(boards):
        clues = random_clues(rng, h, w)
        want = brute_shading_count(referee, clues)
        assert api.count(Kurodoko(clues))["count"] == want, clues
        counts.add(want)
    assert len(counts) >= 2          # not every board alike


def test_url_round_trips_on_random_boards():
    rng = random.Random(7)
    for _ in range(200):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        clues = [[rng.choice([None] * 8 + [UNKNOWN, rng.randint(0, 300)]) for _ in range(w)]
                 for _ in range(h)]
        assert_url_round_trip(formats, Kurodoko(clues), loads1, "r.url", clues=clues)


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?kurodoko/3/2/2h.hz", "t.url:1:38:", "expected the end of the URL"),
    ("https://puzz.link/p?kurodoko/3/2/2!", "t.url:1:35:", "found '!'"),
    ("https://puzz.link/p?kurodoko/3/2/-1", "t.url:1:35:", "2 hex digits"),
    ("https://puzz.link/p?kurodoko/0/2/2h.h", "t.url:1:30:", "number of columns"),
    ("https://puzz.link/p?kurodoko/b/3/2/2h.h", "t.url:1:30:", "variant"),
], "t.url")


test_malformed_files_give_one_positioned_line = refused([
    ('puzzle = "kurodoko"\nclues = """\n. x\n"""\n', "t.toml:3:3:"),
    ('puzzle = "kurodoko"\nclues = """\n. .\n.\n"""\n', "t.toml:4:1:"),
    ('puzzle = "kurodoko"\nclues = """\n. 2\n"""\n[expect]\nsolution = """\n# x\n"""\n',
     "t.toml:7:3:"),
    ('puzzle = "kurodoko"\nnumbers = "."\n', "t.toml:2:1:"),
], "t.toml")


def test_malformed_pzprv3_gives_one_positioned_line():
    assert_error_at("pzprv3/kurodoko/1/2/. ? /", "t.txt", "t.txt:1:23:")
    assert_error_at("pzprv3/kurodoko/1/2/. 2 /# x /", "t.txt", "t.txt:1:28:")


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.url", "https://puzz.link/p?kurodoko/3/2/2h!\n", "bad.url:1:36:", "found '!'")


def test_referee_rejects_broken_answers():
    p = loads1(PZPRJS[-1][1], "a.txt")
    assert_every_flip_refused(referee.check, p.expected_solution(), p.clues)


def test_drawings():
    p = loads1(PZPRJS_URL, "s.url")
    res = api.solve(p)
    assert p.render({"grid": res["grid"]}).split("\n")[0].split() == [".", "#", ".", "7", "."]
    assert ">7<" in p.render_svg({"grid": res["grid"]})


def test_family_solves(tmp_path):
    assert_family_solves("kurodoko", tmp_path, 3)


#: real puzzles from puzz.link, the first ones among noqx's examples
#: (T0nyX1ang/noqx solver/kurodoko.py): a published puzzle has one solution
REAL = [
    "https://puzz.link/p?kurodoko/9/9/h3j4g3j4l.j4g3j.ldl.j5g6j.l7j5g6j5h",
    # swaroopg92/penpa-edit test/public/puzz_link_parser.js (its puzz.link parser's examples)
    "https://puzz.link/p?kurodoko/10/10/3n5k2l5j4s5h76n98h3s4j4l4k3n4",
    "https://puzz.link/p?kurodoko/12/12/9l9l5l4l2l7l5l3l4l3h5p7h3l7l4l8l8l2l7l5l7l7",
    "https://puzz.link/p?kurodoko/4/4/g4g3.l.3g3g",
    "https://puzz.link/p?kurodoko/9/9/man5h365i4zo4i684h4n8m",
]


test_real_puzzles_are_unique = public_puzzles(REAL, "r.url", formats)


def test_puzzle_drawing_before_solving():
    p = loads1(PZPRJS_URL, "s.url")
    svg = p.puzzle_svg()
    assert svg.startswith("<svg") and "#ddd" not in svg and ">7<" in svg        # the clues, no answer


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
def test_second_published_example_and_its_url(connectivity):
    name = EX + "kurodoko-cspuz-6x5.toml"
    p, res = solved_as_published(name, connectivity, (name,), "")
    assert_url_reads_as(formats, "https://puzz.link/p?kurodoko/6/5/h2j2h3r5g2j", "c.url", p, "clues")


def test_clause_estimate_bounds_the_build():
    from satgrid.modelling.model import Model
    for url in [PZPRJS_URL] + REAL:
        p = loads1(url, "e.url")
        for options in ({}, {"card": "totalizer"}, {"connectivity": "eager"}):
            m = Model(**options)
            estimate = p.estimate_clauses(m)
            p.build(m)
            assert m.formula.nclauses <= estimate <= 20 * m.formula.nclauses + 100
