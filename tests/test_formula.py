"""Formula: one variable pool, groups, sizes, and the PySAT pool pitfalls."""

import itertools

import pytest
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from satgrid.core.formula import Formula, Sizes


def test_names_groups_sizes():
    f = Formula()
    a, b, c = f.var("a"), f.var("b"), f.var("c")
    with f.group("g1"):
        f.add([a, b])
        t = f.new_var()
        f.add_clauses([[-t, c], [t, -a]])
    f.add([-c], "g2")
    assert (a, b, c, t) == (1, 2, 3, 4)
    assert f.name(a) == "a" and f.name(t) is None and f.lookup("b") == b
    assert f.primary == [1, 2, 3] and not f.is_primary(t)
    s = f.sizes()
    assert s["g1"] == Sizes(1, 3, 6)
    assert s["g2"] == Sizes(0, 1, 1)
    assert s["main"].variables == 3
    assert f.total() == Sizes(4, 4, 7)
    assert f.groups() == ["g1", "g2", "main"]
    with pytest.raises(ValueError):
        f.var("a")


def test_new_vars_are_consecutive_and_fresh():
    f = Formula()
    x = f.var("x")
    block = f.new_vars(5)
    assert list(block) == [2, 3, 4, 5, 6]
    assert f.var("y") == 7
    assert f.nvars == 7


def test_literal_outside_pool_is_refused():
    f = Formula()
    f.var("x")
    with pytest.raises(ValueError, match="beyond"):
        f.add([1, 2])
    with pytest.raises(ValueError, match="beyond"):
        f.add_clauses([[1], [-5]])
    with pytest.raises(ValueError, match="0 is not"):
        f.add([1, 0])
    assert f.nclauses == 0


def _models_on(clauses, nvars, inputs):
    """Projected models on ``inputs`` by brute force over all variables."""
    out = set()
    for bits in itertools.product((False, True), repeat=nvars):
        val = {v + 1: bits[v] for v in range(nvars)}
        if all(any(val[abs(l)] == (l > 0) for l in c) for c in clauses):
            out.add(tuple(val[v] for v in inputs))
    return out


def test_pysat_issue_133_default_top_id_collides_but_pool_does_not():
    """pysat #133: CardEnc without top_id numbers its auxiliaries right after
    the *inputs*, on top of problem variables that lie above them."""
    # problem: inputs 1..3, plus a problem variable 4 that must stay free
    cnf = CardEnc.atmost([1, 2, 3], 1, encoding=EncType.seqcounter)
    aux = {abs(l) for c in cnf.clauses for l in c} - {1, 2, 3}
    assert 4 in aux  # the collision PySAT allows
    # satgrid: the same encoding (PySAT's seqcounter is our seqcounter-knuth) through the shared pool
    from satgrid.core.encodings import at_most
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    y = f.var("y")
    cl = at_most(xs, 1, f, "seqcounter-knuth")
    f.add_clauses(cl)
    used = {abs(l) for c in cl for l in c}
    assert y not in used
    # y is free: both polarities extend every projected model
    with Solver(bootstrap_with=f.clauses) as s:
        assert s.solve([y]) and s.solve([-y])


def test_pysat_issue_207_vars_made_after_an_encoding_are_fresh():
    """pysat #207: variables created in a pool after an encoder ran with a
    hand-passed top_id can reuse the encoder's auxiliaries."""
    from satgrid.core.encodings import at_most
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(4)]
    cl = at_most(xs, 2, f, "seqcounter")
    f.add_clauses(cl)
    aux = {abs(l) for c in cl for l in c} - set(xs)
    z = f.var("z")  # made after the encoder
    assert z not in aux and z > max(aux)
    f.add([z])
    proj = _models_on(f.clauses, f.nvars, xs)
    assert proj == {b for b in itertools.product((False, True), repeat=4) if sum(b) <= 2}


def test_from_clauses():
    f = Formula.from_clauses([[1, -3], [2]])
    assert f.nvars == 3 and f.nclauses == 2 and f.primary == [1, 2, 3]


def test_primary_follows_the_pool_and_is_a_copy():
    """``primary`` scans each variable once (the Model asks for it on every
    count): still every primary id in order as the pool grows, and a new list."""
    f = Formula()
    a, x, b = f.var("a"), f.new_var(), f.var("b")
    assert f.primary == [a, b]
    f.primary.append(99)
    assert f.primary == [a, b]
    f.new_vars(3)
    c = f.var("c")
    assert f.primary == [a, b, c] == [v for v in range(1, f.nvars + 1) if f.is_primary(v)]
    assert x not in f.primary
