"""The Model: what puzzle modules speak to.

Boolean variables, integer variables with a one-hot (direct) encoding and an
optional order-encoding channel, and constraints that each pick an explicit
encoding and record a constraint group. A model compiles to a
:class:`~satgrid.formula.Formula` (it *is* one, built as you go) and is solved
through one incremental :class:`~satgrid.session.Session` that is created once
and never rebuilt.

Example:
    >>> m = Model()
    >>> x = [m.int(f"x{i}", range(1, 4)) for i in range(3)]
    >>> m.all_different(x, group="alldiff")
    >>> m.linear_int(x[:2], "==", 5, group="sum")
    >>> sol = m.solve()
    >>> sorted([sol.value(x[0]), sol.value(x[1])])
    [2, 3]
    >>> m.count()
    (2, True)
"""

from __future__ import annotations

from typing import Hashable, Iterable, Iterator, Sequence

from . import connectivity as con
from . import encodings as enc
from .errors import EncodingError, SatgridError
from .formula import Formula, Sizes
from .session import Session
from .solvers import DEFAULT_SOLVER

#: the default encodings (see SPEC.md section 4). Cardinality: Knuth's
#: irredundant sequential counter, never larger than Sinz's ``seqcounter``
#: (equal at k = 1) and the smaller one for the puzzles' bounds.
DEFAULT_AMO = "pairwise"
#: CEGAR rounds of connectivity cuts before the layered encoding joins in
#: (Hooks 8 needs 5 rounds, Twenty Four Seven 2; far-apart givens hundreds)
LAZY_SWITCH_AFTER = 30
DEFAULT_CARD = "seqcounter-knuth"
DEFAULT_PB = "bdd"


class IntVar:
    """An integer variable over a finite domain, one-hot encoded.

    ``lit(v)`` is the literal of ``x == v`` (the model's constant false literal
    for a value outside the domain); ``ge(v)`` the order literal ``x >= v``
    (only when the variable was made with ``order=True``).
    """

    __slots__ = ("name", "values", "lits", "_ge", "_model")

    def __init__(self, name: str, values: Sequence[int], lits: Sequence[int], model: "Model"):
        self.name = name
        self.values = tuple(values)
        self.lits = dict(zip(self.values, lits))
        self._ge: dict[int, int] | None = None
        self._model = model

    def lit(self, value: int) -> int:
        l = self.lits.get(value)
        return self._model.false if l is None else l

    eq = lit

    def ge(self, value: int) -> int:
        if self._ge is None:
            raise SatgridError(f"{self.name} has no order encoding (make it with order=True)")
        if value <= self.values[0]:
            return self._model.true
        if value > self.values[-1]:
            return self._model.false
        # smallest domain value >= value
        for v in self.values:
            if v >= value:
                return self._ge[v]
        return self._model.false  # pragma: no cover

    def __repr__(self):
        return f"IntVar({self.name!r}, {self.values[0]}..{self.values[-1]})"


class Solution:
    """A satisfying assignment, read through the model's variables."""

    def __init__(self, model: list[int]):
        self.model = model
        self._true: frozenset[int] | None = None

    def __getitem__(self, lit: int) -> bool:
        v = abs(lit)
        m = self.model
        if v <= len(m) and (m[v - 1] == v or m[v - 1] == -v):  # PySAT's dense model
            return (m[v - 1] > 0) == (lit > 0)
        if self._true is None:  # a sparse model (e.g. read from a solver's output)
            self._true = frozenset(l for l in m if l > 0)
        return (lit in self._true) if lit > 0 else (-lit not in self._true)

    def value(self, x: "IntVar | int") -> int:
        """The value of an IntVar, or 0/1 of a literal."""
        if isinstance(x, IntVar):
            found = [v for v, l in x.lits.items() if self[l]]
            if len(found) != 1:
                raise SatgridError(f"{x.name}: {len(found)} values true in the model")
            return found[0]
        return int(self[x])


