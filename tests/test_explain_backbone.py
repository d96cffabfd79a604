"""The backbone (satgrid.explain.backbone, Model.backbone, solve --backbone)
equals the intersection of every solution: on random small formulas against
brute force over all assignments, and on small puzzles of every kind -- with
one solution, several, or none -- against a complete enumeration."""

import glob
import itertools
import json
import random

import pytest

from satgrid.apps.cli import main
from satgrid.explain.backbone import backbone
from satgrid.explain.puzzle import backbone_result
from satgrid.modelling.model import Model
from satgrid.pipeline.load import load, loads
from satgrid.pipeline.run import compile_puzzle

#: small puzzles with several solutions (counts checked below), one per kind
#: with lazy connectivity or paths
SEVERAL = {
    "hitori": ("numbers", "1 1 2\n3 4 5\n6 7 8"),
    "nurikabe": ("clues", ". . .\n. 2 .\n. . ."),
    "slitherlink": ("clues", ". . .\n. 1 .\n. . ."),
    "masyu": ("pearls", ". w .\n. . .\n. . ."),
    "fillomino": ("clues", "2 . .\n. . .\n. . 3"),
    "numberlink": ("numbers", "1 . .\n. . .\n. . 1"),
}


def intersection(models, over):
    """The literals every model shares on ``over`` (None: no model)."""
    if not models:
        return None
    first = models[0]
    out = {}
    for v in over:
        vals = {m[v - 1] > 0 for m in models}
        if len(vals) == 1:
            out[v] = vals.pop()
    return out


@pytest.mark.parametrize("seed", range(40))
def test_random_formulas_against_brute_force(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(n)]
    clauses = [[rng.choice([1, -1]) * rng.randint(1, n) for _ in range(rng.randint(1, 3))]
               for _ in range(rng.randint(0, 3 * n))]
    m.clauses(clauses)
    assume = [rng.choice([1, -1]) * rng.randint(1, n) for _ in range(rng.randint(0, 2))]
    models = []
    for bits in itertools.product([False, True], repeat=n):
        lit = [v if b else -v for v, b in zip(xs, bits)]
        if all(any(l in lit for l in c) for c in clauses) and all(a in lit for a in assume):
            models.append(lit)
    assert backbone(m, assumptions=assume) == intersection(models, xs)


def test_one_hot_integers_against_brute_force():
    m = Model()
    x, y, z = (m.int(n, range(1, 4)) for n in "xyz")
    m.all_different([x, y])
    m.linear_int([x, z], "==", 4)
    sols = list(m.solutions())
    want = intersection([s.model for s in sols], m.over)
    assert m.backbone() == want
    assert m.backbone(assumptions=[y.lit(1)]) == intersection(
        [s.model for s in sols if s.value(y) == 1], m.over)


def small_instances():
    files = sorted(glob.glob("instances/*.toml") + glob.glob("instances/*.txt")
                   + glob.glob("satgrid/puzzles/*/examples/*.toml"))
    for f in files:
        p = load(f)[0]
        m = compile_puzzle(p)
        if m.formula.nvars <= 1200:
            yield f


@pytest.mark.parametrize("file", list(small_instances()))
def test_backbone_of_every_small_instance_is_the_intersection(file):
    p = load(file)[0]
    m = compile_puzzle(p)
    sols = list(m.solutions(limit=300, time_limit=20))
    if not m.session().complete:
        pytest.skip("too many solutions to enumerate")
    m2 = compile_puzzle(p)
    assert m2.backbone() == intersection([s.model for s in sols], m2.over)


@pytest.mark.parametrize("kind", sorted(SEVERAL))
def test_several_solutions_with_connectivity(kind):
    key, grid = SEVERAL[kind]
    p = loads(f'puzzle = "{kind}"\n{key} = """\n{grid}\n"""\n', file=f"{kind}.toml")[0]
    m = compile_puzzle(p)
    sols = list(m.solutions())
    assert len(sols) > 1 and m.session().complete
    m2 = compile_puzzle(p)
    got = m2.backbone()
    assert got == intersection([s.model for s in sols], m2.over)
    assert len(got) < len(m2.over)          # something is open


def test_sudoku_without_givens_relative_to_assumptions():
    p = load("instances/sudoku-4x4.toml")[0]
    m = compile_puzzle(p, givens="none")
    givens = list(p.givens(m))[:2]
    sols = list(m.solutions(assumptions=givens))
    assert len(sols) > 1
    assert m.backbone(assumptions=givens) == intersection([s.model for s in sols], m.over)


def test_puzzle_result_marks_open_cells_and_unsat():
    key, grid = SEVERAL["hitori"]
    p = loads(f'puzzle = "hitori"\n{key} = """\n{grid}\n"""\n', file="h.toml")[0]
    res = backbone_result(p)
    m = compile_puzzle(p)
    sols = [p.decode(s)["grid"] for s in m.solutions()]
    for r in range(3):
        for c in range(3):
            varies = len({g[r][c] for g in sols}) > 1
            assert res["backbone"]["open"][0][r][c] == varies
    assert backbone_result(load("instances/hitori-unsat-2x2.toml")[0])["backbone"] is None


def test_cli_backbone(capsys, tmp_path):
    svg = tmp_path / "b.svg"
    assert main(["solve", "instances/sudoku-4x4.toml", "--backbone", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "16 of 16 cells forced" in out and svg.read_text().startswith("<svg")
    assert main(["solve", "instances/hitori-unsat-2x2.toml", "--backbone", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["backbone"] is None
    assert main(["solve", "instances/sudoku-4x4.toml", "--backbone", "--unique"]) == 2
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 1\n1 2 0\n")
    assert main(["solve", str(cnf), "--backbone"]) == 2
    assert "--backbone applies to puzzle files" in capsys.readouterr().err


@pytest.mark.parametrize("file,givens", [("instances/hooks-example.toml", "none"),
                                         ("instances/hooks-example.toml", "units"),
                                         ("instances/vertex-sums-17-25-18-29.toml", "units"),
                                         ("instances/twenty-four-seven-2x2-2-top-left.toml", "units"),
                                         ("instances/knight-moves-example.toml", "none")])
def test_the_larger_kinds_with_and_without_their_givens(file, givens):
    p = load(file)[0]
    m = compile_puzzle(p, givens=givens)
    sols = list(m.solutions(limit=300, time_limit=60))
    assert m.session().complete and sols
    m2 = compile_puzzle(p, givens=givens)
    assert m2.backbone() == intersection([s.model for s in sols], m2.over)
