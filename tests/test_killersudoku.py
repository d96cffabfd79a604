"""Killer Sudoku (TOML only: puzz.link has no Killer Sudoku): the published
puzzle (Wikipedia's) solved, unique and as published; the model's solutions
counted against a brute force of the referee on small grids; malformed
files refused with one positioned line; the referee catching each rule."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import assert_doctests, assert_family_solves, load1
from genre_suite import (assert_example_unique, assert_unsat_file, estimates_bound_the_build,
                         refused, refused_on_the_command_line)

from satgrid import api
from satgrid.puzzles.killersudoku import KillerSudoku, check, formats
from satgrid.puzzles.killersudoku.family import sudoku_grid

EX = Path(__file__).resolve().parents[1] / "satgrid/puzzles/killersudoku/examples"


def test_wikipedia_example_unique_and_as_published():
    p, res = assert_example_unique(EX / "killersudoku-wikipedia.toml")
    assert p.check(res) == []
    assert len(p.cages) == 29 and sum(t for _, t in p.cages) == 405


def test_unsat_example():
    assert_unsat_file(EX / "killersudoku-unsat.toml")


def random_cages(rng: random.Random, n: int, grid=None) -> list:
    """Random cages (some cells in none); sums from ``grid`` when given (one
    moved by one now and then), else random; some cages without a sum."""
    free = {(r, c) for r in range(n) for c in range(n)}
    cages = []
    while free:
        start = rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        for _ in range(rng.randint(0, 3)):
            near = sorted({(y, x) for a, b in cells for y, x in ((a + 1, b), (a, b + 1), (a - 1, b),
                                                                 (a, b - 1)) if (y, x) in free})
            if near:
                cells.append(rng.choice(near))
                free.discard(cells[-1])
        if rng.random() < 0.15:
            continue                                   # cells in no cage
        if grid is not None:
            total = sum(grid[r][c] for r, c in cells) + (rng.random() < 0.1)
        else:
            total = rng.randint(len(cells), len(cells) * n)
        cages.append((sorted(cells), None if rng.random() < 0.15 else total))
    return cages


def all_grids(n: int):
    """Every grid of digits 1..n with no repeat in a row or a column (the
    referee refuses every other grid: test_referee_refuses_repeats_in_lines)."""
    perms = list(itertools.permutations(range(1, n + 1)))

    def extend(rows):
        if len(rows) == n:
            yield rows
            return
        for p in perms:
            if all(p[c] != row[c] for row in rows for c in range(n)):
                yield from extend(rows + [p])
    return extend([])


@pytest.mark.parametrize("seed", range(8))
def test_model_counts_what_the_referee_accepts(seed):
    rng = random.Random(seed)
    n, box = [(3, (1, 3)), (4, (2, 2)), (2, (1, 2)), (4, (1, 4))][seed % 4]
    grid = sudoku_grid(rng, n, *box) if seed % 2 else None
    p = KillerSudoku(n, box, random_cages(rng, n, grid), [[0] * n for _ in range(n)])
    if seed % 3 == 0:
        p.digits[rng.randrange(n)][rng.randrange(n)] = rng.randint(1, n)
    brute = sum(check.check([list(row) for row in g], p.box, p.cages, p.digits) == []
                for g in all_grids(n))
    assert api.count(p)["count"] == brute


def test_referee_refuses_repeats_in_lines():
    """Why all_grids may skip grids with a repeat in a row or column: the
    referee refuses each (all 3x3 grids; Latin squares counted too)."""
    latin = 0
    for g in itertools.product(range(1, 4), repeat=9):
        rows = [list(g[i:i + 3]) for i in (0, 3, 6)]
        ok = check.check(rows, (1, 3), [], [[0] * 3] * 3) == []
        lines = rows + [list(col) for col in zip(*rows)]
        assert ok == all(len(set(line)) == 3 for line in lines)
        latin += ok
    assert latin == len(list(all_grids(3))) == 12


def test_referee_catches_each_rule():
    p = load1(EX / "killersudoku-wikipedia.toml")
    good = p.expected_solution()
    assert check.check(good, p.box, p.cages, p.digits) == []
    bad = [row[:] for row in good]
    bad[0][0], bad[0][1] = bad[0][1], bad[0][0]      # the 3-cage still sums to 3
    probs = check.check(bad, p.box, p.cages, p.digits)
    assert probs and all(x.startswith(("column", "box")) for x in probs), probs
    bad = [row[:] for row in good]
    bad[0], bad[1] = bad[1], bad[0]                  # rows and boxes fine, cages broken
    probs = check.check(bad, p.box, p.cages, p.digits)
    assert probs and all(x.startswith("cage") for x in probs), probs
    assert check.check(good, p.box, [([(0, 0), (2, 8)], None)], p.digits) == [
        "cage at (0, 0): a digit repeats in [2, 2]"]
    givens = [[0] * 9 for _ in range(9)]
    givens[4][4] = 1
    assert check.check(good, p.box, p.cages, givens) == ["(4, 4): given 1, found 9"]


test_malformed_toml_gives_one_positioned_line = refused([
    ('puzzle = "killersudoku"\ncages = """\na a\nb b\n"""\n', "t.toml:1:1:", "box shape"),
    ('puzzle = "killersudoku"\nbox = "2x2"\ncages = """\na a\nb b\n"""\n', "t.toml:2:1:",
     "H * W = 2"),
    ('puzzle = "killersudoku"\nbox = "1x2"\ncages = """\na a\nb b\n"""\nsums = """\n3 4\n. .\n"""\n',
     "t.toml:8:3:", "a second sum"),
    ('puzzle = "killersudoku"\nbox = "1x2"\ncages = """\na .\nb b\n"""\nsums = """\n3 4\n. .\n"""\n',
     "t.toml:8:3:", "no cage"),
    ('puzzle = "killersudoku"\nbox = "1x2"\ncages = """\na a\nb b\n"""\nsums = """\nx .\n. .\n"""\n',
     "t.toml:8:1:", "expected a sum"),
    ('puzzle = "killersudoku"\nbox = "1x2"\ncages = """\na a\nb\n"""\n', "t.toml:5:", "expected 2"),
    ('puzzle = "killersudoku"\nbox = "1x2"\ncages = """\na a\nb b\n"""\n[expect]\nsolution = """\n'
     '1 2\n2 3\n"""\n', "t.toml:10:3:", "1..2"),
], "t.toml")


test_malformed_file_on_the_command_line = refused_on_the_command_line(
    "bad.toml", 'puzzle = "killersudoku"\ncages = """\na a\nb b\n"""\n', "bad.toml:1:1:", "box shape")


def test_render_and_family(tmp_path):
    p = load1(EX / "killersudoku-wikipedia.toml")
    res = api.solve(p)
    assert p.render(res).split("\n")[0].split() == ["2", "1", "5", "|", "6", "4", "7", "|", "3",
                                                   "9", "8"]
    assert "<svg" in p.render_svg(res) and "(22)" in p.puzzle_svg()
    assert_family_solves("killersudoku", tmp_path, seed=1)


def test_doctests():
    assert_doctests(formats, check)


test_estimate_is_never_below_the_clauses_built = estimates_bound_the_build(lambda: sorted(EX.iterdir()))
