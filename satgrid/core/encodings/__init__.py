"""Cardinality and pseudo-Boolean encodings: literals, a bound and a source of
fresh variables in, clauses out.

One entry point per constraint, in the PySAT idiom::

    at_most(lits, k, source, method="seqcounter")     # sum(lits) <= k
    at_least(lits, k, source, method="seqcounter")    # sum(lits) >= k
    exactly(lits, k, source, method="seqcounter")     # sum(lits) == k
    linear(lits, weights, op, bound, source, method="bdd")   # op "<=", ">=", "=="

Each returns a list of clauses (lists of ints) and touches nothing but
``source.new_var()`` / ``source.new_vars(count)`` (a
:class:`satgrid.core.formula.Formula` or a :class:`VarCounter`).

Methods (SPEC.md section 4): one record per method in
:mod:`.methods` (:data:`~satgrid.core.encodings.methods.METHODS`: name, family,
builders, size formula, PySAT name, reference, when to use it), from which
the registries derive:

* ``AMO_METHODS`` -- at-most-one only (bound 1, and trivial bounds):
  :mod:`.amo`. ``exactly(lits, 1)`` is the AMO plus the clause ``OR(lits)``
  (``exactly(lits, n-1)``: the AMO over the negations plus ``OR(-lits)``).
* ``CARD_METHODS`` -- any bound: :mod:`.counter` (Sinz's ``seqcounter`` and
  Knuth's irredundant ``seqcounter-knuth``), :mod:`.totalizer`,
  :mod:`.mtotalizer`, :mod:`.networks`.
* ``PB_METHODS`` -- weighted sums: :mod:`.bdd`, :mod:`.counter` (``swc``),
  :mod:`.totalizer` (``gtotalizer``).
* ``METHOD_ALIASES`` -- other accepted names (``seqcounter-sinz`` is
  ``seqcounter``). Every entry point resolves them first
  (:func:`canonical_method`), so an alias gives the same clauses, sizes and
  recorded method name as the name it stands for.
* ``pysat:NAME`` -- the same constraint handed to PySAT's own encoders
  (:mod:`.pysat_bridge`; ``PYSAT_CARD``, ``PYSAT_PB`` list the names).

The incremental totalizer, whose bound is chosen per solve, is
:class:`IncrementalTotalizer` (:mod:`.incremental`).

How each constraint is made:

* ``at_least(lits, k)`` is ``at_most(-lits, n - k)`` (as in PySAT).
* ``exactly(lits, k)``: ``totalizer``, ``cardnetwork`` and ``sortnetwork``
  build one structure with clauses in both directions (see their modules);
  the others are ``at_most(lits, k)`` plus ``at_most(-lits, n - k)``, each
  with its own auxiliaries (size: the sum of both), except that a half with
  bound ``n - 1`` is its single clause, as for ``at_most`` itself: exactly-one
  is the method's at-most-one plus ``OR(lits)`` (Sinz's counter would spend
  (n-1)^2 auxiliaries on the at-least-one half).
* ``linear``: terms on the same variable are merged (``w*x + v*-x`` is
  ``(w-v)*x + v``), negative weights are turned positive over the negated
  literal (``-w*x = w*-x - w``), zero weights dropped; ``>=`` becomes ``<=``
  over the negations; a term heavier than the bound is set false by a unit
  clause (for ``==``, a term that must be true is set true). ``bdd`` encodes
  ``==`` directly; ``swc`` and ``gtotalizer`` as ``<= b`` plus ``>= b``,
  each with its own auxiliaries (``gtotalizer``'s trees then need no root
  outputs for any comparison, see :mod:`.totalizer`). A cardinality method is
  accepted when all remaining weights are equal.

Trivial and degenerate cases never reach a method and make no auxiliaries
(for ``n`` inputs after normalisation): ``at_most`` with ``k < 0`` gives the
empty clause, ``k >= n`` nothing, ``k == 0`` the units ``-x``, ``k == n-1``
the one clause ``OR(-x)``; ``exactly`` with ``k < 0`` or ``k > n`` the empty
clause, ``k == 0`` or ``k == n`` units. A literal and its negation in the
same input count exactly 1 between them: both are dropped and the bound is
lowered by one. A literal repeated ``m`` times counts ``m`` times; if ``m``
exceeds the bound it is set false; otherwise the repeated inputs go to the
method as they are and repeated literals inside a clause are merged.

Errors: an unknown method, or a method that cannot do the constraint (an
AMO-only method for a bound other than 1, a pseudo-Boolean method for a
cardinality call), raises :class:`satgrid.errors.EncodingError` naming the
methods that can.
"""

