"""The caller's constraint put into the form a method takes: literals and
integers checked, opposite literals cancelled, repeated literals counted,
weighted sums turned into positive terms on distinct variables under ``<=``
or ``==``. What each step does to the constraint is described in
:mod:`satgrid.core.encodings` ("How each constraint is made").
"""

from __future__ import annotations

from collections import Counter

from ...errors import EncodingError

#: accepted spellings of the comparisons -> the one each stands for
OPS = {"<=": "<=", "=<": "<=", ">=": ">=", "=>": ">=", "==": "==", "=": "==",
       "<": "<", ">": ">"}


def literals(lits) -> list[int]:
    """``lits`` as a list, checked: non-zero ints (bools refused).

    Raises:
        EncodingError: anything else.
    """
    out = list(lits)
    if set(map(type, out)) <= {int} and 0 not in out:     # the common case, at C speed
        return out
    for l in out:
        if type(l) is not int:
            if isinstance(l, int) and not isinstance(l, bool):
                continue
            raise EncodingError(f"literals must be non-zero ints, got {l!r}")
        if l == 0:
            raise EncodingError("0 is not a literal")
    return out


def integer(k, what="bound") -> int:
    """``k`` checked to be an int (not a bool); ``what`` names it in the error.

    Raises:
        EncodingError: anything else.
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise EncodingError(f"the {what} must be an int, got {k!r}")
    return int(k)


def dedupe(clauses):
    """Merge repeated literals inside clauses and drop tautologies."""
    out = []
    for c in clauses:
        d = list(dict.fromkeys(c))
        if len(set(map(abs, d))) == len(d):
            out.append(d)
    return out


def cancel_opposites(lits, k):
    """Drop pairs x, -x (each pair counts exactly 1: k decreases)."""
    cnt = Counter(lits)
    for l in list(cnt):
        if l > 0 and -l in cnt:
            m = min(cnt[l], cnt[-l])
            cnt[l] -= m
            cnt[-l] -= m
            k -= m
    out = []
    for l in lits:
        if cnt[l] > 0:
            out.append(l)
            cnt[l] -= 1
    return out, k


def normalise_card(op, lits, k):
    """(lits, k, units, multiset) for op '<=' or '==' with repeated literals."""
    lits, k = cancel_opposites(lits, k)
    units: list[list[int]] = []
    while True:
        n = len(lits)
        cnt = Counter(lits)
        false = [l for l, m in cnt.items() if m > 1 and m > k]
        true = [l for l, m in cnt.items() if m > 1 and m > n - k] if op == "==" else []
        if k < 0 or (op == "==" and k > n) or not (false or true):
            break
        if false:
            units += [[-l] for l in false]
            lits = [l for l in lits if l not in set(false)]
        else:
            l = true[0]
            units.append([l])
            k -= cnt[l]
            lits = [x for x in lits if x != l]
    multiset = len(set(lits)) != len(lits)
    return lits, k, units, multiset


def normalise_pb(lits, weights, op, bound):
    """Positive terms on distinct variables: (lits, weights, op, rhs)."""
    if weights and min(weights) > 0 and len(set(map(abs, lits))) == len(lits):
        # already so (a line's or a region's sum over one-hot literals): as they are
        return _pb_op(list(lits), list(weights), op, bound)
    coef: dict[int, int] = {}
    const = 0
    for l, w in zip(lits, weights):
        if w == 0:
            continue
        v = abs(l)
        if l > 0:
            coef[v] = coef.get(v, 0) + w
        else:
            const += w
            coef[v] = coef.get(v, 0) - w
    xs, ws = [], []
    for v, c in coef.items():
        if c > 0:
            xs.append(v)
            ws.append(c)
        elif c < 0:
            xs.append(-v)
            ws.append(-c)
            const += c
    return _pb_op(xs, ws, op, bound - const)


def _pb_op(xs, ws, op, rhs):
    """(xs, ws, op, rhs) with ``<``, ``>`` and ``>=`` turned into ``<=``."""
    if op == "<":
        op, rhs = "<=", rhs - 1
    elif op == ">":
        op, rhs = ">=", rhs + 1
    if op == ">=":
        op, xs, rhs = "<=", [-l for l in xs], sum(ws) - rhs
    return xs, ws, op, rhs
