"""Model layer: variables, constraints with chosen encodings, solving, decoding."""

import itertools

import pytest

from satgrid.errors import EncodingError, SatgridError
from satgrid.modelling.model import Model


def latin(n, **kw):
    m = Model(**kw)
    x = [[m.int(f"x[{r},{c}]", range(1, n + 1)) for c in range(n)] for r in range(n)]
    for row in x:
        m.permutation(row, range(1, n + 1), group="latin.row")
    for col in zip(*x):
        m.permutation(col, range(1, n + 1), group="latin.column")
    return m, x


@pytest.mark.parametrize("amo", ["pairwise", "ladder", "bitwise", "commander", "seqcounter",
                                 "seqcounter-knuth"])
def test_latin_squares_of_order_4(amo):
    # 576 Latin squares of order 4 (OEIS A002860)
    m, _ = latin(4, amo=amo)
    assert m.count() == (576, True)


def test_reduced_latin_squares_of_order_5():
    # 56 reduced Latin squares of order 5 (OEIS A000315): first row and column 1..5
    m, x = latin(5)
    assumptions = [x[0][c].lit(c + 1) for c in range(5)] + [x[r][0].lit(r + 1) for r in range(5)]
    assert m.count(assumptions=assumptions) == (56, True)
    # the session is still usable without the assumptions afterwards
    assert m.solve() is not None


def test_int_values_and_order_channel():
    m = Model()
    x = m.int("x", [2, 5, 7], order=True)
    seen = []
    for sol in m.solutions():
        v = sol.value(x)
        seen.append(v)
        for t in range(0, 9):
            assert sol[x.ge(t)] == (v >= t)
        assert sol[x.lit(3)] is False
    assert sorted(seen) == [2, 5, 7]


@pytest.mark.parametrize("pb", ["bdd", "swc", "gtotalizer"])
def test_linear_int_sum(pb):
    m = Model(pb=pb)
    a, b, c = (m.int(n, range(0, 4)) for n in "abc")
    m.linear_int([a, (2, b), (-1, c)], "==", 4, group="sum")
    got = sorted((s.value(a), s.value(b), s.value(c)) for s in m.solutions())
    want = sorted(t for t in itertools.product(range(4), repeat=3) if t[0] + 2 * t[1] - t[2] == 4)
    assert got == want


def test_reify_and_or_equiv_implies():
    m = Model()
    p, q, r = m.bool("p"), m.bool("q"), m.bool("r")
    a = m.reify_and([p, q])
    o = m.reify_or([q, r])
    e = m.bool("e")
    m.equiv(e, a)
    m.implies([p, r], -q)
    sols = list(m.solutions())
    got = sorted((s[p], s[q], s[r]) for s in sols)
    want = sorted(t for t in itertools.product((False, True), repeat=3) if not (t[0] and t[2] and t[1]))
    assert got == want
    for s in sols:
        assert s[a] == (s[p] and s[q]) and s[o] == (s[q] or s[r]) and s[e] == s[a]


def test_stats_per_group_and_encoding_names():
    m = Model(amo="ladder")
    xs = [m.bool(f"b{i}") for i in range(6)]
    m.at_most(xs, 1, group="amo")
    m.at_most(xs, 3, group="card", encoding="totalizer")
    st = m.sizes()
    assert st["amo"].clauses > 0 and st["card"].variables > 0
    assert m.formula.encodings["amo"] == "ladder"
    assert m.formula.encodings["card"] == "totalizer"


def test_default_card_is_knuths_counter_and_the_sinz_alias_resolves():
    """Bounds above 1 default to seqcounter-knuth (k(n-k) aux, (n-k-1)k + (n-k)(k+1)
    clauses); ``card="seqcounter-sinz"`` is ``seqcounter`` (Sinz), recorded as such."""
    from satgrid.core import encodings as enc
    from satgrid.modelling.model import DEFAULT_CARD
    assert DEFAULT_CARD == "seqcounter-knuth"
    n, k = 9, 3
    clauses = {}
    for card in (None, "seqcounter-knuth", "seqcounter", "seqcounter-sinz"):
        m = Model(card=card)
        xs = [m.bool(f"b{i}") for i in range(n)]
        m.at_most(xs, k, group="c")
        m.exactly(xs, 1, group="one")      # k = 1: card when given alone, else pairwise
        st = m.sizes()
        clauses[card] = dict(m.formula.clause_groups())["c"]
        want = "seqcounter" if card == "seqcounter-sinz" else card or "seqcounter-knuth"
        assert m.card == want and m.formula.encodings["c"] == want
        assert m.formula.encodings["one"] == (want if card else "pairwise") == m.amo
        src = enc.VarCounter(n)                       # xs are 1..n, the counter's aux next
        assert dict(m.formula.clause_groups())["c"] == enc.at_most(xs, k, src, want)
        assert st["c"].variables == src.top - n
        if want == "seqcounter":
            assert (st["c"].variables, st["c"].clauses) == (k * (n - 1), 2 * n * k + n - 3 * k - 1)
        else:
            assert (st["c"].variables, st["c"].clauses) == (k * (n - k), (n - k - 1) * k + (n - k) * (k + 1))
    assert clauses[None] == clauses["seqcounter-knuth"]
    assert clauses["seqcounter-sinz"] == clauses["seqcounter"] != clauses[None]


def test_unknown_encoding_is_an_error():
    m = Model()
    xs = [m.bool(f"b{i}") for i in range(3)]
    with pytest.raises(EncodingError):
        m.at_most(xs, 1, encoding="no-such-method")


def test_uniqueness_and_projection():
    m = Model()
    x = m.int("x", range(3))
    y = m.int("y", range(3))
    m.linear_int([x, y], "==", 2)
    assert m.count() == (3, True)
    m.projection = list(x.lits.values())
    assert m.count() == (3, True)
    assert m.is_unique([x.lit(0)]) is True
    assert m.is_unique() is False


def test_dimacs_refuses_lazy_constraints(tmp_path):
    import networkx as nx
    m = Model()
    lits = {i: m.bool(f"v{i}") for i in range(3)}
    m.connected(lits, nx.path_graph(3))
    with pytest.raises(SatgridError, match="eager"):
        m.write_dimacs(tmp_path / "x.cnf")


def test_one_hot_groups_of_a_model_and_opt_in_counting():
    from satgrid.modelling.model import Model
    m = Model()
    xs = [m.int(f"x{i}", range(1, 4)) for i in range(3)]
    b = m.bool("b")
    m.all_different(xs)
    m.clause([b, xs[0].lit(1)])
    groups = m.one_hot()
    assert groups == [list(x.lits.values()) for x in xs]     # b is no integer
    m.projection = [l for x in xs[:2] for l in x.lits.values()]
    assert m.one_hot() == groups[:2]                          # only whole groups inside
    assert m.count() == m.count(one_hot=True) == (6, True)   # ordered pairs of 1..3
    m.projection = None
    # 3! permutations; b is free when x0 = 1 (2 of them: 4 solutions) and true
    # otherwise (4 more)
    assert m.count() == m.count(one_hot=True) == (8, True)
    assert m.is_unique(one_hot=True) is False
