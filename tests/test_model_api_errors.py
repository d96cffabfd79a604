"""The Model API refuses what it cannot honour (issue [1/7], part 5): every
argument checked before anything is made, one line in satgrid's own error
types (ArgumentError exit 2, LimitError exit 3, as --max-clauses), never a
MemoryError, AttributeError or TypeError; ints mixed with IntVars are constants,
checked against brute force."""

import itertools
import subprocess
import sys
import textwrap
import time

import networkx as nx
import pytest

from satgrid.errors import ArgumentError, EncodingError, LimitError, SatgridError
from satgrid.core.formula import Formula
from satgrid.limits import DEFAULT_MAX_CLAUSES, MAX_DOMAIN
from satgrid.modelling.model import Model
from satgrid.modelling.values import Solution


def one_line(e: SatgridError, status: int) -> str:
    text = str(e)
    assert "\n" not in text and text
    assert e.exit_status == status
    return text


# ----------------------------------------------------------------- domains
@pytest.mark.parametrize("values", ["abc", "123", b"12", 5, 2.5, None, [True, False],
                                    [1, 2.0], [1, "2"], object()])
def test_a_domain_of_anything_but_ints_is_one_line(values):
    with pytest.raises(ArgumentError) as err:
        Model().int("x", values)
    assert one_line(err.value, 2).startswith("x: ")


def test_an_empty_domain_is_refused():
    for values in ([], range(0), range(5, 1), set()):
        with pytest.raises(ArgumentError, match="x: empty domain"):
            Model().int("x", values)


@pytest.mark.parametrize("values, expect", [
    (range(3), [0, 1, 2]), (range(6, 0, -2), [2, 4, 6]), ([3, 1, 3, 2], [1, 2, 3]),
    ((v for v in (5, -1)), [-1, 5]), ({4: "a", 2: "b"}, [2, 4]), (frozenset({7}), [7])])
def test_domains_of_ints_in_any_iterable(values, expect):
    m = Model()
    x = m.int("x", values)
    assert list(x.values) == expect
    assert sorted(s.value(x) for s in m.solutions()) == expect


@pytest.mark.parametrize("values", [range(10**9), range(-10**20, 10**20), range(MAX_DOMAIN + 1),
                                    itertools.count(), iter(range(10**9)),
                                    list(range(MAX_DOMAIN + 1))])
def test_a_huge_domain_is_refused_at_once(values):
    m = Model()
    t = time.perf_counter()
    with pytest.raises(LimitError) as err:
        m.int("x", values)
    assert time.perf_counter() - t < 5
    assert "more than the limit of 1,000,000 values" in one_line(err.value, 3)
    assert m.formula.nvars == 0 and m.formula.nclauses == 0


def test_a_domain_past_the_clause_ceiling_is_refused_before_its_variables():
    m = Model(max_clauses=10_000)
    with pytest.raises(LimitError) as err:
        m.int("x", range(1000))                 # pairwise: 499,500 + 1 clauses
    text = one_line(err.value, 3)
    assert "clauses estimated, more than the limit of 10,000 (raise it with --max-clauses N)" in text
    assert m.formula.nvars == 0
    with pytest.raises(LimitError):
        m.int_block(["a", "b"], range(120))       # 2 * 7,141 clauses
    assert m.formula.nvars == 0
    Model(amo="ladder", max_clauses=10_000).int("x", range(1000))     # 2,997 clauses: fine


# ------------------------------------------------------------- comparisons
@pytest.mark.parametrize("op", ["nosuch", "!=", "", None, 3, ["<="]])
def test_an_unknown_comparison_lists_the_valid_ones(op):
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(3)]
    a = m.int("a", range(3))
    for call in (lambda: m.linear(xs, [1, 2, 3], op, 2), lambda: m.linear_int([a], op, 1)):
        with pytest.raises(ArgumentError) as err:
            call()
        text = one_line(err.value, 2)
        assert "unknown comparison" in text and "<=, =<, >=, =>, ==, =, <, >" in text


def test_every_listed_comparison_means_what_it_says():
    ops = {"<=": int.__le__, "=<": int.__le__, ">=": int.__ge__, "=>": int.__ge__,
           "==": int.__eq__, "=": int.__eq__, "<": int.__lt__, ">": int.__gt__}
    for op, holds in ops.items():
        m = Model()
        xs = [m.bool(f"x{i}") for i in range(3)]
        m.linear(xs, [1, 2, -3], op, 0)
        got = sorted(tuple(s[x] for x in xs) for s in m.solutions())
        want = sorted(bits for bits in itertools.product([False, True], repeat=3)
                      if holds(bits[0] + 2 * bits[1] - 3 * bits[2], 0))
        assert got == want, op


