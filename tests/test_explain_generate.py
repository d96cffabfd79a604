"""Generators (satgrid.explain.generate, satgrid generate): every puzzle is
unique by an independent count (its TOML file written, loaded back,
compiled anew and counted up to two), its [expect] solution is that one
solution, the same seed gives the same files, --givens bounds the clues,
and --from reduces a given puzzle."""

import json
import os

import pytest

from satgrid.apps.cli import main
from satgrid.explain.generate import generate
from satgrid.pipeline.load import load
from satgrid.pipeline.run import compare_expect, count


def files_of(tmp_path, args):
    out = tmp_path / "out"
    assert main(["generate", *args, "-o", str(out), "--force"]) == 0
    return {f: (out / f).read_text() for f in sorted(os.listdir(out))}


@pytest.mark.parametrize("args", [
    ["sudoku", "--seed", "3", "-n", "4", "--givens", "26"],
    ["sudoku", "--size", "4", "--seed", "1", "-n", "3"],
    ["slitherlink", "--size", "4", "--seed", "2", "-n", "2"],
    ["fillomino", "--size", "4", "--seed", "2", "-n", "2"],
])
def test_generated_puzzles_are_unique_and_reproducible(tmp_path, capsys, args):
    first = files_of(tmp_path / "a", args)
    again = files_of(tmp_path / "b", args)
    assert first == again and len(first) == int(args[args.index("-n") + 1])
    for name in first:
        p = load(str(tmp_path / "a" / "out" / name))[0]
        res = count(p, limit=2)
        assert res["count"] == 1 and res["complete"]
        ok, bad, _ = compare_expect(p)
        assert ok, bad
        if "--givens" in args:
            assert len(p.clue_cells()) <= 26


def test_ten_sudokus_of_at_most_26_givens_are_quick_and_distinct():
    made = generate("sudoku", seed=7, count=10, givens=26)
    grids = {str(g.puzzle.grid) for g in made}
    assert len(grids) == 10 and all(g.clues <= 26 for g in made)
    assert all(sum(map(sum, g.solution["grid"])) == 9 * 45 for g in made)


def test_reduce_a_given_puzzle(tmp_path, capsys):
    out = tmp_path / "o"
    assert main(["generate", "sudoku", "--from", "instances/sudoku-classic.toml", "-o",
                 str(out), "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    p = load(line["file"])[0]
    assert line["clues"] <= 30 and count(p, limit=2)["count"] == 1
    orig = load("instances/sudoku-classic.toml")[0]
    assert set(p.clue_cells()) <= set(orig.clue_cells())


@pytest.mark.parametrize("kind,start", [("masyu", "instances/masyu-janko-71.toml"),
                                        ("nurikabe", "instances/nurikabe-pzprjs-5x5.txt"),
                                        ("slitherlink", "instances/slitherlink-janko-11.toml")])
def test_reduce_a_puzzle_whose_clues_are_rules(tmp_path, capsys, kind, start):
    runs = []
    for sub in ("a", "b"):
        out = tmp_path / sub
        assert main(["generate", kind, "--from", start, "-o", str(out), "--seed", "4"]) == 0
        runs.append({f: (out / f).read_text() for f in os.listdir(out)})
    assert runs[0] == runs[1]
    (name,) = runs[0]
    p = load(str(tmp_path / "a" / name))[0]
    orig = load(start)[0]
    assert set(p.clue_cells()) <= set(orig.clue_cells())
    res = count(p, limit=2)
    assert res["count"] == 1 and res["complete"]
    # the one solution is the start puzzle's
    from satgrid.pipeline.run import solve
    assert solve(p)["grid"] == solve(orig)["grid"]


def test_refusals(capsys):
    assert main(["generate", "nope"]) == 2
    assert main(["generate", "twenty-four-seven-2x2", "--size", "6"]) == 2   # no 6x6 grid
    assert main(["generate", "sudoku", "--certify", "x"]) == 2
    assert main(["generate", "sudoku", "--from", "instances/hitori-wikipedia.toml"]) == 2
    assert main(["generate", "sudoku", "--from", "instances/sudoku-unsat-repeated-given.toml"]) == 2


def test_a_minimum_grade(tmp_path, capsys):
    from satgrid.explain.grade import grade
    from satgrid.explain.puzzle import explainer
    out = tmp_path / "g"
    assert main(["generate", "sudoku", "--seed", "2", "--givens", "26", "--min-score", "2",
                 "-o", str(out), "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    p = load(line["file"])[0]
    _, ex = explainer(p)
    assert grade(ex.sequence())["score"] == line["score"] >= 2
    assert count(p, limit=2)["count"] == 1
