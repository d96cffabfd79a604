"""Solving a Model: its one incremental Session, solutions, counts,
uniqueness (optionally certified) and DIMACS export. :class:`Solving` is a
base class of :class:`~satgrid.modelling.model.Model`: the model's constraints live in
model.py, what is done with them here.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

from ..core.assignment import assignment
from .. import lazy
from ..errors import SatgridError
from ..core.enumeration import Count
from ..core.session import Session
from ..core.solvers import DEFAULT_SOLVER
from .values import Solution

_certify = lazy.module("satgrid.certify.modelrun")   # loaded by a certified run only
_backbone = lazy.module("satgrid.explain.backbone")   # loaded by Model.backbone only
_hint = lazy.module("satgrid.explain.hint")   # loaded by Model.hint only


class Solving:
    """The solving half of :class:`~satgrid.modelling.model.Model`: it owns the model's
    session (:meth:`session`, :attr:`open_session`) and uses the model's public
    ``formula``, ``lazy``, ``ints``, ``projection`` and ``status``."""

    def __init__(self):
        self._session: Session | None = None
        self._solver_name: str | None = None

    @property
    def open_session(self) -> Session | None:
        """The model's Session if :meth:`session` has made it, else None.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); m.open_session is None, m.session() is m.open_session
        (True, True)
        """
        return self._session

    def session(self, solver: str | None = None,
                options: dict[str, int] | None = None) -> Session:
        """The model's Session, created on first use (the solver is not rebuilt per
        call; constraints added later reach it before the next call).

        ``options`` are solver tuning options (see :class:`~satgrid.core.session.Session`);
        they count only when the session is created.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); s = m.session(); s.solver_name, m.session() is s
        ('cadical195', True)
        """
        if self._session is None:
            self._session = Session(self.formula, solver=solver or DEFAULT_SOLVER, options=options)
            self._solver_name = solver or DEFAULT_SOLVER
            for c in self.lazy:
                self._session.add_lazy(c)
        else:
            if solver is not None and solver != self._solver_name:
                raise SatgridError(f"this model's session already uses {self._solver_name}")
            if options and options != self._session.options:
                raise SatgridError(f"this model's session already runs with options "
                                   f"{self._session.options or 'none'}")
        return self._session

    @property
    def over(self) -> list[int]:
        """Variables that tell solutions apart (default: every primary variable).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(3)]; m.projection = xs[:2]; m.over, m.count()
        ([1, 2], (4, True))
        """
        return self.projection if self.projection is not None else self.formula.primary

    def solve(self, assumptions: Sequence[int] = (), *, solver: str | None = None,
              time_limit: float | None = None, conflict_limit: int | None = None) -> Solution | None:
        """Solve; a Solution, or None (then ``self.status`` is 'unsat' or 'unknown').

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, y = m.int("x", [1, 2]), m.int("y", [1, 2]); m.all_different([x, y])
        >>> m.solve([x.lit(2)]).value(y), m.solve([x.lit(1), y.lit(1)]), m.status
        (1, None, 'unsat')
        """
        s = self.session(solver)
        self.status = s.solve(assumptions, conflict_limit=conflict_limit, time_limit=time_limit)
        return Solution(s.model) if self.status == "sat" else None

    def solution(self, lits: Iterable[int], names: dict[int, str] | None = None) -> Solution:
        """A :class:`Solution` from any model list: PySAT's dense model, a solver's
        ``v`` literals (any order, sparse), or -- with ``names``, the ``{id: name}``
        of a DIMACS header -- a model over another file's numbering, read by name
        (:func:`satgrid.core.assignment.assignment`; ModelError when it does not fit).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x = m.int("x", range(1, 4)); m.solution([-3, -1, 2]).value(x)
        2
        """
        return Solution(assignment(self.formula, lits, names))

    def one_hot(self, over: Sequence[int] | None = None) -> list[list[int]]:
        """The literals of each integer variable lying wholly in ``over``
        (default :attr:`over`): groups with exactly one true literal in every
        model, since :meth:`int` adds that constraint. With ``one_hot=True``
        the enumerating methods below block each group by its true literal
        alone (see :meth:`Session.enumerate <satgrid.core.session.Session.enumerate>`
        for when that pays).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, b = m.int("x", range(1, 4)), m.bool("b"); m.one_hot()
        [[1, 2, 3]]
        """
        inside = set(self.over if over is None else over)
        return [ls for ls in (list(x.lits.values()) for x in self.ints)
                if inside.issuperset(ls)]

    def _one_hot_groups(self, one_hot: bool) -> list[list[int]] | None:
        """The groups to pass a Session's ``one_hot``: :meth:`one_hot` if asked, else None."""
        return self.one_hot() if one_hot else None

    def solutions(self, limit: int | None = None, assumptions: Sequence[int] = (), *,
                  time_limit: float | None = None, one_hot: bool = False) -> Iterator[Solution]:
        """Distinct solutions (distinct on :attr:`over`).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, y = m.int("x", [1, 2]), m.int("y", [1, 2]); m.all_different([x, y])
        >>> sorted((s.value(x), s.value(y)) for s in m.solutions())
        [(1, 2), (2, 1)]
        """
        s = self.session()
        for m in s.enumerate(self.over, assumptions=assumptions, limit=limit, time_limit=time_limit,
                             one_hot=self._one_hot_groups(one_hot)):
            yield Solution(m)

    def count(self, limit: int | None = None, assumptions: Sequence[int] = (), *,
              time_limit: float | None = None, one_hot: bool = False,
              certify=None) -> Count:
        """(number of solutions, complete?) -- distinct on :attr:`over`, a
        :class:`~satgrid.core.enumeration.Count` (``c.count``, ``c.complete``,
        the keys of :func:`satgrid.api.count`'s result). ``certify``: a folder
        for a certificate of the count (docs/certify.md; no limits then).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(4)]; m.at_most(xs, 1); m.count(), m.count(limit=2)
        ((5, True), (2, False))
        """
        if certify is not None:
            return Count(*_certify.certify_model(self, "count", certify, limit, assumptions,
                                                 time_limit, self._solver_name or DEFAULT_SOLVER))
        return self.session().count(self.over, assumptions=assumptions, limit=limit,
                                    time_limit=time_limit, one_hot=self._one_hot_groups(one_hot))

    def second_solution(self, assumptions: Sequence[int] = (), *,
                        time_limit: float | None = None,
                        first: Solution | None = None, one_hot: bool = False) -> Solution | None:
        """A solution other than ``first`` (or than the one found first) on
        :attr:`over`, or None (see :meth:`Session.second_solution
        <satgrid.core.session.Session.second_solution>`).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, y = m.int("x", [1, 2]), m.int("y", [1, 2]); m.all_different([x, y])
        >>> first = m.solve(); m.second_solution(first=first).value(x) == 3 - first.value(x)
        True
        """
        m = self.session().second_solution(self.over, assumptions=assumptions,
                                           time_limit=time_limit,
                                           first=None if first is None else first.model,
                                           one_hot=self._one_hot_groups(one_hot))
        return None if m is None else Solution(m)

    def is_unique(self, assumptions: Sequence[int] = (), *, time_limit: float | None = None,
                  first: Solution | None = None, one_hot: bool = False,
                  certify=None) -> bool | None:
        """Whether the solution is unique (on :attr:`over`); ``first``: one already found.
        ``certify``: a folder for a certificate of the answer (docs/certify.md).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, y = m.int("x", [1, 2]), m.int("y", [1, 2]); m.all_different([x, y])
        >>> m.is_unique(), m.is_unique([x.lit(2)])
        (False, True)
        """
        if certify is not None:
            return _certify.certify_model(self, "unique", certify, None, assumptions, time_limit,
                                          self._solver_name or DEFAULT_SOLVER)
        return self.session().is_unique(self.over, assumptions=assumptions, time_limit=time_limit,
                                         first=None if first is None else first.model,
                                         one_hot=self._one_hot_groups(one_hot))

    def backbone(self, over: Sequence[int] | None = None, assumptions: Sequence[int] = (), *,
                 time_limit: float | None = None) -> dict[int, bool] | None:
        """The variables of ``over`` (default :attr:`over`) that take one value in
        every solution under ``assumptions``, ``{variable: value}``; None when
        there is none (:func:`satgrid.explain.backbone.backbone`).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, y = m.int("x", [1, 2]), m.int("y", [1, 2]); m.all_different([x, y])
        >>> m.backbone(), m.backbone(list(x.lits.values()), [y.lit(1)])
        ({}, {1: False, 2: True})
        """
        return _backbone.backbone(self, over, assumptions, time_limit=time_limit)

    def hint(self, givens: Sequence[int] = (), known: Sequence[int] = (), *,
             time_limit: float | None = None) -> "_hint.Hint | None":
        """The next forced literal of :attr:`over` given ``givens`` (literals
        not in the formula) and ``known`` (earlier steps), with a locally
        minimal reason: the givens and constraint groups that force it
        (:class:`satgrid.explain.hint.Explainer`; its connectivity checkers
        stop handing out their fallback encoding). None: nothing left.

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); x, y = m.int("x", [1, 2]), m.int("y", [1, 2])
        >>> m.all_different([x, y], group="different")
        >>> h = m.hint([x.lit(1)]); h.literal == y.lit(2), h.givens == [x.lit(1)], h.groups
        (True, True, ['different', 'main'])
        """
        return _hint.Explainer(self, givens, time_limit=time_limit).hint(known)

    def certified_run(self, mode: str, *, solver: str | None = None,
                      options: dict | None = None) -> "_certify.CertifiedRun":
        """Search and DRAT proof on a plain formula (:mod:`satgrid.certify.proof`).

        >>> from satgrid.modelling.model import Model
        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(3)]; m.at_most(xs, 1)
        >>> m.certified_run("count").count
        4
        """
        return _certify.model_run(self, mode, solver or self._solver_name or DEFAULT_SOLVER,
                                  options)

    def write_dimacs(self, path, **options) -> None:
        """Write the model as DIMACS. Lazy constraints cannot be exported.

        >>> import os, tempfile; path = os.path.join(tempfile.mkdtemp(), "a.cnf")
        >>> from satgrid.modelling.model import Model
        >>> m = Model(); a = m.bool("a"); m.clause([a]); m.write_dimacs(path)
        >>> [line for line in open(path).read().splitlines() if not line.startswith("c")]
        ['p cnf 1 1', '1 0']
        """
        if self.lazy:
            raise SatgridError("this model has lazy constraints; build it with "
                               "connectivity='eager' for a complete DIMACS file")
        self.formula.to_dimacs(path, **options)
