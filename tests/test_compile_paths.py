"""The fast compile and load paths (issue 21, part 2) against the slow paths
they stand for: the same variables, names, groups and clauses in the same
order, or the same meaning where the order is free.

- ``Model.int_block`` against ``Model.int`` one name at a time, under the
  pairwise at-most-one (its one-pass path) and the ladder (its fallback);
- ``Model.permutation``, ``all_different``, ``at_most_one_each`` (one pass
  for pairwise) against the encoders list by list;
- ``amo.pairwise_all`` against ``exactly``/``at_most`` per list, on random lists;
- ``Formula.vars`` against ``Formula.var``; ``Formula.add_pool_clauses``
  refusing inputs beyond the pool;
- ``solvers.load_clauses`` (straight to CaDiCaL's C extension) against
  PySAT's ``append_formula``: the same models counted, unsatisfiable units;
- the BDD equality's node cache against its direct build, and its meaning;
- Knight Moves' label domains against their definition (per label, cell and
  given), on random boards.
"""

import itertools
import random
from pathlib import Path

import pytest
from pysat.solvers import Solver

from satgrid import api
from satgrid.core.encodings import VarCounter, amo, at_most, bdd, exactly, linear
from satgrid.core.formula import Formula
from satgrid.modelling.model import Model
from satgrid.puzzles.knight_moves import KnightMoves, knight_distances
from satgrid.core.solvers import load_clauses

ROOT = Path(__file__).resolve().parents[1]


def state(m: Model):
    """Everything a build leaves in a Model's formula (and its IntVars)."""
    f = m.formula
    return (list(f.clause_groups()), list(f.names()), f.primary, f.sizes(),
            sorted(f.encodings.items()),
            [(x.name, x.values, dict(x.lits)) for x in m.ints])


@pytest.mark.parametrize("amo_method", ["pairwise", "ladder", "commander"])
def test_int_block_is_int_name_by_name(amo_method):
    names = [f"x[{r},{c}]" for r in range(2) for c in range(2)]
    slow, fast = Model(amo=amo_method), Model(amo=amo_method)
    slow.bool("before"), fast.bool("before")
    xs = [slow.int(n, range(4), group="g") for n in names]
    ys = fast.int_block(names, range(4), group="g")
    assert [repr(x) for x in xs] == [repr(y) for y in ys]
    assert state(slow) == state(fast)
    assert ys[3].lit(2) == fast.formula.lookup("x[1,1]=2")
    fast.projection = [l for y in ys for l in y.lits.values()]
    assert fast.count() == (4 ** 4, True)            # each cell one of 4 values


def test_int_block_refuses_a_name_in_use():
    m = Model()
    m.int("a", range(2))
    with pytest.raises(ValueError, match="'a=0'"):
        m.int_block(["b", "a"], range(2))


@pytest.mark.parametrize("encoding", [None, "pairwise", "ladder"])
def test_batched_one_hot_constraints_are_the_encoders_list_by_list(encoding):
    m = Model()
    xs = m.int_block([f"x{i}" for i in range(4)], range(1, 5))
    mark = m.formula.nclauses
    m.permutation(xs, range(1, 5), group="perm", encoding=encoding)
    m.all_different(xs, group="diff", encoding=encoding)
    lists = [[x.lit(v) for x in xs] for v in range(1, 5)]
    m.at_most_one_each(lists, group="each", encoding=encoding)
    method = encoding or "pairwise"
    ref = Formula.from_clauses([], m.formula.nvars)
    src = VarCounter(ref.nvars)
    expect = {"perm": [c for l in lists for c in exactly(l, 1, src, method)]}
    src = VarCounter(m.formula.nvars) if method == "pairwise" else None
    if src is not None:                                 # no auxiliaries: same numbers
        expect["diff"] = [c for l in lists for c in at_most(l, 1, src, method)]
        expect["each"] = expect["diff"]
        for g, cl in expect.items():
            assert m.formula.group_clauses(g) == cl
    assert m.formula.nclauses > mark
    assert m.count() == (24, True)                      # the 4! permutations
    assert m.formula.encodings["perm"] == method


