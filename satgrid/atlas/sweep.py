"""The atlas's measurements: the cardinality and pseudo-Boolean size sweeps.

Owns what is measured and how: the sweep parameters (n, bounds, weights, the
clause budget), our encodings' sizes beside the published formula
(:func:`satgrid.core.encodings.size_formula`) and PySAT's own numbers for the same
constraint, the rows' CSV form and the parameters written to ``atlas.json``.
Nothing here writes Markdown or times anything: the CSV bytes are a pure
function of the parameters and the package versions.
"""

from __future__ import annotations

import csv
import importlib.metadata as _md
import importlib.util
import io
from typing import Iterable, Sequence

from pysat.card import UnsupportedBound
from pysat.formula import IDPool
from pysat.pb import EncType as PBEncType, PBEnc

from ..core import encodings as enc
from ..errors import EncodingError
from ..io.fileio import atomic_write_text
from .constraints import (BOUND_RULES, CONSTRAINTS, amo_bound, amo_note, constraint_bounds, constraint_formula,
                          measure_constraint, measure_pysat_constraint, pysat_predicted)
from .constraints import clause_sizes
from .distribute import Unit

# ------------------------------------------------------------------ settings
#: n of the cardinality sweep: 4, 8, ..., 4096
CARD_NS: tuple[int, ...] = tuple(4 << i for i in range(11))
#: n of the pseudo-Boolean sweep: 4, 8, ..., 1024 (beyond, every method is
#: over the budget at both bounds)
PB_NS: tuple[int, ...] = tuple(4 << i for i in range(9))
#: combinations expected to have more clauses than this are not built
CLAUSE_BUDGET = 4_000_000
#: the cardinality methods of the sweep, in table order
CARD_SWEEP_METHODS: tuple[str, ...] = enc.AMO_METHODS + enc.CARD_METHODS

CARD_FIELDS = ("method", "family", "n", "k", "k_rule", "aux", "clauses", "literals",
               "formula_aux", "formula_clauses", "formula_match", "pysat_encoding",
               "pysat_aux", "pysat_clauses", "pysat_literals", "note", "pysat_note")
PB_FIELDS = ("method", "n", "total_weight", "bound", "bound_rule", "aux", "clauses",
             "literals", "formula_aux", "formula_clauses", "formula_match",
             "pysat_encoding", "pysat_aux", "pysat_clauses", "pysat_literals",
             "note", "pysat_note")
#: columns that come from PySAT (compared only under the same package versions)
PYSAT_FIELDS = ("pysat_encoding", "pysat_aux", "pysat_clauses", "pysat_literals", "pysat_note")

NO_PINDAKAAS = "n/a (pindakaas not installed)"
#: methods whose PySAT counterpart (same name) is a different encoding of the
#: same constraint: what the atlas says beside the comparison
PYSAT_DIFFERENT: dict[str, str] = {
    "seqcounter": "PySAT's seqcounter is Knuth's irredundant form (our seqcounter-knuth), "
                  "not Sinz's counter: two different encodings of the same constraint",
}
#: our method whose formula sizes PySAT's counterpart, where it is not the same method
PYSAT_STRUCTURE: dict[str, str] = {"seqcounter": "seqcounter-knuth"}


# ------------------------------------------------------------------ versions
def versions() -> dict[str, str | None]:
    """Versions of the packages whose numbers the atlas reports
    (``None`` when not installed)."""
    out: dict[str, str | None] = {}
    for name in ("python-sat", "pindakaas"):
        try:
            out[name] = _md.version(name)
        except _md.PackageNotFoundError:
            out[name] = None
    return out


def have_pindakaas() -> bool:
    """True when PySAT's pseudo-Boolean encoders can run (they need pindakaas)."""
    return importlib.util.find_spec("pindakaas") is not None


