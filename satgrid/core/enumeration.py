"""Projected enumeration, counting and uniqueness: the Session's blocking-clause machinery.

An :class:`Enumerator` holds what asks for *more than one* model:
:meth:`~Enumerator.enumerate`, :meth:`~Enumerator.count`,
:meth:`~Enumerator.second_solution` and :meth:`~Enumerator.is_unique` (the
Session's methods of those names hand over to it). Each model found is blocked
by a clause over the projection variables only (optionally one literal per
one-hot group), guarded by an activation literal from the formula's pool, so
the session answers as before once the enumeration ends.

It is given the session's :class:`~satgrid.core.solver_handle.SolverHandle` (the
solver that takes the blocking clauses, the counters, the rebuild) and
:class:`~satgrid.core.oracle.Oracle` (``prepare``, and ``solve``: the CEGAR loop
with its ``model``), and a callback that clears the session's last model
and core when an enumeration starts (and its status: ``forget(True)``) and
ends (``forget(False)``). It owns the activation variables: the
retired ones (fixed false in the solver) are recycled after a rebuild (see
:data:`RECYCLE_AT` and :mod:`satgrid.core.session`).
"""

from __future__ import annotations

import time
from itertools import compress
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

from ..errors import SatgridError, SolverError
from .oracle import Oracle, checked_literals
from .solver_handle import SolverHandle
from .solvers import DEFAULT_SOLVER

__all__ = ["Count", "Enumerator", "RECYCLE_AT", "SESSION_GROUP"]

#: the formula group of the activation variables
SESSION_GROUP = "session"
#: retired activation variables (ended enumerations) that make the
#: enumerator rebuild the solver and recycle them (SolverHandle.rebuild)
RECYCLE_AT = 1024


class Count(NamedTuple):
    """A count of solutions: a pair ``(count, complete)`` that also reads by
    name, with the keys of :func:`satgrid.api.count`'s result
    (``c.count``, ``c.complete``, ``c._asdict()``)."""

    count: int
    complete: bool

    def __repr__(self) -> str:        # printed as the pair it is: (5, True)
        return repr(tuple(self))


