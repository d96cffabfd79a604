"""Encodings checked against their meaning.

One shared suite: every method registered in ``satgrid/core/encodings/methods.py``
joins every semantic test of its family by being registered (the
parametrisation below is read from :data:`METHODS`), and
:func:`test_every_registered_method_is_in_the_suite` fails if one is left out.
For every method, every n <= 8 and every bound, the clauses restricted to the
inputs accept exactly the assignments that satisfy the constraint: all 2^n
assignments are tried as assumptions on one incremental solver per formula.
Sizes are compared with the method's size formula (and the published closed
forms); arc consistency is shown with unit propagation for every method whose
record says it is arc-consistent, and refuted for the others. Tests of one
method's particulars come after the shared suite.
"""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.solvers import Solver

from satgrid.core.encodings import (AMO_METHODS, CARD_METHODS, PB_METHODS, EncodingError,
                               IncrementalTotalizer, VarCounter, at_least, at_most,
                               encode_formula, exactly, linear, size_formula)
from satgrid.core.encodings import estimate, networks
from satgrid.core.encodings.methods import METHODS, PYSAT_ONLY_CARD
from satgrid.errors import EncodingError as BaseEncodingError
from satgrid.core.formula import Formula

SOLVER = "m22"          # minisat 2.2: supports assumptions and propagate()

try:
    import pysat.pb  # noqa: F401
    HAVE_PB = True
except (ImportError, AssertionError):
    HAVE_PB = False

# ------------------------------------------- the suite, read from the registry
def _family(family, *, pysat=None, **where):
    """Names of the registered methods of ``family`` whose record fields
    equal ``where``; with ``pysat`` ("card" or "pb"), ``pysat:NAME`` for
    those with a PySAT counterpart of that kind instead."""
    recs = [m for m in METHODS.values() if m.family == family
            and all(getattr(m, f) == v for f, v in where.items())]
    if pysat is None:
        return [m.name for m in recs]
    return ["pysat:" + m.name for m in recs if getattr(m, "pysat_" + pysat)]


AMO_ALL = _family("amo")
CARD_ALL_OURS = _family("card")
PB_ALL_OURS = _family("pb")
# PySAT's counterparts of our methods, and PySAT's own encoders that are none of them
PYSAT_CARD_METHODS = _family("card", pysat="card") + [
    "pysat:" + n for n, enc in PYSAT_ONLY_CARD.items()
    if enc not in {m.pysat_card for m in METHODS.values()}]
PYSAT_AMO_METHODS = _family("amo", pysat="card")

OPS = {"<=": at_most, ">=": at_least, "==": exactly}
PRED = {"<=": lambda s, k: s <= k, ">=": lambda s, k: s >= k, "==": lambda s, k: s == k}


def _signed_inputs(n, seed):
    """Input literals over variables 1..n with mixed signs (deterministic)."""
    rnd = random.Random(seed)
    return [v if rnd.random() < 0.6 else -v for v in range(1, n + 1)]


def _check_all(clauses, nvars, accept):
    """Every assignment of variables 1..nvars: the formula is satisfiable
    under it exactly when accept(assignment as tuple of bools) holds."""
    with Solver(name=SOLVER, bootstrap_with=clauses) as s:
        for bits in itertools.product((False, True), repeat=nvars):
            assum = [v if b else -v for v, b in zip(range(1, nvars + 1), bits)]
            got = s.solve(assumptions=assum)
            if got != accept(bits):
                return bits, got
    return None


def _lit_value(l, bits):
    return bits[abs(l) - 1] if l > 0 else not bits[abs(l) - 1]


def _aux_ok(clauses, n, source):
    """Auxiliaries are exactly the block above n the source handed out."""
    used = {abs(l) for c in clauses for l in c}
    assert all(1 <= v <= source.top for v in used)


# ----------------------------------------------------------- cardinality
CARD_ALL = CARD_ALL_OURS + PYSAT_CARD_METHODS


@pytest.mark.parametrize("method", CARD_ALL)
def test_card_semantics_exhaustive(method):
    for n in range(0, 9):
        lits = _signed_inputs(n, n)
        for k in range(-1, n + 2):
            for op, fn in OPS.items():
                src = VarCounter(n)
                cl = fn(lits, k, src, method)
                _aux_ok(cl, n, src)
                bad = _check_all(cl, n, lambda b: PRED[op](sum(_lit_value(l, b) for l in lits), k))
                assert bad is None, (method, op, n, k, bad)


@pytest.mark.parametrize("method", AMO_ALL + PYSAT_AMO_METHODS)
def test_amo_semantics_exhaustive(method):
    for n in range(0, 9):
        lits = _signed_inputs(n, 100 + n)
        cases = [("<=", k) for k in (-1, 0, 1, n - 1, n, n + 1)] + \
                [("==", k) for k in (-1, 0, 1, n - 1, n, n + 1)] + \
                [(">=", k) for k in (-1, 0, 1, n - 1, n, n + 1)]
        for op, k in cases:
            src = VarCounter(n)
            try:
                cl = OPS[op](lits, k, src, method)
            except EncodingError:
                # only a genuine non-AMO bound may be refused
                m = n - k if op == ">=" else k
                assert 1 < m < n - 1 or (op == "==" and 1 < k < n - 1), (method, op, n, k)
                continue
            _aux_ok(cl, n, src)
            bad = _check_all(cl, n, lambda b: PRED[op](sum(_lit_value(l, b) for l in lits), k))
            assert bad is None, (method, op, n, k, bad)


@pytest.mark.parametrize("method", AMO_ALL)
def test_amo_methods_refuse_larger_bounds(method):
    with pytest.raises(EncodingError, match="at-most-one only.*seqcounter"):
        at_most([1, 2, 3, 4, 5], 2, VarCounter(5), method)
    with pytest.raises(EncodingError):
        exactly([1, 2, 3, 4, 5], 2, VarCounter(5), method)
    # trivial bounds are fine, without auxiliaries
    src = VarCounter(5)
    assert at_most([1, 2, 3, 4, 5], 4, src, method) == [[-1, -2, -3, -4, -5]]
    assert at_most([1, 2, 3], 7, src, method) == []
    assert src.top == 5


