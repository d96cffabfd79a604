"""Pentominous: pzprjs's samples (URL and solved boards) solved, unique and
equal to their answers; the example files; URL round trips on random boards
(letters, "?", blocked cells, given borders); malformed URLs and TOML
refused with one positioned line; the referee rejecting pzprjs's broken
boards; the model's solutions counted against a brute force over every
tiling of small boards by pentominoes, judged by the referee."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from areas_helpers import answer_regions
from conftest import assert_doctests, assert_family_solves, loads1
from genre_suite import (assert_drawn, assert_refused_on_the_command_line, assert_unsat_file,
                         refused, solved_unique)

from satgrid import api
from satgrid.modelling.shapes import PENTOMINOES, orientations
from satgrid.puzzles.pentominous import check, drawing, family, formats, kind
from satgrid.puzzles.referee import shape_key
from satgrid.rules.areas import renumber

HERE = Path(kind.__file__).parent / "examples"
URL = "https://puzz.link/p?pentominous/5/5/g4g2h4g4o4l"
HEAD = "pzprv3/pentominous/5/5/. 4 . 2 . /. 4 . 4 . /. . . . . /. . . 4 . /. . . . . /" + \
    ". . . . . /" * 5
ANSWER = "1 0 1 0 /1 0 0 1 /1 0 0 1 /1 1 0 1 /1 1 0 0 /0 0 0 1 0 /0 1 1 1 0 /0 0 1 1 0 /0 0 0 0 1 /"
BROKEN = {   # pzprjs's failcheck boards of the same puzzle
    "bkSizeGt": "1 0 1 0 /1 0 0 1 /0 0 0 1 /0 0 0 1 /0 0 0 0 /0 0 0 1 0 /0 1 1 1 0 /0 0 0 0 0 /0 0 0 0 1 /",
    "nmShapeNe": "0 1 0 1 /0 1 1 0 /1 0 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /0 1 1 0 0 /0 0 0 0 0 /",
    "bsSameShape": "1 0 1 0 /1 0 0 1 /0 1 0 1 /1 0 0 1 /0 0 0 0 /0 0 0 1 0 /0 1 1 1 0 /0 1 0 0 0 /0 1 1 1 0 /",
}
# the 8 x 8 sample with blocked corners (numbers 0..11 are the letters FILNPTUVWXYZ)
BIG_CLUES = "* . . . . 5 . * /. . 11 . . . . . /. . . . 3 . . 4 /1 7 . . . . . . /" \
    ". . . . 6 . 8 . /. . . . . . . . /. 10 . . 0 . 9 . /* . 2 . . . . * /"
BIG_ANSWER = "0 0 1 1 0 0 0 /1 1 1 0 1 1 0 /1 1 0 1 1 1 0 /1 0 0 1 1 0 1 /1 1 1 0 0 1 0 /" \
    "1 1 1 1 1 1 1 /0 1 1 0 1 0 0 /0 1 0 1 0 1 0 /0 1 0 0 1 0 1 0 /0 0 0 1 0 0 0 0 /" \
    "0 0 1 1 0 1 1 0 /0 1 1 1 1 1 0 1 /0 0 0 0 1 0 1 0 /1 0 0 1 0 1 0 1 /0 0 0 1 0 1 0 0 /"


def same_partition(letters, regions) -> bool:
    """The letter grid's pentominoes (groups of equal letters) are the regions
    of ``regions`` (pzprjs's answer, blocked cells taken out) on the open cells."""
    def split(grid):
        return renumber([[f"*{r},{c}" if letters[r][c] == "*" else v for c, v in enumerate(row)]
                         for r, row in enumerate(grid)])
    return split(letters) == split(regions)


def test_pzprjs_samples_solved_unique_as_their_answers():
    p = loads1(URL, "s.txt")
    res = solved_unique(p)
    assert same_partition(res["grid"], answer_regions(HEAD + ANSWER, 10))
    assert formats.to_url(p) == URL
    letters = [[None if t == "." else "*" if t == "*" else kind.LETTERS[int(t)] for t in row.split()]
               for row in BIG_CLUES.split("/")[:8]]
    big = kind.Pentominous(letters)
    res = api.solve(big, unique=True)
    assert res["unique"] is True
    text = "pzprv3/pentominous/8/8/" + BIG_CLUES + ". . . . . . . . /" * 8 + BIG_ANSWER
    blocked = {(r, c) for r, row in enumerate(letters) for c, k in enumerate(row) if k == "*"}
    assert same_partition(res["grid"], answer_regions(text, 16, blocked))
    assert loads1(formats.to_url(big), "b.txt").clues == letters


def test_examples_unique_and_as_published():
    p = api.load(str(HERE / "pentominous-pzprjs-5x5.toml"))[0]
    res = solved_unique(p)
    assert res["grid"] == p.expected_solution()
    assert same_partition(p.expected_solution(), answer_regions(HEAD + ANSWER, 10))
    assert_unsat_file(HERE / "pentominous-unsat.toml")


def test_referee_rejects_pzprjs_broken_boards():
    p = loads1(URL, "s.txt")
    good = api.solve(p)["grid"]
    assert check.check(good, p.clues) == []
    for code, board in BROKEN.items():
        regions = answer_regions(HEAD + board, 10)
        # each region named by the letter of its shape if it is a pentomino, else '?'
        grid = [[None] * 5 for _ in range(5)]
        for k in {x for row in regions for x in row}:
            cells = [(r, c) for r in range(5) for c in range(5) if regions[r][c] == k]
            name = next((s for s, sh in check.SHAPES.items() if len(cells) == 5
                         and shape_key(cells) == sh), "?")
            for r, c in cells:
                grid[r][c] = name
        assert check.check(grid, p.clues), code
    assert check.check(good, p.clues, [((0, 0), (1, 0))])        # a border inside the I


def tilings(cells):
    """Every tiling of ``cells`` by the twelve pentominoes, as letter dicts."""
    cells = sorted(cells)
    placed = {}

    def go(free):
        if not free:
            yield dict(placed)
            return
        first = min(free)
        for name, shape in PENTOMINOES.items():
            for o in orientations(shape):
                top = min(o)
                cover = {(a + first[0] - top[0], b + first[1] - top[1]) for a, b in o}
                if cover <= free:
                    for v in cover:
                        placed[v] = name
                    yield from go(free - cover)
                    for v in cover:
                        del placed[v]
    yield from go(set(cells))


@pytest.mark.parametrize("rows,cols,blocked", [(3, 5, 0), (4, 4, 1), (2, 6, 2), (1, 10, 0)])
def test_model_counts_equal_brute_force(rows, cols, blocked):
    rng = random.Random(rows * 100 + cols * 10 + blocked)
    for _ in range(5):
        clues = [[None] * cols for _ in range(rows)]
        every = [(r, c) for r in range(rows) for c in range(cols)]
        picks = rng.sample(every, blocked + 2)
        for r, c in picks[:blocked]:
            clues[r][c] = "*"
        for r, c in picks[blocked:]:
            clues[r][c] = rng.choice(list(kind.LETTERS) + ["?"])
        open_cells = [v for v in every if clues[v[0]][v[1]] != "*"]
        border = rng.choice([(), (((0, 0), (0, 1)),)])
        want = 0
        for t in tilings(open_cells):
            grid = [[t.get((r, c), "*") for c in range(cols)] for r in range(rows)]
            want += not check.check(grid, clues, border)
        c = api.count(kind.Pentominous(clues, borders=border))
        assert c["complete"] and c["count"] == want, (clues, border)


def test_url_round_trips_on_random_boards():
    rng = random.Random(11)
    for _ in range(40):
        rows, cols = rng.randint(1, 10), rng.randint(1, 10)
        clues = [[rng.choice([None] * 8 + list(kind.LETTERS) + ["?", "*"]) for _ in range(cols)]
                 for _ in range(rows)]
        borders = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)
                   if rng.random() < 0.1]
        borders += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)
                    if rng.random() < 0.1]
        url = formats.to_url(kind.Pentominous(clues, borders=borders))
        p = loads1(url, "r.txt")
        assert p.clues == clues and sorted(p.borders) == sorted(borders)
        assert formats.to_url(p) == url