# ----------------------------------------------- IntVars and ints as constants
def brute(domains, holds):
    return sorted(vals for vals in itertools.product(*domains) if holds(vals))


def solutions_of(m, xs):
    return sorted(tuple(s.value(x) for x in xs) for s in m.solutions())


@pytest.mark.parametrize("mix", [(None, 1, None), (2, None, 2), (None, None, 0), (1, 1), (None, 3)])
@pytest.mark.parametrize("encoding", [None, "ladder", "seqcounter"])
def test_all_different_over_intvars_and_ints(mix, encoding):
    m = Model()
    xs = [m.int(f"x{i}", range(3)) if c is None else None for i, c in enumerate(mix)]
    items = [x if x is not None else c for x, c in zip(xs, mix)]
    m.all_different(items, encoding=encoding)
    free = [x for x in xs if x is not None]
    m.projection = [l for x in free for l in x.lits.values()] or []

    def holds(vals):
        it = iter(vals)
        full = [next(it) if c is None else c for c in mix]
        return len(set(full)) == len(full)
    want = brute([range(3)] * len(free), holds)
    if not free:
        assert (m.solve() is not None) == bool(want)
    else:
        assert solutions_of(m, free) == want


@pytest.mark.parametrize("mix", [(None, 1, None), (0, None, None), (None, None, 5), (1, 1, None)])
def test_permutation_over_intvars_and_ints(mix):
    m = Model()
    xs = [m.int(f"x{i}", range(4)) if c is None else None for i, c in enumerate(mix)]
    m.permutation([x if x is not None else c for x, c in zip(xs, mix)], [0, 1, 2])
    free = [x for x in xs if x is not None]

    def holds(vals):
        it = iter(vals)
        full = [next(it) if c is None else c for c in mix]
        return all(full.count(v) == 1 for v in (0, 1, 2))
    assert solutions_of(m, free) == brute([range(4)] * len(free), holds)


@pytest.mark.parametrize("terms_of", [
    lambda x, y: [x, 3, (2, y)], lambda x, y: [(-1, 4), x, y], lambda x, y: [(2, x), (0, 7), -2 * 1]])
@pytest.mark.parametrize("op", ["<=", "==", ">"])
def test_linear_int_with_constant_terms(terms_of, op):
    m = Model()
    x, y = m.int("x", range(-1, 3)), m.int("y", range(0, 3))
    terms = terms_of(x, y)
    m.linear_int(terms, op, 4)
    cmp = {"<=": int.__le__, "==": int.__eq__, ">": int.__gt__}[op]

    def total(vx, vy):
        out = 0
        for t in terms:
            c, v = t if isinstance(t, tuple) else (1, t)
            out += c * (vx if v is x else vy if v is y else v)
        return out
    assert solutions_of(m, [x, y]) == brute([range(-1, 3), range(3)],
                                            lambda v: cmp(total(*v), 4))


def test_allowed_on_a_constant_and_on_a_huge_range():
    m = Model()
    x = m.int("x", range(5))
    m.allowed(x, range(2, 10**12))
    assert solutions_of(m, [x]) == [(2,), (3,), (4,)]
    m.allowed(3, [3, 4])
    assert m.solve() is not None
    m.allowed(3, [1])
    assert m.solve() is None


@pytest.mark.parametrize("call", [
    lambda m, x: m.all_different([x, "a"]), lambda m, x: m.all_different([x, 1.0]),
    lambda m, x: m.all_different([x, True]), lambda m, x: m.all_different(x),
    lambda m, x: m.permutation([x, None], [0, 1]), lambda m, x: m.permutation([x], "ab"),
    lambda m, x: m.linear_int([x, "y"], "==", 1), lambda m, x: m.linear_int([(1, 2, x)], "==", 1),
    lambda m, x: m.linear_int([(1.5, x)], "==", 1), lambda m, x: m.linear_int(x, "==", 1),
    lambda m, x: m.linear_int([x], "==", 1.5), lambda m, x: m.allowed(x, "01"),
    lambda m, x: m.allowed("x", [1]), lambda m, x: m.all_different([x, Model().int("y", [0])]),
])
def test_wrong_terms_are_one_line(call):
    m = Model()
    x = m.int("x", range(3))
    with pytest.raises(ArgumentError) as err:
        call(m, x)
    one_line(err.value, 2)