class Model:
    """Variables and constraints of a problem, compiled eagerly into a Formula.

    Args:
        amo: encoding for at-most-one constraints (and exactly-one).
        card: encoding for other cardinality constraints (default
            ``seqcounter-knuth``, see :data:`DEFAULT_CARD`).
        pb: encoding for weighted sums.
        connectivity: ``"lazy"`` (cuts in a CEGAR loop) or ``"eager"``
            (complete CNF, for DIMACS export).
        description: text for DIMACS headers.

    ``card`` alone sets every cardinality constraint, k = 1 included (so
    ``satgrid stats --card ladder`` compares at-most-one encodings), unless
    ``amo`` is also given. An encoding that only does at-most-one (pairwise,
    bitwise, ladder, commander, product), given as ``card``, is used for the
    k = 1 constraints and the default ``card`` for the others.
    """

    def __init__(self, *, amo: str | None = None, card: str | None = None,
                 pb: str | None = None, connectivity: str = "lazy", description: str = ""):
        # aliases (seqcounter-sinz) resolved: the recorded names are the listed ones
        amo, card, pb = (enc.canonical_method(x) for x in (amo, card, pb))
        if card is not None and card in enc.AMO_METHODS and card not in enc.CARD_METHODS:
            amo, card = amo or card, None
        self.amo = amo or (card if card else DEFAULT_AMO)
        self.card = card or DEFAULT_CARD
        self.pb = pb or DEFAULT_PB
        if connectivity not in ("lazy", "eager"):
            raise EncodingError(f"connectivity must be 'lazy' or 'eager', not {connectivity!r}")
        self.connectivity = connectivity
        self.formula = Formula(description)
        self.lazy: list = []
        self.projection: list[int] | None = None
        self.ints: list[IntVar] = []       # every integer variable, in creation order
        self._true: int | None = None
        self._session = None
        self._solver_name = None
        self.status: str | None = None

    # ------------------------------------------------------------- variables
    def bool(self, name: str, group: str | None = None) -> int:
        """A named Boolean (primary) variable."""
        return self.formula.var(name, group)

    def aux(self) -> int:
        """An unnamed auxiliary variable."""
        return self.formula.new_var()

    @property
    def true(self) -> int:
        """A literal fixed to true (made on first use)."""
        if self._true is None:
            with self.formula.group("constants"):
                self._true = self.formula.new_var("true")
                self.formula.add([self._true])
        return self._true

    @property
    def false(self) -> int:
        return -self.true

    def int(self, name: str, values: Iterable[int], *, order: bool = False,
            group: str | None = None) -> IntVar:
        """An integer variable over ``values``, one-hot: exactly one ``x == v`` true.

        Names of its literals are ``name=v``. With ``order=True``, also order
        literals ``x >= v`` channelled to the one-hot ones.
        """
        values = sorted(set(values))
        if not values:
            raise SatgridError(f"{name}: empty domain")
        g = group or self.formula.current_group
        lits = [self.formula.var(f"{name}={v}", g) for v in values]
        x = IntVar(name, values, lits, self)
        self.ints.append(x)
        if len(values) == 1:
            self.formula.add([lits[0]], g)
        else:
            self.exactly(lits, 1, group=g)
        if order:
            self._order(x, g)
        return x

    def _order(self, x: IntVar, group: str) -> None:
        """Order literals o_v <-> (x >= v) for v above the minimum (ladder)."""
        vals = x.values
        ge: dict[int, int] = {}
        cl = []
        prev = None
        for v in reversed(vals[1:]):
            o = self.formula.new_var(f"{x.name}>={v}")
            ge[v] = o
            # o_v <-> (x == v) or o_{next}
            cl.append([-x.lits[v], o])
            if prev is not None:
                cl.append([-prev, o])
                cl.append([-o, x.lits[v], prev])
            else:
                cl.append([-o, x.lits[v]])
            prev = o
        ge[vals[0]] = self.true
        x._ge = ge
        self.formula.add_clauses(cl, group + ".order")

    # ----------------------------------------------------------- constraints
    def _group_or_current(self, group: str | None) -> str:
        """``group``, or the formula's current group when none is given."""
        return group or self.formula.current_group

    def clause(self, lits: Iterable[int], group: str | None = None) -> None:
        self.formula.add(list(lits), self._group_or_current(group))

    def clauses(self, clauses: Iterable[Sequence[int]], group: str | None = None) -> None:
        self.formula.add_clauses(clauses, self._group_or_current(group))

    def implies(self, premises: "int | Sequence[int]", conclusion: "int | Sequence[int]",
                group: str | None = None) -> None:
        """AND(premises) -> OR(conclusion)."""
        p = [premises] if isinstance(premises, int) else list(premises)
        c = [conclusion] if isinstance(conclusion, int) else list(conclusion)
        self.formula.add([-l for l in p] + c, self._group_or_current(group))

    def equiv(self, a: int, b: int, group: str | None = None) -> None:
        self.formula.add_clauses([[-a, b], [a, -b]], self._group_or_current(group))

    def reify_and(self, lits: Sequence[int], group: str | None = None, name: str | None = None) -> int:
        """A literal r with r <-> AND(lits)."""
        r = self.formula.new_var(name)
        cl = [[-r, l] for l in lits]
        cl.append([r] + [-l for l in lits])
        self.formula.add_clauses(cl, self._group_or_current(group))
        return r

    def reify_or(self, lits: Sequence[int], group: str | None = None, name: str | None = None) -> int:
        """A literal r with r <-> OR(lits)."""
        r = self.formula.new_var(name)
        cl = [[r, -l] for l in lits]
        cl.append([-r] + list(lits))
        self.formula.add_clauses(cl, self._group_or_current(group))
        return r

    def _card_method(self, k: int, encoding: str | None) -> str:
        if encoding:
            return encoding
        return self.amo if k <= 1 else self.card

    def _encode(self, clauses_of, group: str | None, method: str) -> None:
        """Add ``clauses_of(method)`` (an encoder call) to ``group``, its auxiliaries too."""
        g = self._group_or_current(group)
        with self.formula.group(g):
            self.formula.add_clauses(clauses_of(method), g)
        self._note(g, method)

    def at_most(self, lits: Sequence[int], k: int, group: str | None = None,
                encoding: str | None = None) -> None:
        lits = list(lits)
        self._encode(lambda m: enc.at_most(lits, k, self.formula, m), group,
                     self._card_method(k, encoding))

    def at_least(self, lits: Sequence[int], k: int, group: str | None = None,
                 encoding: str | None = None) -> None:
        lits = list(lits)
        if k == 1 and encoding is None:
            self.clause(lits, group)
            return
        self._encode(lambda m: enc.at_least(lits, k, self.formula, m), group,
                     encoding or self.card)

    def exactly(self, lits: Sequence[int], k: int, group: str | None = None,
                encoding: str | None = None) -> None:
        lits = list(lits)
        self._encode(lambda m: enc.exactly(lits, k, self.formula, m), group,
                     self._card_method(k, encoding))

    def linear(self, lits: Sequence[int], weights: Sequence[int], op: str, bound: int,
               group: str | None = None, encoding: str | None = None) -> None:
        """sum(w * lit) op bound, op in '<=', '>=', '=='; weights may be negative."""
        lits, weights = list(lits), list(weights)
        self._encode(lambda m: enc.linear(lits, weights, op, bound, self.formula, m), group,
                     encoding or self.pb)

    def linear_int(self, terms: Sequence["IntVar | tuple[int, IntVar]"], op: str, bound: int,
                   group: str | None = None, encoding: str | None = None) -> None:
        """sum(c * x) op bound over integer variables (items ``x`` or ``(c, x)``).

        Expands each x into its one-hot literals with weight c * v.
        """
        lits, weights = [], []
        for t in terms:
            c, x = (1, t) if isinstance(t, IntVar) else t
            for v, l in x.lits.items():
                if c * v:
                    lits.append(l)
                    weights.append(c * v)
        self.linear(lits, weights, op, bound, group, encoding)

    def all_different(self, xs: Sequence[IntVar], group: str | None = None,
                      encoding: str | None = None) -> None:
        """Pairwise different values: at most one x == v for each value v."""
        values = sorted({v for x in xs for v in x.values})
        for v in values:
            lits = [x.lits[v] for x in xs if v in x.lits]
            if len(lits) > 1:
                self.at_most(lits, 1, group, encoding)

    def permutation(self, xs: Sequence[IntVar], values: Iterable[int], group: str | None = None,
                    encoding: str | None = None) -> None:
        """Each value of ``values`` taken exactly once among ``xs`` (len(xs) == len(values))."""
        for v in values:
            self.exactly([x.lit(v) for x in xs if v in x.lits], 1, group, encoding)

    def allowed(self, x: IntVar, values: Iterable[int], group: str | None = None) -> None:
        """x takes one of ``values``."""
        keep = set(values)
        self.clauses([[-l] for v, l in x.lits.items() if v not in keep], group)

    def connected(self, lits: dict[Hashable, int], graph, group: str | None = None,
                  mode: str | None = None, max_true: int | None = None) -> None:
        """The nodes whose literal is true form one connected set of ``graph``.

        The empty set and a single node count as connected. ``mode`` defaults
        to the model's ``connectivity`` option: ``"lazy"`` registers cuts found
        by networkx (a CEGAR checker) that hands the session the layered
        encoding after :data:`LAZY_SWITCH_AFTER` rounds if the cuts have not
        settled it by then; ``"eager"`` adds the layered encoding up front.
        """
        mode = mode or self.connectivity
        g = self._group_or_current(group)
        if mode == "lazy":
            def fallback():
                # variables from the pool, clauses to the session only (the
                # checker's clauses are added to the solver, not the formula)
                with self.formula.group(g + ".fallback"):
                    return con.eager_connectivity(lits, graph, self.formula,
                                                  max_true=max_true, method="layers")
            self.lazy.append(con.ConnectivityCuts(lits, graph, name=g, fallback=fallback,
                                                  switch_after=LAZY_SWITCH_AFTER))
            self.formula.encodings[g] = "lazy cuts"
        elif mode == "eager":
            with self.formula.group(g):
                cl = con.eager_connectivity(lits, graph, self.formula, max_true=max_true,
                                            method="layers")
                self.formula.add_clauses(cl, g)
            self.formula.encodings[g] = "eager reachability layers"
        else:
            raise EncodingError(f"connectivity must be 'lazy' or 'eager', not {mode!r}")

    def add_lazy(self, checker) -> None:
        """Register a lazy constraint: ``checker.violated(model) -> clauses``."""
        self.lazy.append(checker)
        if self._session is not None:
            self._session.add_lazy(checker)

    def _note(self, group: str, method: str) -> None:
        """Record the encoding of a group (several methods joined with '+')."""
        enc_ = self.formula.encodings
        have = enc_.get(group)
        if have is None:
            enc_[group] = method
        elif method not in have.split("+"):
            enc_[group] = have + "+" + method

    # ----------------------------------------------------------------- sizes
    def sizes(self) -> dict[str, Sizes]:
        """Variables, clauses and literals per constraint group (the formula's
        :meth:`~satgrid.formula.Formula.sizes`)."""
        return self.formula.sizes()

    # --------------------------------------------------------------- solving
    def session(self, solver: str | None = None,
                options: dict[str, int] | None = None) -> Session:
        """The model's Session, created on first use (the solver is never rebuilt).

        ``options`` are solver tuning options (see :class:`~satgrid.session.Session`);
        they count only when the session is created.
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
        """Variables that tell solutions apart (default: every primary variable)."""
        return self.projection if self.projection is not None else self.formula.primary

    def solve(self, assumptions: Sequence[int] = (), *, solver: str | None = None,
              time_limit: float | None = None, conflict_limit: int | None = None) -> Solution | None:
        """Solve; a Solution, or None (then ``self.status`` is 'unsat' or 'unknown')."""
        s = self.session(solver)
        self.status = s.solve(assumptions, conflict_limit=conflict_limit, time_limit=time_limit)
        return Solution(s.model) if self.status == "sat" else None

    def one_hot(self, over: Sequence[int] | None = None) -> list[list[int]]:
        """The literals of each integer variable lying wholly in ``over``
        (default :attr:`over`): groups with exactly one true literal in every
        model, since :meth:`int` adds that constraint. With ``one_hot=True``
        the enumerating methods below block each group by its true literal
        alone (see :meth:`Session.enumerate <satgrid.session.Session.enumerate>`
        for when that pays)."""
        inside = set(self.over if over is None else over)
        return [ls for ls in (list(x.lits.values()) for x in self.ints)
                if inside.issuperset(ls)]

    def _one_hot_groups(self, one_hot: bool) -> list[list[int]] | None:
        """The groups to pass a Session's ``one_hot``: :meth:`one_hot` if asked, else None."""
        return self.one_hot() if one_hot else None

    def solutions(self, limit: int | None = None, assumptions: Sequence[int] = (), *,
                  time_limit: float | None = None, one_hot: bool = False) -> Iterator[Solution]:
        """Distinct solutions (distinct on :attr:`over`)."""
        s = self.session()
        for m in s.enumerate(self.over, assumptions=assumptions, limit=limit, time_limit=time_limit,
                             one_hot=self._one_hot_groups(one_hot)):
            yield Solution(m)

    def count(self, limit: int | None = None, assumptions: Sequence[int] = (), *,
              time_limit: float | None = None, one_hot: bool = False) -> tuple[int, bool]:
        """(number of solutions, complete?) -- distinct on :attr:`over`."""
        return self.session().count(self.over, assumptions=assumptions, limit=limit,
                                    time_limit=time_limit, one_hot=self._one_hot_groups(one_hot))

    def second_solution(self, assumptions: Sequence[int] = (), *,
                        time_limit: float | None = None,
                        first: Solution | None = None, one_hot: bool = False) -> Solution | None:
        """A solution other than ``first`` (or than the one found first) on
        :attr:`over`, or None (see :meth:`Session.second_solution
        <satgrid.session.Session.second_solution>`)."""
        m = self.session().second_solution(self.over, assumptions=assumptions,
                                           time_limit=time_limit,
                                           first=None if first is None else first.model,
                                           one_hot=self._one_hot_groups(one_hot))
        return None if m is None else Solution(m)

    def is_unique(self, assumptions: Sequence[int] = (), *, time_limit: float | None = None,
                  first: Solution | None = None, one_hot: bool = False) -> bool | None:
        """Whether the solution is unique (on :attr:`over`); ``first``: one already found."""
        return self.session().is_unique(self.over, assumptions=assumptions, time_limit=time_limit,
                                         first=None if first is None else first.model,
                                         one_hot=self._one_hot_groups(one_hot))

    def write_dimacs(self, path, **options) -> None:
        """Write the model as DIMACS. Lazy constraints cannot be exported."""
        if self.lazy:
            raise SatgridError("this model has lazy constraints; build it with "
                               "connectivity='eager' for a complete DIMACS file")
        self.formula.to_dimacs(path, **options)