from __future__ import annotations

import gc
from typing import Iterable, Sequence

from ...errors import EncodingError
from ..formula import Formula
from ...util import paused_gc
from . import amo, bdd, counter, mtotalizer, networks, totalizer, tree  # noqa: F401  (the modules are part of the API)
from ._common import VarCounter, and_gate, or_gate
from .incremental import IncrementalTotalizer
from .methods import (AMO_METHODS, CARD_METHODS, METHOD_ALIASES, METHODS, PB_METHODS, PYSAT_CARD,
                      PYSAT_PB, canonical_method, card_method, pb_method_kind, supported_pb)
from .normalise import OPS, dedupe, integer, literals, normalise_card, normalise_pb
from .pysat_bridge import pysat_card, pysat_pb

__all__ = ["at_most", "at_least", "exactly", "linear", "VarCounter",
           "IncrementalTotalizer", "encode_formula", "CARD_METHODS", "AMO_METHODS",
           "PB_METHODS", "PYSAT_CARD", "PYSAT_PB", "METHOD_ALIASES", "METHODS", "canonical_method",
           "size_formula", "EncodingError", "clear_caches", "and_gate", "or_gate"]


# ===================================================== cardinality entry
def at_most(lits: Iterable[int], k: int, source, method: str = "seqcounter") -> list[list[int]]:
    """Clauses for ``sum(lits) <= k``.

    Args:
        lits: input literals (repeats and opposite pairs allowed, see module doc).
        k: the bound (any int; trivial bounds make no auxiliaries).
        source: variable source (``new_var()``, ``new_vars(count)``).
        method: a name from ``AMO_METHODS`` (k == 1 only), ``CARD_METHODS``,
            or ``"pysat:NAME"``.

    Returns:
        list of clauses; auxiliaries come from ``source``.

    Raises:
        EncodingError: unknown method, or an AMO-only method with 1 < k < n-1.

    Example:
        >>> at_most([1, 2, 3], 1, VarCounter(3), "pairwise")
        [[-1, -2], [-1, -3], [-2, -3]]
    """
    return _card("<=", literals(lits), integer(k), source, card_method(method))


def at_least(lits: Iterable[int], k: int, source, method: str = "seqcounter") -> list[list[int]]:
    """Clauses for ``sum(lits) >= k``: ``at_most(-lits, n - k)``.

    Example:
        >>> at_least([1, 2, 3], 1, VarCounter(3))
        [[1, 2, 3]]
    """
    lits = literals(lits)
    k = integer(k)
    method = card_method(method)
    return _card("<=", [-l for l in lits], len(lits) - k, source, method)


def exactly(lits: Iterable[int], k: int, source, method: str = "seqcounter") -> list[list[int]]:
    """Clauses for ``sum(lits) == k`` (see the module doc for how each method
    combines both directions).

    Example:
        >>> exactly([1, 2], 1, VarCounter(2), "pairwise")
        [[-1, -2], [1, 2]]
    """
    return _card("==", literals(lits), integer(k), source, card_method(method))


def _card(op, lits, k, source, method):
    if not gc.isenabled():                          # a compile has paused it already
        return _card_body(op, lits, k, source, method)
    with paused_gc():
        return _card_body(op, lits, k, source, method)


def _card_body(op, lits, k, source, method):
    units: list[list[int]] = []
    multiset = False
    n = len(lits)
    if len(set(map(abs, lits))) != n:
        lits, k, units, multiset = normalise_card(op, lits, k)
        n = len(lits)
    if op == "<=":
        if k < 0:
            return units + [[]]
        if k >= n:
            return units
        if k == 0:
            return units + [[-l] for l in dict.fromkeys(lits)]
        if k == n - 1:
            return units + [[-l for l in dict.fromkeys(lits)]]
    else:
        if k < 0 or k > n:
            return units + [[]]
        if k == 0:
            return units + [[-l] for l in dict.fromkeys(lits)]
        if k == n:
            return units + [[l] for l in dict.fromkeys(lits)]
    cl = _card_method_clauses(op, lits, k, source, method)
    if multiset:
        cl = dedupe(cl)
    return units + cl if units else cl