# ------------------------------------------------------------------ families
def card_bounds(n: int) -> list[tuple[int, str]]:
    """The bounds of the ``at_most`` sweep for ``n`` inputs
    (:func:`~satgrid.atlas.constraints.constraint_bounds` of ``at_most``).

    Returns:
        sorted ``(k, rule)`` pairs for k in {1, 2, max(1, n // 10), n // 2}
        with ``1 <= k < n - 1`` (k >= n - 1 is trivial: one clause or none);
        ``rule`` names every rule that gives this k, e.g. ``"2 = n/2"``.

    Example:
        >>> card_bounds(4), card_bounds(64)
        ([(1, '1 = n/10'), (2, '2 = n/2')], [(1, '1'), (2, '2'), (6, 'n/10'), (32, 'n/2')])
    """
    return constraint_bounds(n, "at_most")


def pb_weights(n: int) -> list[int]:
    """The weights of the pseudo-Boolean sweep: the first ``n`` terms of one
    fixed sequence in 1..10.

    ``x_0 = 1``, ``x_{i+1} = (1103515245 x_i + 12345) mod 2^31`` and
    ``w_i = 1 + (x_{i+1} >> 16) mod 10`` (the C library's example
    generator), so the weights do not depend on Python's ``random`` and the
    weights for n are a prefix of those for 2n.

    Example:
        >>> pb_weights(8)
        [9, 9, 4, 6, 2, 8, 1, 10]
    """
    x, out = 1, []
    for _ in range(n):
        x = (1103515245 * x + 12345) % (1 << 31)
        out.append(1 + (x >> 16) % 10)
    return out