test_malformed_urls_refused_with_a_position = refused([
    ("https://puzz.link/p?pentominous/5/1/1c.hz", "s.txt:1:41", "base-32"),
    ("https://puzz.link/p?pentominous/5/2/1c.hk0", "s.txt:1:43", "border digits"),
    ("https://puzz.link/p?pentominous/5/1/d", "s.txt:1:37", "13, expected"),
    ("https://puzz.link/p?pentominous/5/1/1c.h00w", "s.txt:1:42", "expected the end"),
    ("https://puzz.link/p?pentominous/5/1/G", "s.txt:1:37", "expected 0-9"),
], "s.txt")


def test_malformed_toml_refused_with_a_position(tmp_path):
    assert_refused_on_the_command_line(tmp_path, "bad.toml",
                                       'puzzle = "pentominous"\nclues = """\nP .\n. Q\n"""\n',
                                       "bad.toml:4:3", "found 'Q'")
    assert_refused_on_the_command_line(tmp_path, "b2.toml",
                                       'puzzle = "pentominous"\nclues = """\nP .\n"""\n'
                                       'borders = [[0, 0, 1, 1]]\n',
                                       "b2.toml:5:1", "side-by-side")


def test_drawings_and_docstrings(tmp_path):
    p = loads1(URL, "s.txt")
    assert_drawn(p, api.solve(p), "[P]")
    assert_doctests(formats, check, kind, drawing, family, examples=2)
    assert_family_solves("pentominous", tmp_path, 2)
