"""The Model: what puzzle modules speak to.

Boolean variables, integer variables with a one-hot (direct) encoding and an
optional order-encoding channel, and constraints that each pick an explicit
encoding and record a constraint group. A model compiles to a
:class:`~satgrid.core.formula.Formula` (it *is* one, built as you go) and is solved
through one incremental :class:`~satgrid.core.session.Session` that is created once
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

Arguments are checked before anything is made (:mod:`satgrid.modelling.model_args`):
a domain is a ``range`` or an iterable of ints (not a ``str``, ``bool`` or
float), not empty, of at most :data:`satgrid.limits.MAX_DOMAIN` values; a
comparison is one of ``<=``, ``>=``, ``==`` (``<``, ``>``, ``=``, ``=<``,
``=>``); where IntVars are taken a plain int is a constant. Each constraint is
sized before its encoder allocates (:mod:`satgrid.core.encodings.estimate`) and
refused past ``max_clauses`` as ``--max-clauses`` refuses a puzzle:

    >>> Model().int("x", "abc")
    Traceback (most recent call last):
    satgrid.errors.ArgumentError: x: values are a range or an iterable of ints, not the str 'abc'
    >>> Model(max_clauses=1000).at_most(range(1, 10**4 + 1), 5000)
    Traceback (most recent call last):
    satgrid.errors.LimitError: at most 5,000 of 10,000 literals by seqcounter-knuth: about 50,000,000 clauses estimated, more than the limit of 1,000 (raise it with --max-clauses N)
"""

from __future__ import annotations

from typing import Hashable, Iterable, Sequence

from ..core import encodings as enc
from ..core.encodings import and_gate, or_gate
from .. import lazy
from . import model_args as _args
from ..core.formula import Formula, Sizes
from .solving import Solving
from .values import IntVar, Solution  # noqa: F401  (made here, public as satgrid.modelling.model.*)

# the parts a grid of numbers never needs load on first use (satgrid/lazy.py):
# connectivity, paths, regions, shapes
con = lazy.module("satgrid.modelling.connectivity")
_constraint = lazy.module("satgrid.modelling.connectivity.constraint")
_paths = lazy.module("satgrid.modelling.paths")
_regions = lazy.module("satgrid.modelling.regions")
_shapes = lazy.module("satgrid.modelling.shapes")
_prop = lazy.module("satgrid.modelling.connectivity.propagator")

#: the default encodings (see SPEC.md section 4). Cardinality: Knuth's
#: irredundant sequential counter, never larger than Sinz's ``seqcounter``
#: (equal at k = 1) and the smaller one for the puzzles' bounds.
DEFAULT_AMO = "pairwise"
#: CEGAR rounds of connectivity cuts before the layered encoding joins in, at
#: least: a constraint over n cells waits max(30, n) rounds (Hooks 8 needs 5
#: rounds, Twenty Four Seven 2, noqx's 21x14 Tapa 87: switching at 30 made it
#: 51 s instead of 0.7 s; a count of thousands of 5x5 solutions still switches)
LAZY_SWITCH_AFTER = 30
DEFAULT_CARD = "seqcounter-knuth"
DEFAULT_PB = "bdd"