def _card_method_clauses(op, lits, k, source, method):
    n = len(lits)
    if method.startswith("pysat:"):
        return pysat_card(op, lits, k, source, method[6:])
    rec = METHODS[method]
    if rec.family == "amo":
        fn = rec.build
        if op == "<=" and k == 1:
            return fn(lits, source)
        if op == "==" and k == 1:
            cl = fn(lits, source)
            cl.append(list(dict.fromkeys(lits)))
            return cl
        if op == "==" and k == n - 1:
            neg = [-l for l in lits]
            return fn(neg, source) + [list(dict.fromkeys(neg))]
        what = "at most" if op == "<=" else "exactly"
        raise EncodingError(f"{method!r} encodes at-most-one only; {what} {k} of {n} inputs "
                            f"needs one of {', '.join(CARD_METHODS)} (or pysat:NAME)")
    leq, eq = rec.build, rec.build_exactly
    if op == "<=":
        return leq(lits, k, source)
    if eq is not None:
        return eq(lits, k, source)
    # both directions; a half whose bound is n - 1 is the one clause it
    # always is (exactly-one: the method's at-most-one plus OR(lits))
    up = [[-l for l in dict.fromkeys(lits)]] if k == n - 1 else leq(lits, k, source)
    neg = [-l for l in lits]
    down = [list(dict.fromkeys(lits))] if k == 1 else leq(neg, n - k, source)
    return up + down


# ========================================================== pseudo-Boolean
def linear(lits: Sequence[int], weights: Sequence[int], op: str, bound: int, source,
           method: str = "bdd") -> list[list[int]]:
    """Clauses for ``sum(w_i * lits_i) op bound``, ``op`` in ``<=``, ``>=``,
    ``==`` (also ``<``, ``>``, ``=``).

    Args:
        lits: literals (a variable may appear several times, in either sign).
        weights: integer weights, one per literal (negative and zero allowed).
        op: the comparison.
        bound: the integer right-hand side.
        source: variable source.
        method: ``"bdd"``, ``"swc"``, ``"gtotalizer"``, ``"pysat:NAME"``; a
            cardinality method when all normalised weights are equal.

    Returns:
        list of clauses.

    Example:
        >>> linear([1, 2, 3], [2, 3, 4], "<=", 4, VarCounter(3), "bdd")
        [[-4, -1], [-5, -2], [-5, 4], [-6, -2, 4], [-7, -3, 5], [-7, 6], [7]]
    """
    lits = literals(lits)
    weights = list(weights)
    if len(weights) != len(lits):
        raise EncodingError(f"{len(lits)} literals but {len(weights)} weights")
    if not set(map(type, weights)) <= {int}:      # the common case at C speed
        for w in weights:
            integer(w, "weight")
    bound = integer(bound)
    if op not in OPS:
        raise EncodingError(f"unknown comparison {op!r}; supported: <=, >=, ==")
    op = OPS[op]
    if not isinstance(method, str):
        raise EncodingError(f"encoding method must be a name, got {method!r}")
    method = canonical_method(method)
    kind = pb_method_kind(method)
    if not gc.isenabled():                          # a compile has paused it already
        return _linear_body(kind, method, lits, weights, op, bound, source)
    with paused_gc():
        return _linear_body(kind, method, lits, weights, op, bound, source)


def _linear_body(kind, method, lits, weights, op, bound, source):
    xs, ws, op, rhs = normalise_pb(lits, weights, op, bound)
    units: list[list[int]] = []
    if op == "<=":
        if rhs < 0:
            return [[]]
        units = [[-l] for l, w in zip(xs, ws) if w > rhs]
        keep = [(l, w) for l, w in zip(xs, ws) if w <= rhs]
        xs, ws = [l for l, _ in keep], [w for _, w in keep]
        if sum(ws) <= rhs:
            return units
    else:
        while True:
            W = sum(ws)
            if rhs < 0 or rhs > W:
                return units + [[]]
            drop = [i for i, w in enumerate(ws) if w > rhs]
            force = [i for i, w in enumerate(ws) if w > W - rhs] if not drop else []
            if not drop and not force:
                break
            for i in drop:
                units.append([-xs[i]])
            for i in force:
                units.append([xs[i]])
                rhs -= ws[i]
            gone = set(drop) | set(force)
            xs = [l for i, l in enumerate(xs) if i not in gone]
            ws = [w for i, w in enumerate(ws) if i not in gone]
        if rhs == 0:
            return units + [[-l] for l in xs]
        if rhs == sum(ws):
            return units + [[l] for l in xs]
    return units + _pb_method_clauses(kind, method, op, xs, ws, rhs, source)