# ------------------------------------------------------ literals and bounds
@pytest.mark.parametrize("call", [
    lambda m, xs: m.at_most(5, 1), lambda m, xs: m.at_most("ab", 1), lambda m, xs: m.at_most(None, 1),
    lambda m, xs: m.at_most(xs, "2"), lambda m, xs: m.at_most(xs, 1.0), lambda m, xs: m.at_most(xs, None),
    lambda m, xs: m.at_least(xs, "1"), lambda m, xs: m.exactly(xs, 1, group=5),
    lambda m, xs: m.exactly(xs, 1, encoding=["pairwise"]), lambda m, xs: m.at_most(xs + ["a"], 1),
    lambda m, xs: m.linear(xs, [1, 2], "<=", 1), lambda m, xs: m.linear(xs, "123", "<=", 1),
    lambda m, xs: m.linear(xs, [1, 2, 3], "<=", "1"), lambda m, xs: m.linear(xs, [1, 2.5, 3], "<=", 1),
    lambda m, xs: m.clause([1.5]), lambda m, xs: m.clause(["a"]), lambda m, xs: m.clause([99]),
    lambda m, xs: m.implies(["a"], 1), lambda m, xs: m.implies(1, 0), lambda m, xs: m.equiv(1, "b"),
    lambda m, xs: m.reify_and([1, None]), lambda m, xs: m.reify_or("ab"),
    lambda m, xs: m.at_most_one_each([xs, [1.5]]),
    lambda m, xs: Model(max_clauses=0), lambda m, xs: Model(max_clauses="10"),
])
def test_wrong_literals_bounds_and_names_are_one_line(call):
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(3)]
    with pytest.raises(EncodingError) as err:      # ArgumentError, or the encoder's EncodingError
        call(m, xs)
    one_line(err.value, 2)


def test_a_refused_reification_makes_no_variable():
    m = Model()
    a = m.bool("a")
    with pytest.raises(ArgumentError):
        m.reify_and([a, "b"])
    assert m.formula.nvars == 1


def test_formula_literal_errors_are_satgrid_errors_and_still_value_errors():
    f = Formula()
    f.var("a")
    for clause in ([1.5], [0], [2], ["a"]):
        with pytest.raises(ArgumentError) as err:
            f.add(clause)
        assert isinstance(err.value, ValueError)
        one_line(err.value, 2)


def test_intvar_and_solution_refuse_values_that_are_not_ints():
    m = Model()
    x = m.int("x", range(3), order=True)
    assert x.lit(7) == m.false and x.lit(-7) == m.false
    for bad in ("a", [1], 1.5, None):
        with pytest.raises(ArgumentError):
            x.lit(bad)
        with pytest.raises(ArgumentError):
            x.ge(bad)
    for bad in ("a", 0, None, 1.5):
        with pytest.raises(ArgumentError):
            Solution([1, -2]).value(bad)


# ----------------------------------------------------------- clause ceilings
def test_a_huge_cardinality_is_refused_like_max_clauses():
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(10**5)]
    before = (m.formula.nvars, m.formula.nclauses)
    for call in (lambda: m.at_most(xs, 5 * 10**4), lambda: m.at_least(xs, 5 * 10**4),
                 lambda: m.exactly(xs, 5 * 10**4), lambda: m.at_most(xs, 10**4, encoding="totalizer"),
                 lambda: m.at_most(xs, 1, encoding="pairwise")):
        t = time.perf_counter()
        with pytest.raises(LimitError) as err:
            call()
        assert time.perf_counter() - t < 5
        text = one_line(err.value, 3)
        assert text.endswith(f"more than the limit of {DEFAULT_MAX_CLAUSES:,} "
                             "(raise it with --max-clauses N)"), text
        assert "clauses estimated" in text and "of 100,000 literals by" in text
        assert (m.formula.nvars, m.formula.nclauses) == before
    m.at_most(xs, 2)                                # about 4 * 10^5 clauses: within the ceiling
    assert m.formula.nclauses > before[1]


def test_networks_past_their_exact_size_are_refused_without_counting_comparators():
    m = Model(max_clauses=10**6)
    xs = [m.bool(f"x{i}") for i in range(2 * 10**5)]
    for method in ("cardnetwork", "sortnetwork"):
        t = time.perf_counter()
        with pytest.raises(LimitError, match=f"by {method}"):
            m.at_most(xs, 10**5, encoding=method)
        assert time.perf_counter() - t < 1


