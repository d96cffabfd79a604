"""Kakuro: the published puzzles solved, unique and as published (pzprjs's
sample URL against its own answer); the model's solutions counted against
a brute force of the referee on small boards; URL round trips; malformed
files refused with one positioned line; the referee catching each rule."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1
from genre_suite import (assert_drawings, assert_example_unique, assert_unsat_file,
                         estimates_bound_the_build, load_text, refused,
                         refused_on_the_command_line, solved_unique)

from satgrid import api
from satgrid.puzzles.kakuro import Kakuro, check, formats

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/kakuro/examples"
PZPRJS_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
# robx/pzprjs test/script/kakuro.js: the last failcheck entry (null: solved)
PZPRJS_ANSWER = ("pzprv3/kakuro/5/5/0 0 12 4 0 0 /0 8,4 . . 0,10 0,0 /10 . . . . 0,10 /"
                 "3 . . 3,17 . . /0 21,0 . . . . /0 0,0 12,0 . . 0,0 /. 5 3 . . /3 4 1 2 . /"
                 "1 2 . 1 2 /. 1 9 3 8 /. . 8 4 . /")


def pzprv3_answer(text: str) -> list[list[int]]:
    """The answer digits of a pzprv3 kakuro file, framed as the decoded grid."""
    parts = text.split("/")
    rows, cols = int(parts[2]), int(parts[3])
    answer = parts[4 + rows + 1:4 + 2 * rows + 1]
    return [[0] * (cols + 1)] + [[0] + [0 if t == "." else int(t) for t in line.split()]
                                 for line in answer]


def test_examples_unique_and_as_published():
    p, res = assert_example_unique(EX / "kakuro-pzprjs-5x5.toml")
    assert p.check(res) == []
    assert to_url_of(p) == PZPRJS_URL


def to_url_of(p) -> str:
    return formats.to_url(p)


def test_pzprjs_sample_url_solves_to_its_answer(tmp_path):
    p = load_text(tmp_path, "k.txt", PZPRJS_URL)
    res = solved_unique(p)
    assert res["grid"] == pzprv3_answer(PZPRJS_ANSWER)


def test_unsat_example():
    assert_unsat_file(EX / "kakuro-unsat.toml")


def random_board(rng: random.Random, rows: int, cols: int, *, max_white: int = 9):
    """A random framed board with random clues (None, 0 or a number)."""
    while True:
        grid = [[(None, None)] * (cols + 1)] + [[(None, None)] + [
            None if rng.random() < 0.7 else (None, None) for _ in range(cols)]
            for _ in range(rows)]
        if sum(v is None for row in grid for v in row) <= max_white:
            break
    for r in range(rows + 1):
        for c in range(cols + 1):
            if grid[r][c] is not None:
                down = r + 1 <= rows and grid[r + 1][c] is None
                right = c + 1 <= cols and grid[r][c + 1] is None
                pick = lambda ok: rng.choice([None, 0] + list(range(1, 46))) if ok and \
                    rng.random() < 0.9 else (rng.choice([None, 0, 7]) if rng.random() < 0.2 else None)
                grid[r][c] = (pick(down), pick(right))
    return grid


def brute_count(grid) -> int:
    white = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is None]
    n = 0
    for digits in itertools.product(range(1, 10), repeat=len(white)):
        g = [[0] * len(grid[0]) for _ in grid]
        for (r, c), d in zip(white, digits):
            g[r][c] = d
        n += check.check(g, grid) == []
    return n


def planted_board(rng: random.Random, rows: int, cols: int, max_white: int):
    """A random board whose clues are the sums of random digits (often
    satisfiable), one clue moved by one now and then."""
    grid = random_board(rng, rows, cols, max_white=max_white)
    white = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is None]
    digits = {cell: rng.randint(1, 9) for cell in white}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is None:
                continue
            sums = []
            for dr, dc in ((1, 0), (0, 1)):
                k, total = 1, 0
                while (r + k * dr, c + k * dc) in digits:
                    total, k = total + digits[r + k * dr, c + k * dc], k + 1
                sums.append(total + (rng.random() < 0.1) if total and rng.random() < 0.8 else None)
            grid[r][c] = tuple(sums)
    return grid


@pytest.mark.parametrize("seed", range(8))
def test_model_counts_what_the_referee_accepts(seed):
    rng = random.Random(seed)
    grid = planted_board(rng, 2 + seed % 2, 3, max_white=4 if seed < 7 else 5)
    p = Kakuro(grid)
    assert api.count(p)["count"] == brute_count(grid)


@pytest.mark.parametrize("seed", range(30))
def test_url_round_trip(seed, tmp_path):
    rng = random.Random(seed)
    grid = random_board(rng, rng.randint(1, 7), rng.randint(1, 7), max_white=99)
    for r in range(len(grid)):           # the frame holds only the clue it has in pzprjs
        for c in range(len(grid[0])):
            if (r == 0) != (c == 0) and grid[r][c] is not None:
                inner = grid[1][c] if r == 0 else grid[r][1]
                keep = grid[r][c][0] if r == 0 else grid[r][c][1]
                keep = keep if inner is None else None
                grid[r][c] = (keep, None) if r == 0 else (None, keep)
            elif r == 0 and c == 0:
                grid[r][c] = (None, None)
            elif grid[r][c] is not None:
                d, ri = grid[r][c]
                grid[r][c] = (None, None) if d is None and ri is None else (d, ri)
    url = formats.to_url(Kakuro(grid))
    [p] = formats.parse_url(url, "u.txt")
    assert p.grid == grid and formats.to_url(p) == url


test_malformed_urls_give_one_positioned_line = refused([
    ("https://puzz.link/p?kakuro/2/1/k!", "t.txt:1:33:", "two clue characters"),
    ("https://puzz.link/p?kakuro/2/1/kk-7-x", "t.txt:1:37:", "expected the end"),
    ("https://puzz.link/p?kakuro/2/1/kk-!", "t.txt:1:35:", "expected a clue character"),
    ("https://puzz.link/p?kakuro/0/1/k", "t.txt:1:28:", "number of columns"),
    ("https://puzz.link/p?kakuro/2/1/4", "t.txt:1:33:", "two clue characters"),
], "t.txt")


test_malformed_toml_gives_one_positioned_line = refused([
    ('puzzle = "kakuro"\ngrid = """\n# #\n# x\n"""\n', "t.toml:4:3:", "expected '.', '#'"),
    ('puzzle = "kakuro"\ngrid = """\n# #\n. .\n"""\n', "t.toml:4:1:", "frame"),
    ('puzzle = "kakuro"\ngrid = """\n# #\n# 46/\n"""\n', "t.toml:4:3:", "clues 0..45"),
    ('puzzle = "kakuro"\ngrid = """\n# #\n/3 .\n"""\n[expect]\nsolution = """\n. .\n. 0\n"""\n',
     "t.toml:9:3:", "digit 1-9"),
    ('puzzle = "kakuro"\ngrid = """\n# #\n/3\n"""\n', "t.toml:4:", "expected 2 cells"),
], "t.toml")