def _pb_method_clauses(kind, method, op, xs, ws, rhs, source):
    if kind == "pysat":
        return pysat_pb(op, xs, ws, rhs, source, method[6:])
    if kind == "card":
        w = ws[0]
        if any(x != w for x in ws):
            raise EncodingError(f"{method!r} is a cardinality encoding and the weights differ; "
                                f"use one of {supported_pb()}")
        if op == "<=":
            return _card("<=", xs, rhs // w, source, method)
        if rhs % w:
            return [[]]
        return _card("==", xs, rhs // w, source, method)
    rec = METHODS[method]
    leq, eq = rec.build, rec.build_exactly
    if op == "<=":
        return leq(xs, ws, rhs, source)
    if eq is not None:
        return eq(xs, ws, rhs, source)
    return leq(xs, ws, rhs, source) + leq([-l for l in xs], ws, sum(ws) - rhs, source)


# ================================================================== sizes
def clear_caches() -> None:
    """Forget the kept shapes: the totalizers' clause templates and per-size
    shapes and the BDD shape cache (all pure functions of their keys, so the
    output never depends on them; only the time of the next call does)."""
    tree.TEMPLATES.clear()
    mtotalizer.SHAPES.clear()
    bdd.clear_caches()


def size_formula(method: str, n: int, k: int, weights: Sequence[int] | None = None):
    """(auxiliary variables, clauses) of one constraint over ``n`` distinct
    inputs, from the method's published size formula (or its recurrence, for
    the tree and network methods; see the module docstrings).

    Cardinality methods (``weights`` None): ``at_most(x_1..x_n, k)``. Trivial
    bounds give their fixed sizes ((0, 1) for k < 0, (0, 0) for k >= n,
    (0, n) for k == 0, (0, 1) for k == n-1).

    Pseudo-Boolean methods: ``linear(x_1..x_n, weights, "<=", k)``. The
    cardinality shortcuts do not apply (``k >= n`` is not trivial for a
    weighted sum): k < 0 gives (0, 1), k == 0 gives (0, n) (every input set
    false); otherwise each input heavier than ``k`` costs one unit clause,
    and if the rest can still exceed ``k`` the method's size over those ``m``
    inputs is added. With ``weights`` None the weights are assumed to be in
    ``1..k`` with a total above ``k`` (possible whenever ``n >= 2``; for
    ``n < 2`` the constraint is trivial): only ``swc`` can be sized that way,
    since its size, ``K(m-1)`` auxiliaries and ``2mK + m - 3K - 1`` clauses,
    does not depend on the weights. ``gtotalizer`` needs the weights: its
    size is the recurrence :func:`satgrid.core.encodings.totalizer.size_gtotalizer`
    (distinct sums per tree node). A cardinality method given
    ``weights`` is sized as ``linear`` uses it: all remaining weights equal
    to ``w`` make ``at_most(m inputs, k // w)``.

    Args:
        method: an encoding name (an alias such as ``seqcounter-sinz`` is
            sized as the method it stands for).
        n: number of inputs.
        k: the bound.
        weights: None, or ``n`` positive integer weights.

    Returns:
        (aux, clauses), or None when there is no formula: ``bdd``,
        ``pysat:*``, AMO-only methods with a bound they cannot do,
        ``gtotalizer`` without weights, a cardinality method given unequal
        weights.

    Raises:
        EncodingError: ``weights`` not ``n`` positive ints.

    Example:
        >>> size_formula("seqcounter", 10, 3), size_formula("seqcounter-knuth", 10, 3)
        ((27, 60), (21, 46))
        >>> size_formula("seqcounter-sinz", 10, 3)      # alias of seqcounter
        (27, 60)
        >>> size_formula("swc", 16, 46)       # k >= n: not trivial when weighted
        (690, 1349)
        >>> size_formula("gtotalizer", 4, 14, weights=[9, 9, 4, 6])
        (4, 9)
    """
    method = canonical_method(method)
    rec = METHODS.get(method)
    if weights is not None or (rec is not None and rec.family == "pb"):
        return _pb_size(rec, n, k, weights)
    if k < 0:
        return 0, 1
    if k >= n:
        return 0, 0
    if k == 0:
        return 0, n
    if k == n - 1:
        return 0, 1
    if rec is None or rec.size is None:
        return None
    if rec.family == "amo":
        return rec.size(n) if k == 1 else None
    return rec.size(n, k)


def _pb_size(rec, n, k, weights):
    """:func:`size_formula` of ``linear(x, weights, '<=', k)`` by the method
    record ``rec`` (None: an unknown name)."""
    if weights is not None:
        weights = list(weights)
        if len(weights) != n or any(isinstance(w, bool) or not isinstance(w, int) or w < 1
                                    for w in weights):
            raise EncodingError(f"size_formula needs {n} positive integer weights, got {weights!r}")
    if k < 0:
        return 0, 1
    if k == 0:
        return 0, n
    if weights is None:
        # only a size that does not depend on the weights (swc's)
        got = rec.size(n, k, None) if rec is not None and rec.family == "pb" and rec.size else None
        if got is None:
            return None
        if n < 2:
            return 0, 0
        return got
    units = sum(1 for w in weights if w > k)
    kept = [w for w in weights if w <= k]
    if sum(kept) <= k:
        return 0, units
    m = len(kept)
    if rec is None or rec.size is None:
        return None
    if rec.family == "pb":
        got = rec.size(m, k, kept)
    else:
        if any(w != kept[0] for w in kept):
            return None
        got = size_formula(rec.name, m, k // kept[0])
    if got is None:
        return None
    return got[0], got[1] + units


# =========================================================== encode_formula
_OP_NAMES = {"atmost": ("<=", at_most), "atleast": (">=", at_least), "exactly": ("==", exactly)}


def encode_formula(op: str, n: int, k: int, method: str, weights=None):
    """One constraint over fresh inputs ``x1..xN`` as a :class:`Formula`.

    Inputs are variables 1..N named ``x1..xN``; auxiliaries come above. All
    clauses (and variables) are in group ``op``; ``formula.encodings[op]`` is
    the method (an alias resolved: ``seqcounter-sinz`` is recorded as
    ``seqcounter``, so both give the same bytes) and ``formula.description``
    one line saying what was encoded.

    Args:
        op: ``"atmost"``, ``"atleast"`` or ``"exactly"``.
        n: number of inputs (>= 0).
        k: the bound.
        method: an encoding name (see the module doc).
        weights: None for a cardinality constraint, else ``n`` integer weights
            (a pseudo-Boolean constraint ``sum w_i x_i op k``).

    Raises:
        EncodingError: bad op, n, weights or method.
    """
    if op not in _OP_NAMES:
        raise EncodingError(f"unknown constraint {op!r}; expected one of atmost, atleast, exactly")
    n = integer(n, "number of inputs")
    k = integer(k)
    if n < 0:
        raise EncodingError(f"the number of inputs must be >= 0, got {n}")
    sym, fn = _OP_NAMES[op]
    method = canonical_method(method)
    f = Formula()
    with f.group(op):
        xs = [f.var(f"x{i}") for i in range(1, n + 1)]
        if weights is None:
            clauses = fn(xs, k, f, method)
            lhs = f"x1 + ... + x{n}" if n > 2 else " + ".join(f"x{i}" for i in range(1, n + 1)) or "0"
        else:
            weights = list(weights)
            if len(weights) != n:
                raise EncodingError(f"{len(weights)} weights given for {n} inputs")
            clauses = linear(xs, weights, sym, k, f, method)
            lhs = " + ".join(f"{w}*x{i}" for i, w in enumerate(weights, 1)) if n <= 8 else \
                f"{weights[0]}*x1 + ... + {weights[-1]}*x{n}"
            lhs = lhs or "0"
        f.add_clauses(clauses)
    f.encodings[op] = method
    f.description = f"{op}: {lhs} {sym} {k}, encoding {method}"
    return f