def test_model_max_clauses_counts_what_is_made():
    m = Model(max_clauses=100)
    xs = [m.bool(f"x{i}") for i in range(10)]
    m.at_most(xs, 1)                                # 45 clauses
    m.at_most(xs[:9], 1)                            # 36: 81
    with pytest.raises(LimitError, match="more than the limit of 100"):
        m.at_most(xs[:8], 1)                        # 28 more: refused before it is made
    assert m.formula.nclauses == 81
    with pytest.raises(LimitError, match="more than 100 clauses made"):
        m.clauses([[x] for x in xs] * 2)           # no estimate: the guard stops it


@pytest.mark.parametrize("pb", ["bdd", "swc", "gtotalizer"])
def test_huge_weights_are_sized_by_what_the_encoding_makes(pb):
    # equal huge weights: a small BDD or tree, not 10^9 * n
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(8)]
    if pb == "swc":                                 # swc's size is 2nK: really past the ceiling
        with pytest.raises(LimitError, match="by swc"):
            m.linear(xs, [10**9] * 8, "<=", 3 * 10**9, encoding=pb)
        return
    m.linear(xs, [10**9] * 8, "<=", 3 * 10**9, encoding=pb)
    got = {sum(s[x] for x in xs) for s in m.solutions()}
    assert got == {0, 1, 2, 3}


