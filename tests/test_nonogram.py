"""Nonogram: pzprjs's samples (its URL and its accepted answers) solved
unique, its failing boards refused by the referee; the model against a brute
force over every grid of small boards (judged by the referee); URL round
trips on random boards; the one-line errors of malformed files."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1, loads1
from genre_suite import assert_example_unique, assert_public_unique, refused, solved_unique

from satgrid import api
from satgrid.puzzles.nonogram import Nonogram, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/nonogram/examples"
PZPRJS_URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
# robx/pzprjs test/script/nonogram.js: the failcheck boards (clue cells above
# and left of the grid, '#' shaded), the null ones accepted
HEAD = ". . . . 1 . 1 . . /. . . 2 1 . 1 2 . /. . . 1 1 1 1 1 . /"
BOARDS = [
    ("exNoMatch", HEAD + ". 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . . /"
                         ". 1 1 # . . . . . /. . 3 . # # # . . /"),
    ("exNoMatch", HEAD + ". 2 1 . # . # # . /. 1 1 # . . . # . /. 1 2 # # . # . . /. . . . . . . . . /"
                         ". 1 1 # . . . # . /. . 3 . # # # . . /"),
    ("exNoMatch", HEAD + ". 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . # /"
                         ". 1 1 # . . . # . /. . 3 . # # # . . /"),
    (None, HEAD + ". 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . . /"
                  ". 1 1 # . . . # . /. . 3 . # # # . . /"),
]
# the sample with width != height (10 rows, 3 columns), accepted
TALL = (". . . . . /. . . 1 . /. . . 2 . /. . 4 1 3 /. . 1 1 4 /. 2 . # # /. 1 . . # /. 2 . # # /"
        ". 2 # # . /. 1 # . . /. 1 # . . /. 3 # # # /. 1 . . # /. 1 . . # /. 3 # # # /")


def read_board(text: str, rows: int, cols: int):
    """(row clues, column clues, grid) of a pzprv3 nonogram board."""
    lines = [l.split() for l in text.split("/") if l.strip()]
    above, left = (rows + 1) // 2, (cols + 1) // 2
    col_clues = [[int(lines[k][left + c]) for k in range(above) if lines[k][left + c] != "."]
                 for c in range(cols)]
    row_clues = [[int(t) for t in lines[above + r][:left] if t != "."] for r in range(rows)]
    grid = [[int(t == "#") for t in lines[above + r][left:]] for r in range(rows)]
    return row_clues, col_clues, grid


def test_pzprjs_sample_url_solved_as_pzprjs_answers():
    p = loads1(PZPRJS_URL + "\n", "sample.txt")
    rows, cols, answer = read_board(BOARDS[-1][1], 6, 6)
    assert (p.row_clues, p.column_clues) == (rows, cols)
    res = solved_unique(p)
    assert res["grid"] == answer and p.check(res) == []
    assert formats.to_url(p) == PZPRJS_URL


def test_pzprjs_tall_sample():
    rows, cols, answer = read_board(TALL, 10, 3)
    p = Nonogram(rows, cols)
    assert check.check(answer, rows, cols) == []
    got = [s["grid"] for s in api.solve_all(p)["solutions"]]
    assert answer in got and all(check.check(g, rows, cols) == [] for g in got)
    q = loads1(formats.to_url(p), "t.txt")
    assert (q.row_clues, q.column_clues) == (rows, cols)


@pytest.mark.parametrize("code,text", BOARDS)
def test_referee_judges_pzprjs_boards_as_pzprjs(code, text):
    rows, cols, grid = read_board(text, 6, 6)
    assert (check.check(grid, rows, cols) == []) is (code is None)


@pytest.mark.parametrize("rows,cols,board", [(6, 6, BOARDS[-1][1]), (10, 3, TALL)])
def test_pzprjs_files_read_with_their_answers(rows, cols, board):
    p = loads1(f"pzprv3/nonogram/{rows}/{cols}/{board}", "sample.txt")
    assert (p.row_clues, p.column_clues, p.expected_solution()) == read_board(board, rows, cols)
    assert p.check({"grid": p.expected_solution()}) == []


def test_published_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "nonogram-pzprjs-6x6.toml")
    assert formats.to_url(p) == PZPRJS_URL


def blocks(cells) -> list[int]:
    return [len(b) for b in "".join("#" if v else "." for v in cells).split(".") if b]


def brute_force(rows, cols) -> list:
    """Every grid the referee accepts, among the grids whose rows each meet
    their clue (every row of w cells tried)."""
    h, w = len(rows), len(cols)
    lines = [list(b) for b in itertools.product((0, 1), repeat=w)]
    choices = [[b for b in lines if blocks(b) == clue] for clue in rows]
    return [list(map(list, g)) for g in itertools.product(*choices)
            if not check.check(list(map(list, g)), rows, cols)]


@pytest.mark.parametrize("h,w,seed", [(3, 3, 0), (3, 4, 1), (4, 3, 2), (2, 5, 3), (4, 4, 4),
                                      (5, 5, 5), (5, 4, 6)])
def test_model_against_brute_force(h, w, seed):
    """Clues of random pictures, some changed at random: the solutions are
    exactly the grids the referee accepts."""
    rng = random.Random(seed)
    for i in range(4):
        pic = [[rng.randint(0, 1) for _ in range(w)] for _ in range(h)]
        rows, cols = [blocks(r) for r in pic], [blocks(c) for c in zip(*pic)]
        if i % 2:
            line = rng.choice(rows + cols)
            line.append(rng.randint(1, 2)) if rng.random() < 0.5 or not line else line.pop()
        got = api.solve_all(Nonogram(rows, cols))["solutions"]
        assert sorted(s["grid"] for s in got) == sorted(brute_force(rows, cols)), (rows, cols)


def test_unsat_example():
    p = load1(EX / "nonogram-unsat-3x3.toml")
    assert brute_force(p.row_clues, p.column_clues) == [] and api.count(p)["count"] == 0


def test_url_round_trips_on_random_boards():
    rng = random.Random(1)
    for _ in range(40):
        h, w = rng.randint(1, 25), rng.randint(1, 25)
        pic = [[int(rng.random() < 0.5) for _ in range(w)] for _ in range(h)]
        p = Nonogram([blocks(r) for r in pic], [blocks(c) for c in zip(*pic)])
        url = formats.to_url(p)
        q = loads1(url, "u.txt")
        assert formats.to_url(q) == url and q.row_clues == p.row_clues
        assert q.column_clues == p.column_clues


def test_url_not_pushed_against_the_grid_is_read_in_order():
    """Clue cells with gaps between them (an unflushed URL) read far to near."""
    p = loads1("https://puzz.link/p?nonogram/3/3/g1g1g2g2g111\n", "u.txt")
    assert p.column_clues == [[1], [1], [2]] and p.row_clues == [[2], [1], [1, 1]]
    assert formats.to_url(p) == "https://puzz.link/p?nonogram/3/3/1g1g2g2g1g11"


def test_family(tmp_path):
    assert_family_solves("nonogram", tmp_path, 4)


def test_doctests():
    assert_doctests(formats, check)


test_malformed_files_give_one_line = refused([
    ("https://puzz.link/p?nonogram/3/3/111g2g2g1g1!", "t.txt", "t.txt:1:45", "'!'"),
    ("https://puzz.link/p?nonogram/3/3/111g2g2g1g110", "t.txt", "t.txt:1:46", "end of the URL"),
    ("https://puzz.link/p?nonogram/3/3/1.1g2g2g1g11", "t.txt", "t.txt:1:35", "'?'"),
    ("https://puzz.link/p?nonogram/3/3/111g0g2g1g11", "t.txt", "t.txt:1:38", "0"),
    ('puzzle = "nonogram"\nrows = """\n1\n"""\n', "t.toml", "t.toml:1:1", "'columns'"),
    ('puzzle = "nonogram"\nrows = """\n1 x\n"""\ncolumns = """\n1\n"""\n', "t.toml", "t.toml:3:3",
     "'x'"),
    ('puzzle = "nonogram"\nrows = """\n0\n"""\ncolumns = """\n1\n"""\n', "t.toml", "t.toml:3:1",
     "block length"),
    ('puzzle = "nonogram"\nrows = """\n1\n"""\ncolumns = """\n1\n"""\n[expect]\n'
     'solution = """\n#\n.\n"""\n', "t.toml", "t.toml:11", "expected 1 rows"),
    ('puzzle = "nonogram"\nrow = 1\n', "t.toml", "t.toml:2:1", "unknown key"),
    ("pzprv3/nonogram/1/2/. 1 . /1 # x /", "t.txt", "t.txt:1:32", "'x'"),
    ("pzprv3/nonogram/1/2/. 1 . /0 # . /", "t.txt", "t.txt:1:28", "block length"),
    ("pzprv3/nonogram/1/2/. 1 . /1 # /", "t.txt", "t.txt:1:30", "expected 3 cells"),
])


# a puzz.link puzzle from noqx's examples (T0nyX1ang/noqx solver/nonogram.py), its
# answer published there in penpa's compressed form: one solution here too
NOQX_URL = ("https://puzz.link/p?nonogram/30/30/1121222n1331112n3111223n34133p8115q64113p5412312n"
       "411232o311323o21215p2112113n41243p32124p231112o2222q32121p22222p3225q52215p41524p452"
       "4q4221q422121o354r3132q51121p56sct43s1t411r422r4112q14211p19112p4811q22ar223711o5325"
       "q41113p334r2171q13333p15br2123111n222111o6272q431113o32111111m33112p2211111n122112o2"
       "3711p733r74s77s3425q75sbt7t")


def test_noqx_example_unique_and_written_back():
    assert_public_unique(NOQX_URL + "\n", "noqx.txt", formats, lambda p, res: p.check(res))
