"""``satgrid generate KIND`` for the kinds whose puzzle is its layout (LITS,
Norinori and Star Battle rooms, Hitori numbers, Nonogram pictures,
Numberlink lines), whose family is seldom unique (Heyawake, Aqre rooms cut
in two; Araf numbers changed; Double Choco planted blocks, numbers added), or whose clues are givens of a blank filled
grid (Hooks, Twenty Four Seven).

For each kind at a small size: the same seed writes the same bytes; the
file, loaded back, compiled anew and counted up to two, has exactly one
answer (a complete count, not the generator's check), and it is the
answer the generator kept, which the kind's referee accepts; its TOML table
(and that of the puzzle with every other clue) reads back the same. The layout
search keeps its answer at every step (its referee accepts it on each
layout it moves to) and rules out the other answer it found, and a
Numberlink cover's lines never run beside themselves.
"""

import os
import random

import pytest

from satgrid.apps.cli import main
from satgrid.explain import generate as gen
from satgrid.explain.generate import generate, solution_grid
from satgrid.puzzles.numberlink.clues import _cover
from satgrid.pipeline.load import load, loads
from satgrid.pipeline.run import Options, compare_expect, count, solve_all
from satgrid.puzzles import KINDS
from satgrid.puzzles.families import toml_text

#: kind -> (size, seed): a small board each generates in about a second
CASES = {
    "lits": (5, 6), "norinori": (4, 1), "starbattle": (5, 1), "hitori": (5, 1),
    "nonogram": (5, 1), "numberlink": (5, 1), "heyawake": (5, 1), "aqre": (5, 1),
    "araf": (4, 1), "hooks": (4, 1), "doublechoco": (4, 1),
}


def written(tmp_path, kind, size, seed):
    out = tmp_path / "out"
    assert main(["generate", kind, "--size", str(size), "--seed", str(seed), "-o", str(out),
                 "--force"]) == 0
    (name,) = os.listdir(out)
    return out / name


@pytest.mark.parametrize("kind", sorted(CASES))
def test_generated_layout_is_unique_and_reproducible(tmp_path, kind):
    size, seed = CASES[kind]
    path = written(tmp_path / "a", kind, size, seed)
    assert path.read_bytes() == written(tmp_path / "b", kind, size, seed).read_bytes()
    p = load(str(path))[0]
    res = solve_all(p, limit=2)
    assert res["count"] == 1 and res["complete"]
    assert p.check(res["solutions"][0]) == []
    ok, bad, _ = compare_expect(p)      # the generator's answer, where written
    assert ok, bad
    for q in (p, p.with_clues(p.clue_cells()[::2]) if p.clue_cells() else p):
        table = q.toml_table()              # what generate writes reads back the same
        back = loads(toml_text(None, table), "back.toml")[0]
        assert back.toml_table() == table and back.clue_cells() == q.clue_cells()


def test_twenty_four_seven_from_a_filled_grid(tmp_path):
    """A 7x7 grid (the smallest) given whole, its givens removed while unique."""
    ex = load("instances/twenty-four-seven-generated-1.toml")[0]
    full = ex.from_solution(solve_all(ex, limit=1)["solutions"][0])
    a = generate("twenty-four-seven", seed=3, start=full)[0]
    b = generate("twenty-four-seven", seed=3, start=full)[0]
    assert a.puzzle.toml_table() == b.puzzle.toml_table()
    assert 0 < a.clues < len(full.clue_cells())
    res = count(a.puzzle, limit=2)
    assert res["count"] == 1 and res["complete"]
    half = ex.with_clues(ex.clue_cells()[::2])     # givens and edge clues written back
    assert any(k[0] != "cell" for k in half.clue_cells())
    back = loads(toml_text(None, half.toml_table()), "back.toml")[0]
    assert back.clue_cells() == half.clue_cells()


@pytest.mark.parametrize("kind", ["lits", "starbattle", "heyawake"])
def test_each_step_keeps_the_answer_and_rules_out_another(kind):
    cls, opts, rng, steps = KINDS[kind], Options(), random.Random(5), 0
    for _ in range(4):
        p = gen._start(cls, 5, rng)
        keep = solve_all(p, opts, limit=1)["solutions"][0]
        for _ in range(3):
            sols = solve_all(p, opts, limit=2)["solutions"]
            other = [t for t in sols if solution_grid(t) != solution_grid(keep)]
            q = gen._mended(p, keep, other[0], other, rng) if other else None
            if q is None:
                break
            assert q.check(keep) == [] and q.check(other[0]) != []
            assert q.toml_table() != p.toml_table()
            p, steps = q, steps + 1
    assert steps > 0


def test_numberlink_cover_lines_never_touch_themselves():
    rng, seen = random.Random(1), 0
    while seen < 5:
        lines = _cover(6, 6, rng)
        if lines is None:
            continue
        seen += 1
        assert sorted(v for line in lines for v in line) == [(r, c) for r in range(6)
                                                             for c in range(6)]
        for line in lines:
            assert len(line) >= 3
            at = {v: i for i, v in enumerate(line)}
            for (r, c), i in at.items():
                for v in ((r + 1, c), (r, c + 1)):
                    assert v not in at or abs(at[v] - i) == 1, line
