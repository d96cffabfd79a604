"""Clause counts of constraints before they are built, for the kinds' size
estimates (:meth:`satgrid.puzzles.base.Puzzle.estimate_clauses`) and
``satgrid encode``'s ceiling.

Each count is the method's published size formula
(:func:`satgrid.encodings.size_formula`), as the Model would call the
method (:meth:`satgrid.model.Model.at_most`, ``exactly``, ``linear``). A
method without a closed formula (``bdd``, ``pysat:*``) is sized by a method
of the same family that has one and is no smaller in the worst case: the
sequential counter for cardinality (Sinz: ``2nk + n - 3k - 1``), the
sequential weight counter for weighted sums (``2nK + n - 3K - 1``; a BDD has
at most one node per (input, partial sum <= K), three clauses each).
"""

from __future__ import annotations

from . import size_formula
from .methods import METHODS, canonical_method


def _clauses(method: str, n: int, k: int, weights=None, fallback: str = "seqcounter") -> int:
    try:
        got = size_formula(method, n, k, weights)
    except Exception:  # noqa: BLE001 - an unusable name is refused when building; size it anyway
        got = None
    if got is None:
        got = size_formula(fallback, n, k) if weights is None else size_formula("swc", n, k)
    return got[1] if got is not None else 0


def at_most(method: str, n: int, k: int) -> int:
    """Clauses of at most ``k`` of ``n`` by ``method``."""
    if n <= 0:
        return 0
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
    return sum(1 if k < 0 else _clauses(pb, n, k, weights) for k in sides)


def constraint(op: str, method: str, n: int, k: int, weights=None) -> int:
    """Clauses of ``satgrid encode OP`` (``atmost``, ``atleast``, ``exactly``)
    by ``method`` over ``n`` inputs: what :func:`satgrid.encodings.encode_formula`
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
