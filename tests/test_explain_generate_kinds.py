"""``satgrid generate KIND`` for the kinds without a blank puzzle: a planted
puzzle of the kind's own family with every clue shown, its clues reduced.

For each kind that generates, at a small size: the written file, loaded
back, compiled anew and counted up to two, has one solution (an independent
count, not the generator's check), and it is the [expect] solution when the
file has one; the same seed writes the same bytes; the puzzle has fewer clues
than its start (the planted puzzle, drawn again from the same seed; a
subset of it where every clue is needed) and the same puzzle without its
clues (a removed clue leaves what the genre keeps); the start's
``toml_table`` reads back to the same clues. Every kind generates; a size
with no start is refused in one line, exit 2; a family with no unique
start in its seeds is told in one line too. On 4x4 boards of three shading
kinds, the referee over every shading finds the one answer (no SAT).
"""

import os
import random

import pytest

from satgrid.apps.cli import main
from satgrid.explain.generate import generate, no_generator, planted
from satgrid.pipeline.load import load, loads
from satgrid.pipeline.run import Options, compare_expect, compile_puzzle, count
from satgrid.puzzles import KINDS
from satgrid.puzzles.families import toml_text

#: kind -> the smallest size tried (a board the family makes not trivial)
SIZES = {
    "lightup": 5, "kurodoko": 5, "nurimisaki": 5, "shikaku": 5, "tapa": 5, "shakashaka": 6,
    "hashiwokakero": 5, "yajilin": 5, "countryroad": 5, "moonsun": 5,
    "pentominous": 4, "rippleeffect": 5, "suguru": 5, "statuepark": 7, "tents": 5,
    "skyscrapers": 4, "kakuro": 4, "killersudoku": 4, "vertex-sums": 3,
    "knight-moves": 5, "yinyang": 5, "kurotto": 5, "nurikabe": 5, "masyu": 5,
}
#: kinds whose every clue is a rule the answer needs (a Nurikabe island
#: without its number is no island): the start comes back whole
EVERY_CLUE_NEEDED = {"nurikabe"}
#: kinds with clue hooks whose family is seldom unique at full clues (Araf's
#: numbers bound a region's size, they do not fix it; random rectangles leave
#: Heyawake and Aqre shadings free however many rooms show their counts, and
#: Double Choco's two-cell blocks its cut): reduced from a start (from
#: nothing they search their layouts first: tests/test_explain_generate_layouts.py)
FROM = {k: f"satgrid/puzzles/{k}/examples/{name}" for k, name in [
    ("araf", "araf-pzprjs-5x5.toml"), ("heyawake", "heyawake-pzprjs-6x6.toml"),
    ("aqre", "aqre-pzprjs-6x6.toml"), ("doublechoco", "doublechoco-pzprjs-6x6.toml")]}


def written(tmp_path, kind, size):
    out = tmp_path / "out"
    assert main(["generate", kind, "--size", str(size), "--seed", "1", "-o", str(out),
                 "--force"]) == 0
    (name,) = os.listdir(out)
    return out / name


@pytest.mark.parametrize("kind", sorted(SIZES))
def test_generated_puzzle_is_unique_reproducible_and_reduced(tmp_path, capsys, kind):
    size = SIZES[kind]
    path = written(tmp_path / "a", kind, size)
    assert path.read_bytes() == written(tmp_path / "b", kind, size).read_bytes()
    p = load(str(path))[0]
    res = count(p, limit=2)
    assert res["count"] == 1 and res["complete"]
    ok, bad, _ = compare_expect(p)
    assert ok, bad
    start = planted(KINDS[kind], size, random.Random(f"{kind}:1:0"), Options())
    assert set(p.clue_cells()) <= set(start.clue_cells())
    # what is not a clue (walls, rooms, trees, circles of "?") is the start's
    assert p.with_clues([]).toml_table() == start.with_clues([]).toml_table()
    if kind not in EVERY_CLUE_NEEDED:
        assert len(p.clue_cells()) < len(start.clue_cells())


