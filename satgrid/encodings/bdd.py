"""Pseudo-Boolean constraints through binary decision diagrams: ``bdd``.

N. Eén, N. Sörensson, "Translating pseudo-Boolean constraints into SAT",
JSAT 2 (2006), section 5.3, with the reduced-BDD construction by intervals of
I. Abío, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, "BDDs for
pseudo-Boolean constraints -- revisited", SAT 2011.

The terms are ordered by decreasing weight (ties keep their input order).
A node at layer ``i`` with remaining budget ``K`` stands for "the terms from
``i`` on satisfy the constraint"; its children are the nodes for ``x_i``
true (budget ``K - w_i``) and false (budget ``K``).

* ``sum w_i x_i <= K``: every budget in an interval ``[lo, hi]`` gives the same
  node; the construction finds that interval and reuses nodes, which gives
  the reduced ordered BDD. Each node ``v`` (test ``x``, children ``t``, ``f``)
  gets the two clauses ``(-v | -x | t)`` and ``(-v | f)`` (the monotone form:
  unit propagation is arc-consistent), the root a unit clause.
* ``sum w_i x_i == K``: nodes are keyed by the exact remaining sum and get
  ``(-v | -x | t)`` and ``(-v | x | f)``.

A child that is the constant true drops its clause, the constant false drops
its literal. **Size:** one auxiliary per BDD node, at most 2 clauses per node
plus the root unit; the number of nodes is at most n*(K+1) and can be
exponential in n for the equality in the worst case; no closed form.

**Shape cache.** A BDD's clauses depend on the literals only through
renaming: the same (weights, op, bound) always gives the same nodes in the
same order. :func:`bdd_leq` and :func:`bdd_eq` therefore build each shape
once over placeholders (inputs ``1..n``, nodes ``n+1..n+m``) and keep it as
index templates; a repeated shape (the 56 line sums of a Twenty Four Seven
grid) costs one renumbering: inputs -> the given literals, nodes -> a fresh
block from ``source.new_vars(m)``. The output is identical to building it
directly (same clauses, same order, same numbering within the block).
"""

from __future__ import annotations

import sys
from bisect import bisect_right, insort

_TRUE, _FALSE = -1, -2           # node ids of the constants


def _ordered(lits, weights):
    order = sorted(range(len(lits)), key=lambda i: -weights[i])
    return [lits[i] for i in order], [weights[i] for i in order]


def _deep(n):
    """Context: enough recursion depth for a BDD over n layers."""
    class _Guard:
        def __enter__(self):
            self.old = sys.getrecursionlimit()
            if self.old < 4 * n + 200:
                sys.setrecursionlimit(4 * n + 200)

        def __exit__(self, *exc):
            sys.setrecursionlimit(self.old)
    return _Guard()


