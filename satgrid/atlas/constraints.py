"""The three cardinality constraints the atlas sizes: ``at_most``, ``at_least``
and ``exactly``.

Owns, per constraint, the bounds swept (:func:`constraint_bounds`), the
published size of a method for it (:func:`constraint_formula`, composed from
the method records of :mod:`satgrid.core.encodings.methods` the way
:mod:`satgrid.core.encodings` builds the constraint) and the two measurements:
ours (:func:`measure_constraint`) and PySAT's ``CardEnc.atmost`` /
``atleast`` / ``equals`` (:func:`measure_pysat_constraint`).

How the formulas compose (see :mod:`satgrid.core.encodings`):

* ``at_least(x, k)`` is ``at_most(-x, n - k)``: the method's ``at_most``
  size at bound ``n - k``.
* ``exactly(x, k)``: ``totalizer``, ``cardnetwork`` and ``sortnetwork`` build
  one structure with clauses both ways (their own ``exact`` sizes);
  at-most-one methods do ``k = 1`` (the AMO plus ``OR(x)``) and ``k = n - 1``
  (the AMO over the negations plus ``OR(-x)``); every other method is
  ``at_most(x, k)`` plus ``at_most(-x, n - k)``, where a half with bound
  ``n - 1`` is its one clause.

Example:
    >>> constraint_formula("seqcounter", "exactly", 10, 3)    # Sinz(10, 3) + Sinz(10, 7)
    (90, 188)
    >>> constraint_formula("seqcounter", "at_least", 10, 3)   # Sinz(10, 7)
    (63, 128)
    >>> measure_constraint("seqcounter", "exactly", 10, 3)[:2]
    (90, 188)
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType as CardEncType
from pysat.formula import IDPool

from ..core import encodings as enc
from ..core.encodings import networks, totalizer
from ..core.encodings.methods import METHODS

#: the constraints, in file order; ``at_most`` is ``cardinality.csv``
CONSTRAINTS: tuple[str, ...] = ("at_most", "at_least", "exactly")
#: constraint -> (file stem, the constraint as the pages write it)
CONSTRAINT_FILES: dict[str, tuple[str, str]] = {
    "at_most": ("cardinality", "at_most(x_1..x_n, k)"),
    "at_least": ("cardinality-at-least", "at_least(x_1..x_n, k)"),
    "exactly": ("cardinality-exactly", "exactly(x_1..x_n, k)"),
}
#: the bound rules per constraint (the text :func:`constraint_bounds` uses)
BOUND_RULES: dict[str, str] = {
    "at_most": "k in {1, 2, max(1, n // 10), n // 2}, 1 <= k < n - 1",
    "at_least": "k in {2, max(1, n // 10), n // 2, n - 1}, 2 <= k <= n - 1",
    "exactly": "k in {1, 2, max(1, n // 10), n // 2}, 1 <= k <= n - 1",
}
#: methods whose ``exactly`` is one structure with clauses both ways: their size
EXACT_SIZES = {
    "totalizer": totalizer.size_totalizer_exactly,
    "cardnetwork": lambda n, k: networks.size_cardnetwork(n, k, exact=True),
    "sortnetwork": lambda n, k: networks.size_sortnetwork(n, k, exact=True),
}


def _check(constraint: str) -> None:
    if constraint not in CONSTRAINTS:
        raise ValueError(f"unknown constraint {constraint!r}; expected one of "
                         f"{', '.join(CONSTRAINTS)}")


def constraint_bounds(n: int, constraint: str = "at_most") -> list[tuple[int, str]]:
    """The bounds swept for ``n`` inputs: sorted ``(k, rule)`` pairs
    (:data:`BOUND_RULES`); ``rule`` names every rule giving this k.

    ``at_least`` leaves out k = 1 (one clause, whatever the method) and
    includes n - 1 (the at-most-one over the negations).

    Example:
        >>> constraint_bounds(4, "at_least"), constraint_bounds(4, "exactly")
        ([(2, '2 = n/2'), (3, 'n-1')], [(1, '1 = n/10'), (2, '2 = n/2')])
    """
    _check(constraint)
    if constraint == "at_least":
        table = ((2, "2"), (max(1, n // 10), "n/10"), (n // 2, "n/2"), (n - 1, "n-1"))
        ok = lambda k: 2 <= k <= n - 1
    else:
        table = ((1, "1"), (2, "2"), (max(1, n // 10), "n/10"), (n // 2, "n/2"))
        ok = (lambda k: 1 <= k < n - 1) if constraint == "at_most" else (lambda k: 1 <= k <= n - 1)
    rules: dict[int, list[str]] = {}
    for k, rule in table:
        if ok(k) and rule not in rules.setdefault(k, []):
            rules[k].append(rule)
    return [(k, " = ".join(r)) for k, r in sorted(rules.items())]


def amo_bound(constraint: str, n: int, k: int) -> bool:
    """Whether an at-most-one method can do this constraint at bound ``k``."""
    _check(constraint)
    if constraint == "at_most":
        return k == 1
    if constraint == "at_least":
        return k == n - 1
    return k in (1, n - 1)


def amo_note(constraint: str) -> str:
    """The note of a row an at-most-one method cannot do."""
    return {"at_most": "at-most-one only (bound 1)",
            "at_least": "at-most-one only (bound n-1: at most one false)",
            "exactly": "at-most-one only (bound 1 or n-1)"}[constraint]


def constraint_formula(method: str, constraint: str, n: int, k: int) -> tuple[int, int] | None:
    """(aux, clauses) of ``constraint(x_1..x_n, k)`` by ``method`` from the
    published sizes (module doc), or None where there is none.

    Args:
        method: a cardinality or at-most-one method (an alias is resolved).
        constraint: one of :data:`CONSTRAINTS`.
        n, k: inputs and bound.
    """
    _check(constraint)
    method = enc.canonical_method(method)
    if constraint == "at_most":
        return enc.size_formula(method, n, k)
    if constraint == "at_least":
        return enc.size_formula(method, n, n - k)
    if k < 0 or k > n:
        return 0, 1
    if k in (0, n):
        return 0, n
    rec = METHODS.get(method)
    if rec is None or rec.size is None:
        return None
    if rec.family == "amo":
        if k not in (1, n - 1):
            return None
        aux, cls = rec.size(n)
        return aux, cls + 1
    if method in EXACT_SIZES:
        return EXACT_SIZES[method](n, k)
    up = (0, 1) if k == n - 1 else rec.size(n, k)
    down = (0, 1) if k == 1 else rec.size(n, n - k)
    return up[0] + down[0], up[1] + down[1]


def clause_sizes(clauses) -> tuple[int, int]:
    """(clauses, literals) of a clause list."""
    return len(clauses), sum(map(len, clauses))


def measure_constraint(method: str, constraint: str, n: int, k: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of our ``constraint(x_1..x_n, k)`` with ``method``.

    Raises:
        EncodingError: the method cannot do this bound.
    """
    _check(constraint)
    build = {"at_most": enc.at_most, "at_least": enc.at_least, "exactly": enc.exactly}[constraint]
    vc = enc.VarCounter(n)
    c, l = clause_sizes(build(list(range(1, n + 1)), k, vc, method))
    return vc.top - n, c, l


