"""Nurimisaki: pzprjs's sample URL solved, unique and equal to its answer;
its failing boards rejected by the referee; the solution counts on random
small boards equal to a brute-force count by the referee; URL round trips;
malformed URLs and files refused with one positioned line."""

import random

import pytest
from conftest import assert_family_solves, assert_unsat, loads1, solved_as_published
from genre_suite import (assert_every_flip_refused, assert_url_reads_as, assert_url_round_trip,
                         assert_url_solves_as_answer_file, brute_shading_count, public_puzzles,
                         refused, refused_on_the_command_line)

from satgrid import api
from satgrid.puzzles.nurimisaki import check as referee
from satgrid.puzzles.nurimisaki import formats
from satgrid.puzzles.nurimisaki.kind import UNKNOWN, Nurimisaki

EX = "../satgrid/puzzles/nurimisaki/examples/"
#: pzprjs test/script/nurimisaki.js: the URL, its failcheck boards (code, board), the last one solved
PZPRJS_URL = "https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j"
CLUES = "pzprv3/nurimisaki/5/5/. - . . . /- . . . . /. . . 2 . /. . . . . /- . . . . /"
PZPRJS = [
    ("brNoShade", CLUES + ". . . . . /. . . . . /. . . . . /. . . . . /. . . . . /"),
    ("cs2x2", CLUES + "# . # # . /. . # # # /. . . . . /. . . . . /. . . . . /"),
    ("cuDivide", CLUES + "# . . . # /. # # # . /. . # . . /# . # # . /. . . . # /"),
    ("nmSumViewNe", CLUES + "# . # # # /. . . . # /# # # . # /. . . . # /. # # # # /"),
    ("cu2x2", CLUES + "# . . . # /. . . # # /# # . . # /. . . # # /. # . . # /"),
    ("circleNotPromontory", CLUES + ". . . . # /. # . # # /# # . . # /. . . # # /. # . . # /"),
    ("nonCirclePromontory", CLUES + "# . # # . /. . . # . /# . # . . /. . . # . /. # . . . /"),
    (None, CLUES + "# . . . . /. # # # . /. . # . . /# . # # . /. . . . . /"),
]


@pytest.mark.parametrize("url", [PZPRJS_URL, "http://pzv.jp/p.html?nurimisaki/5/5/g.i.m2l.j"])
def test_pzprjs_sample_url_solves_to_its_answer(url):
    assert_url_solves_as_answer_file(url, PZPRJS[-1][1], formats, PZPRJS_URL, "clues")


@pytest.mark.parametrize("code,board", PZPRJS[:-1])
def test_pzprjs_failing_boards_are_rejected(code, board):
    p = loads1(board, "f.txt")
    assert referee.check(p.expected_solution(), p.clues)


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
def test_published_example(connectivity):
    name = EX + "nurimisaki-pzprjs-5x5.toml"
    p, res = solved_as_published(name, connectivity, (name,), "")
    assert p.check({"grid": res["grid"]}) == []


def test_unsat_example():
    assert_unsat(EX + "nurimisaki-unsat.toml")


def random_clues(rng, h, w):
    """Circles on the capes of a random shading (some numbered, some moved)."""
    shaded = {(r, c) for r in range(h) for c in range(w) if rng.random() < 0.4}
    clues = [[None] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if (r, c) in shaded:
                continue
            near = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= y < h and 0 <= x < w and (y, x) not in shaded]
            if len(near) == 1 or rng.random() < 0.1:
                n = 1
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    y, x = r + dr, c + dc
                    while 0 <= y < h and 0 <= x < w and (y, x) not in shaded:
                        n, y, x = n + 1, y + dr, x + dc
                clues[r][c] = rng.choice([n, n, UNKNOWN, rng.randint(1, h + w)])
    return clues


@pytest.mark.parametrize("h,w,boards", [(1, 5, 10), (2, 2, 8), (3, 3, 30), (3, 4, 12)])
def test_counts_equal_brute_force(h, w, boards):
    rng = random.Random(h * 100 + w)
    counts = set()
    for i in range(boards):
        clues = random_clues(rng, h, w) if i else [[None] * w for _ in range(h)]
        want = brute_shading_count(referee, clues)
        assert api.count(Nurimisaki(clues))["count"] == want, clues
        counts.add(want)
    assert len(counts) >= 2          # not every board alike


