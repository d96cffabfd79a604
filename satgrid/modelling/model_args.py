"""The Model API's argument checks: what :class:`satgrid.modelling.model.Model` refuses
before it allocates anything, each in one line.

* Domains (:func:`domain`): ints -- a ``range`` or an iterable of ints
  (``numbers.Integral``, not ``bool``); never a ``str``, a float, a single
  number or ``None``; not empty; at most :data:`satgrid.limits.MAX_DOMAIN`
  values, counted before the values are materialised (``range(10**9)`` costs
  nothing to refuse).
* Comparisons (:func:`comparison`): one of :data:`COMPARISONS`.
* Integer terms (:func:`int_term`): an :class:`~satgrid.modelling.values.IntVar` of the
  same model, or a plain int, a constant (an ``IntVar`` of one value whose
  literal is the model's true literal, :func:`constant`).
* Clause ceilings (:class:`ClauseCeiling`, :func:`room`, :func:`refuse_above`):
  a constraint's clauses, sized before its encoder runs
  (:mod:`satgrid.core.encodings.estimate`), against the model's ``max_clauses``
  (or the build guard of ``--max-clauses``, or
  :data:`satgrid.limits.DEFAULT_MAX_CLAUSES`), refused as ``--max-clauses``
  refuses a puzzle (:class:`~satgrid.errors.LimitError`, exit 3).
* Graphs, regions, placements, paths (:func:`connected_args`,
  :func:`region_args`, :func:`place_args`, :func:`mapping`): dicts where dicts
  are meant, networkx graphs, hashable cells, (row, column) pairs of ints;
  regions sized by their labels (one per cell and root within reach) before
  any is made.

Bad types and values raise :class:`~satgrid.errors.ArgumentError` (exit 2).
"""

from __future__ import annotations

import numbers
import reprlib
from collections import deque
from collections.abc import Mapping
from itertools import islice

from ..core.encodings import estimate
from ..core.encodings.normalise import OPS
from ..core.encodings.normalise import literals as _checked
from ..errors import ArgumentError, EncodingError, LimitError
from ..limits import DEFAULT_MAX_CLAUSES, MAX_DOMAIN, check_clauses
from .values import IntVar

#: the comparisons ``linear`` and ``linear_int`` accept
COMPARISONS = tuple(OPS)


def _shown(x) -> str:
    """``x`` for a message: its type and a short repr (``reprlib``: never the
    whole of a big list)."""
    text = reprlib.repr(x)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(x).__name__} {text}"


def integer(k, what: str) -> int:
    """``k`` as an int (any ``numbers.Integral`` but ``bool``)."""
    if type(k) is int:
        return k
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise ArgumentError(f"{what} must be an int, not the {_shown(k)}")
    return int(k)


def encoding(e) -> None:
    """An encoding name is a ``str`` (or None: the model's default)."""
    if e is not None and not isinstance(e, str):
        raise ArgumentError(f"an encoding is a name (str), not the {_shown(e)}")


def name(n, what: str) -> str:
    """A variable's name is a ``str``."""
    if type(n) is not str and not isinstance(n, str):
        raise ArgumentError(f"{what}: a name is a str, not the {_shown(n)}")
    return n


def name_list(names, what: str) -> list[str]:
    """``names`` as a list of ``str`` (a single ``str`` refused)."""
    if isinstance(names, (str, bytes, numbers.Number)) or names is None \
            or not hasattr(names, "__iter__"):
        raise ArgumentError(f"{what}: expected a list of names, not the {_shown(names)}")
    return [name(n, what) for n in names]


def flag(b, what: str) -> None:
    """``b`` is a ``bool``."""
    if not isinstance(b, bool):
        raise ArgumentError(f"{what} is True or False, not the {_shown(b)}")


def group(g) -> None:
    """A group name is a ``str`` (or None: the current group)."""
    if g is not None and not isinstance(g, str):
        raise ArgumentError(f"a group name is a str, not the {_shown(g)}")


def comparison(op) -> str:
    """``op`` checked against :data:`COMPARISONS`."""
    if type(op) is str and op in OPS:
        return op
    if not isinstance(op, str) or op not in OPS:
        raise ArgumentError(f"unknown comparison {op!r}; expected one of {', '.join(COMPARISONS)}")
    return op


