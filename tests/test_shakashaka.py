"""Shakashaka: pzprjs's sample (its URL and its accepted answer) solved
unique, its failing boards refused by the referee; the model (the local
rule of satgrid.rules.counts.white_rectangles) against a brute force over
every filling of small boards judged by the referee (pzprjs's reading of
white areas); URL round trips on random boards; the one-line errors of
malformed files."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1, loads1
from genre_suite import (assert_example_unique, assert_public_unique, assert_url_round_trip,
                         refused, solved_unique)

from satgrid import api
from satgrid.puzzles.shakashaka import Shakashaka, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/shakashaka/examples"
PZPRJS_URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
# robx/pzprjs test/script/shakashaka.js: the givens, the failcheck answers
# (2..5 the triangles, '+' a white cell marked), the null one accepted
GIVENS = "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /. . . 1 . . /"
BLACKS = "2 . . . 1 . /. . . 3 . 5 /. . 4 . . . /3 . . . . . /. . . . . . /. . . 5 . . /"
TWO = "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /. . . 2 . . /"
BOARDS = [
    ("nmTriangleGt", GIVENS,
     ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. 2 3 . 2 3 /"),
    ("cuNotRectx", GIVENS,
     ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. . . . 2 3 /"),
    ("cuNotRectx", BLACKS,
     ". 5 4 . . . /5 . 3 . . . /2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /"),
    ("cuNotRectx", GIVENS,
     ". 5 4 . . . /5 . 3 . 5 4 /2 3 . 5 5 3 /. 5 4 2 3 . /5 . 3 . 5 4 /2 3 . . 2 3 /"),
    ("nmTriangleGt", GIVENS,
     ". 5 4 . . . /5 . 3 . . . /2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /"),
    ("nmTriangleLt", TWO,
     ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 + /5 . 3 + 5 4 /2 3 . . 2 3 /"),
    (None, GIVENS,
     ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /"),
]
SHAPE = {".": ".", "+": ".", "2": "bl", "3": "br", "4": "tr", "5": "tl"}


def rows_of(text: str) -> list[list[str]]:
    return [l.split() for l in text.split("/") if l.strip()]


def read_board(answer: str, givens: str = GIVENS):
    """(clues, grid) of a pzprv3 shakashaka board (givens: '5' a black cell)."""
    clues = [[None if t == "." else -1 if t == "5" else int(t) for t in row]
             for row in rows_of(givens)]
    grid = [["#" if clues[r][c] is not None else SHAPE[t] for c, t in enumerate(row)]
            for r, row in enumerate(rows_of(answer))]
    return clues, grid


def test_pzprjs_sample_url_solved_as_pzprjs_answers():
    p = loads1(PZPRJS_URL + "\n", "sample.txt")
    clues, answer = read_board(BOARDS[-1][2])
    assert p.clues == clues
    res = solved_unique(p)
    assert res["grid"] == answer and p.check(res) == []
    assert formats.to_url(p) == PZPRJS_URL


def test_pzprjs_file_read_with_its_answer():
    p = loads1(f"pzprv3/shakashaka/6/6/{GIVENS}{BOARDS[-1][2]}", "sample.txt")
    clues, answer = read_board(BOARDS[-1][2])
    assert p.clues == clues and p.expected_solution() == answer
    res = solved_unique(p)
    assert res["grid"] == answer
    assert loads1(f"pzprv3/shakashaka/6/6/{BLACKS}", "s.txt").clues[1][5] == -1


@pytest.mark.parametrize("code,givens,text", BOARDS)
def test_referee_judges_pzprjs_boards_as_pzprjs(code, givens, text):
    clues, grid = read_board(text, givens)
    assert (check.check(grid, clues) == []) is (code is None)


def test_referee_needs_a_triangle():
    assert check.check([[".", "."]], [[None, None]]) == ["no triangle"]
    assert api.count(Shakashaka([[None, None]]))["count"] == 0


def test_published_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "shakashaka-pzprjs-6x6.toml")
    assert formats.to_url(p) == PZPRJS_URL


def test_independent_solvers_answer():
    """cspuz_rs's Shakashaka test (its problem from semiexp's post): one
    solution, with a top-left triangle at (0, 5), top-right at (7, 4) and
    bottom-right at (6, 2)."""
    p = loads1("https://puzz.link/p?shakashaka/10/10/rdr70bdpdgccrczhcga", "s.txt")
    assert p.clues[1][2] == 3 and p.clues[9][7] == 0
    res = api.solve(p, unique=True)
    assert res["unique"] is True
    assert (res["grid"][0][5], res["grid"][7][4], res["grid"][6][2]) == ("tl", "tr", "br")


def brute_force(clues) -> list:
    h, w = len(clues), len(clues[0])
    free = [(r, c) for r in range(h) for c in range(w) if clues[r][c] is None]
    out = []
    for shapes in itertools.product((".", "bl", "br", "tr", "tl"), repeat=len(free)):
        grid = [["#"] * w for _ in range(h)]
        for (r, c), s in zip(free, shapes):
            grid[r][c] = s
        if not check.check(grid, clues):
            out.append(grid)
    return out


BOARDS_SMALL = [                       # 5 or 6 free cells: at most 15,625 fillings each
    [[None] * 3, [None] * 3],
    [[None] * 2, [None] * 2, [None] * 2],
    [[None, None, None, -1], [-1, None, None, 2]],
    [[2, None, None], [None, None, -1], [None, -1, -1]],
    [[None, None, -1], [None, None, None], [1, -1, -1]],
]


@pytest.mark.parametrize("clues", BOARDS_SMALL)
def test_model_against_brute_force(clues):
    """Every filling the referee (pzprjs's reading) accepts is a solution,
    and no other: the local arcs-around-grid-points rule means the rectangles."""
    got = api.solve_all(Shakashaka(clues))["solutions"]
    assert sorted(s["grid"] for s in got) == sorted(brute_force(clues)), clues


def test_unsat_example():
    p = load1(EX / "shakashaka-unsat-2x3.toml")
    assert brute_force(p.clues) == [] and api.count(p)["count"] == 0


def test_url_round_trips_on_random_boards():
    rng = random.Random(1)
    for _ in range(40):
        h, w = rng.randint(1, 15), rng.randint(1, 15)
        clues = [[rng.choice([-1, 0, 1, 2, 3, 4]) if rng.random() < 0.25 else None
                  for _ in range(w)] for _ in range(h)]
        assert_url_round_trip(formats, Shakashaka(clues), loads1, "u.txt", clues=clues)


def test_family(tmp_path):
    assert_family_solves("shakashaka", tmp_path, 4)


def test_doctests():
    assert_doctests(formats, check)


test_malformed_files_give_one_line = refused([
    ("https://puzz.link/p?shakashaka/6/6/cgbhdhegdr!", "t.txt", "t.txt:1:46", "'!'"),
    ("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb1", "t.txt", "t.txt:1:47", "end of the URL"),
    ('puzzle = "shakashaka"\nclues = """\n1 5\n"""\n', "t.toml", "t.toml:3:3", "0..4"),
    ("pzprv3/shakashaka/1/2/1 x /", "t.txt", "t.txt:1:25", "'x'"),
    ("pzprv3/shakashaka/1/2/1 . /. 6 /", "t.txt", "t.txt:1:30", "'6'"),
    ('puzzle = "shakashaka"\nclues = """\n1 .\n. .\n"""\n[expect]\nsolution = """\n# x\n. .\n"""\n',
     "t.toml", "t.toml:8:3", "'x'"),
    ('puzzle = "shakashaka"\nclues = """\n1 .\n.\n"""\n', "t.toml", "t.toml:4", "expected 2 cells"),
])


# a puzz.link puzzle from noqx's examples (T0nyX1ang/noqx solver/shakashaka.py), its
# answer published there in penpa's compressed form: one solution here too
NOQX_URL = ("https://puzz.link/p?shakashaka/30/30/kcodzzzgchbjbgbgbgbzzzobmcclbhblbobr.zkbncczzpb"
       "obgbgbscvczzu.lbgbgbobzgddkcsbzzndibiddbjbkcw.ztbzpbhbgbgbgb.zwbzgczzhegdobycgdlbhdx")


def test_noqx_example_unique_and_written_back():
    assert_public_unique(NOQX_URL + "\n", "noqx.txt", formats, lambda p, res: p.check(res))