def measure_pysat_constraint(method: str, constraint: str, n: int,
                             k: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of PySAT's ``CardEnc.atmost`` / ``atleast`` /
    ``equals`` for the same constraint (inputs 1..n, a private ``IDPool``
    from n+1; aux is PySAT's ``nv - n``).

    Raises:
        KeyError: no PySAT counterpart; pysat.card.UnsupportedBound.
    """
    _check(constraint)
    encoding = getattr(CardEncType, enc.PYSAT_CARD[method])
    fn = {"at_most": CardEnc.atmost, "at_least": CardEnc.atleast,
          "exactly": CardEnc.equals}[constraint]
    cnf = fn(list(range(1, n + 1)), bound=k, vpool=IDPool(start_from=n + 1), encoding=encoding)
    c, l = clause_sizes(cnf.clauses)
    return max(cnf.nv, n) - n, c, l


def pysat_predicted(method: str, constraint: str, n: int, k: int, structure: str) -> int | None:
    """Clauses PySAT's counterpart is expected to make (for the budget), from
    our formula for the same structure; None when unknown.

    PySAT's totalizer is built whole, whatever k; its modulo totalizer has no
    formula here (the previous n is extrapolated instead).
    """
    name = enc.PYSAT_CARD.get(method)
    if name == "totalizer":
        return totalizer.size_totalizer(n, n - 1)[1] * (2 if constraint == "exactly" else 1)
    if name == "mtotalizer":
        return None
    f = constraint_formula(structure, constraint, n, k)
    return f[1] if f else None
