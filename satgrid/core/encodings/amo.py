"""At-most-one encodings: ``pairwise``, ``bitwise``, ``ladder``, ``commander``
and ``product``.

Every function here takes the input literals (at least two; repeated literals
are allowed and counted with their multiplicity) and a variable source, and
returns the clauses of ``sum(lits) <= 1``. Trivial cases (fewer than two
inputs, other bounds) are handled by :mod:`satgrid.core.encodings` before these are
called. Exactly-one is made there as at-most-one plus the clause ``OR(lits)``.

Sizes for ``n`` inputs (auxiliary variables, clauses):

==============  =============================  =====================================
method          auxiliaries                    clauses
==============  =============================  =====================================
pairwise        0                              n(n-1)/2
bitwise         m = ceil(log2 n)               n * m
ladder          n - 1                          3n - 4
commander       one per group of >= 2          per group of s >= 2: s(s-1)/2 + s;
                (groups of g = 3)              plus (r(r-1)/2) over the last r <= g
product         q + p, q = ceil(sqrt n),       2n + product(p) + product(q);
                p = ceil(n / q), recursively   pairwise for n <= 4
==============  =============================  =====================================

References:
    * pairwise: the "naive" or binomial encoding (e.g. Prestwich, *CNF
      encodings*, Handbook of Satisfiability 2009, ch. 2).
    * bitwise: A. M. Frisch, T. J. Peugniez, A. J. Doggett, P. W. Nightingale,
      "Solving non-Boolean satisfiability problems with stochastic local search",
      2005; Prestwich 2007 ("binary" AMO). Input ``i`` (0-based) implies the
      binary code of ``i`` on ``m`` fresh bits.
    * ladder: I. P. Gent, P. Nightingale, "A new encoding of AllDifferent into
      SAT", ModRef 2004. Fresh ``y_1..y_{n-1}`` with ``y_i`` = "the chosen
      index is > i": validity ``y_{i+1} -> y_i`` (n-2 clauses) and the
      channelling implications ``x_1 -> -y_1``, ``x_i -> y_{i-1} & -y_i``,
      ``x_n -> y_{n-1}`` (2n-2 clauses).
    * commander: W. Klieber, G. Kwon, "Efficient CNF encoding for selecting 1
      from N objects", CFV 2007. Inputs are split into consecutive groups of
      ``g = 3``; each group of two or more gets a commander ``c``: pairwise AMO
      inside the group and ``x -> c``; the commanders (a group of one is its
      own commander) are encoded recursively until at most ``g`` remain, which
      get the pairwise AMO. (The clause ``c -> OR(group)`` of the exactly-one
      version is not needed for AMO and not emitted.)
    * product: J. Chen, "A new SAT encoding of the at-most-one constraint",
      ModRef 2010 (2-product). Inputs on a ``p x q`` grid; ``x_{ij} -> u_i``
      and ``x_{ij} -> v_j``; AMO on ``u`` and on ``v`` recursively; pairwise
      for four inputs or fewer. 2n + 4 sqrt(n) + O(n^(1/4)) clauses.
"""

from __future__ import annotations

from math import isqrt

from ._common import ceil_log2

COMMANDER_GROUP = 3
PRODUCT_BASE = 4


def _pairwise_neg(nl: list[int]) -> list[list[int]]:
    return [[a, b] for i, a in enumerate(nl, 1) for b in nl[i:]]


def pairwise(lits, source) -> list[list[int]]:
    """``sum(lits) <= 1`` by one binary clause per pair. No auxiliaries,
    n(n-1)/2 clauses."""
    return _pairwise_neg([-l for l in lits])


def pairwise_all(lit_lists, exactly: bool = False) -> list[list[int]] | None:
    """The pairwise at-most-one (with ``exactly``: exactly-one) of every list
    of ``lit_lists``, in one pass: the clauses of ``at_most(l, 1, ...,
    "pairwise")`` (``exactly``) for each list ``l`` in turn, in the same order.

    Only for lists of at least two literals on distinct variables, all
    non-zero ints (the shape a model's one-hot groups have); anything else
    gives None, and the caller encodes list by list (where the entry points
    check and normalise). Sizes: n(n-1)/2 clauses per list of n, plus one for
    ``exactly``.

    >>> pairwise_all([[1, 2, 3], [4, 5]], exactly=True)
    [[-1, -2], [-1, -3], [-2, -3], [1, 2, 3], [-4, -5], [4, 5]]
    """
    flat = [l for ls in lit_lists for l in ls]
    if not set(map(type, flat)) <= {int} or 0 in flat:
        return None
    cl: list[list[int]] = []
    pairs: dict[int, list[tuple[int, int]]] = {}
    for ls in lit_lists:
        n = len(ls)
        if n < 2 or len(set(map(abs, ls))) != n:
            return None
        ij = pairs.get(n)
        if ij is None:
            ij = pairs[n] = [(i, j) for i in range(n) for j in range(i + 1, n)]
        nl = [-l for l in ls]
        cl += [[nl[i], nl[j]] for i, j in ij]
        if exactly:
            cl.append(list(ls))
    return cl


