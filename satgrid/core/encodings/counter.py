"""Sequential counters: ``seqcounter`` (Sinz's LTSEQ, SPEC.md section 4;
also accepted as ``seqcounter-sinz``), ``seqcounter-knuth`` (Knuth's
irredundant form, the one PySAT's ``EncType.seqcounter`` emits) and the
weighted ``swc``.

All three encode ``sum(lits) <= k`` (``swc``: ``sum(w_i * lits_i) <= k``) for
``n`` inputs with ``0 < k < n`` (the caller handles trivial bounds); inputs
may repeat (a repeated literal counts with its multiplicity). Every clause
reads "the count so far reached j" upwards only, which keeps unit propagation
arc-consistent: once k inputs are true, every other input is propagated false.

``seqcounter`` (:func:`seqcounter_sinz`) -- C. Sinz, "Towards an optimal CNF
encoding of Boolean cardinality constraints", CP 2005, LTSEQ. Auxiliaries
``s_{i,j}`` for ``1 <= i < n``, ``1 <= j <= k`` ("at least j of x_1..x_i are
true"):

    (-x_1 | s_{1,1}),  (-s_{1,j}) for 1 < j <= k
    for 1 < i < n:  (-x_i | s_{i,1}),  (-s_{i-1,j} | s_{i,j}) for 1 <= j <= k,
                    (-x_i | -s_{i-1,j-1} | s_{i,j}) for 1 < j <= k,
                    (-x_i | -s_{i-1,k})
    (-x_n | -s_{n-1,k})

Size: **k(n-1) auxiliaries, 2nk + n - 3k - 1 clauses.**

``seqcounter-knuth`` (:func:`seqcounter_knuth`) -- D. E. Knuth, *The Art of
Computer Programming* 4B (Fascicle 6, *Satisfiability*), section 7.2.2.2,
formulas (18)-(19); the irredundant improvement of Sinz's counter, and what
PySAT's ``EncType.seqcounter`` emits (``pysat:seqcounter``). Auxiliaries
``s_j^k`` for ``1 <= j <= n-k``, ``1 <= k' <= k`` ("at least k' of the first
j+k'-1 inputs are true"):

    (-s_j^k' | s_{j+1}^k')                     1 <= j < n-k, 1 <= k' <= k
    (-x_{j+k'} | -s_j^k' | s_j^{k'+1})          1 <= j <= n-k, 0 <= k' <= k

with ``-s_j^0`` and ``s_j^{k+1}`` left out. Size: **k(n-k) auxiliaries,
(n-k-1)k + (n-k)(k+1) clauses** -- never more than Sinz's (equal at k = 1).

``swc`` -- S. Hölldobler, N. Manthey, P. Steinke, "A compact encoding of
pseudo-Boolean constraints into SAT", KI 2012: the sequential *weight* counter,
Sinz's counter where input ``i`` adds ``w_i`` (``1 <= w_i <= k``; the caller
sets inputs heavier than the bound false):

    (-x_1 | s_{1,j}) for j <= w_1,  (-s_{1,j}) for w_1 < j <= k
    for 1 < i < n:  (-x_i | s_{i,j}) for j <= w_i,
                    (-s_{i-1,j} | s_{i,j}) for j <= k,
                    (-x_i | -s_{i-1,j} | s_{i,j+w_i}) for j <= k - w_i,
                    (-x_i | -s_{i-1,k+1-w_i})
    (-x_n | -s_{n-1,k+1-w_n})

Size: **k(n-1) auxiliaries, 2nk + n - 3k - 1 clauses, whatever the weights**
(with all weights 1 it is exactly Sinz's LTSEQ).
"""

from __future__ import annotations