@pytest.mark.parametrize("kind", sorted(FROM))
def test_reduced_from_a_start(tmp_path, capsys, kind):
    runs = []
    for sub in ("a", "b"):
        out = tmp_path / sub
        assert main(["generate", kind, "--from", FROM[kind], "-o", str(out), "--seed", "1"]) == 0
        (name,) = os.listdir(out)
        runs.append((out / name).read_bytes())
    assert runs[0] == runs[1]
    p, start = load(str(out / name))[0], load(FROM[kind])[0]
    res = count(p, limit=2)
    assert res["count"] == 1 and res["complete"]
    assert compare_expect(p)[0]
    assert set(p.clue_cells()) <= set(start.clue_cells())   # published ones may be minimal


@pytest.mark.parametrize("kind", sorted(SIZES) + sorted(FROM))
def test_toml_table_reads_back(kind):
    if kind in FROM:
        start = load(FROM[kind])[0]
    else:
        start = planted(KINDS[kind], SIZES[kind], random.Random(f"{kind}:2:0"), Options())
    for p in (start, start.with_clues(start.clue_cells()[::2])):
        table = p.toml_table()
        back = loads(toml_text(None, table), "back.toml")[0]
        assert back.toml_table() == table
        assert back.clue_cells() == p.clue_cells()


def test_every_kind_generates_from_nothing():
    """Issue [5/7]: ``satgrid generate KIND`` for every kind (clues to remove
    or a layout to search, and a blank, a family or a random start)."""
    missing = {k: no_generator(KINDS[k], None) for k in KINDS}
    assert not {k: why for k, why in missing.items() if why}


def test_a_size_without_a_start_is_refused_in_one_line(capsys):
    kind = "twenty-four-seven-2x2"        # no 5x5 grid holds 1 + 2 + ... + 5 in rows of 4
    assert main(["generate", kind, "--size", "5"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and kind in err and "Traceback" not in err


def test_the_2x2_kind_writes_and_reads_its_four_grids():
    """The 2x2 Twenty Four Seven's clue hooks: its ``[[grids]]`` tables read
    back to the same clues, whole or with every other clue removed; its
    blank has four empty grids; its givens are literals of one model."""
    orig = load("instances/twenty-four-seven-2x2-2.toml")[0]
    for p in (orig, orig.with_clues(orig.clue_cells()[::2])):
        table = p.toml_table()
        back = loads(toml_text(None, table), "back.toml")[0]
        assert back.toml_table() == table and back.clue_cells() == p.clue_cells()
    assert {k[0] for k in orig.clue_cells()} == {0, 1, 2, 3}
    blank = KINDS["twenty-four-seven-2x2"].blank(7)
    assert len(blank.grids) == 4 and blank.clue_cells() == []
    givens_only = orig.with_clues([k for k in orig.clue_cells() if k[1] == "cell"])
    m = compile_puzzle(givens_only, Options())
    lits = givens_only.clue_literals(m)
    assert lits is not None and len(lits) == len(givens_only.clue_cells())
    assert [l for k in givens_only.clue_cells() for l in lits[k]] == givens_only.givens(m)


@pytest.mark.parametrize("kind", ["lightup", "kurodoko", "yinyang"])
def test_brute_force_finds_the_one_answer(kind):
    """Every 0/1 grid of a generated 4x4 puzzle judged by the kind's referee
    (no SAT): exactly one passes, the generator's solution."""
    g = generate(kind, seed=1, size=4)[0]
    p, found = g.puzzle, []
    for bits in range(1 << (p.rows * p.cols)):
        grid = [[(bits >> (r * p.cols + c)) & 1 for c in range(p.cols)] for r in range(p.rows)]
        if not p.check({"grid": grid}):
            found.append(grid)
    assert found == [g.solution["grid"]]


def test_no_unique_start_is_one_line(capsys):
    # the family's 10x10 islands are unique at full clues in none of seed 0's 40 draws
    assert main(["generate", "nurikabe"]) == 3
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "nurikabe" in err and "unique" in err
