"""The atlas's unit-propagation check: is an encoding arc-consistent?

Owns :func:`arc_consistency`, which the front page's "Methods at a glance"
table reports for every method (MiniSat's ``propagate`` on small n).
"""

from __future__ import annotations

from itertools import combinations

from pysat.solvers import Solver

from ..core import encodings as enc
from .sweep import pb_weights


def arc_consistency(method: str, nmax: int = 8) -> tuple[int, int]:
    """Check unit propagation on ``at_most`` (or, for a PB method, ``linear <=``).

    Cardinality: for n = 3..nmax, every bound 1 <= k <= n-2 (k = 1 only for
    at-most-one methods) and every set of k inputs assumed true, unit
    propagation must set every other input false. Pseudo-Boolean: weights
    :func:`pb_weights` (n = 3..min(nmax, 7)), K = W // 2, every set S of
    inputs with sum <= K assumed true: every input that no longer fits must be
    propagated false.

    Returns:
        (checks that passed, checks made).
    """
    ok = total = 0
    if method in enc.PB_METHODS:
        for n in range(3, min(nmax, 7) + 1):
            w = pb_weights(n)
            bound = sum(w) // 2
            xs = list(range(1, n + 1))
            cl = enc.linear(xs, w, "<=", bound, enc.VarCounter(n), method)
            with Solver(name="m22", bootstrap_with=cl) as s:
                for mask in range(1 << n):
                    chosen = [i for i in range(n) if mask >> i & 1]
                    used = sum(w[i] for i in chosen)
                    if used > bound:
                        continue
                    st, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                    implied = set(implied)
                    total += 1
                    ok += bool(st) and all(-xs[i] in implied for i in range(n)
                                           if i not in chosen and used + w[i] > bound)
        return ok, total
    for n in range(3, nmax + 1):
        xs = list(range(1, n + 1))
        for k in range(1, n - 1):
            if method in enc.AMO_METHODS and k != 1:
                continue
            cl = enc.at_most(xs, k, enc.VarCounter(n), method)
            with Solver(name="m22", bootstrap_with=cl) as s:
                for chosen in combinations(range(n), k):
                    st, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                    implied = set(implied)
                    total += 1
                    ok += bool(st) and all(-xs[i] in implied for i in range(n) if i not in chosen)
    return ok, total
