"""Numberlink (Arukone): published puzzles (Janko, with their published
solutions) solved, proven unique and checked by the referee, with lazy and
eager connectivity; counts known from outside; a contradictory instance; the
one-line errors of malformed files; the referee against corruptions."""

from __future__ import annotations

import pytest
from conftest import (INST, assert_doctests, assert_error_at, assert_family_solves,
                      assert_unsat, cli_error, cli_unique, load1, solve_unique,
                      solved_as_published, text_grid)

from satgrid import api
from satgrid.puzzles.numberlink import Numberlink, check, formats, kind

PUBLISHED = ["numberlink-janko-01.toml", "numberlink-janko-02.toml",
             "numberlink-janko-03.toml", "numberlink-janko-100.toml"]
EAGER_TOO = PUBLISHED[:3]      # the 10x10 takes ~19 s eagerly: bench/bench_paths.py


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("name", PUBLISHED)
def test_published_puzzles_unique_and_as_published(name, mode):
    p, res = solved_as_published(name, mode, EAGER_TOO,
                                 "eager on the 10x10 is a bench measurement (bench/bench_paths.py)")
    assert check.check(res["grid"], res["labels"], p.numbers) == []


@pytest.mark.parametrize("n,paths", [(2, 2), (3, 12), (4, 184)])
def test_one_corner_pair_counts_the_corner_paths(n, paths):
    """One pair in opposite corners, no other number: the lines are the
    simple corner-to-corner paths of the n x n grid (OEIS A007764)."""
    grid = [["."] * n for _ in range(n)]
    grid[0][0] = grid[n - 1][n - 1] = "1"
    for mode in ("lazy", "eager"):
        assert api.count(Numberlink(grid), api.Options(connectivity=mode))["count"] == paths


def test_fill_counts_hamiltonian_paths():
    """With ``fill`` the line of a lone pair visits every cell: Hamiltonian
    paths between opposite corners of the n x n grid (OEIS A001184:
    1, 0, 2, 0, 104; 0 for even n, where the two corners have one colour of
    the chessboard and a path through all n^2 cells ends on the other)."""
    for n, want in ((2, 0), (3, 2), (4, 0), (5, 104)):
        grid = [["."] * n for _ in range(n)]
        grid[0][0] = grid[n - 1][n - 1] = "1"
        assert api.count(Numberlink(grid, fill=True))["count"] == want, n


def test_contradictory_instance_is_unsat():
    assert_unsat("numberlink-unsat.toml")


def test_text_format_and_cli(tmp_path):
    src = load1(INST / "numberlink-janko-01.toml")
    f = text_grid(tmp_path / "janko01.arukone",
                  [["-" if t == "." else t for t in row] for row in src.numbers])
    [p] = api.load(str(f))
    assert isinstance(p, Numberlink) and p.numbers == src.numbers
    cli_unique(f)


@pytest.mark.parametrize("text,file,where,fragment", [
    ('puzzle = "numberlink"\nnumbers = """\n1 2\n2 1\n1 .\n"""\n', "t.toml", "t.toml:5:1",
     "third time"),
    ('puzzle = "numberlink"\nnumbers = """\n1 2\n. 1\n"""\n', "t.toml", "t.toml:3:3",
     "appears once"),
    ('puzzle = "numberlink"\nfill = "yes"\nnumbers = "1 1"\n', "t.toml", "t.toml:2:1",
     "true or false"),
    ('puzzle = "numberlink"\nnumbers = """\n1 1\n.\n"""\n', "t.toml", "t.toml:4:1",
     "expected 2 cells"),
    ('puzzle = "numberlink"\nnumbers = "1 1"\n[expect]\nsolution = """\ne x\n"""\n', "t.toml",
     "t.toml:5:3", "the sides a line leaves"),
    ("2 2\n1 1\n", "a.numberlink", "a.numberlink:2:1", "expected 2 rows"),
])
def test_malformed_files_give_one_positioned_line(text, file, where, fragment):
    assert_error_at(text, file, where, fragment)


def test_malformed_file_on_the_command_line(tmp_path):
    bad = 'puzzle = "numberlink"\nnumbers = """\n1 2\n. 1\n"""\n'
    assert ":3:3:" in cli_error(tmp_path / "bad.toml", bad)


def test_referee_rejects_corruptions():
    nums = [list("1.1"), list("2.2")]
    links = [[2, 10, 8], [2, 10, 8]]
    labels = [list("111"), list("222")]
    assert check.check(links, labels, nums) == []
    assert any("labelled" in m for m in check.check(links, [list("121"), list("222")], nums))
    crossed = [list("1.2"), list("2.1")]
    assert any("joins" in m for m in check.check(links, labels, crossed))
    # a loop with no number beside a line
    nums3 = [list("1.1"), list("..."), list("...")]
    links3 = [[2, 10, 8], [6, 12, 0], [3, 9, 0]]
    labels3 = [list("111"), list("..."), list("...")]
    assert any("joins 0 numbers" in m for m in check.check(links3, labels3, nums3))
    assert check.check(links, labels, nums, fill=True) == []
    assert any("not on a line" in m for m in check.check(links3, labels3, nums3, fill=True))


def test_rendering():
    p = load1(INST / "numberlink-janko-01.toml")
    res = solve_unique(p)
    assert p.render(res).count("\n") == p.rows - 1
    assert p.render_svg(res).startswith("<svg")


def test_docstring_examples():
    assert_doctests(check, formats, kind, examples=2)


@pytest.mark.parametrize("seed", [1, 2])
def test_family_instances_solve_and_pass_the_referee(tmp_path, seed):
    """`satgrid family numberlink`: deterministic by seed, satisfiable, and every
    solution found passes the referee (api.solve verifies it)."""
    assert_family_solves("numberlink", tmp_path, seed)
