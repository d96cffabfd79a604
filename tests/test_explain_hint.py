"""Hints (satgrid.explain.hint, Model.hint, satgrid hint) and the grade:
each hint's value is forced by its reason alone, checked on a formula made
here from a fresh compile with only the reason's groups (and their
connectivity checkers); the reason is locally minimal (without any one of
its elements the opposite value has a solution); the hints applied one by
one fix every projected variable to the puzzle's solution."""

import json

import pytest

from satgrid.apps.cli import main
from satgrid.core.formula import Formula
from satgrid.core.session import Session
from satgrid.explain.grade import grade
from satgrid.explain.hint import ALWAYS_ON
from satgrid.explain.puzzle import explainer
from satgrid.modelling.model import Model
from satgrid.pipeline.load import load, loads
from satgrid.pipeline.run import compile_puzzle

FILES = ["instances/sudoku-4x4.toml", "instances/sudoku-6x6.toml",
         "instances/hitori-pzprjs-4x4.txt", "instances/nurikabe-pzprjs-5x5.txt",
         "instances/slitherlink-janko-11.toml", "instances/masyu-janko-71.toml",
         "instances/fillomino-janko-13.toml", "instances/lits-pzprjs-4x4.txt",
         "instances/knight-moves-example.toml", "instances/numberlink-janko-01.toml"]


def forced_by(p, groups, givens, lit) -> bool:
    """Whether the rules of ``groups`` and the literals ``givens`` leave no
    solution with ``-lit``: a formula of those groups' clauses alone, from a
    fresh compile, solved with their lazy checkers."""
    m = compile_puzzle(p, givens="none")
    f = Formula()
    f.new_vars(m.formula.nvars)
    for name, clauses in m.formula.clause_groups():
        if name in groups or name in ALWAYS_ON:
            f.add_clauses(clauses, name)
    s = Session(f)
    for c in m.lazy:
        if c.name.split("[", 1)[0] in groups:
            if hasattr(c, "drop_fallback"):
                c.drop_fallback()
            s.add_lazy(c)
    return s.solve(list(givens) + [-lit]) == "unsat"


@pytest.mark.parametrize("file", FILES)
def test_hints_are_forced_minimal_and_solve_the_puzzle(file):
    p = load(file)[0]
    m, ex = explainer(p)
    seq = ex.sequence()
    assert seq, "a puzzle with something to find"
    known = set(ex.givens)
    for h in seq[:12]:       # the first steps, each checked from scratch
        assert set(h.givens) <= known
        assert forced_by(p, set(h.groups), h.givens, h.literal)
        for g in h.groups:
            assert not forced_by(p, set(h.groups) - {g}, h.givens, h.literal)
        for x in h.givens:
            assert not forced_by(p, set(h.groups), [y for y in h.givens if y != x], h.literal)
        known.add(h.literal)
    # applied one by one: every projected variable fixed, to the solution
    full = compile_puzzle(p)
    sol = full.solve()
    assert full.is_unique(first=sol)
    known = set(ex.givens) | {h.literal for h in seq}
    for v in m.over:
        truth = v if sol.model[v - 1] > 0 else -v
        assert -truth not in known
        group = next((ls for ls in ex.one_hot if v in ls), None)
        if group is not None:
            assert any(l in known for l in group)    # its value is known
        else:
            assert truth in known


def test_hints_on_a_puzzle_with_several_solutions_stop_at_the_open_cells():
    p = loads('puzzle = "slitherlink"\nclues = """\n. . .\n. 1 .\n. . .\n"""\n', "s.toml")[0]
    m, ex = explainer(p)
    forced = ex.forced()
    seq = ex.sequence()
    assert {h.literal for h in seq} == {v if b else -v for v, b in forced.items()}
    assert len(forced) < len(m.over)


def test_unsat_givens_give_no_hint():
    p = load("instances/sudoku-unsat-repeated-given.toml")[0]
    m, ex = explainer(p)
    assert ex.forced() is None and ex.hint() is None


def test_the_first_hint_prefers_a_small_reason():
    p = load("instances/sudoku-classic.toml")[0]
    m, ex = explainer(p)
    h = ex.hint()
    assert h.single and h.propagates and h.size <= 9


def test_model_hint():
    m = Model()
    x, y, z = (m.int(n, [1, 2, 3]) for n in "xyz")
    m.all_different([x, y, z], group="different")
    h = m.hint([x.lit(1), y.lit(2)])
    assert h.literal == z.lit(3) and sorted(h.givens) == sorted([x.lit(1), y.lit(2)])
    assert m.hint([x.lit(1), y.lit(2)], known=[z.lit(3)]) is None


def test_grade_figures_and_order():
    def score(text):
        p = loads(text, "g.txt")[0]
        m, ex = explainer(p)
        return grade(ex.sequence())
    easy = score(open("instances/sudoku-classic.txt").read())
    assert easy["propagation_solves"] and easy["score"] == 0
    assert easy["steps"] == easy["singles"] == 81 - 30
    hard = score("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n")
    assert hard["score"] > 0 and hard["steps"] == 81 - 21


def test_cli_hint_and_grade(capsys):
    assert main(["hint", "instances/sudoku-4x4.toml", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    h = res["hints"][0]
    assert h["cell"] and h["value"] in range(1, 5) and h["reason"]["groups"]
    assert main(["hint", "instances/sudoku-4x4.toml", "--all"]) == 0
    assert capsys.readouterr().out.count("because of") == 12
    assert main(["grade", "instances/sudoku-classic.toml"]) == 0
    assert "score 0" in capsys.readouterr().out
    assert main(["hint", "instances/hitori-unsat-2x2.toml"]) == 1
    assert main(["grade", "instances/nope.toml"]) == 2