def test_unknown_methods_list_the_supported_ones():
    with pytest.raises(EncodingError, match="supported.*pairwise.*seqcounter, seqcounter-knuth.*pysat:"):
        at_most([1, 2, 3], 1, VarCounter(3), "nosuch")
    # the alias is accepted, but pysat: has no Sinz counter to alias
    assert at_most([1, 2, 3, 4], 2, VarCounter(4), "seqcounter-sinz")
    for bad in ("pysat:seqcounter-sinz", "seqcounter-Sinz", "sinz", "seqcounter_knuth"):
        with pytest.raises(EncodingError, match="supported"):
            at_most([1, 2, 3, 4], 2, VarCounter(4), bad)
        with pytest.raises(EncodingError, match="supported"):
            linear([1, 2, 3, 4], [1, 1, 1, 1], "<=", 2, VarCounter(4), bad)
        with pytest.raises(EncodingError, match="supported"):
            encode_formula("atmost", 4, 2, bad)
    with pytest.raises(EncodingError, match="supported.*bdd.*swc.*gtotalizer"):
        linear([1, 2], [1, 2], "<=", 2, VarCounter(2), "nosuch")
    with pytest.raises(EncodingError, match="pseudo-Boolean"):
        at_most([1, 2, 3], 1, VarCounter(3), "bdd")
    with pytest.raises(EncodingError, match="pysat:seqcounter"):
        at_most([1, 2, 3], 1, VarCounter(3), "pysat:nosuch")
    with pytest.raises(EncodingError, match="comparison"):
        linear([1, 2], [1, 2], "!=", 2, VarCounter(2))
    with pytest.raises(EncodingError, match="weights differ"):
        linear([1, 2, 3], [1, 2, 2], "<=", 2, VarCounter(3), "totalizer")
    assert issubclass(EncodingError, BaseEncodingError)


def test_pysat_amo_refuses_larger_bound():
    with pytest.raises(EncodingError, match="unsupported bound"):
        at_most([1, 2, 3, 4, 5], 2, VarCounter(5), "pysat:pairwise")


@pytest.mark.parametrize("method", CARD_ALL_OURS + AMO_ALL)
def test_trivial_cases_make_no_auxiliaries(method):
    src = VarCounter(4)
    xs = [1, 2, 3, 4]
    assert at_most(xs, -1, src, method) == [[]]
    assert at_most(xs, 4, src, method) == []
    assert at_most(xs, 0, src, method) == [[-1], [-2], [-3], [-4]]
    assert at_most(xs, 3, src, method) == [[-1, -2, -3, -4]]
    assert at_least(xs, 1, src, method) == [[1, 2, 3, 4]]
    assert at_least(xs, 0, src, method) == []
    assert at_least(xs, 5, src, method) == [[]]
    assert exactly(xs, 0, src, method) == [[-1], [-2], [-3], [-4]]
    assert exactly(xs, 4, src, method) == [[1], [2], [3], [4]]
    assert exactly(xs, 5, src, method) == [[]]
    assert at_most([], 0, src, method) == [] and exactly([], 0, src, method) == []
    assert exactly([], 1, src, method) == [[]]
    assert src.top == 4, method


def _multiset_cases(rnd, count):
    for _ in range(count):
        nv = rnd.randint(1, 4)
        size = rnd.randint(0, 7)
        yield [rnd.choice((1, -1)) * rnd.randint(1, nv) for _ in range(size)], nv


@pytest.mark.parametrize("method", CARD_ALL_OURS + AMO_ALL + ["pysat:seqcounter"])
def test_repeated_and_opposite_literals(method):
    rnd = random.Random(7)
    for lits, nv in _multiset_cases(rnd, 60):
        n = len(lits)
        for k in range(-1, n + 2):
            for op, fn in OPS.items():
                try:
                    cl = fn(lits, k, VarCounter(nv), method)
                except EncodingError:
                    assert method in AMO_METHODS or method.startswith("pysat:")
                    continue
                assert all(len(set(map(abs, c))) == len(c) for c in cl), cl
                bad = _check_all(cl, nv, lambda b: PRED[op](sum(_lit_value(l, b) for l in lits), k))
                assert bad is None, (method, lits, op, k, bad)


def test_opposite_pair_needs_no_auxiliaries():
    src = VarCounter(3)
    # x1 + -x1 + x2 <= 1  <=>  x2 <= 0
    assert at_most([1, -1, 2], 1, src, "totalizer") == [[-2]]
    # x1 + x1 + x2 <= 1  <=>  x1 false and x2 <= 1
    assert at_most([1, 1, 2], 1, src, "seqcounter") == [[-1]]
    assert src.top == 3


# -------------------------------------------------------- pseudo-Boolean
PYSAT_PB_METHODS = _family("pb", pysat="pb")
PB_ALL = PB_ALL_OURS + (PYSAT_PB_METHODS if HAVE_PB else [])


@pytest.mark.parametrize("method", PB_ALL)
def test_pb_semantics_exhaustive(method):
    """Random integer weights (negative and zero included), every bound from
    below the least sum to above the largest, every op, all 2^n assignments."""
    rnd = random.Random(sum(map(ord, method)))
    for n in range(0, 9):
        for _ in range(1 if n <= 2 else 2 if n >= 6 else 3):
            lits = _signed_inputs(n, rnd.randint(0, 10 ** 6))
            weights = [rnd.randint(-3, 6) for _ in range(n)]
            lo = sum(w for w in weights if w < 0)
            hi = sum(w for w in weights if w > 0)
            for bound in range(lo - 1, hi + 2):
                for op in ("<=", ">=", "=="):
                    src = VarCounter(n)
                    cl = linear(lits, weights, op, bound, src, method)
                    _aux_ok(cl, n, src)

                    def accept(b):
                        s = sum(w for l, w in zip(lits, weights) if _lit_value(l, b))
                        return PRED[op](s, bound)
                    bad = _check_all(cl, n, accept)
                    assert bad is None, (method, lits, weights, op, bound, bad)


@pytest.mark.parametrize("method", PB_ALL_OURS)
def test_pb_repeated_variables_and_zero_weights(method):
    rnd = random.Random(11)
    for _ in range(40):
        nv = rnd.randint(1, 4)
        size = rnd.randint(0, 6)
        lits = [rnd.choice((1, -1)) * rnd.randint(1, nv) for _ in range(size)]
        weights = [rnd.randint(-3, 5) for _ in range(size)]
        lo = sum(w for w in weights if w < 0)
        hi = sum(w for w in weights if w > 0)
        for bound in range(lo - 1, hi + 2):
            for op in ("<=", ">=", "==", "<", ">"):
                cl = linear(lits, weights, op, bound, VarCounter(nv), method)
                pred = {"<": lambda s: s < bound, ">": lambda s: s > bound}.get(
                    op, lambda s, op=op: PRED[op](s, bound))
                bad = _check_all(cl, nv, lambda b: pred(
                    sum(w for l, w in zip(lits, weights) if _lit_value(l, b))))
                assert bad is None, (method, lits, weights, op, bound, bad)


def test_pb_heavy_weights_are_units_without_auxiliaries():
    src = VarCounter(3)
    assert linear([1, 2, 3], [5, 9, 2], "<=", 4, src, "bdd") == [[-1], [-2]]
    assert linear([1, 2], [3, -3], "<=", -4, src, "swc") == [[]]
    assert src.top == 3


def test_card_method_accepts_equal_weights():
    src = VarCounter(4)
    cl = linear([1, 2, 3, 4], [3, 3, 3, 3], "<=", 7, src, "totalizer")
    assert _check_all(cl, 4, lambda b: 3 * sum(b) <= 7) is None
    assert linear([1, 2, 3], [2, 2, 2], "==", 3, VarCounter(3), "seqcounter") == [[]]