def _suffix_sums(ws: list[int]) -> list[int]:
    """``suffix[i] = ws[i] + ... + ws[-1]`` (and ``suffix[len(ws)] = 0``)."""
    suffix = [0] * (len(ws) + 1)
    for i in range(len(ws) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + ws[i]
    return suffix


def _leq_direct(lits, weights, bound: int, source) -> list[list[int]]:
    """``sum(w_i * lits_i) <= bound`` (weights >= 1, total above bound)."""
    xs, ws = _ordered(list(lits), list(weights))
    n = len(xs)
    suffix = _suffix_sums(ws)
    lows: list[list[int]] = [[] for _ in range(n + 1)]
    ents: list[dict] = [{} for _ in range(n + 1)]    # lo -> (hi, node)
    nodes: list[tuple] = []                           # (layer, t, f)
    INF = float("inf")

    def build(i, K):
        if K < 0:
            return _FALSE, -INF, -1
        if K >= suffix[i]:
            return _TRUE, suffix[i], INF
        lo_list = lows[i]
        pos = bisect_right(lo_list, K) - 1
        if pos >= 0:
            lo = lo_list[pos]
            hi, node = ents[i][lo]
            if K <= hi:
                return node, lo, hi
        w = ws[i]
        t, lt, ht = build(i + 1, K - w)
        f, lf, hf = build(i + 1, K)
        lo, hi = max(lt + w, lf), min(ht + w, hf)
        if t == f:
            node = t
        else:
            nodes.append((i, t, f))
            node = len(nodes) - 1
        insort(lo_list, lo)
        ents[i][lo] = (hi, node)
        return node, lo, hi

    with _deep(n):
        root = build(0, bound)[0]
    if root == _TRUE:
        return []
    if root == _FALSE:
        return [[]]
    aux = source.new_vars(len(nodes))
    var = list(aux)
    cl = []
    for (i, t, f), v in zip(nodes, var):
        x = xs[i]
        if t != _TRUE:
            cl.append([-v, -x] if t == _FALSE else [-v, -x, var[t]])
        if f != _TRUE:
            cl.append([-v] if f == _FALSE else [-v, var[f]])
    cl.append([var[root]])
    return cl


def _eq_direct(lits, weights, bound: int, source) -> list[list[int]]:
    """``sum(w_i * lits_i) == bound`` (weights >= 1)."""
    xs, ws = _ordered(list(lits), list(weights))
    n = len(xs)
    suffix = _suffix_sums(ws)
    memo: dict = {}
    nodes: list[tuple] = []

    def build(i, r):
        if r < 0 or r > suffix[i]:
            return _FALSE
        if i == n:
            return _TRUE
        key = (i, r)
        got = memo.get(key)
        if got is not None:
            return got
        t = build(i + 1, r - ws[i])
        f = build(i + 1, r)
        if t == f:
            node = t
        else:
            nodes.append((i, t, f))
            node = len(nodes) - 1
        memo[key] = node
        return node

    with _deep(n):
        root = build(0, bound)
    if root == _TRUE:
        return []
    if root == _FALSE:
        return [[]]
    var = list(source.new_vars(len(nodes)))
    cl = []
    for (i, t, f), v in zip(nodes, var):
        x = xs[i]
        if t != _TRUE:
            cl.append([-v, -x] if t == _FALSE else [-v, -x, var[t]])
        if f != _TRUE:
            cl.append([-v, x] if f == _FALSE else [-v, x, var[f]])
    cl.append([var[root]])
    return cl


_CACHE: dict = {}        # (op, weights, bound) -> (m, templates)
_CACHE_MAX = 512         # shapes kept (cleared when full)
_CACHE_BIG = 200_000     # larger BDDs (clauses) are not kept


def _shape(direct, op, weights, bound):
    """(m, templates) of one BDD shape: ``m`` auxiliaries and per clause a
    tuple of indices into ``[0, inputs..., nodes..., -inputs..., -nodes...]``."""
    key = (op, weights, bound)
    got = _CACHE.get(key)
    if got is None:
        n = len(weights)
        src = _Counter(n)
        cl = direct(list(range(1, n + 1)), list(weights), bound, src)
        L = src.top
        got = (L - n, [tuple([x if x > 0 else L - x for x in c]) for c in cl])
        if len(cl) <= _CACHE_BIG:
            if len(_CACHE) >= _CACHE_MAX:
                _CACHE.clear()
            _CACHE[key] = got
    return got


class _Counter:
    __slots__ = ("top",)

    def __init__(self, top):
        self.top = top

    def new_vars(self, count):
        first = self.top + 1
        self.top += count
        return range(first, first + count)


def _renumber(m, templates, lits, source):
    T = [0, *lits]
    if m:
        T += source.new_vars(m)
    T += [-x for x in T[1:]]
    return [[T[c[0]], T[c[1]], T[c[2]]] if len(c) == 3 else
            [T[c[0]], T[c[1]]] if len(c) == 2 else [T[i] for i in c] for c in templates]


def bdd_leq(lits, weights, bound: int, source, cache: bool = True) -> list[list[int]]:
    """``sum(w_i * lits_i) <= bound`` (weights >= 1, total above bound).

    With ``cache=False`` the BDD is built directly, not through the shape
    cache; the output is the same either way."""
    if not cache:
        return _leq_direct(lits, weights, bound, source)
    m, tpl = _shape(_leq_direct, "<=", tuple(weights), bound)
    return _renumber(m, tpl, list(lits), source)


def bdd_eq(lits, weights, bound: int, source, cache: bool = True) -> list[list[int]]:
    """``sum(w_i * lits_i) == bound`` (weights >= 1); ``cache`` as in
    :func:`bdd_leq`."""
    if not cache:
        return _eq_direct(lits, weights, bound, source)
    m, tpl = _shape(_eq_direct, "==", tuple(weights), bound)
    return _renumber(m, tpl, list(lits), source)