def test_a_pb_constraint_with_an_exponential_bdd_is_refused():
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(120)]
    weights = [2**i + 10**40 for i in range(120)]   # every subset sum distinct
    t = time.perf_counter()
    with pytest.raises(LimitError, match="linear over 120 literals by bdd"):
        m.linear(xs, weights, "==", sum(weights) // 2)
    assert time.perf_counter() - t < 5


def bounded(code: str, limit_mb: int = 1500, timeout: float = 60) -> str:
    """Run ``code`` in a child with RLIMIT_AS; its stdout."""
    prelude = textwrap.dedent(f"""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, ({limit_mb} << 20, {limit_mb} << 20))
    """)
    out = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                         capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_the_issue_cases_are_refused_quickly_in_bounded_memory():
    out = bounded("""
        import time
        from satgrid.errors import SatgridError
        from satgrid.modelling.model import Model
        t = time.perf_counter()
        m = Model()
        xs = [m.bool(f"x{i}") for i in range(10**5)]
        cases = [lambda: m.int("big", range(10**9)),
                 lambda: m.int("big", (v for v in range(10**9))),
                 lambda: Model(amo="cardnetwork", max_clauses=10**6).int("big", range(10**6)),
                 lambda: m.int_block([f"c{i}" for i in range(10**4)], range(10**3)),
                 lambda: m.at_most(xs, 5 * 10**4),
                 lambda: m.exactly(xs, 5 * 10**4, encoding="sortnetwork"),
                 lambda: m.linear(xs, list(range(1, 10**5 + 1)), "==", 10**9),
                 lambda: m.linear(xs[:200], [10**12 + i for i in range(200)], "<=", 10**14,
                                  encoding="gtotalizer")]
        for call in cases:
            try:
                call()
                print("built")
            except SatgridError as e:
                print(type(e).__name__, e.exit_status)
        print("seconds", time.perf_counter() - t < 20)
    """)
    lines = out.split()
    assert lines.count("LimitError") == 8 and "built" not in lines, out
    assert "seconds True" in out


def test_gtotalizer_with_a_huge_bound_builds_its_small_tree():
    # the sum sets were bit masks of K bits: 10^12 bits for this bound
    out = bounded("""
        from satgrid.modelling.model import Model
        m = Model()
        xs = [m.bool(f"x{i}") for i in range(6)]
        m.linear(xs, [10**12, 10**12, 2 * 10**12, 10**12, 3, 5], "<=", 2 * 10**12 + 4,
                 encoding="gtotalizer")
        print(sorted({tuple(s[x] for x in xs) for s in m.solutions()}) ==
              sorted(b for b in __import__("itertools").product([False, True], repeat=6)
                     if sum(w * v for w, v in zip([10**12, 10**12, 2 * 10**12, 10**12, 3, 5], b))
                     <= 2 * 10**12 + 4))
    """)
    assert out.strip() == "True"


# ------------------------------- graphs, paths, regions, placements, names
@pytest.mark.parametrize("call", [
    lambda m, g, on: m.connected([1, 2], g), lambda m, g, on: m.connected(on, None),
    lambda m, g, on: m.connected(on, [0, 1, 2]), lambda m, g, on: m.connected(on, g, max_true="3"),
    lambda m, g, on: m.connected({0: "a"}, g), lambda m, g, on: m.connected({99: on[0]}, g),
    lambda m, g, on: m.path([1, 2], 0, 2), lambda m, g, on: m.cycle(None),
    lambda m, g, on: m.regions(5, g, {0: 2}), lambda m, g, on: m.regions([0, 1, 2], None, {0: 2}),
    lambda m, g, on: m.regions([0, 1, 2], g, [0]), lambda m, g, on: m.regions([[0], [1]], g),
    lambda m, g, on: m.regions([0, 1, 2], g, max_size="a"),
    lambda m, g, on: m.regions([0, 1, 2], g, sizes=[3]),
    lambda m, g, on: m.regions([0, 1, 2], g, members={0: on[0]}),
    lambda m, g, on: m.regions([0, 1, 2], g, {0: 2}, max_size=2),
    lambda m, g, on: m.place([{(0, 0)}], [(0, 0)]), lambda m, g, on: m.place({"a": set()}, [(0, 0)]),
    lambda m, g, on: m.place({"a": {(0, 0)}}, 5), lambda m, g, on: m.place({"a": {(0, 0)}}, ["ab"]),
    lambda m, g, on: m.place({"a": [(0, 0.5)]}, [(0, 0)]),
    lambda m, g, on: m.place({"a": {(0, 0)}}, [(0, 0)], counts={"a": "1"}),
    lambda m, g, on: m.place({"a": {(0, 0)}}, [(0, 0)], total=(1, 2, 3)),
    lambda m, g, on: m.at_most_one_each(5), lambda m, g, on: m.at_most_one_each([on[0]]),
    lambda m, g, on: m.bool(None), lambda m, g, on: m.int(7, [1]),
    lambda m, g, on: m.int("x", [1, 2], order="yes"), lambda m, g, on: m.int_block("abc", [1, 2]),
    lambda m, g, on: m.int_block(5, [1, 2]), lambda m, g, on: m.int_block(["a", None], [1, 2]),
])
def test_the_other_model_methods_refuse_wrong_arguments_in_one_line(call):
    m = Model()
    g = nx.path_graph(3)
    on = {v: m.bool(f"on{v}") for v in g}
    with pytest.raises(ArgumentError) as err:
        call(m, g, on)
    one_line(err.value, 2)


def test_regions_past_the_ceiling_are_refused_before_their_labels():
    g = nx.grid_2d_graph(300, 300)
    cells = sorted(g)
    for call in (lambda m: m.regions(cells, g),                       # n^2 / 2 labels
                 lambda m: m.regions(cells[:3], g, max_size=10**12),  # size literals per cell
                 lambda m: m.regions(cells, g, {c: None for c in cells[:1000]})):
        m = Model()
        t = time.perf_counter()
        with pytest.raises(LimitError) as err:
            call(m)
        assert time.perf_counter() - t < 10
        assert "clauses estimated, more than the limit of" in one_line(err.value, 3)
        assert m.formula.nvars == 0
    # bounded reach: the labels are counted (or sampled), not assumed n^2
    small = nx.grid_2d_graph(40, 40)
    m = Model(max_clauses=10**6)
    m.regions(sorted(small), small, max_size=3)         # about 1,600 * 13 labels: built
    assert 0 < m.formula.nclauses <= 10**6
    m = Model(max_clauses=10**5)
    with pytest.raises(LimitError, match="a partition of 1,600 cells"):
        m.regions(sorted(small), small, max_size=40)    # balls of hundreds of cells
    assert m.formula.nvars == 0


def test_estimates_of_huge_networks_and_bounds_take_no_memory():
    # counting a network's comparators for 10^8 inputs took the memory its
    # clauses take (the estimate then fell back on MemoryError, if it came)
    out = bounded("""
        import time
        from satgrid.core.encodings import estimate
        t = time.perf_counter()
        print(estimate.at_most("cardnetwork", 10**8, 50) > 50_000_000,
              estimate.exactly("sortnetwork", "sortnetwork", 10**7, 5 * 10**6) > 50_000_000,
              estimate.constraint("atmost", "sortnetwork", 10**8, 10**4) > 50_000_000,
              estimate.linear("gtotalizer", [10**12 + i for i in range(64)], 10**13, "<=") > 0,
              time.perf_counter() - t < 5)
    """, limit_mb=800)
    assert out.split() == ["True"] * 5, out