class Enumerator:
    """Enumerate, count and prove unique the models of a Session, projected
    on chosen variables (see the module docs).

    Attributes:
        complete: after :meth:`enumerate`, :meth:`count`, :meth:`is_unique`,
            :meth:`second_solution`: whether the search ran to the end (see
            ``Session.complete``); None before any.
        witnesses: the models found by the last :meth:`is_unique` or
            :meth:`second_solution`.
        seconds: wall clock spent in enumerations (the caller's time between
            models left out).
        open: enumerations under way (their guards are live).
    """

    def __init__(self, handle: SolverHandle, oracle: Oracle, forget: Callable[[bool], None],
                 recycle_at: int = RECYCLE_AT):
        self.handle = handle
        self.recycle_at = recycle_at
        self.oracle = oracle
        self._forget = forget
        self.complete: bool | None = None
        self.witnesses: list[list[int]] = []
        self.seconds = 0.0
        self.open = 0
        # activation variables: retired ones (fixed false in the solver) and
        # free ones (recycled after a rebuild: in no clause of the solver)
        self._retired: list[int] = []
        self._free: list[int] = []

    # ------------------------------------------------- activation variables
    def _new_activation(self) -> int:
        """A variable to guard one enumeration: recycled when one is free."""
        f = self.handle.formula
        if not self._free and not self.open and \
                len(self._retired) >= max(self.recycle_at, f.nvars // 8):
            self.handle.rebuild()
            self._free, self._retired = self._retired, []
        if self._free:
            return self._free.pop()
        with f.group(SESSION_GROUP):
            return f.new_var()

    def _retire(self, act: int) -> None:
        """End an enumeration's guard: its blocking clauses are disabled for good."""
        self.handle.solver.add_clause([-act])
        self._retired.append(act)

    def _over(self, over: Iterable[int]) -> list[int]:
        """The variables of ``over`` (literals allowed), checked, without repeats."""
        lits = checked_literals(self.handle.formula, over, "variable")
        if lits and min(lits) > 0:   # the usual case: already variables, already distinct
            return lits
        return list(dict.fromkeys(map(abs, lits)))

    def _blocker(self, over: list[int], one_hot) -> Callable[[list[int]], list[int]]:
        """The function that makes the blocking clause of a model (without
        the activation literal). Plain: the negation of the model on every
        variable of ``over``. With ``one_hot`` groups (disjoint lists of
        variables of ``over`` of which every model of the formula makes
        exactly one true, as a one-hot integer's), a group is blocked by its
        true variable alone: two such models differ on a group iff their true
        variables there differ, so the clause excludes the same models, with
        one literal per group instead of one per variable."""
        if not one_hot:
            return lambda model: [-model[v - 1] for v in over]
        in_over = set(over)
        seen: set[int] = set()
        flat: list[int] = []        # model indices of the grouped variables
        owner: list[int] = []       # the group of each of them
        groups = 0
        for g in one_hot:
            g = self._over(g)
            if not g:
                continue
            if not in_over.issuperset(g):
                raise ValueError("a one_hot group has variables outside 'over'")
            if not seen.isdisjoint(g):
                raise ValueError("one_hot groups overlap")
            seen.update(g)
            flat += [v - 1 for v in g]
            owner += [groups] * len(g)
            groups += 1
        single = [v - 1 for v in over if v not in seen]
        expect = list(range(groups))
        positive = (0).__lt__

        def block(model: list[int]) -> list[int]:
            vals = list(map(model.__getitem__, flat))
            true_in = list(compress(owner, map(positive, vals)))
            if true_in != expect:
                bad = next(i for i in range(groups) if true_in.count(i) != 1)
                raise SatgridError(f"one_hot group {bad} has {true_in.count(bad)} true "
                                   "variables in a model: the formula does not make it one-hot")
            return [-l for l in vals if l > 0] + [-model[i] for i in single]
        return block

    def _prepare_enum(self, over, assumptions, limit, conflict_limit, time_limit):
        """Arguments checked, refusals made: ``(over, assumptions, budget)``."""
        assumptions, budget = self.oracle.prepare(assumptions, conflict_limit, time_limit)
        h = self.handle
        if not h.capabilities.incremental:
            raise SolverError(f"solver {h.name} is not incremental: enumeration "
                              f"needs blocking clauses and repeated calls; use for "
                              f"example {DEFAULT_SOLVER}")
        if not h.capabilities.assumptions:  # pragma: no cover - all incremental ones have them
            h.refuse("assumptions")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 0):
            raise ValueError(f"limit must be an int >= 0, got {limit!r}")
        return self._over(over), assumptions, budget

    def enumerate(self, over: Iterable[int], assumptions: Iterable[int] = (),
                  limit: int | None = None, time_limit: float | None = None,
                  conflict_limit: int | None = None, *,
                  one_hot: Iterable[Sequence[int]] | None = None) -> Iterator[list[int]]:
        """Models that differ on the variables ``over``, one per projection.

        Each model found is blocked by a clause over ``over`` only (auxiliary
        variables are free to take any value), guarded by a fresh activation
        literal ``a`` from the formula's pool: the clause is
        ``blocking + [-a]`` and the solver is called under the assumption
        ``a``. When the enumeration ends (exhausted, limit, interrupted, or
        the iterator is closed) the unit ``[-a]`` is added, so the blocks are
        permanently disabled and the session answers as before (the Session
        recycles such variables: see its docs). Lazy checkers are
        honoured; their cuts stay (they are valid constraints).

        Args:
            over: the projection variables (the puzzle's own, primary ones).
            assumptions: literals assumed throughout.
            limit: stop after this many models. If exactly ``limit`` models
                were found, one more call settles :attr:`complete`.
            time_limit, conflict_limit: for the whole enumeration; the
                deadline is absolute, so time the caller spends between
                models counts too.
            one_hot: optional disjoint groups of variables of ``over`` of
                which *every model of the formula* makes exactly one true
                (one-hot integers: the caller guarantees it, e.g. by an
                exactly-one constraint; :class:`~satgrid.modelling.model.Model` passes
                its integers). Each group is then blocked by its true variable
                alone: the same models, shorter clauses. A model that breaks
                the promise raises :class:`SatgridError`. Whether it pays
                depends on the search, so it is not the default anywhere
                (measured in bench/RESULTS.md, "Measurement history moved
                from docstrings").

        Yields:
            PySAT-style models (new lists). After the iteration
            :attr:`complete` says whether every model was produced.
        """
        over, assumptions, budget = self._prepare_enum(over, assumptions, limit,
                                                       conflict_limit, time_limit)
        block = self._blocker(over, one_hot)
        return self._enumerate(block, assumptions, budget, limit, settle=True)

    def _enumerate(self, block, assumptions, budget, limit, settle,
                   exclude: Sequence[list[int]] = ()) -> Iterator[list[int]]:
        """The blocking loop under one activation literal; ``settle``: after
        ``limit`` models, one more call decides :attr:`complete`."""
        act = self._new_activation()
        self.open += 1
        h, oracle = self.handle, self.oracle
        t0: float | None = time.perf_counter()
        try:
            h.counters["enumerations"] += 1
            self.complete = False
            self._forget(True)
            found = 0
            guarded = assumptions + [act]
            for model in exclude:  # models already known: blocked, not yielded
                h.solver.add_clause(block(model) + [-act])
                h.counters["blocking_clauses"] += 1
            while True:
                if limit is not None and found >= limit and not settle:
                    return
                result = oracle.solve(guarded, budget)
                if result is None:
                    return
                if result is False:
                    self.complete = True
                    return
                if limit is not None and found >= limit:
                    return  # one model more than the limit: not complete
                model = oracle.model
                oracle.model = None
                h.solver.add_clause(block(model) + [-act])
                h.counters["blocking_clauses"] += 1
                found += 1
                self.seconds += time.perf_counter() - t0
                t0 = None                      # the caller's time is not ours
                yield model
                t0 = time.perf_counter()
        finally:
            self.open -= 1
            if t0 is not None:
                self.seconds += time.perf_counter() - t0
            if h.solver is not None:
                self._retire(act)
            oracle.model = None
            self._forget(False)

    def count(self, over: Iterable[int], assumptions: Iterable[int] = (),
              limit: int | None = None, time_limit: float | None = None,
              conflict_limit: int | None = None, *,
              one_hot: Iterable[Sequence[int]] | None = None) -> "Count":
        """Number of models projected on ``over`` (see :meth:`enumerate`,
        also for ``one_hot``).

        Returns:
            a :class:`Count`, ``(count, complete)``: ``complete`` is False when
            a limit stopped the count before the last model (then ``count`` is
            a lower bound).
        """
        it = self.enumerate(over, assumptions, limit, time_limit, conflict_limit,
                            one_hot=one_hot)
        n = 0
        for _ in it:
            n += 1
        return Count(n, bool(self.complete))

    def second_solution(self, over: Iterable[int], assumptions: Iterable[int] = (),
                        time_limit: float | None = None,
                        conflict_limit: int | None = None,
                        first: list[int] | None = None, *,
                        one_hot: Iterable[Sequence[int]] | None = None) -> list[int] | None:
        """A model that differs from a first one on ``over``, or None.

        None when there is no second solution (:attr:`complete` True) or when
        a limit stopped the search (:attr:`complete` False). The models found
        are in :attr:`witnesses`. ``first``, a model already found under the
        same assumptions (e.g. :attr:`model` after :meth:`solve`), saves the
        call that would find it again: it is blocked straight away.
        ``one_hot``: as for :meth:`enumerate`.
        """
        over, assumptions, budget = self._prepare_enum(over, assumptions, None,
                                                       conflict_limit, time_limit)
        block = self._blocker(over, one_hot)
        if first is not None:
            first = list(first)
            models = [first] + list(self._enumerate(block, assumptions, budget, 1, settle=False,
                                                    exclude=[first]))
        else:
            models = list(self._enumerate(block, assumptions, budget, 2, settle=False))
        self.witnesses = models
        if len(models) == 2:
            self.complete = True   # uniqueness is settled: refuted
            return models[1]
        return None

    def is_unique(self, over: Iterable[int], assumptions: Iterable[int] = (),
                  time_limit: float | None = None,
                  conflict_limit: int | None = None,
                  first: list[int] | None = None, *,
                  one_hot: Iterable[Sequence[int]] | None = None) -> bool | None:
        """Whether exactly one model exists, projected on ``over``.

        ``first``: a model already found under the same assumptions;
        ``one_hot``: see :meth:`enumerate` and :meth:`second_solution`.

        Returns:
            True (one), False (none, or two or more: see :attr:`witnesses`),
            None when a limit stopped the search first.
        """
        second = self.second_solution(over, assumptions, time_limit, conflict_limit, first,
                                      one_hot=one_hot)
        if second is not None:
            return False
        if not self.complete:
            return None
        return len(self.witnesses) == 1