test_malformed_url_on_the_command_line = refused_on_the_command_line(
    "bad.txt", "https://puzz.link/p?kakuro/2/1/k!\n", "bad.txt:1:33:")


def test_referee_catches_each_rule():
    grid = load1(EX / "kakuro-pzprjs-5x5.toml").grid
    good = pzprv3_answer(PZPRJS_ANSWER)
    assert check.check(good, grid) == []
    bad = [row[:] for row in good]
    bad[1][2], bad[1][3] = 3, 5                     # the row still sums to 8: repeats below
    assert any("repeats" in x or "sum" in x for x in check.check(bad, grid))
    bad = [row[:] for row in good]
    bad[2][1] = 4                                   # 4 4 1 2: a repeat and a wrong sum
    probs = check.check(bad, grid)
    assert any("repeats" in x for x in probs) and any("sum 11, clue 10" in x for x in probs)
    bad = [row[:] for row in good]
    bad[2][1] = 0
    assert any("not a digit" in x for x in check.check(bad, grid))
    bad = [row[:] for row in good]
    bad[0][0] = 5
    assert check.check(bad, grid) == ["(0, 0): black cell holds 5"]


def test_render_and_family(tmp_path):
    p = load1(EX / "kakuro-pzprjs-5x5.toml")
    assert_drawings(p, api.solve(p), 1, ["#", "4/8", "5", "3", "10/0", "#"])
    assert_family_solves("kakuro", tmp_path, seed=1)


def test_doctests():
    from satgrid.rules import numbers
    assert_doctests(formats, check, numbers)


def test_pzprjs_answer_file_as_pzprv3(tmp_path):
    p = load_text(tmp_path, "k.txt", PZPRJS_ANSWER)
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution() \
        == pzprv3_answer(PZPRJS_ANSWER)
    [q] = formats.parse_url(PZPRJS_URL, "u.txt")           # the same runs and sums as the URL's
    assert Kakuro(p.grid).runs() == [(c or None, cells) for c, cells in q.runs()]


test_malformed_pzprv3_gives_one_positioned_line = refused([
    ("pzprv3/kakuro/1/2/0 0 0 /0 . x /", "t.txt:1:30:", "RIGHT,DOWN"),
    ("pzprv3/kakuro/1/2/0 x 0 /0 . . /", "t.txt:1:21:", "clue number"),
    ("pzprv3/kakuro/1/2/0 0 0 /", "t.txt:1:23:", "expected 2 lines"),
], "t.txt")


def test_puzzlink_15x15_unique_and_written_back():
    """A 15x15 puzz.link Kakuro (one of noqx's examples): unique, its URL written back."""
    path = EX / "kakuro-puzzlink-15x15.txt"
    p = load1(path)
    res = solved_unique(p)
    assert p.check(res) == []
    assert formats.to_url(p) == path.read_text().strip()


test_estimate_is_never_below_the_clauses_built = estimates_bound_the_build(lambda: sorted(EX.glob("*.toml")))
