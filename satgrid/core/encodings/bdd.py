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
same order. :func:`bdd_leq` therefore builds each shape once over
placeholders (inputs ``1..n``, nodes ``n+1..n+m``) and keeps it as index
templates; a repeated shape costs one renumbering: inputs -> the given
literals, nodes -> a fresh block from ``source.new_vars(m)``. :func:`bdd_eq`
keeps the node list itself (:func:`_eq_nodes`), from which the clauses over
any literals are one pass (:func:`_eq_clauses`): a shape used once (a
region's sum) costs no template pass, a repeated one (the 56 line sums of a
Twenty Four Seven grid) no more than a renumbering. The output is identical
to building it directly (same clauses, same order, same numbering within
the block).
"""

from __future__ import annotations

import sys
import threading
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


class _EqDiagram:
    """The nodes of ``sum(w_i * x_i) == r`` for one weight tuple and every
    bound asked so far, in one memo: the node for (layer i, remaining sum r)
    is the same whatever the root, so a second bound (the vertex sums of one
    grid: the same weights, other sums) only builds the pairs the first did
    not reach. ``made`` holds every node ``(layer, t, f)`` in the order the
    memoised depth-first construction makes it (the ``t`` subtree, the ``f``
    subtree, the node)."""

    __slots__ = ("order", "ws", "suffix", "stride", "memo", "made")

    def __init__(self, weights: tuple):
        self.order = sorted(range(len(weights)), key=lambda i: -weights[i])
        self.ws = [weights[i] for i in self.order]
        self.suffix = _suffix_sums(self.ws)
        self.stride = self.suffix[0] + 1     # memo key of (layer i, sum r): i * stride + r
        self.memo: dict[int, int] = {}
        self.made: list[tuple] = []

    def root(self, bound: int) -> int:
        """The node of layer 0 for ``bound`` (an index into :attr:`made`, or a constant)."""
        ws, suffix, stride, made = self.ws, self.suffix, self.stride, self.made
        n = len(ws)
        if bound < 0 or bound > suffix[0]:
            return _FALSE
        if n == 0:
            return _TRUE
        memo = self.memo
        get = memo.get
        got = get(bound)
        if got is not None:
            return got

        def build(i, r):
            # called for 0 <= r <= suffix[i], i < n, (i, r) not built yet; the
            # children's constant and memoised cases are settled here, not by a call
            j = i + 1
            lim = suffix[j]
            q = r - ws[i]
            if q < 0 or q > lim:
                t = _FALSE
            elif j == n:
                t = _TRUE
            else:
                t = get(j * stride + q)
                if t is None:
                    t = build(j, q)
            if r > lim:
                f = _FALSE
            elif j == n:
                f = _TRUE
            else:
                f = get(j * stride + r)
                if f is None:
                    f = build(j, r)
            if t == f:
                node = t
            else:
                made.append((i, t, f))
                node = len(made) - 1
            memo[i * stride + r] = node
            return node

        with _deep(n):
            return build(0, bound)

    def nodes(self, root: int) -> tuple[list[tuple], int]:
        """The nodes under ``root`` alone, numbered as a construction from
        that root numbers them (depth first: ``t`` subtree, ``f`` subtree,
        node), and the root's number."""
        made = self.made
        number: dict[int, int] = {}
        nodes: list[tuple] = []
        stack = [root]
        while stack:
            v = stack[-1]
            if v in number:
                stack.pop()
                continue
            i, t, f = made[v]
            if t >= 0 and t not in number:
                stack.append(t)
                continue
            if f >= 0 and f not in number:
                stack.append(f)
                continue
            stack.pop()
            number[v] = len(nodes)
            nodes.append((i, number[t] if t >= 0 else t, number[f] if f >= 0 else f))
        return nodes, number[root]


_DIAGRAMS: dict = {}     # weights -> _EqDiagram (cleared with _CACHE)
_DIAGRAMS_LOCK = threading.Lock()   # a diagram grows in place: one build at a time


def _eq_nodes(weights: tuple, bound: int) -> tuple[list[int], list[tuple], int]:
    """The reduced BDD of ``sum(w_i * x_i) == bound`` (weights >= 1), apart
    from any literals: ``(order, nodes, root)``, ``order`` the input positions
    by decreasing weight (ties in input order), ``nodes`` the ``(layer, t,
    f)`` triples in the order the memoised depth-first construction makes
    them (the ``t`` subtree, the ``f`` subtree, the node), ``root`` a node
    index or a constant. Built in the weights' shared :class:`_EqDiagram`
    (under a lock: compiles in several threads share it)."""
    with _DIAGRAMS_LOCK:
        return _eq_nodes_locked(weights, bound)


def _eq_nodes_locked(weights: tuple, bound: int) -> tuple[list[int], list[tuple], int]:
    diagram = _DIAGRAMS.get(weights)
    if diagram is None:
        if len(_DIAGRAMS) >= _CACHE_MAX:
            _DIAGRAMS.clear()
        diagram = _DIAGRAMS[weights] = _EqDiagram(weights)
    fresh = not diagram.made
    root = diagram.root(bound)
    if len(diagram.made) > _CACHE_BIG // 2:      # a large one is not kept
        del _DIAGRAMS[weights]
    if root < 0:
        return diagram.order, [], root
    if fresh:                    # every node made so far lies under this root, in order
        return diagram.order, list(diagram.made), root
    nodes, root = diagram.nodes(root)
    return diagram.order, nodes, root


def _eq_clauses(lits: list[int], order, nodes, root, source) -> list[list[int]]:
    """The clauses of a BDD of :func:`_eq_nodes` over ``lits``: per node ``v``
    (test ``x``, children ``t``, ``f``) ``(-v | -x | t)`` and ``(-v | x | f)``,
    a constant child dropping its clause (true) or its literal (false), and
    the root's unit; the nodes are a fresh block of ``source``."""
    if root == _TRUE:
        return []
    if root == _FALSE:
        return [[]]
    xs = [lits[i] for i in order]
    var = list(source.new_vars(len(nodes)))
    cl: list[list[int]] = []
    add = cl.append
    for (i, t, f), v in zip(nodes, var):
        x = xs[i]
        if t != _TRUE:
            add([-v, -x] if t == _FALSE else [-v, -x, var[t]])
        if f != _TRUE:
            add([-v, x] if f == _FALSE else [-v, x, var[f]])
    add([var[root]])
    return cl


def _eq_direct(lits, weights, bound: int, source) -> list[list[int]]:
    """``sum(w_i * lits_i) == bound`` (weights >= 1)."""
    return _eq_clauses(list(lits), *_eq_nodes(tuple(weights), bound), source)


_CACHE: dict = {}        # ("<=", weights, bound) -> (m, templates); ("==", ...) -> nodes
_CACHE_MAX = 512         # shapes kept (cleared when full)
_CACHE_BIG = 200_000     # larger BDDs (clauses) are not kept


def clear_caches() -> None:
    """Forget the kept shapes and diagrams (pure functions of their keys)."""
    _CACHE.clear()
    _DIAGRAMS.clear()


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
    key = ("==", tuple(weights), bound)
    got = _CACHE.get(key)
    if got is None:
        got = _eq_nodes(key[1], bound)
        if 2 * len(got[1]) <= _CACHE_BIG:
            if len(_CACHE) >= _CACHE_MAX:
                _CACHE.clear()
            _CACHE[key] = got
    return _eq_clauses(list(lits), *got, source)