def bitwise(lits, source) -> list[list[int]]:
    """``sum(lits) <= 1`` by binary codes: ceil(log2 n) auxiliaries,
    n*ceil(log2 n) clauses."""
    n = len(lits)
    bits = source.new_vars(ceil_log2(n))
    return [[-x, b if (i >> j) & 1 else -b]
            for i, x in enumerate(lits) for j, b in enumerate(bits)]


def ladder(lits, source) -> list[list[int]]:
    """``sum(lits) <= 1`` by the ladder (regular) encoding: n-1 auxiliaries,
    3n-4 clauses."""
    n = len(lits)
    y = list(source.new_vars(n - 1))
    cl = [[-y[i + 1], y[i]] for i in range(n - 2)]
    cl.append([-lits[0], -y[0]])
    cl += [[-x, yp] for x, yp in zip(lits[1:n - 1], y)]
    cl += [[-x, -yi] for x, yi in zip(lits[1:n - 1], y[1:])]
    cl.append([-lits[-1], y[-1]])
    return cl


def _commander_levels(n: int, g: int):
    """Yield (inputs at this level, groups of >= 2 at this level) down the
    recursion of the commander encoding."""
    while n > g:
        groups = n // g + (1 if n % g >= 2 else 0)
        yield n, groups
        n = -(-n // g)


def commander(lits, source, group: int = COMMANDER_GROUP) -> list[list[int]]:
    """``sum(lits) <= 1`` by the commander encoding with groups of ``group``."""
    g = group
    naux = sum(gr for _, gr in _commander_levels(len(lits), g))
    fresh = iter(source.new_vars(naux))
    cur = list(lits)
    cl: list[list[int]] = []
    while len(cur) > g:
        nxt = []
        for s in range(0, len(cur), g):
            grp = cur[s:s + g]
            if len(grp) == 1:
                nxt.append(grp[0])
                continue
            c = next(fresh)
            ng = [-x for x in grp]
            cl += _pairwise_neg(ng)
            cl += [[x, c] for x in ng]
            nxt.append(c)
        cur = nxt
    cl += _pairwise_neg([-x for x in cur])
    return cl


def _product_shape(n: int) -> tuple[int, int]:
    q = isqrt(n - 1) + 1          # ceil(sqrt(n))
    p = -(-n // q)                # ceil(n / q)
    return p, q


def product(lits, source) -> list[list[int]]:
    """``sum(lits) <= 1`` by Chen's 2-product encoding (recursive)."""
    n = len(lits)
    if n <= PRODUCT_BASE:
        return pairwise(lits, source)
    p, q = _product_shape(n)
    aux = source.new_vars(p + q)
    u, v = list(aux[:p]), list(aux[p:])
    cl = [[-x, u[i // q]] for i, x in enumerate(lits)]
    cl += [[-x, v[i % q]] for i, x in enumerate(lits)]
    cl += product(u, source)
    cl += product(v, source)
    return cl


# ------------------------------------------------------------------ sizes
def size_pairwise(n: int) -> tuple[int, int]:
    return 0, n * (n - 1) // 2


def size_bitwise(n: int) -> tuple[int, int]:
    m = ceil_log2(n)
    return m, n * m


def size_ladder(n: int) -> tuple[int, int]:
    return n - 1, 3 * n - 4


def size_commander(n: int, group: int = COMMANDER_GROUP) -> tuple[int, int]:
    g = group
    aux = cls = 0
    for m, groups in _commander_levels(n, g):
        aux += groups
        full, rest = divmod(m, g)
        cls += full * (g * (g - 1) // 2 + g)
        if rest >= 2:
            cls += rest * (rest - 1) // 2 + rest
        n = -(-m // g)
    return aux, cls + n * (n - 1) // 2


def size_product(n: int) -> tuple[int, int]:
    if n <= PRODUCT_BASE:
        return size_pairwise(n)
    p, q = _product_shape(n)
    ap, cp = size_product(p)
    aq, cq = size_product(q)
    return p + q + ap + aq, 2 * n + cp + cq
