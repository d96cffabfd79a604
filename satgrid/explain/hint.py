"""Hints with reasons: the next forced literal and a small set of givens and
rule groups that already forces it.

:class:`Explainer` copies a Model's formula into one where every constraint
group (the groups ``satgrid stats`` lists) sits behind a selector literal:
each clause of group ``g`` gains ``-select[g]``, and each lazy checker (the
connectivity cuts) answers only when its group's selector is true, its cuts
guarded the same way. Givens are literals of the puzzle's own variables and
are assumed as they are. A literal ``l`` is forced by a set R of givens and
groups when the guarded formula under the assumptions R and ``-l`` is
unsatisfiable; the solver's failed assumptions (its core) are such an R, and
deleting one element at a time while the call stays unsatisfiable (keeping
the smaller core of each such call) leaves a *locally minimal* reason:
dropping any one of its elements no longer forces ``l``.

Which literal comes next: when unit propagation of the whole state (every
group, the givens and the steps so far) derives forced literals, only those
are candidates (a step a human would call a single); otherwise those whose
opposite fails by propagation (a failed-literal test, one look ahead);
otherwise every forced literal not yet known. The candidates with the
smallest first cores are minimised, each only while its first core is
smaller than the best reason so far, and the smallest reason wins (ties: the
smaller first core), so hints read like the short steps people take.

Candidates are the backbone of the givens (:mod:`.backbone`) on the
projection: for one-hot integer variables the literal ``x == v`` only (the
"not v" ones follow), for other variables either polarity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from pysat.solvers import Solver

from ..core.formula import Formula
from ..core.oracle import InSearchChecker
from ..core.session import Session
from ..errors import LimitError, SatgridError
from .backbone import backbone


__all__ = ["Explainer", "Hint", "ALWAYS_ON"]

#: groups that are never a reason: the constant true literal
ALWAYS_ON = frozenset({"constants"})
#: candidates whose first core is among the smallest this many are minimised
MINIMISE = 3
#: the solver that answers unit propagation: a fresh one that never searches,
#: so that no learned clause makes propagation stronger than the rules
UP_SOLVER = "minisat22"


@dataclass
class Hint:
    """One step: ``literal`` is forced by ``givens`` (literals) and ``groups``
    (rule groups) together; ``propagates``: unit propagation of the reason
    alone derives it; ``level``: how the whole state reaches it, 0 by unit
    propagation (a single), 1 by a failed-literal test (assuming the
    opposite, propagation meets a conflict), 2 neither (search)."""

    literal: int
    givens: list[int] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    propagates: bool = False
    level: int = 0

    @property
    def single(self) -> bool:
        """Whether unit propagation of the state found it (level 0)."""
        return self.level == 0

    @property
    def size(self) -> int:
        """The reason's size: givens plus groups."""
        return len(self.givens) + len(self.groups)


def _group_of_checker(checker) -> str:
    """A lazy checker's constraint group: its name up to the first ``[``
    (the regions' checkers are named ``group[anchor]``)."""
    name = getattr(checker, "name", None) or "lazy"
    return name.split("[", 1)[0]


class _Guarded:
    """A lazy checker that holds only while its group's selector is true."""

    def __init__(self, inner, selector: int):
        self.inner, self.selector = inner, selector

    def violated(self, model: Sequence[int]) -> list[list[int]]:
        if model[self.selector - 1] < 0:
            return []
        return [list(c) + [-self.selector] for c in self.inner.violated(model)]


