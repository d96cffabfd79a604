"""satgrid.rules.numbers: every rule's solutions counted against a brute
force over small domains (what the rule means, not how it is encoded), under
every encoding a user may choose for it (``amo``, ``card``, ``pb``), each
rule's clauses in its own group."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import assert_doctests

from satgrid.modelling.model import Model
from satgrid.rules import numbers as N


def count(m: Model, xs) -> set:
    """The distinct value tuples of ``xs`` over all solutions."""
    return {tuple(s.value(x) for x in xs) for s in m.solutions()}


def brute(domains, ok) -> set:
    return {t for t in itertools.product(*domains) if ok(t)}


def seen_count(t) -> int:
    n, top = 0, None
    for v in t:
        if top is None or v > top:
            n, top = n + 1, v
    return n


CAGE_OPS = {"+": lambda t, k: sum(t) == k, "*": lambda t, k: __import__("math").prod(t) == k,
            "-": lambda t, k: abs(t[0] - t[1]) == k,
            "/": lambda t, k: t[0] * k == t[1] or t[1] * k == t[0]}


@pytest.mark.parametrize("op", list(CAGE_OPS))
@pytest.mark.parametrize("different", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_cage_against_brute_force(op, different, seed):
    rng = random.Random(seed)
    k = 2 if op in "-/" else rng.randint(1, 4)
    domains = [sorted(rng.sample(range(1, 8), rng.randint(1, 5))) for _ in range(k)]
    target = rng.choice([1, 2, 3, 4, 6, 8, 12, 13]) if op != "+" else rng.randint(1, 20)
    m = Model(pb=rng.choice(["bdd", "swc", "gtotalizer"]), amo=rng.choice(["pairwise", "ladder"]))
    xs = [m.int(f"x{i}", d) for i, d in enumerate(domains)]
    N.cage(m, xs, op, target, different=different, group="g")
    want = brute(domains, lambda t: CAGE_OPS[op](t, target)
                 and (not different or len(set(t)) == len(t)))
    assert count(m, xs) == want
    assert "g" in m.sizes()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("card", ["seqcounter-knuth", "totalizer", "cardnetwork"])
def test_visible_against_brute_force(n, card):
    for k in range(0, n + 2):
        m = Model(card=card)
        xs = [m.int(f"x{i}", range(1, 4)) for i in range(n)]
        N.visible(m, xs, k, group="v")
        assert count(m, xs) == brute([range(1, 4)] * n, lambda t: seen_count(t) == k), (n, k)
    assert card.split("-")[0] in m.formula.encodings.get("v", "") or n < 2


def test_visible_group_holds_its_auxiliaries():
    m = Model()
    xs = [m.int(f"x{i}", range(1, 5)) for i in range(4)]
    before = m.sizes()["main"].variables if "main" in m.sizes() else 0
    N.visible(m, xs, 2, group="sky")
    assert m.sizes()["sky"].variables > 0
    assert (m.sizes()["main"].variables if "main" in m.sizes() else 0) == before


@pytest.mark.parametrize("seed", range(8))
def test_ripple_against_brute_force(seed):
    rng = random.Random(seed)
    line = list(range(rng.randint(2, 6)))
    present = [c for c in line if rng.random() < 0.8]
    m = Model()
    nums = N.cells(m, present, range(1, 4))
    N.ripple(m, [line], nums)
    xs = [nums[c] for c in present]

    def ok(t):
        val = dict(zip(present, t))
        return all(not (val[a] == val[b] and b - a <= val[a])
                   for a, b in itertools.combinations(present, 2))
    assert count(m, xs) == brute([range(1, 4)] * len(present), ok)


def test_one_to_n_distinct_differ_fix_distance():
    m = Model()
    n = N.cells(m, "abcd", {"a": range(1, 3), "b": range(1, 3), "c": range(1, 5), "d": range(1, 5)})
    N.one_to_n(m, n, [["a", "b"]])
    N.distinct(m, n, [["b", "c", "d"]])
    N.differ(m, n, [("a", "c")])
    N.distance(m, n["c"], n["d"], 1, at_least=True)
    N.fix(m, n, {"d": 4})
    got = count(m, [n[k] for k in "abcd"])
    want = brute([range(1, 3), range(1, 3), range(1, 5), [4]],
                 lambda t: sorted(t[:2]) == [1, 2] and len({t[1], t[2], t[3]}) == 3
                 and t[0] != t[2] and abs(t[2] - t[3]) >= 1)
    assert got == want and len(want) == 2
    assert {"numbers.one_to_n", "numbers.distinct", "numbers.differ", "numbers.distance",
            "numbers.given", "numbers.cell"} <= set(m.sizes())


def test_fix_off_the_domain_is_unsat():
    m = Model()
    n = N.cells(m, [0], range(1, 4))
    N.fix(m, n, {0: 7})
    assert m.solve() is None


def test_digit_sets_are_skipped_when_too_many():
    m = Model()
    xs = [m.int(f"x{i}", range(1, 31)) for i in range(8)]
    N.cage(m, xs, "+", 100, different=True, group="big")
    assert m.sizes()["big"].clauses < 200_000


def test_cage_refuses_what_it_cannot_mean():
    from satgrid.errors import ArgumentError
    m = Model()
    xs = [m.int(f"x{i}", range(1, 4)) for i in range(3)]
    for op in ("-", "/"):
        with pytest.raises(ArgumentError):
            N.cage(m, xs, op, 1)
    with pytest.raises(ArgumentError):
        N.cage(m, xs, "%", 1)


def test_runs_and_lines():
    assert N.lines_of(2, 2) == [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0), (1, 0)], [(0, 1), (1, 1)]]
    runs = N.runs({(1, 1), (1, 2), (2, 1)}, 3, 3)
    assert runs == [((1, 0), "right", [(1, 1), (1, 2)]), ((2, 0), "right", [(2, 1)]),
                    ((0, 1), "down", [(1, 1), (2, 1)]), ((0, 2), "down", [(1, 2)])]


def test_doctests():
    assert_doctests(N)


@pytest.mark.parametrize("pb", ["bdd", "swc", "gtotalizer"])
def test_arrow_against_brute_force(pb):
    m = Model(pb=pb)
    head = m.int("h", range(1, 10))
    body = [m.int(f"b{i}", range(1, 5)) for i in range(3)]
    N.arrow(m, head, body, group="arrow")
    want = brute([range(1, 10)] + [range(1, 5)] * 3, lambda t: t[0] == sum(t[1:]))
    assert count(m, [head] + body) == want and "arrow" in m.sizes()
    assert pb in m.formula.encodings["arrow"]