def seqcounter_knuth(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) <= k`` by Knuth's irredundant sequential counter, the
    method ``seqcounter-knuth`` (k(n-k) auxiliaries, (n-k-1)k + (n-k)(k+1)
    clauses)."""
    n = len(lits)
    r = k
    m = n - r                                  # number of columns j
    aux = source.new_vars(r * m)
    b = aux.start
    nx = [-l for l in lits]
    cl = [[-v, v + r] for v in range(b, b + (m - 1) * r)]
    cl += [[a, v] for a, v in zip(nx[:m], range(b, b + m * r, r))]
    for kk in range(1, r):
        cl += [[a, -v, v + 1] for a, v in zip(nx[kk:kk + m], range(b + kk - 1, b + kk - 1 + m * r, r))]
    cl += [[a, -v] for a, v in zip(nx[r:], range(b + r - 1, b + r - 1 + m * r, r))]
    return cl


def seqcounter_sinz(lits, k: int, source) -> list[list[int]]:
    """``sum(lits) <= k`` by Sinz's LTSEQ, the method ``seqcounter`` (alias
    ``seqcounter-sinz``) (k(n-1) auxiliaries, 2nk + n - 3k - 1 clauses)."""
    n = len(lits)
    aux = source.new_vars(k * (n - 1))
    b = aux.start
    nx = [-l for l in lits]
    cl = [[a, v] for a, v in zip(nx[:n - 1], range(b, b + (n - 1) * k, k))]
    cl += [[-v] for v in range(b + 1, b + k)]
    cl += [[-v, v + k] for v in range(b, b + (n - 2) * k)]
    for j in range(2, k + 1):
        cl += [[a, -v, v + k + 1] for a, v in zip(nx[1:n - 1], range(b + j - 2, b + j - 2 + (n - 2) * k, k))]
    cl += [[a, -v] for a, v in zip(nx[1:], range(b + k - 1, b + k - 1 + (n - 1) * k, k))]
    return cl


def swc(lits, weights, k: int, source) -> list[list[int]]:
    """``sum(w_i * lits_i) <= k`` by the sequential weight counter, for
    weights ``1 <= w_i <= k`` and at least two inputs (k(n-1) auxiliaries,
    2nk + n - 3k - 1 clauses)."""
    n = len(lits)
    aux = source.new_vars(k * (n - 1))
    b = aux.start
    # s(i, j) = b + (i-1)k + (j-1), 1-based i, j
    x1, w1 = lits[0], weights[0]
    cl = [[-x1, v] for v in range(b, b + w1)]
    cl += [[-v] for v in range(b + w1, b + k)]
    for i in range(2, n):
        x, w = lits[i - 1], weights[i - 1]
        prev = b + (i - 2) * k                  # s(i-1, 1)
        cur = prev + k                          # s(i, 1)
        cl += [[-x, v] for v in range(cur, cur + w)]
        cl += [[-v, v + k] for v in range(prev, prev + k)]
        cl += [[-x, -v, v + k + w] for v in range(prev, prev + k - w)]
        cl.append([-x, -(prev + k - w)])
    x, w = lits[-1], weights[-1]
    cl.append([-x, -(b + (n - 2) * k + k - w)])
    return cl


def size_seqcounter_sinz(n: int, k: int) -> tuple[int, int]:
    """Size of :func:`seqcounter_sinz` (``seqcounter``), ``0 < k < n``."""
    return k * (n - 1), 2 * n * k + n - 3 * k - 1


def size_seqcounter_knuth(n: int, k: int) -> tuple[int, int]:
    """Size of :func:`seqcounter_knuth` (``seqcounter-knuth``), ``0 < k < n``."""
    return k * (n - k), (n - k - 1) * k + (n - k) * (k + 1)


def size_swc(n: int, k: int) -> tuple[int, int]:
    """Size of :func:`swc` over ``n >= 2`` inputs, weights in ``1..k`` with a
    total above ``k``: Sinz's, whatever the weights (and whatever ``k`` is
    beside ``n``; ``k >= n`` is common for weighted sums)."""
    return size_seqcounter_sinz(n, k)