def test_url_round_trips_on_random_boards():
    rng = random.Random(7)
    for _ in range(200):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        clues = [[rng.choice([None] * 8 + [UNKNOWN, rng.randint(0, 300)]) for _ in range(w)]
                 for _ in range(h)]
        assert_url_round_trip(formats, Nurimisaki(clues), loads1, "r.url", clues=clues)


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?nurimisaki/3/2/2h.hz", 40, "expected the end of the URL"),
    ("https://puzz.link/p?nurimisaki/3/2/2!", 37, "found '!'"),
    ("https://puzz.link/p?nurimisaki/3/2/+1", 37, "3 hex digits"),
    ("https://puzz.link/p?nurimisaki/3/0/2h.h", 34, "number of rows"),
    ("https://puzz.link/p?nurimisaki/b/3/2/2h.h", 32, "variant"),
], "t.url")


test_malformed_files_give_one_positioned_line = refused([
    ('puzzle = "nurimisaki"\nclues = """\n. x\n"""\n', "t.toml:3:3:"),
    ('puzzle = "nurimisaki"\nclues = """\n. .\n. . .\n"""\n', "t.toml:4:5:"),
    ('puzzle = "nurimisaki"\nclues = """\n. 2\n"""\n[expect]\nsolution = """\n# x\n"""\n',
     "t.toml:7:3:"),
    ('puzzle = "nurimisaki"\ncircles = "."\n', "t.toml:2:1:"),
], "t.toml")


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.url", "https://puzz.link/p?nurimisaki/3/2/2h!\n", "bad.url:1:38:", "found '!'")


def test_referee_rejects_broken_answers():
    p = loads1(PZPRJS[-1][1], "a.txt")
    assert_every_flip_refused(referee.check, p.expected_solution(), p.clues)


def test_drawings():
    p = loads1(PZPRJS_URL, "s.url")
    res = api.solve(p)
    assert p.render({"grid": res["grid"]}).split("\n")[0].split() == ["#", "o", ".", ".", "."]
    assert "(2)" in p.render_svg({"grid": res["grid"]})


def test_family_solves(tmp_path):
    assert_family_solves("nurimisaki", tmp_path, 3)


#: real puzzles from puzz.link, the first ones among noqx's examples
#: (T0nyX1ang/noqx solver/nurimisaki.py): a published puzzle has one solution
REAL = [
    "https://puzz.link/p?nurimisaki/15/15/v.h.h.h.h.zr.j.h.i.zk.l.q.m.j.l.r.i.i.i.zr.h.h.h.h.v",
    "https://puzz.link/p?nurimisaki/22/15/j.zj3j.h.v.n.g..k3q4z4l.l2w3n4h.u5g3o3k.m.h.g4u.p.k3h.j.p3n.i3k.t.u4o.h3h.g3r4",
    # swaroopg92/penpa-edit test/public/puzz_link_parser.js (its puzz.link parser's examples)
    "https://puzz.link/p?nurimisaki/12/12/h3l4k.l.m.j2n.k3o.h.j.m3r3m2j.i.i3j.i2i2t2k",
    "https://puzz.link/p?nurimisaki/9/9/h3g5g3y.o2m3o.y3g2g.h",
]


test_real_puzzles_are_unique = public_puzzles(REAL, "r.url", formats)


def test_puzzle_drawing_before_solving():
    p = loads1(PZPRJS_URL, "s.url")
    svg = p.puzzle_svg()
    assert svg.startswith("<svg") and "#ddd" not in svg and "(2)" in svg        # the clues, no answer


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
def test_second_published_example_and_its_url(connectivity):
    name = EX + "nurimisaki-semiexp-10x10.toml"
    p, res = solved_as_published(name, connectivity, (name,), "")
    assert_url_reads_as(formats, "https://puzz.link/p?nurimisaki/10/10/j3l3v2t2p.g2j2w2k2n3k", "c.url", p, "clues")