class Explainer:
    """The guarded copy of ``model``'s formula and its Session (see the module).

    Args:
        model: a compiled Model whose givens are *not* in its formula (they
            are passed as ``givens``). Its lazy checkers stop handing out
            their fallback encoding (its variables would be made in the
            model's pool, not the copy's); in-search propagators are refused.
        givens: the literals the puzzle gives.
        over: the variables steps are about (default ``model.over``).
        solver: PySAT solver name (default: the Session's).
        time_limit: seconds for each SAT call (LimitError beyond).
    """

    def __init__(self, model, givens: Iterable[int] = (),
                 over: Iterable[int] | None = None, *, solver: str | None = None,
                 time_limit: float | None = None):
        f = model.formula
        g = Formula(f"guarded copy of: {f.description}")
        g.new_vars(f.nvars)
        self.model, self.time_limit = model, time_limit
        self.givens = list(dict.fromkeys(givens))
        self.selector: dict[str, int] = {}
        self.always: list[str] = []
        for name, clauses in f.clause_groups():
            if not clauses:
                continue
            if name in ALWAYS_ON:
                g.add_clauses(clauses, name)
                self.always.append(name)
                continue
            s = self._select(g, name)
            g.add_clauses([c + [-s] for c in clauses], name)
        checkers = []
        for c in model.lazy:
            if isinstance(c, InSearchChecker):
                raise SatgridError("hints need connectivity 'lazy' or 'eager', not 'propagate'")
            if callable(getattr(c, "drop_fallback", None)):
                c.drop_fallback()
            checkers.append(_Guarded(c, self._select(g, _group_of_checker(c))))
        self.group_of = {s: name for name, s in self.selector.items()}
        self.session = Session(g, **({"solver": solver} if solver else {}))
        for c in checkers:
            self.session.add_lazy(c)
        self.over = list(model.over if over is None else over)
        self.one_hot = model.one_hot(self.over)
        self._forced: dict[int, bool] | None = None
        self._up = Solver(UP_SOLVER, bootstrap_with=g.iter_clauses())
        self._up_cuts = 0              # the session's cuts the propagation solver holds
        self._up.add_clause([g.nvars, -g.nvars])   # every variable declared

    @staticmethod
    def _sel_name(name: str) -> str:
        return f"select:{name}"

    def _select(self, g: Formula, name: str) -> int:
        s = self.selector.get(name)
        if s is None:
            s = self.selector[name] = g.new_var(self._sel_name(name))
        return s

    # ------------------------------------------------------------- calls
    def _solve(self, assumptions: list[int]) -> str:
        st = self.session.solve(assumptions, time_limit=self.time_limit)
        if st == "unknown":
            raise LimitError("hint: a limit was reached before the step was settled")
        return st

    def all_on(self) -> list[int]:
        """Every selector: the whole rule set in force."""
        return list(self.selector.values())

    def forced(self) -> dict[int, bool] | None:
        """The backbone of the givens on :attr:`over` (computed once); None:
        the givens contradict the rules."""
        if self._forced is None:
            s = self.session
            st = self._solve(self.all_on() + self.givens)
            if st == "unsat":
                return None
            self._forced = _backbone_of(self, s.model)
        return self._forced

    def candidates(self, known: Iterable[int] = ()) -> list[int]:
        """Forced literals not yet known: ``x == v`` of one-hot variables,
        either polarity of the others."""
        forced = self.forced()
        if forced is None:
            return []
        known = set(self.givens) | set(known)
        in_group = {l for ls in self.one_hot for l in ls}
        settled = {l for ls in self.one_hot if not known.isdisjoint(ls) for l in ls}
        out = []
        for v, val in forced.items():
            lit = v if val else -v
            if lit in known or v in settled:
                continue
            if v in in_group and not val:
                continue
            out.append(lit)
        return out

    def propagated(self, assumptions: list[int]) -> set[int] | None:
        """Literals unit propagation derives from ``assumptions`` over the
        guarded rules and the cuts found so far (None: a conflict)."""
        cuts = self.session.added_clauses
        if len(cuts) > self._up_cuts:
            self._up.append_formula(cuts[self._up_cuts:])
            self._up_cuts = len(cuts)
        ok, lits = self._up.propagate(assumptions=assumptions)
        return set(lits) if ok else None

    def reason(self, lit: int, state: list[int]) -> list[int] | None:
        """A first core: the elements of ``state`` (givens and selectors)
        that the solver used to refute ``-lit``; None: ``-lit`` is consistent."""
        if self._solve(state + [-lit]) == "sat":
            return None
        core = set(self.session.core or ())
        if -lit not in core:
            raise SatgridError("the givens contradict the rules: nothing is forced")
        return [a for a in state if a in core]

    def minimise(self, lit: int, reason: list[int]) -> list[int]:
        """Delete elements while ``-lit`` stays refuted: locally minimal."""
        reason = list(reason)
        i = 0
        while i < len(reason):
            trial = reason[:i] + reason[i + 1:]
            if self._solve(trial + [-lit]) == "unsat":
                core = set(self.session.core or ())
                reason = [a for a in trial if a in core]
            else:
                i += 1
        return reason

    def as_hint(self, lit: int, reason: list[int], level: int) -> Hint:
        """The Hint of a minimised reason."""
        groups = sorted(self.group_of[a] for a in reason if a in self.group_of)
        givens = [a for a in reason if a not in self.group_of]
        up = self.propagated(reason)
        return Hint(lit, givens, groups, up is None or lit in up, level)

    def hint(self, known: Sequence[int] = ()) -> Hint | None:
        """The next step given the givens and ``known`` (literals of earlier
        steps); None when every forced literal is known."""
        cands = self.candidates(known)
        if not cands:
            return None
        state = self.all_on() + self.givens + [k for k in known if k not in self.givens]
        up = self.propagated(state)
        pool = [l for l in cands if up is not None and l in up]
        level = 0
        if not pool:
            pool = [l for l in cands if self.propagated(state + [-l]) is None]
            level = 1 if pool else 2
        pool = pool or cands
        firsts = []
        for lit in pool:
            r = self.reason(lit, state)
            if r is None:
                raise SatgridError(f"literal {lit} was forced and is not (a defect)")
            firsts.append((len(r), lit, r))
        firsts.sort(key=lambda t: t[0])
        best = None
        for size, lit, r in firsts[:MINIMISE]:
            if best is not None and size >= len(best[1]):
                break              # a core no smaller than the best reason: skip the rest
            r = self.minimise(lit, r)
            if best is None or len(r) < len(best[1]):
                best = (lit, r)
        return self.as_hint(best[0], best[1], level)

    def sequence(self, known: Sequence[int] = ()) -> list[Hint]:
        """Hints one after another, each applied, until nothing forced is left."""
        known = list(known)
        out = []
        while True:
            h = self.hint(known)
            if h is None:
                return out
            out.append(h)
            known.append(h.literal)


def _backbone_of(ex: Explainer, first: list[int]) -> dict[int, bool] | None:
    """The backbone on ``ex.over`` of the guarded formula with every group on."""
    return backbone(_Facade(ex), ex.over, ex.all_on() + ex.givens, first=first,
                    time_limit=ex.time_limit)


class _Facade:
    """What :func:`backbone` asks of a model (``session``, ``over``, ``one_hot``),
    answered by an Explainer's guarded session."""

    def __init__(self, ex: Explainer):
        self.ex = ex
        self.over = ex.over

    def session(self) -> Session:
        return self.ex.session

    def one_hot(self, over) -> list[list[int]]:
        inside = set(over)
        return [ls for ls in self.ex.one_hot if inside.issuperset(ls)]
