"""Light Up (Akari): pzprjs's sample URL solved, unique and equal to its
answer; its failing boards rejected by the referee; the solution counts on
random small boards equal to a brute-force count by the referee; URL round
trips; malformed URLs and files refused with one positioned line."""

import random

import pytest
from conftest import ROOT, assert_family_solves, assert_unsat, loads1, solved_as_published
from genre_suite import (assert_every_flip_refused, assert_url_round_trip,
                         assert_url_solves_as_answer_file, brute_shading_count, public_puzzles,
                         refused, refused_on_the_command_line)

from satgrid import api
from satgrid.puzzles.lightup import check as referee
from satgrid.puzzles.lightup import formats
from satgrid.puzzles.lightup.kind import WALL, LightUp

EX = ROOT / "satgrid/puzzles/lightup/examples"
#: pzprjs test/script/lightup.js: the URL, its failcheck boards (code, board), the last one solved
PZPRJS_URL = "https://puzz.link/p?akari/6/6/nekcakbl"
PZPRJS = [
    ("nmAkariNe", "pzprv3/lightup/6/6/. . . . . . /. . 4 . . . /. # . . 2 . /# 0 # . . . /. # . 1 . . /. . . . . . /"),
    ("akariDup", "pzprv3/lightup/6/6/. . # . . # /. # 4 # . . /. . # . 2 . /. 0 . . # . /. . . 1 . . /. . . . . . /"),
    ("nmAkariNe", "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /. + . 1 . . /. . . . . . /"),
    ("ceDark", "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /. + . 1 . . /. . . # . . /"),
    (None, "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /# + . 1 . . /. . . # . . /"),
]


@pytest.mark.parametrize("url", [PZPRJS_URL, "http://pzv.jp/p.html?lightup/6/6/nekcakbl",
                                 "https://puzz.link/p?akari_edit/6/6/nekcakbl"])
def test_pzprjs_sample_url_solves_to_its_answer(url):
    assert_url_solves_as_answer_file(url, PZPRJS[-1][1], formats, PZPRJS_URL, "clues")


@pytest.mark.parametrize("code,board", PZPRJS[:-1])
def test_pzprjs_failing_boards_are_rejected(code, board):
    p = loads1(board, "f.txt")
    assert referee.check(p.expected_solution() or [[0] * 6 for _ in range(6)], p.clues)


@pytest.mark.parametrize("name", ["lightup-pzprjs-6x6.toml", "lightup-puzzlekit-10x10.toml"])
def test_published_examples(name):
    p, res = solved_as_published("../satgrid/puzzles/lightup/examples/" + name, "lazy", (), "")
    assert p.check({"grid": res["grid"]}) == []


def test_unsat_example():
    assert_unsat(str(EX / "lightup-unsat.toml"))