def test_pairwise_all_matches_the_entry_points_on_random_lists():
    rnd = random.Random(21)
    for _ in range(300):
        lists = [[v if rnd.random() < 0.5 else -v
                  for v in rnd.sample(range(1, 40), rnd.randint(2, 8))]
                 for _ in range(rnd.randint(1, 5))]
        for ex in (True, False):
            fn = exactly if ex else at_most
            ref = [c for l in lists for c in fn(l, 1, VarCounter(40), "pairwise")]
            assert amo.pairwise_all(lists, ex) == ref
    # anything but distinct non-zero ints, two or more per list: not its job
    assert amo.pairwise_all([[1]], True) is None
    assert amo.pairwise_all([[1, -1]], False) is None
    assert amo.pairwise_all([[1, True]], False) is None
    assert amo.pairwise_all([[1, 0]], False) is None


def test_formula_vars_is_var_name_by_name():
    f, g = Formula(), Formula()
    f.var("a"), g.var("a")
    got = g.vars(["b", "c", "d"], group="grp")
    want = [f.var(n, "grp") for n in ("b", "c", "d")]
    assert list(got) == want
    assert list(f.names()) == list(g.names()) and f.primary == g.primary
    assert f.sizes() == g.sizes()
    for bad in (["e", "e"], ["e", "a"]):
        with pytest.raises(ValueError, match="already in use"):
            g.vars(bad)
    assert g.nvars == 4 and "e" not in dict((n, v) for v, n in g.names())


def test_add_pool_clauses_checks_its_inputs_once():
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(3)]
    f.add_pool_clauses([[-xs[0], xs[1]]], inputs=xs, group="g")
    assert f.group_clauses("g") == [[-1, 2]]
    with pytest.raises(ValueError, match="beyond the pool"):
        f.add_pool_clauses([[1, 9]], inputs=[1, -9])
    assert f.nclauses == 1


def _count(solver, over):
    n = 0
    while solver.solve():
        model = solver.get_model()
        solver.add_clause([-model[v - 1] for v in over])
        n += 1
    return n


@pytest.mark.parametrize("name", ["cadical195", "cadical153", "glucose4"])
def test_load_clauses_gives_the_formula_append_formula_gives(name):
    rnd = random.Random(7)
    for _ in range(20):
        nv = 8
        clauses = [[rnd.choice((1, -1)) * rnd.randint(1, nv) for _ in range(rnd.randint(1, 3))]
                   for _ in range(rnd.randint(5, 25))]
        a, b = Solver(name=name), Solver(name=name)
        a.append_formula(clauses)
        load_clauses(b, iter(clauses))
        a.add_clause([nv, -nv]), b.add_clause([nv, -nv])
        assert _count(a, range(1, nv + 1)) == _count(b, range(1, nv + 1))
        a.delete(), b.delete()
    s = Solver(name=name)
    load_clauses(s, [[1], [-1], [2, 3]])
    assert s.solve() is False
    s.delete()


def test_session_load_solves_a_seed_puzzle_to_its_published_answer():
    [p] = api.load(str(ROOT / "instances" / "hooks-8.toml"))
    res = api.solve(p, unique=True)
    assert res["answer"] == p.expect["answer"] and res["unique"] is True


def test_bdd_equality_nodes_cache_is_the_direct_build():
    rnd = random.Random(3)
    bdd._CACHE.clear()
    for _ in range(200):
        n = rnd.randint(1, 9)
        ws = [rnd.randint(1, 6) for _ in range(n)]
        bound = rnd.randint(-1, sum(ws) + 1)
        lits = [v if rnd.random() < 0.5 else -v for v in range(1, n + 1)]
        direct = bdd.bdd_eq(lits, ws, bound, VarCounter(n), cache=False)
        for _ in range(2):                                  # built, then from the cache
            assert bdd.bdd_eq(lits, ws, bound, VarCounter(n)) == direct
    # meaning: the models projected on the inputs are the weighted sums == bound
    ws, bound = [3, 1, 2, 2, 1], 4
    cl = linear(list(range(1, 6)), ws, "==", bound, VarCounter(5), "bdd")
    with Solver(name="m22", bootstrap_with=cl) as s:
        for bits in itertools.product((0, 1), repeat=5):
            assumed = [v if b else -v for v, b in zip(range(1, 6), bits)]
            assert s.solve(assumptions=assumed) == (sum(w * b for w, b in zip(ws, bits)) == bound)