def pb_bounds(weights: Sequence[int]) -> list[tuple[int, str]]:
    """``(K, rule)`` for K = W // 10 and W // 2 (W the total weight), sorted."""
    w = sum(weights)
    rules: dict[int, list[str]] = {}
    for k, rule in ((w // 10, "W/10"), (w // 2, "W/2")):
        rules.setdefault(k, []).append(rule)
    return [(k, " = ".join(r)) for k, r in sorted(rules.items())]


# ------------------------------------------------------------------ measuring
def measure_card(method: str, n: int, k: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of our ``at_most(x_1..x_n, k)`` with ``method``.

    Raises:
        EncodingError: the method cannot do this bound.
    """
    return measure_constraint(method, "at_most", n, k)


def measure_pysat_card(method: str, n: int, k: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of PySAT's ``CardEnc.atmost`` for the same
    constraint, numbered by PySAT itself (inputs 1..n, a private ``IDPool``
    from n+1); aux is PySAT's ``nv - n``.

    Raises:
        KeyError: no PySAT counterpart; pysat.card.UnsupportedBound.
    """
    return measure_pysat_constraint(method, "at_most", n, k)


def measure_pb(method: str, weights: Sequence[int], bound: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of our ``linear(x, weights, '<=', bound)``."""
    n = len(weights)
    vc = enc.VarCounter(n)
    cl = enc.linear(list(range(1, n + 1)), list(weights), "<=", bound, vc, method)
    c, l = clause_sizes(cl)
    return vc.top - n, c, l


def measure_pysat_pb(method: str, weights: Sequence[int], bound: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of PySAT's ``PBEnc.atmost`` (needs pindakaas)."""
    n = len(weights)
    encoding = getattr(PBEncType, enc.PYSAT_PB[method])
    cnf = PBEnc.atmost(lits=list(range(1, n + 1)), weights=list(weights), bound=bound,
                       vpool=IDPool(start_from=n + 1), encoding=encoding)
    c, l = clause_sizes(cnf.clauses)
    return max(cnf.nv, n) - n, c, l


class _Series:
    """Budget guard: the last measured (n, clauses) per series (method, rule)."""

    def __init__(self, budget: int):
        self.budget = budget
        self.last: dict[tuple, tuple[int, int]] = {}

    def expected(self, keys: Iterable[tuple], n: int) -> int | None:
        """Clauses expected at n from the previous n (quadratic growth)."""
        best = None
        for key in keys:
            got = self.last.get(key)
            if got is not None:
                pn, pc = got
                guess = pc * (n * n) // (pn * pn)
                best = guess if best is None else max(best, guess)
        return best

    def record(self, keys: Iterable[tuple], n: int, clauses: int) -> None:
        """Remember that the series ``keys`` had ``clauses`` clauses at n."""
        for key in keys:
            self.last[key] = (n, clauses)


def _skip_note(formula_clauses: int | None, expected: int | None, budget: int) -> str | None:
    if formula_clauses is not None and formula_clauses > budget:
        return (f"not built: {formula_clauses} clauses by the formula, over the "
                f"{budget}-clause budget")
    if formula_clauses is None and expected is not None and expected > budget:
        return (f"not built: about {expected} clauses expected (the previous n scaled "
                f"by (n/n')^2), over the {budget}-clause budget")
    return None


def _ints(row: dict, prefix: str, values) -> None:
    for name, v in zip(("aux", "clauses", "literals"), values):
        row[prefix + name] = v


# ------------------------------------------------------------------ sweeps
def _measure_ours(row: dict, formula, ours, keys, n: int, budget: int, measure) -> None:
    """Fill ``row`` with our measured sizes (``measure()``), or the reason it was skipped."""
    skip = _skip_note(formula[1] if formula else None, ours.expected(keys, n), budget)
    if skip:
        row["note"] = skip
        return
    try:
        got = measure()
    except EncodingError as e:
        row["note"] = f"error: {e}"
        return
    _ints(row, "", got)
    ours.record(keys, n, got[1])
    if formula is not None:
        row["formula_match"] = "yes" if formula == got[:2] else "NO"


def sweep_cardinality(ns: Iterable[int] = CARD_NS, methods: Sequence[str] = CARD_SWEEP_METHODS,
                      *, pysat: bool = True, budget: int = CLAUSE_BUDGET,
                      constraint: str = "at_most") -> list[dict]:
    """Measure ``constraint(x_1..x_n, k)`` for every method, n and bound.

    Args:
        ns: numbers of inputs (each >= 4).
        methods: encoding names (``AMO_METHODS`` ones are measured only at the
            bounds they can do, :func:`~satgrid.atlas.constraints.amo_bound`;
            other bounds get a row saying so; an alias such as
            ``seqcounter-sinz`` is measured, and named, as the method it stands
            for).
        pysat: also measure PySAT's counterpart (``PYSAT_CARD``).
        budget: combinations expected to exceed this many clauses are not built.
        constraint: ``"at_most"`` (``cardinality.csv``), ``"at_least"`` or
            ``"exactly"``; the bounds are
            :func:`~satgrid.atlas.constraints.constraint_bounds`'s.

    Returns:
        rows (dicts over :data:`CARD_FIELDS`, values int or str, '' when
        empty), sorted by method (in ``methods`` order), n, k.

    Example:
        >>> [(r["k"], r["clauses"]) for r in sweep_cardinality([6], ["seqcounter"],
        ...                                                     constraint="exactly")]
        [(1, 15), (2, 64), (3, 64)]
    """
    ns = sorted(set(ns))
    rows = []
    for method in dict.fromkeys(enc.canonical_method(m) for m in methods):
        ours, theirs = _Series(budget), _Series(budget)
        family = "amo" if method in enc.AMO_METHODS else "card"
        for n in ns:
            for k, rule in constraint_bounds(n, constraint):
                keys = [(r,) for r in rule.split(" = ")]
                row = {f: "" for f in CARD_FIELDS}
                row.update(method=method, family=family, n=n, k=k, k_rule=rule)
                formula = constraint_formula(method, constraint, n, k)
                if formula is not None:
                    row["formula_aux"], row["formula_clauses"] = formula
                if family == "amo" and not amo_bound(constraint, n, k):
                    row["note"] = amo_note(constraint)
                else:
                    _measure_ours(row, formula, ours, keys, n, budget,
                                  lambda: measure_constraint(method, constraint, n, k))
                if pysat:
                    _pysat_card_cell(row, method, n, k, keys, theirs, budget, constraint)
                rows.append(row)
    return rows


def _pysat_card_cell(row, method, n, k, keys, series, budget, constraint="at_most"):
    """Fill ``row``'s PySAT columns for ``constraint`` (or say why they are empty)."""
    name = enc.PYSAT_CARD.get(method)
    if name is None:
        row["pysat_note"] = "no PySAT counterpart"
        return
    row["pysat_encoding"] = name
    # PySAT's totalizer and modulo totalizer are built whole, whatever k
    # (numbers measured at n = 64): size them by the uncut tree.
    predicted = pysat_predicted(method, constraint, n, k, PYSAT_STRUCTURE.get(method, method))
    expected = series.expected(keys, n)
    if predicted is not None and predicted > budget:
        row["pysat_note"] = (f"not built: about {predicted} clauses (our formula for the "
                             f"same structure), over the {budget}-clause budget")
        return
    if predicted is None and expected is not None and expected > budget:
        row["pysat_note"] = (f"not built: about {expected} clauses expected, over the "
                             f"{budget}-clause budget")
        return
    try:
        got = measure_pysat_constraint(method, constraint, n, k)
    except UnsupportedBound:
        row["pysat_note"] = f"PySAT: unsupported bound (EncType.{name} is at-most-one only)"
        return
    except Exception as e:  # record, do not crash
        row["pysat_note"] = f"PySAT: {one_line(e)}"
        return
    _ints(row, "pysat_", got)
    series.record(keys, n, got[1])


def sweep_pb(ns: Iterable[int] = PB_NS, methods: Sequence[str] = enc.PB_METHODS, *,
             pysat: bool = True, budget: int = CLAUSE_BUDGET) -> list[dict]:
    """Measure ``sum w_i x_i <= K`` (weights :func:`pb_weights`, bounds
    :func:`pb_bounds`) for every pseudo-Boolean method and n.

    PySAT's counterparts (``PYSAT_PB``: bdd, seqcounter, totalizer) need the
    optional package pindakaas; without it their cells say
    ``n/a (pindakaas not installed)``.

    Returns:
        rows over :data:`PB_FIELDS`, sorted by method (``methods`` order), n, K.
    """
    ns = sorted(set(ns))
    pinda = have_pindakaas()
    rows = []
    for method in methods:
        ours, theirs = _Series(budget), _Series(budget)
        for n in ns:
            weights = pb_weights(n)
            for bound, rule in pb_bounds(weights):
                keys = [(r,) for r in rule.split(" = ")]
                row = {f: "" for f in PB_FIELDS}
                row.update(method=method, n=n, total_weight=sum(weights), bound=bound,
                           bound_rule=rule)
                formula = enc.size_formula(method, n, bound, weights=weights)
                if formula is not None:
                    row["formula_aux"], row["formula_clauses"] = formula
                _measure_ours(row, formula, ours, keys, n, budget,
                              lambda: measure_pb(method, weights, bound))
                if pysat:
                    _pysat_pb_cell(row, method, weights, bound, keys, theirs, budget, pinda,
                                   formula)
                rows.append(row)
    return rows


def _pysat_pb_cell(row, method, weights, bound, keys, series, budget, pinda, formula):
    """Fill ``row``'s PySAT columns for ``linear <=`` (or say why they are empty)."""
    name = enc.PYSAT_PB.get(method)
    if name is None:
        row["pysat_note"] = "no PySAT counterpart"
        return
    row["pysat_encoding"] = name
    if not pinda:
        row["pysat_note"] = NO_PINDAKAAS
        return
    n = len(weights)
    expected = series.expected(keys, n)
    if formula is not None and formula[1] > budget:
        expected = max(expected or 0, formula[1])
    if expected is not None and expected > budget:
        row["pysat_note"] = (f"not built: about {expected} clauses expected, over the "
                             f"{budget}-clause budget")
        return
    try:
        got = measure_pysat_pb(method, weights, bound)
    except Exception as e:  # record, do not crash
        row["pysat_note"] = f"PySAT: {one_line(e)}"
        return
    _ints(row, "pysat_", got)
    series.record(keys, n, got[1])


# ------------------------------------------------------------------ work units
def card_unit(constraint: str, method: str, ns: Sequence[int], budget: int) -> list[dict]:
    """A work unit: one method's series for one constraint (its budget guard
    needs the previous n, so a series is not split)."""
    return sweep_cardinality(ns, [method], budget=budget, constraint=constraint)


def pb_unit(method: str, ns: Sequence[int], budget: int) -> list[dict]:
    """A work unit: one pseudo-Boolean method's series."""
    return sweep_pb(ns, [method], budget=budget)


def size_units(card_ns: Sequence[int], pb_ns: Sequence[int], budget: int = CLAUSE_BUDGET,
               constraints: Sequence[str] = CONSTRAINTS) -> list[Unit]:
    """The size sweeps as work units, one per (constraint, method) series and
    per pseudo-Boolean method, in file order: every ``card_unit`` of the
    first constraint, then the next, then the ``pb_unit`` ones. Each unit's
    ``tags`` say which file (``constraint`` or ``"pb"``) its rows go to.

    Example:
        >>> [u.name for u in size_units((4,), (4,), constraints=("exactly",))][:2]
        ['card-exactly-pairwise', 'card-exactly-bitwise']
    """
    ns, pns = tuple(sorted(set(card_ns))), tuple(sorted(set(pb_ns)))
    units = [Unit(f"card-{c}-{m}", card_unit, (c, m, ns, budget), {"file": c})
             for c in constraints
             for m in dict.fromkeys(enc.canonical_method(x) for x in CARD_SWEEP_METHODS)]
    units += [Unit(f"pb-{m}", pb_unit, (m, pns, budget), {"file": "pb"})
              for m in enc.PB_METHODS]
    return units


# ------------------------------------------------------------------ CSV
def csv_text(rows: Sequence[dict], fields: Sequence[str]) -> str:
    """The rows as CSV text (header line, ``\\n`` line ends, '' for empty)."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(fields), lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({f: r.get(f, "") for f in fields})
    return buf.getvalue()


def write_csv(rows: Sequence[dict], path: str, fields: Sequence[str]) -> None:
    """Write :func:`csv_text` atomically to ``path``."""
    atomic_write_text(path, csv_text(rows, fields))


def read_csv(path: str) -> list[dict[str, str]]:
    """Rows of an atlas CSV as dicts of strings (the form :func:`as_strings` gives)."""
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def as_strings(rows: Sequence[dict], fields: Sequence[str]) -> list[dict[str, str]]:
    """Rows with every value as its CSV text (for comparing with :func:`read_csv`)."""
    return list(csv.DictReader(io.StringIO(csv_text(rows, fields))))


# ------------------------------------------------------------------ atlas.json
def make_meta(card_ns, pb_ns, budget, timing: dict | None = None) -> dict:
    """The parameters and versions written to ``atlas.json`` (``timing``: the
    solve-time study's configuration, when it ran)."""
    out = {"card_ns": list(card_ns), "card_methods": list(CARD_SWEEP_METHODS),
            "card_bounds": "k in {1, 2, max(1, n // 10), n // 2}, 1 <= k < n - 1",
            "constraint_bounds": dict(BOUND_RULES),
            "pb_ns": list(pb_ns), "pb_methods": list(enc.PB_METHODS),
            "pb_weights": "x0 = 1, x(i+1) = (1103515245 x(i) + 12345) mod 2^31, "
                          "w(i) = 1 + (x(i+1) >> 16) mod 10",
            "pb_bounds": "K in {W // 10, W // 2}, W = sum of weights",
            "budget": budget, "versions": versions()}
    if timing is not None:
        out["timing"] = timing
    return out



# ------------------------------------------------------------------ row helpers
def mismatches(rows: Sequence[dict]) -> list[dict]:
    """The rows whose measured size differs from the published formula."""
    return [r for r in rows if r.get("formula_match") == "NO"]


def int_or_none(v):
    """A cell's value as an int, None when empty."""
    return None if v in ("", None) else int(v)


def one_line(e: BaseException) -> str:
    """An exception as one line of at most 300 characters, for a table cell."""
    return f"{type(e).__name__}: {' '.join(str(e).split())}"[:300]
