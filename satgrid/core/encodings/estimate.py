"""Clause counts of constraints before they are built, for the kinds' size
estimates (:meth:`satgrid.puzzles.base.Puzzle.estimate_clauses`) and
``satgrid encode``'s ceiling.

Each count is the method's published size formula
(:func:`satgrid.core.encodings.size_formula`), as the Model would call the
method (:meth:`satgrid.modelling.model.Model.at_most`, ``exactly``, ``linear``). A
method without a closed formula (``bdd``, ``pysat:*``) is sized by a method
of the same family that has one and is no smaller in the worst case: the
sequential counter for cardinality (Sinz: ``2nk + n - 3k - 1``), the
sequential weight counter for weighted sums (``2nK + n - 3K - 1``; a BDD has
at most one node per (input, partial sum <= K), three clauses each).
"""

from __future__ import annotations

from ...errors import EncodingError
from . import networks, size_formula, totalizer
from .methods import METHODS, PYSAT_PB, canonical_method


def _clauses(method: str, n: int, k: int, weights=None, fallback: str = "seqcounter") -> int:
    try:
        got = size_formula(method, n, k, weights)
    except (EncodingError, TypeError, ValueError):  # refused when building; size it anyway
        got = None
    if got is None:
        got = size_formula(fallback, n, k) if weights is None else size_formula("swc", n, k)
    return got[1] if got is not None else 0


def at_most(method: str, n: int, k: int) -> int:
    """Clauses of at most ``k`` of ``n`` by ``method`` (a network past
    :data:`NETWORK_EXACT_UP_TO` inputs by its closed-form upper bound:
    counting its comparators would take the memory its clauses take)."""
    if n <= 0:
        return 0
    if n > NETWORK_EXACT_UP_TO and 0 < k < n - 1 \
            and canonical_method(method) in ("sortnetwork", "cardnetwork"):
        return _network_bound(canonical_method(method), n, k, False)
    return _clauses(method, n, k)


def exactly(amo: str, card: str, n: int, k: int) -> int:
    """Clauses of exactly ``k`` of ``n`` as a Model makes it (``amo`` for k <= 1,
    else ``card``): an at-most-one method's clauses plus OR(lits); a method
    with its own two-sided build (the totalizers) about twice its one-sided
    size; any other at most ``k`` plus at most ``n - k`` of the negations."""
    if n <= 0:
        return 1 if k > 0 else 0
    if k <= 0 or k >= n:
        return n
    method = canonical_method(amo if k <= 1 else card)
    rec = METHODS.get(method)
    if rec is not None and rec.family == "amo":     # (n = 2: a method's own 2 clauses)
        return max(at_most(method, n, 1), 2) + 1
    if rec is not None and rec.build_exactly is not None:
        # at most n - 1 is one clause, but the two-sided build is a full one
        return 2 * at_most(method, n, min(k, n - 2)) + 1
    return at_most(method, n, k) + at_most(method, n, n - k)


def one_hot(amo: str, n: int) -> int:
    """Clauses of an integer variable over ``n`` values (``Model.int``)."""
    return 1 if n <= 1 else exactly(amo, amo, n, 1)


def linear(pb: str, weights: list[int], bound: int, op: str = "==") -> int:
    """Clauses of ``sum(w x) op bound`` over positive ``weights`` (``==``: both
    sides). A BDD (and a PySAT encoder) is sized as three clauses per node,
    at most one node per (input, partial sum up to the bound)."""
    n = len(weights)
    if n == 0:
        return 1
    total = sum(weights)
    sides = {"<=": [bound], ">=": [total - bound], "==": [bound, total - bound]}[op]
    rec = METHODS.get(canonical_method(pb))
    if rec is None or rec.family != "pb" or rec.size is None:
        return 3 * n * (min(sides) + 1) if min(sides) >= 0 else 1
    if rec.name == "gtotalizer" and max(sides) > 1 << 22:     # sum sets past bit masks
        return sum(1 if k < 0 else _gte_bound([w for w in weights if w <= k], k) + n
                   for k in sides)
    return sum(1 if k < 0 else _clauses(pb, n, k, weights) for k in sides)


def constraint(op: str, method: str, n: int, k: int, weights=None) -> int:
    """Clauses of ``satgrid encode OP`` (``atmost``, ``atleast``, ``exactly``)
    by ``method`` over ``n`` inputs: what :func:`satgrid.core.encodings.encode_formula`
    builds, sized before it is built."""
    if weights is not None:
        pos = [abs(w) for w in weights if w]
        sym = {"atmost": "<=", "atleast": ">=", "exactly": "=="}[op]
        return linear(method, pos, max(0, k), sym) if pos else 1
    if op == "atmost":
        return at_most(method, n, k)
    if op == "atleast":
        return at_most(method, n, n - k)
    return exactly(method, method, n, k)


# ================================================= bounds before a Model builds
#: inputs from which a network's size is taken from its closed form (an upper
#: bound) instead of counted over its comparators (seconds and memory at 10^5)
NETWORK_EXACT_UP_TO = 2048