def _domains_by_definition(p: KnightMoves, lmax: int):
    """Label t may go to cell i: the given cell of t, or (no given there) a
    cell at knight distance d <= |t - v| of the same parity from every given v."""
    rows, cols = p.rows, p.cols
    given = [(p.grid_givens[r][c], (r, c)) for r in range(rows) for c in range(cols)
             if p.grid_givens[r][c]]
    where = {v: cell for v, cell in given}
    dist = [(v, knight_distances(cell, rows, cols)) for v, cell in given]
    dom = [[] for _ in range(lmax + 1)]
    for t in range(1, lmax + 1):
        if t in where:
            dom[t] = [where[t][0] * cols + where[t][1]]
            continue
        for i in range(rows * cols):
            cell = (i // cols, i % cols)
            if any(cell == c for _, c in given):
                continue
            if all(d.get(cell) is not None and d[cell] <= abs(t - v)
                   and (abs(t - v) - d[cell]) % 2 == 0 for v, d in dist):
                dom[t].append(i)
    return dom


def test_knight_moves_domains_match_their_definition():
    rnd = random.Random(5)
    for _ in range(40):
        rows, cols = rnd.randint(3, 6), rnd.randint(3, 6)
        givens = [[0] * cols for _ in range(rows)]
        for v in rnd.sample(range(1, rows * cols + 1), rnd.randint(0, 4)):
            givens[rnd.randrange(rows)][rnd.randrange(cols)] = v
        p = KnightMoves([["a"] * cols for _ in range(rows)], givens)
        lmax = rows * cols
        assert p.domains(lmax) == _domains_by_definition(p, lmax)
        assert p.domains(lmax - 2) == _domains_by_definition(p, lmax - 2)


def _normalise_pb_term_by_term(lits, weights, op, bound):
    """normalise_pb's general path (merge terms per variable), for any input."""
    coef, const = {}, 0
    for l, w in zip(lits, weights):
        if w:
            coef[abs(l)] = coef.get(abs(l), 0) + (w if l > 0 else -w)
            const += 0 if l > 0 else w
    xs, ws = [], []
    for v, c in coef.items():
        if c:
            xs.append(v if c > 0 else -v)
            ws.append(abs(c))
            const += min(c, 0)
    rhs = bound - const
    if op == "<":
        op, rhs = "<=", rhs - 1
    elif op == ">":
        op, rhs = ">=", rhs + 1
    if op == ">=":
        op, xs, rhs = "<=", [-l for l in xs], sum(ws) - rhs
    return xs, ws, op, rhs


def test_normalise_pb_fast_path_is_the_term_by_term_one():
    from satgrid.core.encodings.normalise import normalise_pb
    rnd = random.Random(11)
    for _ in range(2000):
        n = rnd.randint(0, 7)
        distinct = rnd.random() < 0.5
        vs = rnd.sample(range(1, 12), n) if distinct else [rnd.randint(1, 4) for _ in range(n)]
        lits = [v if rnd.random() < 0.5 else -v for v in vs]
        weights = [rnd.randint(1, 5) if rnd.random() < 0.7 else rnd.randint(-3, 5)
                   for _ in range(n)]
        op, bound = rnd.choice(["<=", ">=", "==", "<", ">"]), rnd.randint(-3, 12)
        assert normalise_pb(lits, weights, op, bound) == \
            _normalise_pb_term_by_term(lits, weights, op, bound)
