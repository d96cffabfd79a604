"""The backbone of a Model: the literals true in every solution.

:func:`backbone` is the iterative algorithm (Janota, Lynce and Marques-Silva,
"Algorithms for computing backbones of propositional formulae", 2015,
algorithm 2): one model gives the candidates; each candidate literal is
tested by assuming its negation; an UNSAT answer proves it, a SAT answer
gives a new model, which drops every candidate it refutes. Every call is the
Session's own :meth:`~satgrid.core.session.Session.solve`, so lazy checkers
(connectivity cuts) judge each model before it refutes anything.

A uniqueness check comes first: when no second solution differs on the
variables asked about, the first solution is the answer.

Integer variables are one-hot (:meth:`Model.int` adds "exactly one"): once
``x == v`` is proved, ``x != w`` for the other values follows without a SAT
call, and those positive literals are tested first.

The answer is relative to ``assumptions``: with none left satisfiable the
backbone is undefined (None), not "everything".
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..errors import LimitError


__all__ = ["backbone"]


def _unknown(what: str) -> LimitError:
    return LimitError(f"backbone: a limit was reached while {what}")


def backbone(model, over: Iterable[int] | None = None,
             assumptions: Sequence[int] = (), *, time_limit: float | None = None,
             first: Sequence[int] | None = None,
             witnesses: list | None = None) -> dict[int, bool] | None:
    """``{variable: value}`` for each variable of ``over`` (default
    ``model.over``) that takes the same value in every solution under
    ``assumptions``; None when there is no solution under them.

    ``first``: a model (PySAT list) already found under the same assumptions.
    ``witnesses``: a list that receives every model found (the first one
    first): each variable left out of the answer takes both values among them.

    Raises:
        LimitError: ``time_limit`` seconds (for each SAT call) ran out.

    >>> from satgrid.modelling.model import Model
    >>> m = Model(); a, b, c = m.bool("a"), m.bool("b"), m.bool("c")
    >>> m.clause([a]); m.clause([b, c])
    >>> backbone(m), backbone(m, assumptions=[-b]), backbone(m, assumptions=[-a])
    ({1: True}, {1: True, 2: False, 3: True}, None)
    """
    s = model.session()
    over = list(model.over if over is None else over)
    assumptions = list(assumptions)
    if first is None:
        st = s.solve(assumptions, time_limit=time_limit)
        if st == "unsat":
            return None
        if st != "sat":
            raise _unknown("looking for a first solution")
        first = s.model
    if witnesses is not None:
        witnesses.append(list(first))
    cand = {v: first[v - 1] > 0 for v in over}
    # one uniqueness check first: a unique answer is its own backbone (two
    # calls, as solve --unique), and a second solution refutes many candidates
    second = s.second_solution(over, assumptions, time_limit=time_limit, first=list(first))
    if second is None:
        if not s.complete:
            raise _unknown("looking for a second solution")
        return cand
    if witnesses is not None:
        witnesses.append(second)
    cand = {v: b for v, b in cand.items() if (second[v - 1] > 0) == b}
    proved: dict[int, bool] = {}
    group_of: dict[int, list[int]] = {}
    for lits in model.one_hot(over):
        for l in lits:
            group_of[l] = lits
    # positive literals of one-hot groups first: each proof settles its group
    order = sorted(cand, key=lambda v: (not (v in group_of and cand[v]), v))
    for v in order:
        if v not in cand or v in proved:
            continue
        val = cand[v]
        lit = v if val else -v
        st = s.solve(assumptions + [-lit], time_limit=time_limit)
        if st == "unsat":
            proved[v] = val
            del cand[v]
            if val and v in group_of:
                for w in group_of[v]:
                    if w != v and w in cand:
                        proved[w] = False
                        del cand[w]
        elif st == "sat":
            m = s.model
            if witnesses is not None:
                witnesses.append(m)
            for w in [w for w, b in cand.items() if (m[w - 1] > 0) != b]:
                del cand[w]
        else:
            raise _unknown(f"testing variable {v}")
    return {v: proved[v] for v in over if v in proved}