def _network_bound(method: str, n: int, k: int, exact: bool) -> int:
    """An upper bound on the clauses of a comparator network over ``n``
    inputs, from the closed forms of :mod:`.networks`: Batcher's count on
    ``2^ceil(log2 n)`` wires for ``sortnetwork``, ``p`` blocks of ``M`` for
    ``cardnetwork`` (padding only removes comparators); 3 clauses per
    comparator (6 for ``exactly``), plus the units."""
    per = 6 if exact else 3
    if method == "sortnetwork":
        comparators = networks.batcher_comparators(max(0, (n - 1).bit_length()))
    else:
        M = 1 << k.bit_length()                     # least power of two >= k + 1
        p = -(-n // M)
        comparators = (p * networks.batcher_comparators(M.bit_length() - 1)
                       + (p - 1) * networks.smerge_comparators(M))
    return per * comparators + 4


def card_bound(op: str, method: str, n: int, k: int) -> int:
    """Clauses of ``at_most`` (``op`` ``"<="``) or ``exactly`` (``"=="``) of
    ``k`` of ``n`` distinct inputs by ``method`` as the Model makes them, in
    time and memory independent of ``n`` beyond a logarithm: the published
    size where it is a formula, a closed-form upper bound for the networks
    past :data:`NETWORK_EXACT_UP_TO` inputs."""
    method = canonical_method(method)
    network = method in ("sortnetwork", "cardnetwork")
    if op == "<=":
        if k < 0:
            return 1
        if network and n > NETWORK_EXACT_UP_TO and 0 < k < n - 1:
            return _network_bound(method, n, k, False)
        return at_most(method, n, k)
    if k < 0 or k > n:
        return 1
    if 0 < k < n and (method == "totalizer" or network):     # one two-sided structure
        if network and n > NETWORK_EXACT_UP_TO:
            return _network_bound(method, n, k, True)
        if method == "totalizer":
            return totalizer.size_totalizer_exactly(n, k)[1]
        size = networks.size_cardnetwork if method == "cardnetwork" else networks.size_sortnetwork
        return size(n, k, exact=True)[1]
    return exactly(method, method, n, k)


def _distinct_sums(ws) -> list[int]:
    """For each prefix of ``ws``, an upper bound on its distinct subset sums:
    the product of (multiplicity + 1) over its distinct weights (capped)."""
    cap = 1 << 62
    seen: dict[int, int] = {}
    out, prod = [1], 1
    for w in ws:
        m = seen.get(w, 0)
        prod = min(cap, prod // (m + 1) * (m + 2))
        seen[w] = m + 1
        out.append(prod)
    return out


def _bdd_nodes(ws: list[int], K: int) -> int:
    """An upper bound on the nodes of a BDD of ``sum w x <= K`` (or ``== K``)
    over ``ws`` in decreasing order: at layer ``i`` at most ``K + 1``
    budgets, at most as many as the distinct sums of the layers above, and at
    most one more than the distinct sums of the layers below."""
    ws = sorted(ws, reverse=True)
    pre = _distinct_sums(ws)
    suf = _distinct_sums(ws[::-1])[::-1]
    return sum(min(K + 2, pre[i], suf[i] + 1) for i in range(len(ws)))


def _gte_bound(ws: list[int], K: int) -> int:
    """An upper bound on the clauses of ``gtotalizer`` over ``ws``: the tree
    of :func:`.totalizer._gte_tree` with at most ``min(K, distinct sums)``
    values per node and ``|A| + |B| + |A||B| + |R| + |A|`` clauses each."""
    ws = sorted(ws)

    def node(lo, hi):                   # (values bound, clauses bound); depth log2 n
        if hi - lo == 1:
            return 1, 0
        mid = (lo + hi) // 2
        a, ca = node(lo, mid)
        b, cb = node(mid, hi)
        r = min(K, (a + 1) * (b + 1) - 1, _distinct_sums(ws[lo:hi])[-1] - 1)
        return r, ca + cb + 2 * a + b + a * b + r
    return node(0, len(ws))[1] if ws else 0


def linear_bound(pb: str, weights: list[int], bound: int, op: str) -> int:
    """Clauses of ``Model.linear(lits, weights, op, bound)`` by ``pb`` (an
    upper bound for ``bdd``, ``gtotalizer`` and PySAT's encoders; the
    formula for ``swc`` and equal weights), in time about linear in the
    number of terms whatever the weights and bound: terms normalised as
    :func:`satgrid.core.encodings.linear` does (negative weights turned, ``>=``
    turned into ``<=``), each side sized as :func:`size_formula` does."""
    neg = sum(w for w in weights if w < 0)
    pos = [abs(w) for w in weights if w]
    rhs = bound - neg
    total = sum(pos)
    if op in ("<", ">"):
        op, rhs = op + "=", rhs - 1 if op == "<" else rhs + 1
    op = {"=<": "<=", "=>": ">=", "=": "=="}.get(op, op)
    sides = {"<=": [rhs], ">=": [total - rhs], "==": [rhs, total - rhs]}[op]
    method = canonical_method(pb)
    rec = METHODS.get(method)
    out = 0
    for K in sides:
        if K < 0:
            out += 1
            continue
        kept = [w for w in pos if w <= K]
        out += len(pos) - len(kept)
        if sum(kept) <= K:
            continue
        n = len(kept)
        if rec is not None and rec.family != "pb":           # a cardinality method
            if all(w == kept[0] for w in kept):
                out += card_bound(op if op == "==" else "<=", method, n, K // kept[0])
            continue                                          # refused when built
        if method == "swc":
            out += _clauses("swc", n, K, None)
        elif method == "gtotalizer":
            out += _gte_bound(kept, K)
        elif PYSAT_PB.get(method[6:]) in ("adder", "binmerge", "best", "sortnetwrk",
                                          "mixedradix"):
            out += 30 * n * max(1, K.bit_length()) ** 2       # O(n log^2 K) encoders
        elif PYSAT_PB.get(method[6:]) in ("seqcounter", "totalizer", "watchdog"):
            out += 2 * n * K + n
        else:                                                 # bdd, pysat:bdd
            out += 2 * _bdd_nodes(kept, K) + 1
    return out