class Model(Solving):
    """Variables and constraints of a problem, compiled eagerly into a Formula.

    Args:
        amo: encoding for at-most-one constraints (and exactly-one).
        card: encoding for other cardinality constraints (default
            ``seqcounter-knuth``, see :data:`DEFAULT_CARD`).
        pb: encoding for weighted sums.
        connectivity: ``"lazy"`` (cuts in a CEGAR loop), ``"eager"`` (complete
            CNF, for DIMACS export), ``"propagate"`` (a reachability propagator
            in the search) or ``"auto"`` (each rule's measured choice, the
            default :data:`satgrid.modelling.connectivity.DEFAULT_MODE`).
        description: text for DIMACS headers.
        max_clauses: a ceiling on the model's clauses; a constraint that
            would pass it is refused before it is built (``LimitError``, as
            ``--max-clauses`` refuses a puzzle). Without it each constraint
            is held to :data:`satgrid.limits.DEFAULT_MAX_CLAUSES` on its own.

    ``card`` alone sets every cardinality constraint, k = 1 included (so
    ``satgrid stats --card ladder`` compares at-most-one encodings), unless
    ``amo`` is also given. An encoding that only does at-most-one (pairwise,
    bitwise, ladder, commander, product), given as ``card``, is used for the
    k = 1 constraints and the default ``card`` for the others.
    """

    def __init__(self, *, amo: str | None = None, card: str | None = None,
                 pb: str | None = None, connectivity: str | None = None, description: str = "",
                 max_clauses: int | None = None):
        # aliases (seqcounter-sinz) resolved: the recorded names are the listed ones
        amo, card, pb = (enc.canonical_method(x) for x in (amo, card, pb))
        if card is not None and card in enc.AMO_METHODS and card not in enc.CARD_METHODS:
            amo, card = amo or card, None
        self.amo = amo or (card if card else DEFAULT_AMO)
        self.card = card or DEFAULT_CARD
        self.pb = pb or DEFAULT_PB
        # unknown names fail here, at construction, not at the first constraint
        self.amo, self.card = enc.card_method(self.amo), enc.card_method(self.card)
        enc.pb_method_kind(self.pb)
        self.connectivity = con.resolve_mode(connectivity, None)   # the one default and check
        self.formula = Formula(description)
        if max_clauses is not None:
            limit = _args.integer(max_clauses, "max_clauses")
            if limit < 1:
                raise _args.ArgumentError(f"max_clauses must be at least 1, not {limit}")
            self.formula.guard = _args.ClauseCeiling(limit)
        self.lazy: list = []
        self.connections: list = []        # lazy connectivity constraints (certified runs)
        self.projection: list[int] | None = None
        self.ints: list[IntVar] = []       # every integer variable, in creation order
        self._true: int | None = None
        super().__init__()                 # Solving: no session yet
        self.status: str | None = None

    # ------------------------------------------------------------- variables
    def bool(self, name: str, group: str | None = None) -> int:
        """A named Boolean (primary) variable.

        >>> m = Model(); m.bool("a"), m.bool("b"), m.formula.name(2)
        (1, 2, 'b')
        """
        return self.formula.var(_args.name(name, "bool"), group)

    def aux(self) -> int:
        """An unnamed auxiliary variable.

        >>> m = Model(); m.bool("a"), m.aux(), m.formula.primary
        (1, 2, [1])
        """
        return self.formula.new_var()

    @property
    def true(self) -> int:
        """A literal fixed to true (made on first use).

        >>> m = Model(); m.true, m.solve()[m.true]
        (1, True)
        """
        if self._true is None:
            with self.formula.group("constants"):
                self._true = self.formula.new_var("true")
                self.formula.add([self._true])
        return self._true

    @property
    def false(self) -> int:
        """The negation of :attr:`true`.

        >>> m = Model(); m.false, m.solve()[m.false]
        (-1, False)
        """
        return -self.true

    def int(self, name: str, values: Iterable[int], *, order: bool = False,
            group: str | None = None) -> IntVar:
        """An integer variable over ``values``, one-hot: exactly one ``x == v`` true.

        Names of its literals are ``name=v``. With ``order=True``, also order
        literals ``x >= v`` channelled to the one-hot ones.

        >>> m = Model(); x = m.int("x", range(1, 4)); x, m.formula.name(x.lit(2)), m.count()
        (IntVar('x', 1..3), 'x=2', (3, True))
        """
        values = _args.domain(_args.name(name, "int"), values)
        _args.group(group)
        _args.flag(order, "int: order")
        _args.room_ints(self, name, 1, len(values), order)
        g = group or self.formula.current_group
        lits = list(self.formula.vars([f"{name}={v}" for v in values], g))
        x = IntVar(name, values, lits, self)
        self.ints.append(x)
        if len(values) == 1:
            self.formula.add([lits[0]], g)
        else:
            self.exactly(lits, 1, group=g)
        if order:
            self._order(x, g)
        return x

    def int_block(self, names: Sequence[str], values: Iterable[int], *,
                  group: str | None = None) -> list[IntVar]:
        """``[self.int(name, values, group=group) for name in names]``, made in
        bulk: the same variables, names and clauses in the same order; with
        the pairwise at-most-one (the default) the exactly-one clauses of all
        of them come from one pass (a grid of cells: 81 of them in a Sudoku).

        >>> m = Model(); xs = m.int_block(["a", "b"], range(1, 4)); xs, m.formula.name(xs[1].lit(1))
        ([IntVar('a', 1..3), IntVar('b', 1..3)], 'b=1')
        """
        names = _args.name_list(names, "int_block")
        values = _args.domain(f"{names[0] if names else 'int_block'}", values)
        _args.group(group)
        _args.room_ints(self, f"int_block of {len(names)}", len(names), len(values), False)
        if self.amo != "pairwise" or len(values) < 2:
            return [self.int(name, values, group=group) for name in names]
        g = group or self.formula.current_group
        d = len(values)
        first = self.formula.vars([f"{name}={v}" for name in names for v in values], g).start
        xs = [IntVar(name, values, range(first + i * d, first + (i + 1) * d), self)
              for i, name in enumerate(names)]
        self.ints.extend(xs)
        self._pairwise_all([list(x.lits.values()) for x in xs], True, g, None)
        return xs

    def _order(self, x: IntVar, group: str) -> None:
        """Order literals o_v <-> (x >= v) for v above the minimum (ladder)."""
        self.formula.add_clauses(x.order_channel(self.formula, self.true), group + ".order")

    # ----------------------------------------------------------- constraints
    def _group_or_current(self, group: str | None) -> str:
        """``group``, or the formula's current group when none is given."""
        return group or self.formula.current_group

    def clause(self, lits: Iterable[int], group: str | None = None) -> None:
        """The clause OR(lits), in ``group`` (default: the current group).

        >>> m = Model(); a, b = m.bool("a"), m.bool("b"); m.clause([a, b]); m.count()
        (3, True)
        """
        self.formula.add(list(lits), self._group_or_current(group))

    def clauses(self, clauses: Iterable[Sequence[int]], group: str | None = None) -> None:
        """Several clauses, in ``group`` (default: the current group).

        >>> m = Model(); a, b = m.bool("a"), m.bool("b"); m.clauses([[a], [-b]]); m.solve().model
        [1, -2]
        """
        self.formula.add_clauses(clauses, self._group_or_current(group))

    def implies(self, premises: "int | Sequence[int]", conclusion: "int | Sequence[int]",
                group: str | None = None) -> None:
        """AND(premises) -> OR(conclusion).

        >>> m = Model(); a, b, c = (m.bool(n) for n in "abc"); m.implies([a, b], c); m.count()
        (7, True)
        """
        p, c = _args.literals(premises, "implies"), _args.literals(conclusion, "implies")
        self.formula.add([-l for l in p] + c, self._group_or_current(group))

    def equiv(self, a: int, b: int, group: str | None = None) -> None:
        """``a`` <-> ``b``.

        >>> m = Model(); a, b = m.bool("a"), m.bool("b"); m.equiv(a, -b); m.count()
        (2, True)
        """
        a, b = _args.literals([a, b], "equiv")
        self.formula.add_clauses([[-a, b], [a, -b]], self._group_or_current(group))

    def reify_and(self, lits: Sequence[int], group: str | None = None, name: str | None = None) -> int:
        """A literal r with r <-> AND(lits).

        >>> m = Model(); a, b = m.bool("a"), m.bool("b"); r = m.reify_and([a, b]); m.solve([r]).model
        [1, 2, 3]
        """
        lits = _args.literals(lits, "reify_and")
        r = self.formula.new_var(name)
        self.formula.add_clauses(and_gate(r, lits), self._group_or_current(group))
        return r

    def reify_or(self, lits: Sequence[int], group: str | None = None, name: str | None = None) -> int:
        """A literal r with r <-> OR(lits).

        >>> m = Model(); a, b = m.bool("a"), m.bool("b"); r = m.reify_or([a, b]); m.solve([-r]).model
        [-1, -2, -3]
        """
        lits = _args.literals(lits, "reify_or")
        r = self.formula.new_var(name)
        self.formula.add_clauses(or_gate(r, lits), self._group_or_current(group))
        return r

    def _card_method(self, k: int, encoding: str | None) -> str:
        if encoding:
            return encoding
        return self.amo if k <= 1 else self.card

    def _encode(self, clauses_of, group: str | None, method: str, inputs=()) -> None:
        """Add ``clauses_of(method)`` (an encoder call over ``inputs``, which the
        encoder checks) to ``group``, its auxiliaries too; the literals are
        checked once per batch (:meth:`~satgrid.core.formula.Formula.add_pool_clauses`)."""
        g = self._group_or_current(group)
        with self.formula.group(g):
            self.formula.add_pool_clauses(clauses_of(method), inputs, g)
        self._note(g, method)

    def at_most(self, lits: Sequence[int], k: int, group: str | None = None,
                encoding: str | None = None) -> None:
        """At most ``k`` of ``lits`` true (``encoding``: default :attr:`amo` for k = 1, else :attr:`card`).

        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(4)]; m.at_most(xs, 2); m.count()
        (11, True)
        """
        lits, k = _args.card_args(lits, k, group, encoding, "at_most")
        method = self._card_method(k, encoding)
        _args.room_card(self, "<=", method, len(lits), k, "at most")
        self._encode(lambda m: enc.at_most(lits, k, self.formula, m), group, method, lits)

    def at_least(self, lits: Sequence[int], k: int, group: str | None = None,
                 encoding: str | None = None) -> None:
        """At least ``k`` of ``lits`` true (k = 1 without ``encoding``: one clause).

        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(4)]; m.at_least(xs, 3, encoding="totalizer"); m.count()
        (5, True)
        """
        lits, k = _args.card_args(lits, k, group, encoding, "at_least")
        if k == 1 and encoding is None:
            self.clause(lits, group)
            return
        _args.room_card(self, "<=", encoding or self.card, len(lits), len(lits) - k, "at least")
        self._encode(lambda m: enc.at_least(lits, k, self.formula, m), group,
                     encoding or self.card, lits)

    def exactly(self, lits: Sequence[int], k: int, group: str | None = None,
                encoding: str | None = None) -> None:
        """Exactly ``k`` of ``lits`` true.

        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(4)]; m.exactly(xs, 2); m.count()
        (6, True)
        """
        lits, k = _args.card_args(lits, k, group, encoding, "exactly")
        method = self._card_method(k, encoding)
        _args.room_card(self, "==", method, len(lits), k, "exactly")
        self._encode(lambda m: enc.exactly(lits, k, self.formula, m), group, method, lits)

    def linear(self, lits: Sequence[int], weights: Sequence[int], op: str, bound: int,
               group: str | None = None, encoding: str | None = None) -> None:
        """sum(w * lit) op bound, op in '<=', '>=', '=='; weights may be negative.

        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(4)]; m.linear(xs, [1, 2, 3, 4], "==", 5); m.count()
        (2, True)
        """
        lits, weights, op, bound, method = _args.linear_args(self, lits, weights, op, bound, group,
                                                            encoding)
        self._encode(lambda m: enc.linear(lits, weights, op, bound, self.formula, m), group,
                     method, lits)

    def linear_int(self, terms: Sequence["IntVar | tuple[int, IntVar]"], op: str, bound: int,
                   group: str | None = None, encoding: str | None = None) -> None:
        """sum(c * x) op bound over integer variables (items ``x`` or ``(c, x)``;
        an int ``x`` is a constant).

        Expands each x into its one-hot literals with weight c * v.

        >>> m = Model(); x, y = m.int("x", range(1, 4)), m.int("y", range(1, 4))
        >>> m.linear_int([x, (2, y)], "==", 7); s = m.solve(); m.count(), s.value(x) + 2 * s.value(y)
        ((2, True), 7)
        """
        lits, weights = [], []
        op, bound = _args.comparison(op), _args.integer(bound, "linear_int: the bound")
        for t in _args.int_term_list(terms, "linear_int"):
            c, x = _args.coefficient_term(self, t, "linear_int")
            if len(x.values) == 1 and x.lits[x.values[0]] == self._true:
                bound -= c * x.values[0]                # a constant: to the other side
                continue
            for v, l in x.lits.items():
                if c * v:
                    lits.append(l)
                    weights.append(c * v)
        self.linear(lits, weights, op, bound, group, encoding)

    def all_different(self, xs: Sequence[IntVar], group: str | None = None,
                      encoding: str | None = None) -> None:
        """Pairwise different values: at most one x == v for each value v
        (``xs``: IntVars, or ints as constants).

        >>> m = Model(); xs = [m.int(f"x{i}", range(1, 4)) for i in range(3)]; m.all_different(xs); m.count()
        (6, True)
        """
        _args.group(group)
        _args.encoding(encoding)
        xs = _args.int_terms(self, xs, "all_different")
        values = sorted({v for x in xs for v in x.values})
        lists = [[x.lits[v] for x in xs if v in x.lits] for v in values]
        lists = [lits for lits in lists if len(lits) > 1]
        if self._pairwise_all(lists, False, group, encoding):
            return
        for lits in lists:
            self.at_most(lits, 1, group, encoding)

    def permutation(self, xs: Sequence[IntVar], values: Iterable[int], group: str | None = None,
                    encoding: str | None = None) -> None:
        """Each value of ``values`` taken exactly once among ``xs`` (len(xs) ==
        len(values); IntVars, or ints as constants).

        >>> m = Model(); xs = [m.int(f"x{i}", range(1, 4)) for i in range(3)]; m.permutation(xs, [1, 2, 3]); m.count()
        (6, True)
        """
        _args.group(group)
        _args.encoding(encoding)
        xs = _args.int_terms(self, xs, "permutation")
        values = _args.value_list("permutation", values)
        lists = [[x.lits[v] for x in xs if v in x.lits] for v in values]
        if self._pairwise_all(lists, True, group, encoding):
            return
        for lits in lists:
            self.exactly(lits, 1, group, encoding)

    def at_most_one_each(self, lists: Sequence[Sequence[int]], group: str | None = None,
                         encoding: str | None = None) -> None:
        """``at_most(lits, 1, group, encoding)`` for every list of ``lists``, in
        order; with the pairwise method (the default) in one pass.

        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(4)]
        >>> m.at_most_one_each([xs[:2], xs[2:]]); m.count()
        (9, True)
        """
        lists = [_args.literal_list(lits, "at_most_one_each") for lits in
                 _args.literal_list(lists, "at_most_one_each")]
        if not self._pairwise_all(lists, False, group, encoding):
            for lits in lists:
                self.at_most(lits, 1, group, encoding)

    def _pairwise_all(self, lists, exactly: bool, group, encoding) -> bool:
        """``at_most(l, 1)`` (``exactly``) for every list, in one pass, when
        the method is pairwise (no auxiliaries: the same clauses in the same
        order, :func:`satgrid.core.encodings.amo.pairwise_all`); False, nothing
        done, otherwise."""
        if (encoding or self.amo) != "pairwise" or not lists:
            return False
        cl = enc.amo.pairwise_all(lists, exactly)
        if cl is None:
            return False
        g = self._group_or_current(group)
        self.formula.add_pool_clauses(cl, [l for ls in lists for l in ls], g)
        self._note(g, "pairwise")
        return True

    def allowed(self, x: IntVar, values: Iterable[int], group: str | None = None) -> None:
        """x takes one of ``values`` (an int ``x``: a constant).

        >>> m = Model(); x = m.int("x", range(1, 6)); m.allowed(x, [2, 4]); sorted(s.value(x) for s in m.solutions())
        [2, 4]
        """
        x = _args.int_term(self, x, "allowed")
        keep = values if isinstance(values, range) else set(_args.value_list("allowed", values))
        self.clauses([[-l] for v, l in x.lits.items() if v not in keep], group)

    def connected(self, lits: dict[Hashable, int], graph, group: str | None = None,
                  mode: str | None = None, max_true: int | None = None,
                  anchors: Iterable[Hashable] = (), auto: str | None = None) -> None:
        """The nodes whose literal is true form one connected set of ``graph``.

        The empty set and a single node count as connected. ``mode`` defaults
        to the model's ``connectivity`` option: ``"lazy"`` registers separator
        cuts found on each model (a CEGAR checker) that hands the session the layered
        encoding after :data:`LAZY_SWITCH_AFTER` rounds if the cuts have not
        settled it by then; ``"eager"`` adds the layered encoding up front;
        ``"propagate"`` reasons inside the search (:mod:`satgrid.modelling.connectivity.propagator`,
        no encoding built) on solvers with the user-propagator interface, the
        lazy cuts elsewhere; ``"auto"``: the rule's measured ``auto`` (default lazy;
        :func:`~satgrid.modelling.connectivity.resolve_mode`; no fallback warning).
        ``anchors``: nodes whose literal is known true (given or implied), the
        lazy cuts' representatives: a cut then holds in every later model, and
        a part cut off from them is cut for each of its nodes (``spread``).

        >>> import networkx as nx; g = nx.path_graph(3)     # 0 - 1 - 2: every subset but {0, 2}
        >>> m = Model(); on = {v: m.bool(f"on{v}") for v in g}; m.connected(on, g); m.count()
        (7, True)
        """
        _args.connected_args(lits, graph, max_true)
        warn = (mode or self.connectivity) != "auto"       # a propagator asked for, not chosen
        mode = con.resolve_mode(mode, "connected", default=self.connectivity, auto=auto)
        g = self._group_or_current(group)
        if mode in ("lazy", "propagate"):
            def fallback():
                # variables from the pool, clauses to the session only (the
                # checker's clauses are added to the solver, not the formula)
                with self.formula.group(g + ".fallback"):
                    return con.eager_connectivity(lits, graph, self.formula,
                                                  max_true=max_true, method="layers")
            self.connections.append(_constraint.Connection(g, dict(lits), graph))
            anchors, kw = list(anchors), {"warn": warn} if mode == "propagate" else {}
            cuts = _prop.PropagatedConnectivity if mode == "propagate" else con.ConnectivityCuts
            self.add_lazy(cuts(lits, graph, name=g, fallback=fallback, anchors=anchors, **kw,
                               spread=bool(anchors),
                               switch_after=max(LAZY_SWITCH_AFTER, len(lits))))
            self.formula.encodings[g] = "lazy cuts" if mode == "lazy" else "reachability propagator"
        elif mode == "eager":
            with self.formula.group(g):
                cl = con.eager_connectivity(lits, graph, self.formula, max_true=max_true,
                                            method="layers")
                self.formula.add_clauses(cl, g)
            self.formula.encodings[g] = "eager reachability layers"

    def path(self, edges: dict, start: Hashable, end: Hashable, group: str | None = None,
             connectivity: str | None = None) -> dict:
        """The true edges form one simple path from ``start`` to ``end``
        (:func:`satgrid.modelling.paths.path`: sizes, encodings, example); returns
        vertex -> "on the path" literal.

        >>> from satgrid.modelling.geometry import grid_graph
        >>> m = Model(); e = {(u, v): m.bool(f"e{u}{v}") for u, v in grid_graph(2).edges}
        >>> on = m.path(e, (0, 0), (1, 1)); m.count()      # round the square either way
        (2, True)
        """
        _args.mapping(edges, "path: edges")
        return _paths.path(self, edges, start, end, group, connectivity)

    def cycle(self, edges: dict, group: str | None = None,
              connectivity: str | None = None) -> dict:
        """The true edges form exactly one simple cycle (:func:`satgrid.modelling.paths.cycle`:
        sizes, encodings, example); returns vertex -> "on the cycle" literal.

        >>> from satgrid.modelling.geometry import grid_graph
        >>> m = Model(); e = {(u, v): m.bool(f"e{u}{v}") for u, v in grid_graph(2).edges}
        >>> on = m.cycle(e); m.count()                     # the square itself
        (1, True)
        """
        _args.mapping(edges, "cycle: edges")
        return _paths.cycle(self, edges, group, connectivity)

    def regions(self, cells, graph, anchors: dict | None = None, *, members: dict | None = None,
                separated: bool = False, group: str | None = None,
                connectivity: str | None = None, sizes: dict | None = None,
                max_size: int | None = None) -> "_regions.Regions":
        """Connected regions of ``cells``, one per anchor (anchor -> size or None);
        ``members``: cell -> "in a region" literal (default: every cell);
        ``separated``: adjacent members share a region (:func:`satgrid.modelling.regions.regions`:
        sizes, encodings, example). ``anchors=None``: a partition of ``cells``
        into any number of connected regions, ``sizes``: clue cell -> its
        region's size, ``max_size``: the largest region, also per-cell size
        literals (:func:`satgrid.modelling.regions.partition`, a ``Partition``).

        >>> import networkx as nx; cells = [(0, 0), (0, 1), (0, 2)]
        >>> m = Model(); reg = m.regions(cells, nx.grid_2d_graph(1, 3), {(0, 0): 2, (0, 2): 1})
        >>> m.projection = reg.projection(); m.count()    # {a, a, b}
        (1, True)
        >>> m = Model(); part = m.regions(cells, nx.grid_2d_graph(1, 3))
        >>> m.projection = part.projection(); m.count()   # aaa, aab, abb, abc
        (4, True)
        """
        cells = _args.region_args(self, cells, graph, anchors, members, separated, sizes, max_size)
        if anchors is None:
            return _regions.partition(self, cells, graph, sizes=sizes, max_size=max_size,
                                      mode=connectivity, group=group or "regions",
                                      switch_after=max(LAZY_SWITCH_AFTER, len(cells)))
        return _regions.regions(self, cells, graph, anchors, members=members,
                                separated=separated, mode=connectivity, group=group or "regions",
                                switch_after=max(LAZY_SWITCH_AFTER, len(cells)))

    def place(self, shapes: dict, cells, *, free: "bool | str" = True, cover: str = "exact",
              counts: dict | None = None, total=None,
              group: str | None = None) -> "_shapes.Placement":
        """Polyomino placements covering ``cells`` exactly or at most once, or
        with no bound per cell (``cover``; :func:`satgrid.modelling.shapes.place`:
        orientations, counts, sizes, example).

        >>> m = Model(); p = m.place({"domino": {(0, 0), (0, 1)}}, [(0, 0), (0, 1), (1, 0), (1, 1)])
        >>> len(p.lits), m.count()                         # two tilings of the 2 x 2 square
        (4, (2, True))
        """
        _args.place_args(shapes, cells, counts, total)
        return _shapes.place(self, shapes, cells, free=free, cover=cover, counts=counts,
                             total=total, group=group or "place")

    def add_lazy(self, checker) -> None:
        """Register a lazy constraint: ``checker.violated(model) -> clauses``.

        >>> class NotBoth:                                 # a and b not both true, lazily
        ...     def violated(self, model): return [[-1, -2]] if {1, 2} <= set(model) else []
        >>> m = Model(); a, b = m.bool("a"), m.bool("b"); m.add_lazy(NotBoth()); m.count()
        (3, True)
        """
        self.lazy.append(checker)
        s = self.open_session
        if s is not None:
            s.add_lazy(checker)

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
        :meth:`~satgrid.core.formula.Formula.sizes`).

        >>> m = Model(); xs = [m.bool(f"x{i}") for i in range(3)]; m.at_most(xs, 1, group="amo")
        >>> m.sizes()["amo"]
        Sizes(variables=0, clauses=3, literals=6)
        """
        return self.formula.sizes()