def random_clues(rng, h, w):
    """Random walls, numbered from a random set of lights or at random."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    walls = {x for x in cells if rng.random() < 0.3}
    lights = {x for x in cells if x not in walls and rng.random() < 0.3}
    clues = [[None] * w for _ in range(h)]
    for r, c in walls:
        near = sum((y, x) in lights for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        clues[r][c] = rng.choice([WALL, near, near, rng.randrange(5)])
    return clues


@pytest.mark.parametrize("h,w,boards", [(1, 4, 10), (3, 3, 40), (4, 4, 8)])
def test_counts_equal_brute_force(h, w, boards):
    rng = random.Random(h * 100 + w)
    seen_counts = set()
    for _ in range(boards):
        clues = random_clues(rng, h, w)
        want = brute_shading_count(referee, clues)
        assert api.count(LightUp(clues))["count"] == want, clues
        seen_counts.add(want)
    assert len(seen_counts) > 2          # the boards are not all alike


def test_url_round_trips_on_random_boards():
    rng = random.Random(7)
    for _ in range(200):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        clues = [[rng.choice([None] * 6 + [WALL, 0, 1, 2, 3, 4]) for _ in range(w)]
                 for _ in range(h)]
        assert_url_round_trip(formats, LightUp(clues), loads1, "r.url", clues=clues)


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?akari/3/2/.ahz", "t.url:1:34:", "expected the end of the URL"),
    ("https://puzz.link/p?akari/3/2/.f", "t.url:1:32:", "expected 0-9, a-e, g-z"),
    ("https://puzz.link/p?akari/0/2/.ah", "t.url:1:27:", "number of columns"),
    ("https://puzz.link/p?akari/3/0/.ah", "t.url:1:29:", "number of rows"),
    ("https://puzz.link/p?akari/b/3/2/.ah", "t.url:1:27:", "variant"),
], "t.url")


test_malformed_files_give_one_positioned_line = refused([
    ('puzzle = "lightup"\nclues = """\n. 5\n"""\n', "t.toml:3:3:"),
    ('puzzle = "lightup"\nclues = """\n. .\n.\n"""\n', "t.toml:4:1:"),
    ('puzzle = "lightup"\nclues = """\n. .\n"""\n[expect]\nsolution = """\n* x\n"""\n', "t.toml:7:3:"),
    ('puzzle = "lightup"\nwalls = "."\n', "t.toml:2:1:"),
    ("pzprv3/lightup/1/2/. x /", "t.txt:1:22:"),
])


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.url", "https://puzz.link/p?akari/3/2/.a!\n", "bad.url:1:33:", "found '!'")


def test_referee_rejects_broken_answers():
    p = loads1(PZPRJS[-1][1], "a.txt")
    assert_every_flip_refused(referee.check, p.expected_solution(), p.clues)


def test_drawings():
    p = loads1(PZPRJS_URL, "s.url")
    res = api.solve(p)
    assert p.render({"grid": res["grid"]}).split("\n")[1].split() == [".", "*", "4", "*", ".", "."]
    svg = p.render_svg({"grid": res["grid"]})
    assert svg.count("●") == 8 and ">0<" in svg


def test_family_solves(tmp_path):
    assert_family_solves("lightup", tmp_path, 3)


#: real puzzles from puzz.link, the first ones among noqx's examples
#: (T0nyX1ang/noqx solver/akari.py): a published puzzle has one solution
REAL = [
    "https://puzz.link/p?akari/17/17/g666.g6.g6.x6.x6.x6.obl6.gbi6cv.gblcmbl7cv6bi66blam6.x.gbv.gcv66.g666.g.g",
    "https://puzz.link/p?akari/20/20/................................h............h1...h............i...i...........i1.bg........t.....i6cn...hbibi1b..kbl1b0.g6bgc..l..k.j1.l..hciam...i6.q...v0...bs....b.b..h2..h....i..h..i..h....i..h..b..h....h1..h...h..h....................../",
    # swaroopg92/penpa-edit test/public/puzz_link_parser.js (its puzz.link parser's examples)
    "https://puzz.link/p?akari/10/10/jbh.rchcpah.n.jbpchcp.jah",
    "https://puzz.link/p?akari/20/20/h.k.h.kbz.ha.gb6.hab.hbl.h.zk.h.lbbiab.hb.h.zh.gbg6b.g.i6.zz.g.i6b.g.i.g.zh.hb.h.hbbib.l.hbzi.h.n.ha.ha.gb.gb.hbzbi.h.kb",
    "https://puzz.link/p?akari/40/40/i..i8.g.gco1...i1.h.g.hd.i.g...t1.j6.g.hcgch.bo1..jah.g.g.gbh.h.q1.n.j.g.gbi.g.qco.j.g.l.bobqbh..lcobxbi.rbsbmbpbzi.r.mcgckci.sck.j.rdpblbhbkbg.r.n1.j.q.rcl..i6.m7.h.ocl7.i.gbm.h.oakb.i6.qcm.m.i.h.h.p..obj.jb.h.n..g.n.lbi.gbg.p.o.k.kbbg6clbbich1bj6.j.g.n.h.k.h0..l.h.j...n.i.j......bi6bi.gblbgbh1.......i.g.l.g.n.i.i.h....g.c1cmbm66.h.h.g..gb.l1.b.o5.g.hbgcbbj....1.mcg.g.g7.j2.o1....gbgbk..g..g.u...g.g.ibk.g71.bs.h.g.i.jbbi.g.pbh1b.hbg..h.h65.hcmbkbj1cbk.z.j1..p.g.x1.h1..cn1.hbt..6...l1.......bdkbj6.g..g.n.......b.r.h.g.g..n.........h1bl2bg.6.g.n1..........g...i...k.jcm........ib..bl6.g.m",
]


test_real_puzzles_are_unique = public_puzzles(REAL, "r.url", formats)


def test_puzzle_drawing_before_solving():
    p = loads1(PZPRJS_URL, "s.url")
    svg = p.puzzle_svg()
    assert svg.startswith("<svg") and "●" not in svg and ">4<" in svg        # the clues, no answer


def test_semiexps_puzzle_solves_to_the_answer_cspuz_expects():
    # https://twitter.com/semiexp/status/1225770511080144896, transcribed with its answer in
    # the tests of semiexp/cspuz_core (cspuz_rs_puzzles/src/puzzles/akari.rs)
    p = loads1("https://puzz.link/p?akari/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h", "s.url")
    assert p.clues[3][:5] == [WALL, None, None, None, 3] and p.clues[8][1] == 2
    res = api.solve(p, unique=True)
    assert res["unique"] is True
    assert res["grid"] == [[int(ch) for ch in row] for row in (
        "1001000000", "0010000001", "0000100010", "0000010000", "0000100100",
        "0100010000", "1000001000", "0000010000", "0010000000", "0100000001")]
