"""Masyu: published puzzles (Janko, with their published solutions) solved,
proven unique and checked by the referee, with lazy and eager connectivity;
counts known from outside; a contradictory instance; the one-line errors of
malformed files; the referee against corruptions."""

from __future__ import annotations

import pytest
from conftest import (INST, assert_doctests, assert_error_at, assert_family_solves,
                      assert_unsat, cli_error, cli_unique, load1, solve_unique,
                      solved_as_published, text_grid)

from satgrid import api
from satgrid.puzzles.masyu import Masyu, check, formats, kind

PUBLISHED = ["masyu-janko-71.toml", "masyu-janko-02.toml", "masyu-janko-101.toml",
             "masyu-janko-139.toml"]
EAGER_TOO = PUBLISHED[:3]      # the 20x36 eagerly: bench/bench_paths.py


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("name", PUBLISHED)
def test_published_puzzles_unique_and_as_published(name, mode):
    p, res = solved_as_published(name, mode, EAGER_TOO,
                                 "eager on the 20x36 is a bench measurement (bench/bench_paths.py)")
    assert check.check(res["grid"], p.pearls) == []


@pytest.mark.parametrize("n,cycles", [(2, 1), (3, 13), (4, 213)])
def test_no_pearls_counts_the_cycles_of_the_grid(n, cycles):
    """Without pearls the loops are the cycles of the n x n grid graph (OEIS A140517)."""
    p = Masyu([["."] * n for _ in range(n)])
    for mode in ("lazy", "eager"):
        assert api.count(p, api.Options(connectivity=mode))["count"] == cycles


def test_pearl_rules_against_brute_force():
    """On 4x4 every loop (of the 213) is tried against the referee for a few
    pearl layouts: the model's solutions are exactly the loops the referee
    accepts."""
    free = Masyu([["."] * 4 for _ in range(4)])
    loops = [r["grid"] for r in api.solve_all(free)["solutions"]]
    assert len(loops) == 213
    layouts = [
        [".w..", "....", "..b.", "...."],
        ["b...", "....", "....", "...."],
        ["....", ".ww.", "....", "...."],
        ["..b.", "w...", "...w", ".b.."],
    ]
    for rows in layouts:
        pearls = [list(r) for r in rows]
        want = sorted(str(l) for l in loops if check.check(l, pearls) == [])
        got = sorted(str(r["grid"]) for r in api.solve_all(Masyu(pearls))["solutions"])
        assert got == want, rows


def test_contradictory_instance_is_unsat():
    assert_unsat("masyu-unsat.toml")


def test_text_format_and_cli(tmp_path):
    src = load1(INST / "masyu-janko-02.toml")
    f = text_grid(tmp_path / "janko02.txt",
                  [["-" if t == "." else t for t in row] for row in src.pearls])
    [p] = api.load(str(f))
    assert isinstance(p, Masyu) and p.pearls == src.pearls
    out = cli_unique(f)
    assert "○" in out and "●" in out


@pytest.mark.parametrize("text,file,where,fragment", [
    ('puzzle = "masyu"\npearls = """\nw b\nb x\n"""\n', "t.toml", "t.toml:4:3", "'w' (white"),
    ('puzzle = "masyu"\npearls = """\nw b\nb\n"""\n', "t.toml", "t.toml:4:1", "expected 2 cells"),
    ('puzzle = "masyu"\npearls = "w b"\n[expect]\nsolution = """\nes nn\n"""\n', "t.toml",
     "t.toml:5:4", "the sides a line leaves"),
    ('puzzle = "masyu"\ncolour = 1\n', "t.toml", "t.toml:2:1", "unknown key"),
    ("2 2\nw b\n- \n", "a.txt", "a.txt:3:1", "expected 2 cells"),
])
def test_malformed_files_give_one_positioned_line(text, file, where, fragment):
    assert_error_at(text, file, where, fragment)


def test_malformed_file_on_the_command_line(tmp_path):
    bad = 'puzzle = "masyu"\npearls = """\nw b\nb o\n"""\n'
    assert ":4:3:" in cli_error(tmp_path / "bad.toml", bad)


def test_referee_rejects_corruptions():
    ring = [[6, 10, 12], [5, 0, 5], [3, 10, 9]]
    assert check.check(ring, [list("b.."), list("..."), list("..b")]) == []
    assert "turns there" in check.check(ring, [list("w.."), list("..."), list("...")])[0]
    assert "off the loop" in check.check(ring, [list("..."), list(".w."), list("...")])[0]
    assert "goes straight" in check.check(ring, [list(".b."), list("..."), list("...")])[0]
    # white in the middle of a long straight run: straight on both sides
    long = [[6, 10, 10, 12], [3, 10, 10, 9]]
    assert check.check(long, [list(".w.."), list("....")]) == []
    assert check.check([[6, 10, 10, 10, 12], [3, 10, 10, 10, 9]],
                       [list("..w.."), list(".....")])[0].endswith("both sides")
    # two loops
    two = [[6, 12, 6, 12], [3, 9, 3, 9]]
    assert any("pieces" in m for m in check.check(two, [list("...."), list("....")]))


def test_rendering():
    p = load1(INST / "masyu-janko-02.toml")
    res = solve_unique(p)
    assert p.render(res).count("\n") == p.rows - 1
    assert p.render_svg(res).count("<circle") == sum(t != "." for row in p.pearls for t in row)


def test_docstring_examples():
    assert_doctests(check, formats, kind, examples=2)


@pytest.mark.parametrize("seed", [1, 2])
def test_family_instances_solve_and_pass_the_referee(tmp_path, seed):
    """`satgrid family masyu`: deterministic by seed, satisfiable, and every
    solution found passes the referee (api.solve verifies it)."""
    assert_family_solves("masyu", tmp_path, seed)