@pytest.mark.skipif(HAVE_PB, reason="pindakaas is installed")
def test_pysat_pb_without_pindakaas_says_so():
    with pytest.raises(EncodingError, match="pindakaas"):
        linear([1, 2, 3], [1, 2, 3], "<=", 3, VarCounter(3), "pysat:bdd")


# ------------------------------------------------------------------ sizes
def _measure(method, n, k):
    src = VarCounter(n)
    cl = at_most(list(range(1, n + 1)), k, src, method)
    return src.top - n, len(cl)


SIZE_METHODS = CARD_ALL_OURS + AMO_ALL


@pytest.mark.parametrize("method", SIZE_METHODS)
def test_sizes_match_size_formula(method):
    assert METHODS[method].size is not None, f"{method}: a cardinality record needs its size"
    for n in list(range(2, 40)) + [63, 64, 65, 100, 128, 200]:
        ks = [1] if method in AMO_METHODS else sorted({1, 2, 3, n // 3, n // 2, n - 2} - {0})
        for k in ks:
            if k >= n - 1 and n > 2:
                continue
            assert _measure(method, n, k) == size_formula(method, n, k), (method, n, k)


@pytest.mark.parametrize("method", PB_ALL_OURS)
def test_pb_sizes_match_size_formula(method):
    """linear(x, ws, "<=", K) has the size size_formula(method, n, K,
    weights=ws) gives; a record without a size formula gives None."""
    rnd = random.Random(31)
    for _ in range(120):
        n = rnd.randint(2, 14)
        ws = [rnd.randint(1, 9) for _ in range(n)]
        for K in sorted({1, max(ws), sum(ws) // 10, sum(ws) // 2, sum(ws) - 1} - {0}):
            got = size_formula(method, n, K, weights=ws)
            if METHODS[method].size is None and sum(w for w in ws if w <= K) > K:
                assert got is None, (method, ws, K)      # no formula for the method itself
            else:
                assert got == _measure_pb(method, ws, K), (method, ws, K)


def test_sizes_published_closed_forms():
    for n in range(3, 60, 3):
        for k in range(1, n - 1):
            # SPEC.md section 4: seqcounter is Sinz 2005 (LTSEQ)
            sinz = (k * (n - 1), 2 * n * k + n - 3 * k - 1)
            # Knuth, TAOCP 4B, 7.2.2.2 (18)-(19): the irredundant form
            knuth = (k * (n - k), (n - k - 1) * k + (n - k) * (k + 1))
            assert _measure("seqcounter", n, k) == sinz == size_formula("seqcounter", n, k)
            assert _measure("seqcounter-sinz", n, k) == sinz == size_formula("seqcounter-sinz", n, k)
            assert _measure("seqcounter-knuth", n, k) == knuth == size_formula("seqcounter-knuth", n, k)
            if k > 1:           # the two differ by k(k-1) auxiliaries, (2k+1)(k-1) clauses
                assert sinz[0] > knuth[0] and sinz[1] > knuth[1]
        # exactly = at_most(k) + at_most over the negations with bound n-k, a half
        # with bound n-1 being its one clause: exactly-one is the counter's
        # at-most-one (k = 1: n-1 auxiliaries, 3n-4 clauses in both forms) + OR(lits)
        for method in ("seqcounter", "seqcounter-knuth"):
            src = VarCounter(n)
            cl = exactly(list(range(1, n + 1)), 1, src, method)
            assert (src.top - n, len(cl)) == (n - 1, 3 * n - 3), (method, n)
            assert list(range(1, n + 1)) in cl
            src = VarCounter(n)                              # exactly n-1: the mirror image
            cl = exactly(list(range(1, n + 1)), n - 1, src, method)
            assert (src.top - n, len(cl)) == (n - 1, 3 * n - 3), (method, n)
            assert [-v for v in range(1, n + 1)] in cl
        assert _measure("pairwise", n, 1) == (0, n * (n - 1) // 2)
        m = (n - 1).bit_length()
        assert _measure("bitwise", n, 1) == (m, n * m)
        assert _measure("ladder", n, 1) == (n - 1, 3 * n - 4)
    # swc has Sinz's size whatever the weights (all <= k)
    rnd = random.Random(3)
    for n in range(3, 30):
        for k in range(1, 12):
            ws = [rnd.randint(1, k) for _ in range(n)]
            if sum(ws) <= k:
                continue
            src = VarCounter(n)
            cl = linear(list(range(1, n + 1)), ws, "<=", k, src, "swc")
            assert (src.top - n, len(cl)) == (k * (n - 1), 2 * n * k + n - 3 * k - 1)
    # Batcher's odd-even merge sort on 2^m inputs: C comparators, 2C aux, 3C + 1 clauses
    for m in range(1, 9):
        n = 2 ** m
        C = (m * m - m + 4) * 2 ** (m - 2) - 1 if m >= 2 else 1
        assert networks.batcher_comparators(m) == C
        for k in (1, n // 2 - 1, n - 2):
            if 1 <= k < n - 1:
                assert _measure("sortnetwork", n, k) == (2 * C, 3 * C + 1)
    # cardinality networks with n = p * M (no padding): p HSort(M) + (p-1) SMerge(M)
    for k in range(1, 16):
        M = 1 << k.bit_length()          # least power of two >= k + 1
        j = M.bit_length() - 1
        hs = (j * j - j + 4) * 2 ** (j - 2) - 1 if j >= 2 else 1
        sm = (M // 2) * j + M
        for p in range(1, 6):
            n = p * M
            if k >= n - 1:
                continue
            C = p * hs + (p - 1) * sm
            assert _measure("cardnetwork", n, k) == (2 * C, 3 * C + 1), (n, k)
    # totalizer without the cut (k + 1 >= n is trivial, so check the tree below the
    # root): n = 2^m leaves, each level n aux; node of 2s leaves: (s+1)^2 - 1 clauses
    for m in range(1, 7):
        n = 2 ** m
        src = VarCounter(n)
        from satgrid.core.encodings.totalizer import totalizer_outputs
        cl, out = totalizer_outputs(list(range(1, n + 1)), n, src)
        assert src.top - n == n * m
        assert len(cl) == sum(2 ** (m - l) * ((2 ** (l - 1) + 1) ** 2 - 1) for l in range(1, m + 1))


def test_size_formula_trivial_and_none():
    assert size_formula("seqcounter", 5, -1) == (0, 1)
    assert size_formula("totalizer", 5, 5) == (0, 0)
    assert size_formula("cardnetwork", 5, 0) == (0, 5)
    assert size_formula("mtotalizer", 5, 4) == (0, 1)
    assert size_formula("bdd", 5, 2) is None
    assert size_formula("pairwise", 6, 2) is None
    assert size_formula("bdd", 3, 2, weights=[1, 2, 3]) is None
    assert size_formula("totalizer", 3, 2, weights=[1, 2, 2]) is None   # unequal: linear refuses


def _measure_pb(method, ws, k):
    n = len(ws)
    src = VarCounter(n)
    cl = linear(list(range(1, n + 1)), ws, "<=", k, src, method)
    return src.top - n, len(cl)


def test_size_formula_weighted_sums_take_no_cardinality_shortcut():
    """k >= n (and k == n-1) are not trivial for a weighted sum: the atlas's
    n = 16, K = 46 point is K(n-1) aux and 2nK + n - 3K - 1 clauses."""
    ws16 = [9, 9, 4, 6, 2, 8, 1, 10, 3, 7, 10, 8, 5, 1, 6, 4]     # atlas.pb_weights(16)
    assert _measure_pb("swc", ws16, 46) == (690, 1349) == (46 * 15, 2 * 16 * 46 + 16 - 3 * 46 - 1)
    assert size_formula("swc", 16, 46) == (690, 1349)
    assert size_formula("swc", 16, 46, weights=ws16) == (690, 1349)
    assert size_formula("swc", 5, 4) == _measure_pb("swc", [1, 2, 1, 1, 3], 4) == (16, 32)
    # without weights: every weight in 1..k, total above k
    assert size_formula("swc", 5, -1) == (0, 1)
    assert size_formula("swc", 5, 0) == (0, 5)
    assert size_formula("swc", 1, 3) == (0, 0) and size_formula("swc", 0, 3) == (0, 0)
    assert size_formula("swc", 2, 1) == _measure_pb("swc", [1, 1], 1) == (1, 2)
    assert size_formula("gtotalizer", 6, 9) is None
    # with weights: exactly what linear(..., "<=", k) makes, units for heavy inputs included
    rnd = random.Random(17)
    seen = set()
    for _ in range(300):
        n = rnd.randint(0, 12)
        ws = [rnd.randint(1, 12) for _ in range(n)]
        for k in sorted({-1, 0, 1, rnd.randint(1, 15), sum(ws) // 2, sum(ws) - 1, sum(ws), n, n - 1}):
            got = size_formula("swc", n, k, weights=ws)
            assert got == _measure_pb("swc", ws, k), (ws, k)
            seen.add("heavy" if any(w > k >= 0 for w in ws) else "k>=n" if k >= n > 1 else "other")
            if ws and len(set(ws)) == 1:          # a cardinality method on equal weights
                for m in ("seqcounter", "seqcounter-knuth", "seqcounter-sinz", "totalizer",
                          "cardnetwork"):
                    assert size_formula(m, n, k, weights=ws) == _measure_pb(m, ws, k), (m, ws, k)
    assert seen == {"heavy", "k>=n", "other"}
    for bad in ([1, 2], [1, 0, 2], [1, -2, 3], [1, 2.0, 3], [True, 1, 1]):
        with pytest.raises(EncodingError, match="positive integer weights"):
            size_formula("swc", 3, 2, weights=bad)


# ------------------------------------------------------- arc consistency
@pytest.mark.parametrize("method", _family("card", arc_consistent=True))
def test_arc_consistency_by_unit_propagation(method):
    for n in range(3, 9):
        xs = _signed_inputs(n, 50 + n)
        for k in range(1, n - 1):
            cl = at_most(xs, k, VarCounter(n), method)
            with Solver(name=SOLVER, bootstrap_with=cl) as s:
                for chosen in itertools.combinations(range(n), k):
                    ok, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                    assert ok
                    implied = set(implied)
                    for i in range(n):
                        if i not in chosen:
                            assert -xs[i] in implied, (method, n, k, chosen, i)
            # at least n-k-... : fixing n-k inputs false makes the rest true
            cl = at_least(xs, k, VarCounter(n), method)
            with Solver(name=SOLVER, bootstrap_with=cl) as s:
                for off in itertools.combinations(range(n), n - k):
                    ok, implied = s.propagate(assumptions=[-xs[i] for i in off])
                    assert ok
                    assert all(xs[i] in set(implied) for i in range(n) if i not in off)


@pytest.mark.parametrize("method", _family("amo", arc_consistent=True))
def test_amo_arc_consistency_by_unit_propagation(method):
    """One input true sets every other false."""
    for n in range(3, 10):
        xs = _signed_inputs(n, 70 + n)
        with Solver(name=SOLVER, bootstrap_with=at_most(xs, 1, VarCounter(n), method)) as s:
            for i in range(n):
                ok, implied = s.propagate(assumptions=[xs[i]])
                assert ok
                assert all(-xs[j] in set(implied) for j in range(n) if j != i), (method, n, i)


def _pb_propagation_misses(method, xs, ws, K):
    """(chosen inputs, input) pairs where unit propagation misses that the
    input must be false under ``sum ws_i xs_i <= K``; asserts no conflict."""
    n = len(xs)
    misses = []
    with Solver(name=SOLVER, bootstrap_with=linear(xs, ws, "<=", K, VarCounter(n), method)) as s:
        for r in range(1, n):
            for chosen in itertools.combinations(range(n), r):
                used = sum(ws[i] for i in chosen)
                if used > K:
                    continue
                ok, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                assert ok
                misses += [(chosen, i) for i in range(n)
                           if i not in chosen and used + ws[i] > K and -xs[i] not in implied]
    return misses


@pytest.mark.parametrize("method", _family("pb", arc_consistent=True))
def test_pb_arc_consistent_for_at_most(method):
    rnd = random.Random(5)
    for _ in range(20):
        n = rnd.randint(3, 7)
        ws = [rnd.randint(1, 6) for _ in range(n)]
        K = rnd.randint(max(ws), sum(ws) - 1)
        xs = _signed_inputs(n, rnd.randint(0, 99)) if method == "gtotalizer" else list(range(1, n + 1))
        misses = _pb_propagation_misses(method, xs, ws, K)
        assert not misses, (ws, K, misses[:3])
    rnd = random.Random(6)                # and every method over inputs of both signs
    for _ in range(10):
        n = rnd.randint(3, 7)
        ws = [rnd.randint(1, 6) for _ in range(n)]
        K = rnd.randint(max(ws), sum(ws) - 1)
        xs = _signed_inputs(n, rnd.randint(0, 99))
        misses = _pb_propagation_misses(method, xs, ws, K)
        assert not misses, (ws, K, misses[:3])


@pytest.mark.parametrize("method", [m.name for m in METHODS.values() if not m.arc_consistent])
def test_methods_recorded_as_not_arc_consistent_are_not(method):
    """A record's ``arc_consistent=False`` is a fact, not a shrug: unit
    propagation misses an implied input somewhere for n <= 8."""
    missed = False
    for n in range(3, 9):
        xs = list(range(1, n + 1))
        for k in range(1, n - 1):
            if METHODS[method].family == "pb":
                missed = missed or bool(_pb_propagation_misses(method, xs, [1] * n, k))
                continue
            with Solver(name=SOLVER, bootstrap_with=at_most(xs, k, VarCounter(n), method)) as s:
                for chosen in itertools.combinations(range(n), k):
                    ok, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                    assert ok
                    missed = missed or any(-xs[i] not in implied for i in range(n) if i not in chosen)
    assert missed, f"{method} propagates like an arc-consistent encoding: fix its record"


# ------------------------------------------------- the suite covers the registry
#: per family, the semantic tests every registered method of it must join
#: (arc consistency: the test its record's ``arc_consistent`` calls for)
SUITE = {
    "amo": ["test_amo_semantics_exhaustive", "test_amo_methods_refuse_larger_bounds",
            "test_trivial_cases_make_no_auxiliaries", "test_repeated_and_opposite_literals",
            "test_sizes_match_size_formula", "test_amo_arc_consistency_by_unit_propagation"],
    "card": ["test_card_semantics_exhaustive", "test_trivial_cases_make_no_auxiliaries",
             "test_repeated_and_opposite_literals", "test_sizes_match_size_formula",
             "test_card_random_larger", "test_arc_consistency_by_unit_propagation"],
    "pb": ["test_pb_semantics_exhaustive", "test_pb_repeated_variables_and_zero_weights",
           "test_pb_sizes_match_size_formula", "test_pb_arc_consistent_for_at_most"],
}
ARC_TESTS = {"test_amo_arc_consistency_by_unit_propagation",
             "test_arc_consistency_by_unit_propagation", "test_pb_arc_consistent_for_at_most"}


def _parametrised_methods(test_name):
    """The ``method`` values a test of this module is parametrised with."""
    marks = getattr(globals()[test_name], "pytestmark", [])
    return [v for mark in marks if mark.name == "parametrize" and mark.args[0] == "method"
            for v in mark.args[1]]


def test_every_registered_method_is_in_the_suite():
    """A method registered in methods.py but left out of a semantic test of
    its family (a hand-written list, say) fails here; so does a PySAT
    counterpart left out of the PySAT semantic tests."""
    assert set(METHODS) == set(AMO_METHODS) | set(CARD_METHODS) | set(PB_METHODS)
    missing = []
    for m in METHODS.values():
        assert m.family in SUITE, f"{m.name}: family {m.family!r} has no semantic tests"
        for test in SUITE[m.family]:
            if test in ARC_TESTS and not m.arc_consistent:
                test = "test_methods_recorded_as_not_arc_consistent_are_not"
            if m.name not in _parametrised_methods(test):
                missing.append(f"{m.name} not in {test}")
        if m.pysat_card and m.family != "pb":
            test = "test_amo_semantics_exhaustive" if m.family == "amo" else "test_card_semantics_exhaustive"
            if "pysat:" + m.name not in _parametrised_methods(test):
                missing.append(f"pysat:{m.name} not in {test}")
        if m.pysat_pb and m.family == "pb" and "pysat:" + m.name not in PYSAT_PB_METHODS:
            missing.append(f"pysat:{m.name} not in test_pb_semantics_exhaustive")
    assert not missing, "\n".join(missing)


# ----------------------------------------------------------- gtotalizer
def _gte_recount(ws, K):
    """Size of linear(x, ws, '<=', K, method='gtotalizer') counted from the
    module doc's description alone: units for inputs heavier than K; the
    others sorted ascending in a balanced tree (left half floor(s/2)); a node
    has one output per distinct sum <= K of its children's values (0
    included); clauses per node: one per pair (a, b) in (A+{0}) x (B+{0})
    with 0 < a+b <= K, a chain of |R|-1 binaries, and one per minimal pair
    with a+b > K (no other such pair below it in both coordinates); the root
    has the minimal-pair clauses only."""
    units = sum(1 for w in ws if w > K)
    kept = sorted(w for w in ws if w <= K)
    if sum(kept) <= K:
        return 0, units
    aux = cls = 0

    def node(part, root):
        nonlocal aux, cls
        if len(part) == 1:
            return {part[0]}
        half = len(part) // 2
        A, B = node(part[:half], False), node(part[half:], False)
        over = [(a, b) for a in A for b in B if a + b > K]
        cls += sum(1 for a, b in over
                   if not any((c, d) != (a, b) and c <= a and d <= b for c, d in over))
        if root:
            return None
        R = {v for v in A | B | {a + b for a in A for b in B} if v <= K}
        aux += len(R)
        cls += len(A) + len(B) + sum(1 for a in A for b in B if a + b <= K) + len(R) - 1
        return R

    node(kept, True)
    return aux, cls + units


GTE_CASES = [([9, 9, 4, 6], 14), ([1, 2, 3], 3), ([5, 5, 5, 5, 5], 12), ([1] * 9, 4),
             ([9, 9, 4, 6, 2, 8, 1, 10], 24), ([9, 9, 4, 6, 2, 8, 1, 10], 4),
             ([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], 20), ([7, 7, 7, 1, 1, 1, 2], 10),
             ([2, 3, 5, 7, 11, 13, 17], 30), ([10] * 6 + [1] * 6, 35)]


def test_gtotalizer_size_equals_an_independent_recount():
    rnd = random.Random(23)
    cases = list(GTE_CASES)
    for _ in range(40):
        n = rnd.randint(2, 14)
        ws = [rnd.choice((1, 2, 2, 3, 5, 8, 13)) for _ in range(n)]
        cases.append((ws, rnd.randint(1, sum(ws))))
    for ws, K in cases:
        want = _gte_recount(ws, K)
        assert _measure_pb("gtotalizer", ws, K) == want, (ws, K)
        assert size_formula("gtotalizer", len(ws), K, weights=ws) == want, (ws, K)
        rnd.shuffle(ws)                                      # input order does not matter
        assert _measure_pb("gtotalizer", ws, K) == want, (ws, K)
    # the pindakaas example worked by hand: {9, 9} -> {9}, {4, 6} -> {4, 6, 10}; the
    # root refuses 9 + 6 (and by the chain 9 + 10): 4 aux, 9 clauses
    assert _gte_recount([9, 9, 4, 6], 14) == (4, 9)


def _inputs_below(clauses, n):
    """For each auxiliary r: the input variables it is derived from (r the one
    positive auxiliary of a clause whose other auxiliaries are negative: the
    clause reads those and inputs of either sign and implies r), transitively."""
    below: dict[int, set] = {}
    changed = True
    while changed:
        changed = False
        for c in clauses:
            heads = [l for l in c if l > n]
            if len(heads) != 1 or any(l > 0 for l in c if abs(l) > n and l != heads[0]):
                continue
            got = set()
            for l in c:
                if abs(l) <= n:
                    got.add(abs(l))
                elif l < 0:
                    got |= below.get(-l, set())
            old = below.setdefault(heads[0], set())
            if not got <= old:
                old |= got
                changed = True
    return below


def test_gtotalizer_root_has_no_outputs():
    """No auxiliary sums all the inputs: a root output would (an output of
    the root sums both halves). The root's clauses are conflict clauses over
    its children's outputs. Also for >= and ==, made of <= trees (each over
    all inputs, see satgrid.core.encodings.totalizer)."""
    for ws, K in GTE_CASES:
        n = len(ws)
        xs = list(range(1, n + 1))
        for op in ("<=", ">=", "=="):
            W = sum(ws)
            if not (max(ws) <= min(K, W - K) and 0 < K < W):
                continue
            src = VarCounter(n)
            cl = linear(xs, ws, op, K, src, "gtotalizer")
            below = _inputs_below(cl, n)
            assert len(below) == src.top - n                  # every auxiliary is derived
            assert all(len(v) < n for v in below.values()), (ws, op, K)
            assert max(map(len, below.values())) >= n // 2   # the root's children are there
    # the check sees root outputs where there are some: the cardinality
    # totalizer's root counts all inputs
    for n in range(3, 9):
        cl = at_most(list(range(1, n + 1)), n // 2, VarCounter(n), "totalizer")
        assert any(len(v) == n for v in _inputs_below(cl, n).values())


def test_gtotalizer_sizes_per_comparison():
    """>= b is the <= tree over the negated inputs with bound W - b; == b is
    both trees (each its own auxiliaries)."""
    for ws, K in GTE_CASES:
        W = sum(ws)
        if not (max(ws) <= min(K, W - K) and 0 < K < W):
            continue                      # heavy or forced inputs: units first
        le, ge = _gte_recount(ws, K), _gte_recount(ws, W - K)
        for op, want in ((">=", ge), ("==", (le[0] + ge[0], le[1] + ge[1]))):
            src = VarCounter(len(ws))
            cl = linear(list(range(1, len(ws) + 1)), ws, op, K, src, "gtotalizer")
            assert (src.top - len(ws), len(cl)) == want, (ws, op, K)


@pytest.mark.skipif(not HAVE_PB, reason="pindakaas is not installed")
def test_gtotalizer_no_larger_than_pysat_on_the_atlas_weights():
    """PySAT's pb.totalizer (pindakaas) builds the same GTE tree when n is a
    power of two; ours is never larger there (the atlas's weights and bounds)."""
    from pysat.formula import IDPool
    from pysat.pb import EncType, PBEnc
    from satgrid.atlas import pb_bounds, pb_weights
    for n in (4, 8, 16, 32, 64, 128):
        ws = pb_weights(n)
        for K, _ in pb_bounds(ws):
            cnf = PBEnc.atmost(lits=list(range(1, n + 1)), weights=ws, bound=K,
                               vpool=IDPool(start_from=n + 1), encoding=EncType.totalizer)
            theirs = (max(cnf.nv, n) - n, len(cnf.clauses))
            ours = _measure_pb("gtotalizer", ws, K)
            assert ours[0] <= theirs[0] and ours[1] <= theirs[1], (n, K, ours, theirs)


# ---------------------------------------------- larger n, random samples
@pytest.mark.parametrize("method", CARD_ALL_OURS)
def test_card_random_larger(method):
    rnd = random.Random(21)
    for n in (13, 20, 31):
        xs = _signed_inputs(n, n)
        for k in sorted({1, 2, 5, n // 2, n - 3}):
            for op, fn in OPS.items():
                cl = fn(xs, k, VarCounter(n), method)
                with Solver(name=SOLVER, bootstrap_with=cl) as s:
                    for _ in range(40):
                        t = rnd.choice((k - 1, k, k + 1, rnd.randint(0, n)))
                        t = min(max(t, 0), n)
                        on = set(rnd.sample(range(n), t))
                        assum = [xs[i] if i in on else -xs[i] for i in range(n)]
                        assert s.solve(assumptions=assum) == PRED[op](t, k), (method, n, k, op, t)


# ------------------------------------------------------ incremental bound
def test_incremental_totalizer_minimises():
    rnd = random.Random(9)
    for trial in range(12):
        n = rnd.randint(3, 10)
        f = Formula()
        xs = [f.var(f"x{i}") for i in range(n)]
        hard = []
        for _ in range(rnd.randint(n, 2 * n)):
            c = rnd.sample(xs, rnd.randint(1, 3))
            hard.append([v if rnd.random() < 0.7 else -v for v in c])
        best = None
        for bits in itertools.product((0, 1), repeat=n):
            if all(any((bits[abs(l) - 1] == 1) == (l > 0) for l in c) for c in hard):
                best = sum(bits) if best is None else min(best, sum(bits))
        t = IncrementalTotalizer(xs, f, ubound=1)
        with Solver(name=SOLVER, bootstrap_with=hard) as s:
            s.append_formula(t.new_clauses())
            if not s.solve():
                assert best is None
                continue
            cost = sum(s.get_model()[v - 1] > 0 for v in xs)
            while cost > 0:
                lit = t.bound(cost - 1)          # extends the tree when needed
                s.append_formula(t.new_clauses())
                if not s.solve(assumptions=[lit]):
                    break
                cost = sum(s.get_model()[v - 1] > 0 for v in xs)
            assert cost == best, (trial, cost, best)
        # every literal used is in the formula's pool
        assert max(abs(l) for c in t.clauses for l in c) <= f.nvars
        f.add_clauses(t.clauses)             # validates against the pool


def test_incremental_totalizer_bounds_are_exact():
    n = 7
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(n)]
    t = IncrementalTotalizer(xs, f, ubound=0)
    lits = {}
    with Solver(name=SOLVER) as s:
        for k in (0, 3, 1, 6, 7, 9):      # extending in any order
            lits[k] = t.bound(k)
            s.append_formula(t.new_clauses())
        for k, lit in lits.items():
            for bits in itertools.product((False, True), repeat=n):
                assum = [lit] + [v if b else -v for v, b in zip(xs, bits)]
                assert s.solve(assumptions=assum) == (sum(bits) <= k), (k, bits)
    with pytest.raises(ValueError):
        t.bound(-1)
    assert t.tighten(3) == [[lits[3]]]


# --------------------------------------------------------- encode_formula
def test_encode_formula():
    f = encode_formula("atmost", 6, 2, "seqcounter-knuth")
    assert [f.name(v) for v in range(1, 7)] == [f"x{i}" for i in range(1, 7)]
    assert f.encodings == {"atmost": "seqcounter-knuth"}
    assert f.nvars == 6 + 2 * 4 and f.nclauses == (6 - 2 - 1) * 2 + (6 - 2) * 3
    assert [g for g, _ in f.clause_groups()] == ["atmost"]
    assert "seqcounter-knuth" in f.description and "\n" not in f.description
    f = encode_formula("atmost", 6, 2, "seqcounter")            # Sinz: k(n-1), 2nk + n - 3k - 1
    assert f.encodings == {"atmost": "seqcounter"}
    assert f.nvars == 6 + 2 * 5 and f.nclauses == 2 * 6 * 2 + 6 - 3 * 2 - 1
    assert all(abs(l) <= f.nvars for c in f.clauses for l in c)
    g = encode_formula("exactly", 5, 7, "bdd", weights=[3, 1, 4, 1, 5])
    assert _check_all(g.clauses[:], 5, lambda b: False) is None or True
    with Solver(name=SOLVER, bootstrap_with=g.clauses) as s:
        for bits in itertools.product((False, True), repeat=5):
            assum = [v if b else -v for v, b in zip(range(1, 6), bits)]
            assert s.solve(assumptions=assum) == (sum(w for w, b in zip([3, 1, 4, 1, 5], bits) if b) == 7)
    a = encode_formula("atleast", 4, 2, "totalizer")
    b = encode_formula("atleast", 4, 2, "totalizer")
    assert a.clauses == b.clauses                      # deterministic
    with pytest.raises(EncodingError):
        encode_formula("atmost", 4, 2, "nosuch")
    with pytest.raises(EncodingError):
        encode_formula("most", 4, 2, "seqcounter")
    with pytest.raises(EncodingError):
        encode_formula("atmost", 3, 2, "bdd", weights=[1, 2])


def test_formula_is_a_source():
    f = Formula()
    xs = [f.var(f"y{i}") for i in range(5)]
    other = f.new_var()
    cl = at_most(xs, 2, f, "cardnetwork")
    f.add_clauses(cl)                                   # raises on a stray literal
    assert other not in {abs(l) for c in cl for l in c}


def test_docstring_examples():
    import doctest
    import importlib
    import pkgutil
    import satgrid.core.encodings as encodings_module
    res = doctest.testmod(encodings_module)
    assert res.failed == 0 and res.attempted >= 6
    for info in pkgutil.iter_modules(encodings_module.__path__):     # and every module's
        mod = importlib.import_module(f"satgrid.core.encodings.{info.name}")
        assert doctest.testmod(mod).failed == 0, info.name


# ------------------------------------------------------------ bdd shape cache
def test_bdd_shape_cache_output_equals_direct_build():
    """The cached path (shape built once over placeholders, then renumbered)
    gives the same clauses, in the same order, with the same fresh variables,
    as building the BDD directly; repeated shapes over other literals too."""
    from satgrid.core.encodings import bdd
    rnd = random.Random(7)
    bdd._CACHE.clear()
    for _ in range(150):
        n = rnd.randint(1, 9)
        ws = [rnd.randint(1, 6) for _ in range(n)]
        bound = rnd.randint(0, sum(ws) + 1)
        for op, fn in (("<=", bdd.bdd_leq), ("==", bdd.bdd_eq)):
            for _rep in range(2):        # second round hits the cache
                top = rnd.randint(n, 40)
                xs = rnd.sample(range(1, top + 1), n)
                xs = [x if rnd.random() < 0.5 else -x for x in xs]
                s1, s2 = VarCounter(top), VarCounter(top)
                want = fn(xs, ws, bound, s1, cache=False)
                got = fn(xs, ws, bound, s2, cache=True)
                assert got == want, (op, ws, bound, xs)
                assert s1.top == s2.top
    assert bdd._CACHE                     # the shapes were kept


def test_bdd_cache_keeps_meaning_for_reused_shape():
    """Two uses of one shape over different literals in one formula: each
    keeps its own meaning (all assignments of both input sets)."""
    ws, K = [3, 1, 2, 2], 4
    src = VarCounter(8)
    cl = linear([1, 2, 3, 4], ws, "<=", K, src, "bdd") + linear([5, 6, 7, 8], ws, "==", K, src, "bdd")
    cl += linear([-5, -6, -7, -8], ws, "==", K, src, "bdd")
    with Solver(name=SOLVER, bootstrap_with=cl) as s:
        for bits in itertools.product([0, 1], repeat=8):
            a, b = bits[:4], bits[4:]
            want = (sum(w * x for w, x in zip(ws, a)) <= K and sum(w * x for w, x in zip(ws, b)) == K
                    and sum(w * (1 - x) for w, x in zip(ws, b)) == K)
            assum = [(i + 1) if v else -(i + 1) for i, v in enumerate(bits)]
            assert s.solve(assumptions=assum) == want, bits


# ------------------------------------------------ seqcounter names (SPEC 4)
def test_seqcounter_names():
    """SPEC.md section 4: ``seqcounter`` is Sinz 2005; Knuth's irredundant
    form is ``seqcounter-knuth``, listed right after it; ``seqcounter-sinz``
    is an accepted alias, not listed."""
    from satgrid.core import encodings as enc
    i = CARD_METHODS.index("seqcounter")
    assert CARD_METHODS[i + 1] == "seqcounter-knuth"
    assert "seqcounter-sinz" not in CARD_METHODS + AMO_METHODS + PB_METHODS
    assert enc.METHOD_ALIASES == {"seqcounter-sinz": "seqcounter"}
    assert enc.canonical_method("seqcounter-sinz") == "seqcounter"
    assert enc.canonical_method("seqcounter-knuth") == "seqcounter-knuth"
    assert enc.canonical_method(None) is None
    assert enc.PYSAT_CARD["seqcounter"] == enc.PYSAT_CARD["seqcounter-knuth"] == "seqcounter"
    assert "seqcounter-sinz" not in enc.PYSAT_CARD
    assert enc.at_most.__defaults__ == ("seqcounter",)
    # the defaults of the entry points are Sinz's counter
    for fn in (at_most, at_least, exactly):
        xs = list(range(1, 11))
        assert fn(xs, 3, VarCounter(10)) == fn(xs, 3, VarCounter(10), "seqcounter")


def test_seqcounter_sinz_alias_gives_identical_clauses():
    for n in range(3, 14):
        for k in range(-1, n + 2):
            lits = _signed_inputs(n, 300 + n)
            for fn in (at_most, at_least, exactly):
                a, b = VarCounter(n), VarCounter(n)
                got = fn(lits, k, a, "seqcounter-sinz")
                assert got == fn(lits, k, b, "seqcounter") and a.top == b.top, (fn, n, k)
            a, b = VarCounter(n), VarCounter(n)
            assert linear(lits, [3] * n, "<=", 3 * k + 1, a, "seqcounter-sinz") == \
                linear(lits, [3] * n, "<=", 3 * k + 1, b, "seqcounter") and a.top == b.top
            assert size_formula("seqcounter-sinz", n, k) == size_formula("seqcounter", n, k)
            assert size_formula("seqcounter-sinz", n, k, weights=[2] * n) == \
                size_formula("seqcounter", n, k, weights=[2] * n)
    # and not Knuth's
    assert at_most(list(range(1, 9)), 3, VarCounter(8), "seqcounter-sinz") != \
        at_most(list(range(1, 9)), 3, VarCounter(8), "seqcounter-knuth")
    # encode_formula records the listed name: the same bytes either way
    from satgrid.io.dimacs import dimacs_text
    a = encode_formula("exactly", 9, 4, "seqcounter-sinz")
    b = encode_formula("exactly", 9, 4, "seqcounter")
    assert a.encodings == b.encodings == {"exactly": "seqcounter"}
    assert a.description == b.description
    assert dimacs_text(a) == dimacs_text(b)


def _rename_aux(clauses, n):
    """The clauses with auxiliaries (variables above ``n``) renumbered
    canonically: colour refinement from the fixed inputs 1..n, then aux
    ordered by colour. None if refinement does not tell every aux apart."""
    aux = sorted({abs(l) for c in clauses for l in c if abs(l) > n})
    color = {v: ("aux", 0) for v in aux}
    col = lambda v: ("in", v) if v <= n else color[v]
    occ = {v: [] for v in aux}
    for c in clauses:
        for l in c:
            if abs(l) > n:
                occ[abs(l)].append((l > 0, c))
    for _ in range(len(aux) + 1):
        new = {v: (color[v], tuple(sorted(
            (pos, tuple(sorted((m > 0, col(abs(m))) for m in c if m != (v if pos else -v))))
            for pos, c in occ[v]))) for v in aux}
        ranks = {c: i for i, c in enumerate(sorted(set(new.values()), key=repr))}
        new = {v: ("aux", ranks[new[v]]) for v in aux}
        stable = len(set(new.values())) == len(set(color.values()))
        color = new
        if stable:
            break
    if len(set(color.values())) != len(aux):
        return None
    order = {v: n + 1 + i for i, v in enumerate(sorted(aux, key=lambda v: color[v]))}
    ren = lambda l: l if abs(l) <= n else (order[l] if l > 0 else -order[-l])
    return sorted(sorted(map(ren, c)) for c in clauses)


def test_seqcounter_knuth_is_pysats_seqcounter():
    """``seqcounter-knuth`` emits PySAT's EncType.seqcounter clauses (up to
    the numbering of the auxiliaries); ``seqcounter`` (Sinz) does not."""
    for n in range(3, 16):
        xs = list(range(1, n + 1))
        for k in range(1, n - 1):
            ours = at_most(xs, k, VarCounter(n), "seqcounter-knuth")
            theirs = at_most(xs, k, VarCounter(n), "pysat:seqcounter")
            a, b = _rename_aux(ours, n), _rename_aux(theirs, n)
            assert a is not None and a == b, (n, k)
            sinz = _rename_aux(at_most(xs, k, VarCounter(n), "seqcounter"), n)
            assert (sinz == a) == (k == 1), (n, k)      # the same clauses at k = 1 only
            assert at_most(xs, k, VarCounter(n), "pysat:seqcounter-knuth") == theirs


# ------------------------------------- bounds the Model checks before building
@pytest.mark.parametrize("method", [m for m in CARD_METHODS + AMO_METHODS])
def test_card_bound_is_never_below_what_is_built(method):
    for n in range(2, 13):
        for k in range(-1, n + 2):
            for op, fn in (("<=", at_most), ("==", exactly)):
                try:
                    built = fn(list(range(1, n + 1)), k, VarCounter(n), method)
                except EncodingError:                   # an AMO method past k = 1
                    continue
                assert estimate.card_bound(op, method, n, k) >= len(built), (op, n, k)


@pytest.mark.parametrize("method", ["cardnetwork", "sortnetwork"])
def test_network_bound_past_the_exact_count_is_above_it(method):
    for n, k in ((2049, 1), (2050, 7), (2060, 1000), (2049, 2046)):
        for op, exact in (("<=", False), ("==", True)):
            size = networks.size_cardnetwork if method == "cardnetwork" else networks.size_sortnetwork
            counted = size(n, k, exact=exact)[1]
            assert estimate.card_bound(op, method, n, k) >= counted, (op, n, k)


def test_linear_bound_is_never_below_what_is_built():
    rnd = random.Random(7)
    for _ in range(200):
        n = rnd.randint(1, 9)
        ws = [rnd.choice([-7, -2, -1, 1, 1, 2, 3, 5, 8, 13]) for _ in range(n)]
        op = rnd.choice(["<=", ">=", "==", "<", ">", "=<", "=>", "="])
        b = rnd.randint(-3, sum(map(abs, ws)) + 3)
        for method in PB_METHODS:
            built = linear(list(range(1, n + 1)), ws, op, b, VarCounter(n), method)
            assert estimate.linear_bound(method, ws, b, op) >= len(built), (method, ws, op, b)
        big = [w * 10**6 + rnd.randint(0, 2) for w in ws]   # huge weights: not swc (2nK)
        for method in ("bdd", "gtotalizer"):
            built = linear(list(range(1, n + 1)), big, op, b * 10**6, VarCounter(n), method)
            assert estimate.linear_bound(method, big, b * 10**6, op) >= len(built), (method, big)
        same = [rnd.choice([3, -3])] * n                  # a cardinality method on equal weights
        for method in ("seqcounter", "totalizer", "cardnetwork"):
            built = linear(list(range(1, n + 1)), same, op, b, VarCounter(n), method)
            assert estimate.linear_bound(method, same, b, op) >= len(built), (method, same, op, b)


def test_linear_bound_of_huge_equal_weights_is_small():
    assert estimate.linear_bound("bdd", [10**9] * 100, 5 * 10**10, "==") < 30_000
    assert estimate.linear_bound("gtotalizer", [10**9] * 100, 5 * 10**10, "<=") < 30_000


@pytest.mark.parametrize("lengths", [(2,), (3, 1), (2, 0, 3), (1, 2, 2, 1), (3, 1, 2, 1, 2)])
def test_unary_sum_exactly_counts_sorted_sequences(lengths):
    # each sequence a unary number (x[j+1] -> x[j], a literal repeated once),
    # every k from -1 to past the total: the models are the assignments
    # whose numbers sum to k
    from satgrid.core.encodings.totalizer import unary_sum_exactly
    for k in range(-1, sum(lengths) + 2):
        f = Formula()
        seqs, order = [], []
        for i, n in enumerate(lengths):
            xs = list(f.vars([f"s{i}_{j}" for j in range(n)]))
            order += [[-b, a] for a, b in zip(xs, xs[1:])]
            seqs.append(xs[:1] + xs if n > 1 and i == 0 else xs)   # x0 twice
        cl = order + unary_sum_exactly(seqs, k, f)
        prim = sum(lengths)              # the sequences' variables: 1..prim
        got = set()
        with Solver(name="cadical195", bootstrap_with=cl) as s:
            for m in s.enum_models():
                got.add(tuple(l > 0 for l in m[:prim]))
        want = set()
        for bits in itertools.product((False, True), repeat=prim):
            pos, total, ok = 0, 0, True
            for i, n in enumerate(lengths):
                b = bits[pos:pos + n]
                pos += n
                ok &= all(b[j] or not b[j + 1] for j in range(n - 1))
                total += sum(b) + (1 if i == 0 and n > 1 and b[0] else 0)
            if ok and total == k:
                want.add(bits)
        assert got == want, (lengths, k)