def _range_len(r: range) -> int:
    """``len(r)`` without ``OverflowError`` past ``sys.maxsize``."""
    if r.step > 0:
        return max(0, (r.stop - r.start + r.step - 1) // r.step)
    return max(0, (r.start - r.stop - r.step - 1) // -r.step)


def _too_many(name, count: str) -> LimitError:
    return LimitError(f"{name}: a domain of {count} values, more than the limit of "
                      f"{MAX_DOMAIN:,} values of one integer variable")


def value_list(what, values) -> list[int]:
    """``values`` as a list of ints in their order (repeats kept), checked and
    bounded as a domain is (see :func:`domain`)."""
    if (type(values) is list or type(values) is tuple) and len(values) <= MAX_DOMAIN \
            and set(map(type, values)) <= {int}:
        return list(values)
    if isinstance(values, range):
        n = _range_len(values)
        if n > MAX_DOMAIN:
            raise _too_many(what, f"{n:,}")
        return list(values)
    if isinstance(values, (str, bytes, bytearray)) or values is None \
            or isinstance(values, numbers.Number):
        raise ArgumentError(f"{what}: values are a range or an iterable of ints, "
                            f"not the {_shown(values)}")
    try:
        it = iter(values)
    except TypeError:
        raise ArgumentError(f"{what}: values are a range or an iterable of ints, "
                            f"not the {_shown(values)}") from None
    got = list(islice(it, 2 * MAX_DOMAIN + 1))          # repeats allowed, up to a point
    if len(got) > 2 * MAX_DOMAIN:
        raise _too_many(what, f"more than {2 * MAX_DOMAIN:,} listed")
    if not set(map(type, got)) <= {int}:
        got = [integer(v, f"{what}: a value") for v in got]
    return got


def domain(name, values, *, allow_empty: bool = False) -> list[int]:
    """The sorted distinct values of a domain, checked (see the module doc).

    Raises:
        ArgumentError: not ints, or empty (unless ``allow_empty``).
        LimitError: more than :data:`~satgrid.limits.MAX_DOMAIN` values.
    """
    if isinstance(values, range) and values.step < 0:
        values = values[::-1]
    out = value_list(name, values)
    if not isinstance(values, range):
        out = sorted(set(out))
        if len(out) > MAX_DOMAIN:
            raise _too_many(name, f"{len(out):,}")
    if not out and not allow_empty:
        raise ArgumentError(f"{name}: empty domain")
    return out


def constant(model, value: int) -> IntVar:
    """An IntVar of the one value ``value`` (its literal: ``model.true``);
    not one of the model's ``ints``."""
    return IntVar(str(value), (value,), (model.true,), model)


def int_term(model, x, what: str) -> IntVar:
    """``x`` as an IntVar of ``model``: itself, or a plain int as a constant."""
    if isinstance(x, IntVar):
        if x.owner is not model:
            raise ArgumentError(f"{what}: {x!r} belongs to another model")
        return x
    if isinstance(x, numbers.Integral) and not isinstance(x, bool):
        return constant(model, int(x))
    raise ArgumentError(f"{what}: expected IntVars or ints, not the {_shown(x)}")


def int_terms(model, xs, what: str) -> list[IntVar]:
    """Every item of ``xs`` through :func:`int_term`."""
    if isinstance(xs, (str, bytes, IntVar)) or not hasattr(xs, "__iter__"):
        raise ArgumentError(f"{what}: expected a list of IntVars or ints, not the {_shown(xs)}")
    return [int_term(model, x, what) for x in xs]


def literal_list(lits, what: str) -> list:
    """``lits`` as a list (its items are checked by the encoder or the formula)."""
    if type(lits) is list or type(lits) is tuple:
        return list(lits)
    if isinstance(lits, (str, bytes, numbers.Number, IntVar)) or lits is None \
            or not hasattr(lits, "__iter__"):
        raise ArgumentError(f"{what}: expected a list of literals (ints), not the {_shown(lits)}")
    if isinstance(lits, range) and _range_len(lits) > DEFAULT_MAX_CLAUSES:
        raise ArgumentError(f"{what}: {_range_len(lits):,} literals, more than any pool holds")
    return list(lits)


def literals(lits, what: str) -> list[int]:
    """``lits`` (or a single literal) as a list of non-zero ints."""
    if type(lits) is int and lits:
        return [lits]
    if type(lits) is list and set(map(type, lits)) <= {int} and 0 not in lits:
        return lits
    if isinstance(lits, numbers.Integral) and not isinstance(lits, bool):
        lits = [lits]
    try:
        return _checked(literal_list(lits, what))
    except ArgumentError:
        raise
    except EncodingError as e:
        raise ArgumentError(f"{what}: {e}") from None


# ----------------------------------------------------------- clause ceilings
class ClauseCeiling:
    """A Formula guard (``formula.guard``) for ``Model(max_clauses=N)``:
    the clauses made so far against ``limit``, in the ``--max-clauses`` words."""

    __slots__ = ("limit", "made", "what")

    def __init__(self, limit: int, what: str = "model"):
        self.limit, self.made, self.what = limit, 0, what

    def __call__(self, added: int) -> None:
        self.made += added
        if self.made > self.limit:
            raise LimitError(f"{self.what}: more than {self.limit:,} clauses made, beyond the "
                             "limit (raise it with --max-clauses N)")


def room(formula) -> tuple[int, int]:
    """(limit, clauses made so far) of ``formula``'s guard (the model's
    ``max_clauses`` or ``--max-clauses`` while a puzzle is built); a formula
    without one: (:data:`~satgrid.limits.DEFAULT_MAX_CLAUSES`, 0), the
    constraint alone against the default ceiling."""
    g = formula.guard
    limit, made = getattr(g, "limit", None), getattr(g, "made", None)
    if isinstance(limit, int) and isinstance(made, int):
        return limit, made
    return DEFAULT_MAX_CLAUSES, 0


def refuse_above(formula, clauses: int, what: str) -> None:
    """Refuse a constraint of about ``clauses`` clauses that would take the
    formula past its ceiling (:func:`room`), before any is made."""
    limit, made = room(formula)
    if made + clauses > limit:
        check_clauses(made + clauses, limit, what)


def room_ints(model, what: str, count: int, d: int, order: bool) -> None:
    """Refuse ``count`` integer variables over ``d`` values each (one-hot by
    the model's ``amo``, order literals) past the clause ceiling, before any
    variable is made."""
    limit, made = room(model.formula)
    if count * (8 * d * (d + 1) + 8 + (3 * d if order else 0)) <= limit - made:
        return                                  # no method makes more: nothing to size
    each = 1 if d <= 1 else estimate.card_bound("==", model.amo, d, 1)
    refuse_above(model.formula, count * (each + (3 * d if order else 0)),
                 f"{what}: {count:,} integer variable(s) over {d:,} values")


def room_card(model, op: str, method: str, n: int, k: int, what: str) -> None:
    """Refuse a cardinality constraint past the clause ceiling before its
    encoder allocates (sized by :func:`satgrid.core.encodings.estimate.card_bound`)."""
    limit, made = room(model.formula)
    if 8 * n * (n + 1) + 8 <= limit - made:      # no method makes more: nothing to size
        return
    refuse_above(model.formula, estimate.card_bound(op, method, n, k),
                 f"{what} {k:,} of {n:,} literals by {method}")


def card_args(lits, k, group_, encoding_, what: str) -> tuple[list, int]:
    """(lits as a list, k as an int) of a cardinality call, every argument checked."""
    group(group_)
    encoding(encoding_)
    return literal_list(lits, what), integer(k, f"{what}: the bound")


def int_term_list(terms, what: str) -> list:
    """``terms`` as a list (a single IntVar, str or number refused)."""
    if isinstance(terms, (str, bytes, IntVar, numbers.Number)) or not hasattr(terms, "__iter__"):
        raise ArgumentError(f"{what}: expected a list of terms, not the {_shown(terms)}")
    return list(terms)


def coefficient_term(model, t, what: str) -> tuple[int, IntVar]:
    """(c, x) of a ``linear_int`` term: ``x`` or ``(c, x)``, ``x`` an IntVar of
    ``model`` or an int (a constant)."""
    if isinstance(t, tuple):
        if len(t) != 2:
            raise ArgumentError(f"{what}: a term is x or (c, x), not a tuple of {len(t)}")
        return integer(t[0], f"{what}: a coefficient"), int_term(model, t[1], what)
    return 1, int_term(model, t, what)


def linear_args(model, lits, weights, op, bound, group_, encoding_):
    """(lits, weights, op, bound, method) of ``Model.linear``, every argument
    checked and the constraint refused past the clause ceiling before its
    encoder allocates (:func:`satgrid.core.encodings.estimate.linear_bound`)."""
    lits, weights = literal_list(lits, "linear"), value_list("linear: weights", weights)
    op, bound = comparison(op), integer(bound, "linear: the bound")
    group(group_)
    encoding(encoding_)
    if len(weights) != len(lits):
        raise ArgumentError(f"linear: {len(lits)} literals but {len(weights)} weights")
    method = encoding_ or model.pb
    limit, made = room(model.formula)
    n = len(lits)
    if method == "gtotalizer" or 3 * n * (sum(map(abs, weights)) + 2) + 8 > limit - made:
        refuse_above(model.formula, estimate.linear_bound(method, weights, bound, op),
                     f"linear over {n:,} literals by {method}")
    return lits, weights, op, bound, method


# ------------------------------------------- graphs, regions, placements, edges
def mapping(x, what: str) -> None:
    """``x`` is a dict (any ``Mapping``)."""
    if not isinstance(x, Mapping):
        raise ArgumentError(f"{what}: expected a dict, not the {_shown(x)}")


def graph(g, what: str) -> None:
    """``g`` looks like a networkx graph (``subgraph``, ``nodes``, ``g[u]``)."""
    if not (hasattr(g, "subgraph") and hasattr(g, "nodes") and hasattr(g, "__getitem__")):
        raise ArgumentError(f"{what}: expected a networkx graph, not the {_shown(g)}")


def cell_list(cells, what: str) -> list:
    """``cells`` as a list of distinct hashable items, in order."""
    if isinstance(cells, (str, bytes, numbers.Number, Mapping)) or cells is None \
            or not hasattr(cells, "__iter__"):
        raise ArgumentError(f"{what}: expected a list of cells, not the {_shown(cells)}")
    try:
        return list(dict.fromkeys(cells))
    except TypeError:
        raise ArgumentError(f"{what}: cells must be hashable (tuples, ints, ...)") from None


def _ball(g, inside: set, source, limit: int) -> int:
    """The cells of ``inside`` within ``limit`` steps of ``source`` in ``g``."""
    dist, todo = {source: 0}, deque([source])
    while todo:
        u = todo.popleft()
        if dist[u] < limit:
            for w in g[u]:
                if w in inside and w not in dist:
                    dist[w] = dist[u] + 1
                    todo.append(w)
    return len(dist)


def _labels_past(g, cells: list, roots: list, steps: list, room_left: int) -> bool:
    """Whether the cells within ``steps[i]`` of ``roots[i]`` (in ``g`` on
    ``cells``, summed over ``i``) number more than ``room_left``: by the
    components when every reach is unlimited, else by a sample of 16 roots
    when it is four times past, else counted (stopping there)."""
    inside, n = set(cells), len(cells)
    if min(steps) >= n - 1:
        comp: dict = {}                         # cell -> the size of its component
        for c in cells:
            if c not in comp:
                seen, todo = {c}, [c]
                while todo:
                    u = todo.pop()
                    for w in g[u]:
                        if w in inside and w not in seen:
                            seen.add(w)
                            todo.append(w)
                for v in seen:
                    comp[v] = len(seen)
        return sum(comp.get(r, 1) for r in roots) > room_left
    sample = list(range(0, len(roots), max(1, len(roots) // 16)))[:16]
    mean = sum(_ball(g, inside, roots[i], steps[i]) for i in sample) / len(sample)
    if mean * len(roots) > 4 * room_left:
        return True
    total = 0
    for r, limit in zip(roots, steps):
        total += _ball(g, inside, r, limit)
        if total > room_left:
            return True
    return False


def region_args(model, cells, graph_, anchors, members, separated, sizes, max_size) -> list:
    """The cells of ``Model.regions``, every argument checked, and the regions
    refused past the clause ceiling before any label is made: one label per
    (cell, root or anchor within reach), at least a clause each."""
    cells = cell_list(cells, "regions")
    graph(graph_, "regions")
    n = len(cells)
    if anchors is None:
        if members is not None or separated:
            raise ArgumentError("regions without anchors cover every cell: no members, not separated")
        if sizes is not None:
            mapping(sizes, "regions: sizes")
        cap = n if max_size is None else integer(max_size, "regions: max_size") - 1
        roots, steps = cells, [cap] * n
        what = f"regions: a partition of {n:,} cells"
        if max_size is not None:                # size[v][k] for k = 1..max_size: a clause each
            refuse_above(model.formula, n * max(0, cap + 1), f"{what} with max_size {cap + 1:,}")
    else:
        if sizes is not None or max_size is not None:
            raise ArgumentError("sizes and max_size are for regions without anchors "
                                "(anchored regions take their sizes from anchors)")
        mapping(anchors, "regions: anchors")
        if members is not None:
            mapping(members, "regions: members")
        roots = list(anchors)
        steps = [n if not isinstance(s, int) else s - 1 for s in anchors.values()]
        what = f"regions: {len(roots):,} anchored regions over {n:,} cells"
    limit, made = room(model.formula)
    if len(roots) * n <= limit - made:
        return cells
    if all(r in graph_ for r in roots) and _labels_past(graph_, cells, roots, steps, limit - made):
        check_clauses(max(len(roots) * n, limit - made + 1) + made, limit, what)
    return cells


def place_args(shapes, cells, counts, total) -> None:
    """The arguments of ``Model.place``: shapes a dict of pictures (str) or
    non-empty lists of (row, column) int pairs, cells such pairs, counts a
    dict, counts and total ints or (lo, hi) pairs."""
    mapping(shapes, "place: shapes")
    for name, shape in shapes.items():
        if not isinstance(shape, str):
            _pairs(shape, f"place: shape {name!r}", nonempty=True)
    _pairs(cells, "place: cells", nonempty=False)
    if counts is not None:
        mapping(counts, "place: counts")
    for what, spec in [(f"place: count of {k!r}", v) for k, v in (counts or {}).items()] + \
            [("place: total", total)]:
        if spec is None or (isinstance(spec, int) and not isinstance(spec, bool)):
            continue
        if not (isinstance(spec, tuple) and len(spec) == 2
                and all(v is None or (isinstance(v, int) and not isinstance(v, bool))
                        for v in spec)):
            raise ArgumentError(f"{what}: expected an int or a (lo, hi) pair of ints, "
                                f"not the {_shown(spec)}")


def _pairs(cells, what: str, nonempty: bool) -> None:
    if isinstance(cells, (bytes, numbers.Number, Mapping)) or cells is None \
            or not hasattr(cells, "__iter__"):
        raise ArgumentError(f"{what}: expected (row, column) pairs, not the {_shown(cells)}")
    seen = 0
    for c in cells:
        if not (isinstance(c, tuple) and len(c) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in c)):
            raise ArgumentError(f"{what}: expected (row, column) pairs of ints, not the {_shown(c)}")
        seen += 1
    if nonempty and not seen:
        raise ArgumentError(f"{what}: a shape has at least one cell")


def connected_args(lits, graph_, max_true) -> None:
    """The arguments of ``Model.connected``: node -> literal, a graph holding
    the nodes, ``max_true`` an int or None."""
    mapping(lits, "connected: literals")
    graph(graph_, "connected")
    if max_true is not None:
        integer(max_true, "connected: max_true")
    literals(list(lits.values()), "connected")
    for v in lits:
        if v not in graph_:
            raise ArgumentError(f"connected: node {v!r} has a literal but is not in the graph")
