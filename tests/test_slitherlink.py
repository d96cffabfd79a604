"""Slitherlink: published puzzles (Janko, with their published solutions)
solved, proven unique and checked by the referee, with lazy and eager
connectivity; counts known from outside; a contradictory instance; the
one-line errors of malformed files; the referee against corruptions."""

from __future__ import annotations

import pytest
from conftest import (INST, assert_doctests, assert_error_at, assert_family_solves,
                      assert_unsat, cli_error, cli_unique, load1, solve_unique,
                      solved_as_published, text_grid)

from satgrid import api
from satgrid.puzzles.slitherlink import Slitherlink, check, drawing, formats, kind

PUBLISHED = ["slitherlink-janko-11.toml", "slitherlink-janko-24.toml",
             "slitherlink-janko-103.toml", "slitherlink-janko-659.toml"]
EAGER_TOO = PUBLISHED[:3]      # the 20x36 takes ~50 s eagerly: bench/bench_paths.py


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("name", PUBLISHED)
def test_published_puzzles_unique_and_as_published(name, mode):
    p, res = solved_as_published(name, mode, EAGER_TOO,
                                 "eager on the 20x36 is a bench measurement (bench/bench_paths.py)")
    assert check.check(res["links"], res["grid"], p.clues) == []


@pytest.mark.parametrize("n,cycles", [(1, 1), (2, 13), (3, 213)])
def test_no_clues_counts_the_cycles_of_the_dot_grid(n, cycles):
    """An n x n Slitherlink without clues: its loops are the cycles of the
    (n+1) x (n+1) grid graph of dots (OEIS A140517: 1, 13, 213)."""
    p = Slitherlink([[None] * n for _ in range(n)])
    for mode in ("lazy", "eager"):
        assert api.count(p, api.Options(connectivity=mode))["count"] == cycles


def test_contradictory_instance_is_unsat():
    assert_unsat("slitherlink-unsat.toml")


def test_text_format_and_cli(tmp_path):
    src = load1(INST / "slitherlink-janko-11.toml")
    f = text_grid(tmp_path / "janko11.slitherlink",
                  [["-" if k is None else str(k) for k in row] for row in src.clues])
    [p] = api.load(str(f))
    assert isinstance(p, Slitherlink) and p.clues == src.clues
    cli_unique(f)


@pytest.mark.parametrize("text,file,where,fragment", [
    ('puzzle = "slitherlink"\nclues = """\n1 2\n3 5\n"""\n', "t.toml", "t.toml:4:3", "0..4"),
    ('puzzle = "slitherlink"\nclues = """\n1 2\n3\n"""\n', "t.toml", "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "slitherlink"\nsize = 3\n', "t.toml", "t.toml:2:1", "unknown key"),
    ('puzzle = "slitherlink"\ntitle = "x"\n', "t.toml", "t.toml:1:1", "'clues'"),
    ('puzzle = "slitherlink"\nclues = "1 2"\n[expect]\nsolution = """\nx y\n"""\n', "t.toml",
     "t.toml:5:3", "'x' (inside"),
    ("2 2\n1 2\n3 x\n", "a.slitherlink", "a.slitherlink:3:3", "0..4"),
    ("2 x\n1 2\n", "a.slitherlink", "a.slitherlink:1:1", "ROWS COLS"),
])
def test_malformed_files_give_one_positioned_line(text, file, where, fragment):
    assert_error_at(text, file, where, fragment)


def test_malformed_file_on_the_command_line(tmp_path):
    bad = 'puzzle = "slitherlink"\nclues = """\n1 2\n3 9\n"""\n'
    line = cli_error(tmp_path / "bad.toml", bad)
    assert line.endswith("expected a clue 0..4 or '-', found '9'") and ":4:3:" in line


def test_referee_rejects_corruptions():
    p = load1(INST / "slitherlink-janko-11.toml")
    good = solve_unique(p)
    links, grid = good["links"], good["grid"]
    assert check.check(links, grid, p.clues) == []
    # a second loop: a unit square around an outside cell far from the loop's edges
    bad = [row[:] for row in links]
    bad[0][0] |= 2 | 4
    bad[0][1] |= 8 | 4
    bad[1][0] |= 1 | 2
    bad[1][1] |= 1 | 8
    assert check.check(bad, grid, p.clues)
    flipped = [row[:] for row in grid]
    flipped[0][0] ^= 1
    assert any("inside" in m for m in check.check(links, flipped, p.clues))
    wrong_clue = [row[:] for row in p.clues]
    wrong_clue[2][2] = 3
    assert any("clue says 3" in m for m in check.check(links, grid, wrong_clue))


def test_rendering():
    p = load1(INST / "slitherlink-janko-11.toml")
    res = solve_unique(p)
    text = p.render(res)
    assert text.count("\n") == 2 * p.rows and "+--+" in text
    svg = p.render_svg(res)
    assert svg.startswith("<svg") and svg.count("stroke-width=\"4\"") == sum(
        bin(m & 6).count("1") for row in res["links"] for m in row)


def test_docstring_examples():
    assert_doctests(check, formats, drawing)   # the drawing holds draw's example


@pytest.mark.parametrize("seed", [1, 2])
def test_family_instances_solve_and_pass_the_referee(tmp_path, seed):
    """`satgrid family slitherlink`: deterministic by seed, satisfiable, and every
    solution found passes the referee (api.solve verifies it)."""
    assert_family_solves("slitherlink", tmp_path, seed)
