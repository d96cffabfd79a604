"""The encoding atlas: measured sizes of every encoding beside the published
formula and PySAT's own numbers, and per-constraint size reports of the seed
puzzles. ``make atlas`` (``python -m satgrid.atlas --out encodings``)
regenerates the top-level folder ``encodings/``:

==========================  =================================================
``README.md``               front page: how to read it, one paragraph per
                            method (when to choose it, its paper), plots
``cardinality.md``          one table per cardinality / at-most-one method
``pb.md``                   one table per pseudo-Boolean method
``puzzles.md``              the seed instances compiled with each choice of
                            encoding: sizes per constraint group, solve time
``cardinality.csv``         the cardinality sweep (deterministic bytes)
``pb.csv``                  the pseudo-Boolean sweep (deterministic bytes)
``atlas.json``              sweep parameters and package versions the CSV
                            were made with (what ``tests/test_atlas.py`` needs)
``plots/*.png``             growth on log scales (needs matplotlib)
==========================  =================================================

What is measured. Cardinality: ``at_most(x_1..x_n, k)`` over ``n`` distinct
inputs, ``n`` = 4, 8, ..., 4096 and ``k`` in {1, 2, max(1, n // 10), n // 2}
(bounds with ``k >= n - 1`` are trivial and left out); at-most-one-only
methods at ``k = 1``. Pseudo-Boolean: ``sum w_i x_i <= K`` for ``n`` = 4, ...,
1024 with the weights of :func:`pb_weights` (1..10 from a fixed linear
congruential sequence) and ``K`` in {W // 10, W // 2}, W the total weight.
For each: auxiliary variables (the inputs are variables 1..n and not
counted), clauses, literals (the sum of clause lengths); the published size
from :func:`satgrid.encodings.size_formula`; PySAT's own numbers for the same
constraint (``pysat.card.CardEnc`` / ``pysat.pb.PBEnc`` with a private
``IDPool`` starting at n+1).

Combinations expected to exceed :data:`CLAUSE_BUDGET` clauses (by the formula,
or by extrapolating the previous n of the same series quadratically) are not
built; their row says so and still shows the formula. Timings never enter the
CSV: only ``puzzles.md`` holds times, marked with machine and date.

Python API::

    rows = sweep_cardinality((4, 16), methods=("seqcounter", "seqcounter-knuth"))
    rows = sweep_pb((4, 16))
    entries = puzzle_table(["instances/sudoku-classic.toml"], solve=False)
    main(["--out", "encodings"])
"""

from __future__ import annotations

import argparse
import csv
import datetime as _dt
import importlib.metadata as _md
import importlib.util
import io
import json
import os
import platform
import sys
import time
from typing import Iterable, Sequence

from . import encodings as enc
from .apps.report import format_stats
from .encodings.methods import METHODS
from .errors import EncodingError, SatgridError
from .fileio import atomic_write, atomic_write_text

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
#: the seed instance of each puzzle kind
SEED_INSTANCES: tuple[str, ...] = (
    "instances/sudoku-classic.toml",
    "instances/vertex-sums-17-25-18-29.toml",
    "instances/knight-moves-4.toml",
    "instances/hooks-8.toml",
    "instances/twenty-four-seven-2x2-2.toml",
)
#: per-solve time limit in the puzzle tables (seconds)
PUZZLE_TIME_LIMIT = 60.0

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
    """The bounds of the cardinality sweep for ``n`` inputs.

    Returns:
        sorted ``(k, rule)`` pairs for k in {1, 2, max(1, n // 10), n // 2}
        with ``1 <= k < n - 1`` (k >= n - 1 is trivial: one clause or none);
        ``rule`` names every rule that gives this k, e.g. ``"2 = n/2"``.

    Example:
        >>> card_bounds(4), card_bounds(64)
        ([(1, '1 = n/10'), (2, '2 = n/2')], [(1, '1'), (2, '2'), (6, 'n/10'), (32, 'n/2')])
    """
    rules: dict[int, list[str]] = {}
    for k, rule in ((1, "1"), (2, "2"), (max(1, n // 10), "n/10"), (n // 2, "n/2")):
        if 1 <= k < n - 1:
            rules.setdefault(k, [])
            if rule not in rules[k]:
                rules[k].append(rule)
    return [(k, " = ".join(r)) for k, r in sorted(rules.items())]


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
def _count(clauses) -> tuple[int, int]:
    return len(clauses), sum(map(len, clauses))


def measure_card(method: str, n: int, k: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of our ``at_most(x_1..x_n, k)`` with ``method``.

    Raises:
        EncodingError: the method cannot do this bound.
    """
    vc = enc.VarCounter(n)
    cl = enc.at_most(list(range(1, n + 1)), k, vc, method)
    c, l = _count(cl)
    return vc.top - n, c, l


def measure_pysat_card(method: str, n: int, k: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of PySAT's ``CardEnc.atmost`` for the same
    constraint, numbered by PySAT itself (inputs 1..n, a private ``IDPool``
    from n+1); aux is PySAT's ``nv - n``.

    Raises:
        KeyError: no PySAT counterpart; pysat.card.UnsupportedBound.
    """
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    encoding = getattr(EncType, enc.PYSAT_CARD[method])
    cnf = CardEnc.atmost(list(range(1, n + 1)), bound=k, vpool=IDPool(start_from=n + 1),
                         encoding=encoding)
    c, l = _count(cnf.clauses)
    return max(cnf.nv, n) - n, c, l


def measure_pb(method: str, weights: Sequence[int], bound: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of our ``linear(x, weights, '<=', bound)``."""
    n = len(weights)
    vc = enc.VarCounter(n)
    cl = enc.linear(list(range(1, n + 1)), list(weights), "<=", bound, vc, method)
    c, l = _count(cl)
    return vc.top - n, c, l


def measure_pysat_pb(method: str, weights: Sequence[int], bound: int) -> tuple[int, int, int]:
    """(aux, clauses, literals) of PySAT's ``PBEnc.atmost`` (needs pindakaas)."""
    from pysat.formula import IDPool
    from pysat.pb import EncType, PBEnc
    n = len(weights)
    encoding = getattr(EncType, enc.PYSAT_PB[method])
    cnf = PBEnc.atmost(lits=list(range(1, n + 1)), weights=list(weights), bound=bound,
                       vpool=IDPool(start_from=n + 1), encoding=encoding)
    c, l = _count(cnf.clauses)
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
                      *, pysat: bool = True, budget: int = CLAUSE_BUDGET) -> list[dict]:
    """Measure ``at_most(x_1..x_n, k)`` for every method, n and bound.

    Args:
        ns: numbers of inputs (each >= 4).
        methods: encoding names (``AMO_METHODS`` ones are measured at k = 1
            only; other bounds get a row saying so; an alias such as
            ``seqcounter-sinz`` is measured, and named, as the method it stands
            for).
        pysat: also measure PySAT's counterpart (``PYSAT_CARD``).
        budget: combinations expected to exceed this many clauses are not built.

    Returns:
        rows (dicts over :data:`CARD_FIELDS`, values int or str, '' when
        empty), sorted by method (in ``methods`` order), n, k.
    """
    ns = sorted(set(ns))
    rows = []
    for method in dict.fromkeys(enc.canonical_method(m) for m in methods):
        ours, theirs = _Series(budget), _Series(budget)
        family = "amo" if method in enc.AMO_METHODS else "card"
        for n in ns:
            for k, rule in card_bounds(n):
                keys = [(r,) for r in rule.split(" = ")]
                row = {f: "" for f in CARD_FIELDS}
                row.update(method=method, family=family, n=n, k=k, k_rule=rule)
                formula = enc.size_formula(method, n, k)
                if formula is not None:
                    row["formula_aux"], row["formula_clauses"] = formula
                if family == "amo" and k != 1:
                    row["note"] = "at-most-one only (bound 1)"
                else:
                    _measure_ours(row, formula, ours, keys, n, budget,
                                  lambda: measure_card(method, n, k))
                if pysat:
                    _pysat_card_cell(row, method, n, k, keys, theirs, budget)
                rows.append(row)
    return rows


def _pysat_card_cell(row, method, n, k, keys, series, budget):
    name = enc.PYSAT_CARD.get(method)
    if name is None:
        row["pysat_note"] = "no PySAT counterpart"
        return
    row["pysat_encoding"] = name
    # PySAT's totalizer and modulo totalizer are built whole, whatever k
    # (numbers measured at n = 64): size them by the uncut tree.
    if name == "totalizer":
        predicted = enc.totalizer.size_totalizer(n, n - 1)[1]
    elif name == "mtotalizer":
        predicted = None
    else:
        f = enc.size_formula(PYSAT_STRUCTURE.get(method, method), n, k)
        predicted = f[1] if f else None
    expected = series.expected(keys, n)
    if predicted is not None and predicted > budget:
        row["pysat_note"] = (f"not built: about {predicted} clauses (our formula for the "
                             f"same structure), over the {budget}-clause budget")
        return
    if predicted is None and expected is not None and expected > budget:
        row["pysat_note"] = (f"not built: about {expected} clauses expected, over the "
                             f"{budget}-clause budget")
        return
    from pysat.card import UnsupportedBound
    try:
        got = measure_pysat_card(method, n, k)
    except UnsupportedBound:
        row["pysat_note"] = f"PySAT: unsupported bound (EncType.{name} is at-most-one only)"
        return
    except Exception as e:  # record, do not crash
        row["pysat_note"] = f"PySAT: {_one_line(e)}"
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
        row["pysat_note"] = f"PySAT: {_one_line(e)}"
        return
    _ints(row, "pysat_", got)
    series.record(keys, n, got[1])


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


# ------------------------------------------------------------------ puzzles
#: (Options field, what it chooses, the choices)
DIMENSIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("amo", "at-most-one and exactly-one constraints",
     enc.AMO_METHODS + ("seqcounter", "seqcounter-knuth")),
    ("card", "cardinality constraints with bound > 1", enc.CARD_METHODS),
    ("pb", "weighted sums", enc.PB_METHODS),
    ("connectivity", "connectivity", ("lazy", "eager")),
)


def _default_options(**over):
    from .api import Options
    from .model import DEFAULT_AMO, DEFAULT_CARD, DEFAULT_PB
    base = dict(amo=DEFAULT_AMO, card=DEFAULT_CARD, pb=DEFAULT_PB, connectivity="lazy")
    base.update(over)
    return Options(**base)


def _one_line(e: BaseException) -> str:
    return f"{type(e).__name__}: {' '.join(str(e).split())}"[:300]


def puzzle_table(files: Sequence[str] = SEED_INSTANCES, *, solve: bool = True,
                 time_limit: float = PUZZLE_TIME_LIMIT, solver: str = "cadical195") -> list[dict]:
    """Compile each instance with each choice of encoding, one dimension at a
    time from the defaults (amo, card, pb, connectivity), and solve it.

    Sizes come from :func:`satgrid.api.stats` (what ``satgrid stats`` prints),
    times from :func:`satgrid.api.solve` (compile and first solution, with
    ``time_limit``). A dimension whose choices all compile to the same sizes
    is reported as not applicable. Failures are recorded, never raised.

    Returns:
        one dict per instance: ``file``, ``kind``, ``default`` (stats),
        ``dimensions``: list of dicts ``name``, ``what``, ``applicable``,
        ``choices``: list of ``{"value", "stats" | None, "error", "solve"}``
        where ``solve`` is None (not run) or ``{"status", "seconds",
        "conflicts", "rounds", "cuts"}`` or ``{"error": text}``.
    """
    from . import api
    out = []
    for path in files:
        entry: dict = {"file": path}
        try:
            [p] = api.load(path)[:1]
        except SatgridError as e:
            entry.update(kind="?", error=_one_line(e), dimensions=[])
            out.append(entry)
            continue
        entry["kind"] = p.kind
        base = api.stats(p, _default_options(solver=solver))
        entry["default"] = base
        dims = []
        for name, what, values in DIMENSIONS:
            choices = []
            for v in values:
                opts = _default_options(solver=solver, time_limit=time_limit, **{name: v})
                ch: dict = {"value": v, "stats": None, "error": None, "solve": None}
                try:
                    ch["stats"] = api.stats(p, opts)
                except Exception as e:  # record, never crash the atlas
                    ch["error"] = _one_line(e)
                choices.append(ch)
            same = all(c["stats"] is not None and c["stats"]["groups"] == base["groups"]
                       for c in choices)
            dims.append({"name": name, "what": what, "applicable": not same, "choices": choices})
            if same or not solve:
                continue
            for ch in choices:
                if ch["stats"] is None:
                    continue
                opts = _default_options(solver=solver, time_limit=time_limit, **{name: ch["value"]})
                try:
                    res = api.solve(p, opts)
                    st = res["stats"]
                    ch["solve"] = {"status": res["status"], "seconds": st["seconds"],
                                   "conflicts": st["conflicts"], "rounds": st["rounds"],
                                   "cuts": st["cuts"]}
                except Exception as e:
                    ch["solve"] = {"error": _one_line(e)}
        entry["dimensions"] = dims
        out.append(entry)
    return out


# ------------------------------------------------------------------ markdown
def _md_table(header: Sequence[str], rows: Iterable[Sequence], align: str | None = None) -> str:
    align = align or ("l" + "r" * (len(header) - 1))
    sep = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(sep) + " |"]
    for r in rows:
        lines.append("| " + " | ".join(str(x).replace("|", "\\|") for x in r) + " |")
    return "\n".join(lines) + "\n"


def _cell(v) -> str:
    return "" if v in ("", None) else str(v)


def _pysat_cell(r, what) -> str:
    v = r.get("pysat_" + what, "")
    if v == "":
        note = r.get("pysat_note", "")
        if what == "aux":
            return _short_note(note)
        return ""
    return str(v)


def _short_note(note: str) -> str:
    if not note:
        return ""
    if note.startswith("not built"):
        return "not built (budget)"
    if note == "no PySAT counterpart":
        return "—"
    return note


def _formula_cell(r) -> str:
    if r.get("formula_aux", "") == "":
        return ""
    return f"{r['formula_aux']} / {r['formula_clauses']}"


def _measured(r, what) -> str:
    v = r.get(what, "")
    if v == "":
        return "not built" if what == "aux" and str(r.get("note", "")).startswith("not built") else ""
    return str(v)




def arc_consistency(method: str, nmax: int = 8) -> tuple[int, int]:
    """Check unit propagation on ``at_most`` (or, for a PB method, ``linear <=``).

    Cardinality: for n = 3..nmax, every bound 1 <= k <= n-2 (k = 1 only for
    at-most-one methods) and every set of k inputs assumed true, unit
    propagation must set every other input false. Pseudo-Boolean: weights
    :func:`pb_weights` (n = 3..min(nmax, 7)), K = W // 2, every set S of
    inputs with sum <= K assumed true: every input that no longer fits must be
    propagated false.

    Returns:
        (checks that passed, checks made).
    """
    from pysat.solvers import Solver
    ok = total = 0
    if method in enc.PB_METHODS:
        for n in range(3, min(nmax, 7) + 1):
            w = pb_weights(n)
            bound = sum(w) // 2
            xs = list(range(1, n + 1))
            cl = enc.linear(xs, w, "<=", bound, enc.VarCounter(n), method)
            with Solver(name="m22", bootstrap_with=cl) as s:
                for mask in range(1 << n):
                    chosen = [i for i in range(n) if mask >> i & 1]
                    used = sum(w[i] for i in chosen)
                    if used > bound:
                        continue
                    st, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                    implied = set(implied)
                    total += 1
                    ok += bool(st) and all(-xs[i] in implied for i in range(n)
                                           if i not in chosen and used + w[i] > bound)
        return ok, total
    for n in range(3, nmax + 1):
        xs = list(range(1, n + 1))
        for k in range(1, n - 1):
            if method in enc.AMO_METHODS and k != 1:
                continue
            cl = enc.at_most(xs, k, enc.VarCounter(n), method)
            with Solver(name="m22", bootstrap_with=cl) as s:
                for chosen in _combinations(n, k):
                    st, implied = s.propagate(assumptions=[xs[i] for i in chosen])
                    implied = set(implied)
                    total += 1
                    ok += bool(st) and all(-xs[i] in implied for i in range(n) if i not in chosen)
    return ok, total


def _combinations(n, k):
    from itertools import combinations
    return combinations(range(n), k)


def _method_section(method: str) -> str:
    rec = METHODS.get(method)
    ref, size, text = (rec.reference, rec.size_text, rec.when) if rec else ("", "", "")
    return f"**`{method}`** ({size}) — {text} *Reference:* {ref}.\n"


def _card_table(rows: Sequence[dict]) -> str:
    head = ["n", "k", "rule", "aux", "clauses", "literals", "formula aux / clauses", "=",
            "PySAT aux", "PySAT clauses", "PySAT literals", "note"]
    body = []
    for r in rows:
        body.append([r["n"], r["k"], r["k_rule"], _measured(r, "aux"), _measured(r, "clauses"),
                     _measured(r, "literals"), _formula_cell(r), _cell(r.get("formula_match")),
                     _pysat_cell(r, "aux"), _pysat_cell(r, "clauses"),
                     _pysat_cell(r, "literals"), _notes(r)])
    return _md_table(head, body, "rrlrrrrlrrrl")


def _notes(r) -> str:
    """The row's note, and PySAT's when it says why PySAT's cells are empty."""
    out = [r.get("note", "")]
    pn = r.get("pysat_note", "")
    if pn.startswith("not built"):
        out.append("PySAT " + pn)
    return "; ".join(x for x in out if x)


def _pb_table(rows: Sequence[dict]) -> str:
    head = ["n", "W", "K", "rule", "aux", "clauses", "literals", "formula aux / clauses", "=",
            "PySAT aux", "PySAT clauses", "PySAT literals", "note"]
    body = []
    for r in rows:
        body.append([r["n"], r["total_weight"], r["bound"], r["bound_rule"], _measured(r, "aux"),
                     _measured(r, "clauses"), _measured(r, "literals"), _formula_cell(r),
                     _cell(r.get("formula_match")), _pysat_cell(r, "aux"),
                     _pysat_cell(r, "clauses"), _pysat_cell(r, "literals"), _notes(r)])
    return _md_table(head, body, "rrrlrrrrlrrrl")


def _by_method(rows):
    out: dict[str, list] = {}
    for r in rows:
        out.setdefault(r["method"], []).append(r)
    return out


def _int_or_none(v):
    return None if v in ("", None) else int(v)


def _winners(rows: Sequence[dict], families=("amo", "card")) -> str:
    """Markdown table: the method with the fewest clauses per (n, bound rule),
    among those built (``families=None``: pseudo-Boolean rows)."""
    rule_field = "k_rule" if families else "bound_rule"
    cells: dict[tuple[int, str], list] = {}
    for r in rows:
        if families and r.get("family") not in families:
            continue
        if _int_or_none(r.get("clauses")) is None:
            continue
        for rule in str(r[rule_field]).split(" = "):
            cells.setdefault((int(r["n"]), rule), []).append(r)
    order = {"1": 0, "2": 1, "n/10": 2, "n/2": 3, "W/10": 4, "W/2": 5}
    rules = sorted({rule for _, rule in cells}, key=lambda x: order.get(x, 9))
    ns = sorted({n for n, _ in cells})
    head = ["n"] + [f"{'k' if families else 'K'} = {r}" for r in rules]
    body = []
    for n in ns:
        line: list = [n]
        for rule in rules:
            got = cells.get((n, rule))
            if not got:
                line.append("")
                continue
            best = min(int(r["clauses"]) for r in got)
            names = [r["method"] for r in got if int(r["clauses"]) == best]
            line.append(f"{', '.join(names)} ({best})")
        body.append(line)
    return _md_table(head, body, "r" + "l" * len(rules))


def _mismatches(rows: Sequence[dict]) -> list[dict]:
    return [r for r in rows if r.get("formula_match") == "NO"]


def write_markdown(card_rows: Sequence[dict], pb_rows: Sequence[dict], out: str, *,
                   meta: dict, plots: Sequence[str] = (), plots_note: str = "",
                   puzzles: bool = True, propagation: dict | None = None) -> None:
    """Write ``README.md``, ``cardinality.md`` and ``pb.md`` into ``out``
    (deterministic: no dates, no timings)."""
    vers = meta["versions"]
    pver = f"python-sat {vers.get('python-sat') or 'not installed'}"
    kver = f"pindakaas {vers['pindakaas']}" if vers.get("pindakaas") else "pindakaas not installed"

    # ---------------------------------------------------------- cardinality.md
    parts = ["# Cardinality encodings: measured sizes\n",
             "Generated by `make atlas` (`python -m satgrid.atlas --out encodings`); do not "
             "edit. Data: [cardinality.csv](cardinality.csv). Front page: [README.md](README.md).\n",
             f"Constraint: `at_most(x_1..x_n, k)` over n distinct inputs (our `at_most`; "
             f"PySAT's `CardEnc.atmost`, {pver}, numbered by a private `IDPool`). "
             "*aux*: auxiliary variables (inputs not counted); *literals*: the sum of clause "
             "lengths. *formula*: `satgrid.encodings.size_formula(method, n, k)` (aux / "
             "clauses); *=*: measured equals formula. k in {1, 2, max(1, n // 10), n // 2}, "
             f"k < n - 1. Combinations expected to exceed {meta['budget']} clauses are not "
             "built (the note says why; the formula is still shown).\n"]
    parts.append("Methods: " + ", ".join(f"[`{m}`](#{m})" for m in _by_method(card_rows)) + ".\n")
    for method, rs in _by_method(card_rows).items():
        parts.append(f"## {method}\n")
        parts.append(_method_section(method))
        pname = enc.PYSAT_CARD.get(method)
        note = f" ({PYSAT_DIFFERENT[method]}.)" if method in PYSAT_DIFFERENT else ""
        parts.append(f"PySAT counterpart: `EncType.{pname}`.{note}\n" if pname else
                     "PySAT counterpart: none.\n")
        if rs[0]["family"] == "amo":
            rs = [r for r in rs if int(r["k"]) == 1]
            parts.append("At-most-one only: measured at k = 1 (other bounds raise "
                         "`EncodingError`).\n")
        parts.append(_card_table(rs))
    atomic_write_text(os.path.join(out, "cardinality.md"), "\n".join(parts))

    # ---------------------------------------------------------- pb.md
    parts = ["# Pseudo-Boolean encodings: measured sizes\n",
             "Generated by `make atlas`; do not edit. Data: [pb.csv](pb.csv). Front page: "
             "[README.md](README.md).\n",
             "Constraint: `sum w_i x_i <= K` over n distinct inputs (our `linear(..., '<=', "
             f"K)`; PySAT's `PBEnc.atmost`, {pver}, {kver}). Weights: the first n terms of "
             "one fixed sequence in 1..10 (`satgrid.atlas.pb_weights`: x_0 = 1, x_{i+1} = "
             "(1103515245 x_i + 12345) mod 2^31, w_i = 1 + (x_{i+1} >> 16) mod 10), so the "
             "weights for n are a prefix of those for 2n. W = the total weight; K in "
             "{W // 10, W // 2}. Inputs heavier than K become unit clauses before any method "
             "runs (see `satgrid.encodings`). *formula*: `size_formula(method, n, K, "
             "weights=...)`: one unit per input heavier than K, plus, when the other m "
             "inputs can exceed K, for swc K(m-1) aux and 2mK + m - 3K - 1 clauses (K >= m "
             "included: no cardinality shortcut for weighted sums), for gtotalizer its "
             "recurrence (distinct sums per tree node, `satgrid.encodings.totalizer."
             "size_gtotalizer`); bdd has none (only its all-units row). Combinations "
             f"expected to exceed {meta['budget']} clauses are not built.\n"]
    if not vers.get("pindakaas"):
        parts.append(f"PySAT columns: {NO_PINDAKAAS}; `pip install 'satgrid[pb]'` and "
                     "rerun `make atlas` to fill them.\n")
    parts.append("Methods: " + ", ".join(f"[`{m}`](#{m})" for m in _by_method(pb_rows)) + ".\n")
    for method, rs in _by_method(pb_rows).items():
        parts.append(f"## {method}\n")
        parts.append(_method_section(method))
        pname = enc.PYSAT_PB.get(method)
        parts.append(f"PySAT counterpart: `pysat.pb.EncType.{pname}` (pindakaas).\n")
        parts.append(_pb_table(rs))
    atomic_write_text(os.path.join(out, "pb.md"), "\n".join(parts))

    # ---------------------------------------------------------- README.md
    parts = ["# The encoding atlas\n",
             "Every cardinality and pseudo-Boolean encoding of `satgrid.encodings`, measured "
             "over a sweep of sizes, beside the published size formula and PySAT's own "
             "numbers for the same constraint; and the seed puzzles compiled with each "
             "choice of encoding. Generated by `make atlas` (`python -m satgrid.atlas --out "
             "encodings`, a few minutes); `tests/test_atlas.py` regenerates the slice "
             "n in {4, 16, 64} and compares it with the CSV files, so the tables cannot go stale "
             "silently.\n",
             "| page | what |\n| --- | --- |\n"
             "| [cardinality.md](cardinality.md) · [cardinality.csv](cardinality.csv) | "
             "`at_most(x_1..x_n, k)`, n = 4..4096, k in {1, 2, n/10, n/2}: aux variables, "
             "clauses, literals, formula, PySAT |\n"
             "| [pb.md](pb.md) · [pb.csv](pb.csv) | `sum w_i x_i <= K`, n = 4..1024, "
             "weights 1..10, K in {W/10, W/2} |\n"
             + ("| [puzzles.md](puzzles.md) | the five seed instances with every applicable "
                "encoding: sizes per constraint group (as `satgrid stats` prints them), solve "
                "time (machine and date stated there) |\n" if puzzles else "")
             + "| [atlas.json](atlas.json) | sweep parameters and package versions |\n",
             f"Made with {pver} and {kver}; the PySAT columns are compared by the test only "
             "under the same versions. CSV columns: `aux`, `clauses`, `literals` (ours), "
             "`formula_aux`, `formula_clauses` (`size_formula`), `formula_match`, "
             "`pysat_encoding`, `pysat_aux`, `pysat_clauses`, `pysat_literals`, and notes "
             "saying why a cell is empty. No timings: the CSV files are byte-identical from "
             "run to run.\n"]
    bad = _mismatches(card_rows) + _mismatches(pb_rows)
    nform = sum(1 for r in list(card_rows) + list(pb_rows) if r.get("formula_match") in ("yes", "NO"))
    if bad:
        parts.append(f"**Measured size differs from the formula in {len(bad)} of {nform} "
                     "rows:** " + "; ".join(
                         f"{r['method']} n={r['n']} " + (f"k={r['k']}" if 'k' in r else f"K={r['bound']}")
                         + f" measured {r['aux']} / {r['clauses']}, formula "
                         f"{r['formula_aux']} / {r['formula_clauses']}" for r in bad[:20]) + ".\n")
    else:
        parts.append(f"Measured sizes equal the published formula in all {nform} rows that "
                     "have one (`formula_match` = yes).\n")
    parts.append("## Methods at a glance\n")
    parts.append("*Unit propagation*: checked by this run with MiniSat's `propagate` for n <= 8 "
                 "(see `satgrid.atlas.arc_consistency`): with any k inputs assumed true (any "
                 "set that fits, for the weighted sums), are all the others set false? "
                 "*Largest built*: clauses at the largest n of the sweep within the budget.\n")
    if propagation is None:
        propagation = {m: arc_consistency(m) for m in list(CARD_SWEEP_METHODS) + list(enc.PB_METHODS)}
    body = []
    for m in list(CARD_SWEEP_METHODS) + list(enc.PB_METHODS):
        fam = "at most one" if m in enc.AMO_METHODS else (
            "weighted sum" if m in enc.PB_METHODS else "any bound")
        ok, tot = propagation.get(m, (0, 0))
        prop = (f"arc-consistent ({tot} checks)" if ok == tot else
                f"**not** arc-consistent ({tot - ok} of {tot} checks fail)") if tot else ""
        rows = [r for r in (pb_rows if m in enc.PB_METHODS else card_rows) if r["method"] == m]
        pname = (enc.PYSAT_PB if m in enc.PB_METHODS else enc.PYSAT_CARD).get(m)
        body.append([f"[`{m}`](#{m})", fam, (METHODS[m].size_text if m in METHODS else ""), prop,
                     _largest(rows), f"`{pname}`" if pname else "—"])
    parts.append(_md_table(["method", "for", "size (published)", "unit propagation",
                            "largest built", "PySAT"], body, "llllll"))
    parts.append("## Growth\n")
    if plots:
        captions = {
            "clauses-k1.png": "Clauses for at most 1 of n (every at-most-one method and the counters).",
            "clauses-k2.png": "Clauses for at most 2 of n.",
            "clauses-k-half.png": "Clauses for at most n/2 of n (cardnetwork, dashed, coincides "
                                  "with sortnetwork here: one block of M >= k+1 is the whole sort).",
            "aux-k1.png": "Auxiliary variables for at most 1 of n (pairwise has none).",
            "aux-k-half.png": "Auxiliary variables for at most n/2 of n.",
            "pb-clauses.png": "Clauses of the pseudo-Boolean encodings, K = W/10 and W/2, "
                              "ours (solid) and PySAT's (dashed).",
        }
        for p in plots:
            parts.append(f"{captions.get(p, p)}\n\n![{p}](plots/{p})\n")
    else:
        parts.append(plots_note or "No plots.\n")
    parts.append("## Smallest encoding (clauses) per n and bound\n")
    parts.append("Among the methods built at that point (ties listed together); at-most-one "
                 "methods compete at k = 1 (and at n/10 when that is 1).\n")
    parts.append(_winners(card_rows))
    parts.append(_winners(pb_rows, families=None))
    parts.append("## Methods: when to choose which\n")
    parts.append("### At most one\n")
    for m in enc.AMO_METHODS:
        parts.append(f'<a id="{m}"></a>' + _method_section(m))
    parts.append("### Cardinality (any bound)\n")
    for m in enc.CARD_METHODS:
        parts.append(f'<a id="{m}"></a>' + _method_section(m))
    parts.append("### Pseudo-Boolean (weighted sums)\n")
    for m in enc.PB_METHODS:
        parts.append(f'<a id="{m}"></a>' + _method_section(m))
    parts.append("## Ours against PySAT\n")
    parts.append("The same constraint handed to PySAT's encoder (numbered by PySAT itself); "
                 "\"points\" are the (n, bound) cells where both were built.\n")
    parts.append(_pysat_summary(card_rows, pb_rows))
    parts.append("## How it is made\n")
    parts.append(
        f"Cardinality: `at_most(x_1..x_n, k)`, n = {', '.join(map(str, meta['card_ns']))}; "
        f"{meta['card_bounds']}. Pseudo-Boolean: `sum w_i x_i <= K`, n = "
        f"{', '.join(map(str, meta['pb_ns']))}; weights {meta['pb_weights']}; "
        f"{meta['pb_bounds']}. Auxiliary variables are counted from the variable source "
        "(inputs are 1..n); literals are the sum of clause lengths. A combination is not "
        f"built when it is expected to exceed {meta['budget']} clauses: by the formula "
        "when there is one, otherwise by scaling the previous n of the same series by "
        "(n/n')^2; its row says so. Regenerate with `make atlas`; `python -m "
        "satgrid.atlas --help` lists the options (`--no-puzzles`, `--no-plots`, `--ns`, "
        "`--budget`).\n")
    atomic_write_text(os.path.join(out, "README.md"), "\n".join(parts))


def _largest(rows: Sequence[dict]) -> str:
    """'n = N: c1 (k=1), c2 (k=n/2)' for the largest n with anything built."""
    built = [r for r in rows if r.get("clauses", "") != ""]
    if not built:
        return ""
    n = max(int(r["n"]) for r in built)
    at = [r for r in built if int(r["n"]) == n]
    rule = "k_rule" if "k_rule" in at[0] else "bound_rule"
    return f"n = {n}: " + ", ".join(f"{r['clauses']} ({r[rule]})" for r in at)


def _pysat_summary(card_rows, pb_rows) -> str:
    """One line per method: where PySAT's numbers equal ours and where not."""
    lines = []
    for rows in (card_rows, pb_rows):
        for method, rs in _by_method(rows).items():
            bkey = "k" if "k" in rs[0] else "bound"
            both = [r for r in rs if r.get("clauses", "") != "" and r.get("pysat_clauses", "") != ""]
            if not both:
                reason = next((r.get("pysat_note") for r in rs if r.get("pysat_note")), "")
                if reason == "no PySAT counterpart":
                    continue
                lines.append(f"| `{method}` | `{rs[0].get('pysat_encoding', '')}` | "
                             f"no common point ({_short_note(reason)}) |")
                continue
            same = [r for r in both if (str(r["aux"]), str(r["clauses"]), str(r["literals"])) ==
                    (str(r["pysat_aux"]), str(r["pysat_clauses"]), str(r["pysat_literals"]))]
            pname = rs[0].get("pysat_encoding", "")
            if len(same) == len(both):
                what = f"identical in all {len(both)} points"
            else:
                big = max(both, key=lambda r: (int(r["n"]), int(r[bkey])))
                what = (f"identical in {len(same)} of {len(both)} points; at n = {big['n']}, "
                        f"{'k' if bkey == 'k' else 'K'} = {big[bkey]}: ours {big['aux']} aux / "
                        f"{big['clauses']} clauses, PySAT {big['pysat_aux']} / "
                        f"{big['pysat_clauses']}")
                smaller = sum(1 for r in both if int(r["pysat_clauses"]) < int(r["clauses"]))
                larger = sum(1 for r in both if int(r["pysat_clauses"]) > int(r["clauses"]))
                what += f"; PySAT has fewer clauses in {smaller}, more in {larger} points"
                by_n: dict[str, set] = {}
                for r in both:
                    by_n.setdefault(r["n"], set()).add((r["pysat_aux"], r["pysat_clauses"]))
                multi = [n for n in by_n if sum(1 for r in both if r["n"] == n) > 1]
                if multi and all(len(by_n[n]) == 1 for n in multi):
                    what += "; PySAT's numbers do not depend on the bound (it builds the whole structure)"
            if method in PYSAT_DIFFERENT:
                what += f" ({PYSAT_DIFFERENT[method]})"
            lines.append(f"| `{method}` | `{pname}` | {what} |")
    return "| ours | PySAT | sizes |\n| --- | --- | --- |\n" + "\n".join(lines) + "\n"


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} logical cores, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}")


def write_puzzles_markdown(entries: Sequence[dict], path: str, *, time_limit: float,
                           solver: str = "cadical195", when: str | None = None,
                           machine: str | None = None) -> None:
    """Write ``puzzles.md``: per instance and dimension, sizes per constraint
    group and solve times, with the full ``satgrid stats`` table of each choice
    (:func:`satgrid.apps.report.format_stats`, the same function the command uses)."""
    from .model import DEFAULT_AMO, DEFAULT_CARD, DEFAULT_PB
    when = when or _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = machine or _machine()
    parts = ["# Seed puzzles under each choice of encoding\n",
             "Generated by `make atlas`; do not edit. Front page: [README.md](README.md).\n",
             f"Sizes come from `satgrid.api.stats` — the numbers `satgrid stats FILE "
             f"[--amo ENC] [--card ENC] [--pb ENC] [--connectivity lazy|eager]` prints, through "
             f"the same `format_stats` — and are exact and repeatable. **Times are not:** "
             f"`satgrid.api.solve` (compile and first solution, solver {solver}, time limit "
             f"{time_limit:g} s) measured on {machine}, on {when}, on a machine shared with "
             f"other work; read them as rough orders of magnitude. They appear only on this "
             f"page, never in the CSV files.\n",
             f"Each table changes one option from the defaults (amo = {DEFAULT_AMO}, card = "
             f"{DEFAULT_CARD}, pb = {DEFAULT_PB}, connectivity = lazy); the group columns are "
             f"the constraint groups whose sizes change (clauses, and the group's variables in "
             f"parentheses). An option that changes nothing for an instance is listed as not "
             f"applicable.\n"]
    parts.append("## Summary\n")
    parts.append(_puzzle_summary(entries))
    for e in entries:
        parts.append(f"## {e['kind']}: `{e['file']}`\n")
        if e.get("error"):
            parts.append(f"Could not load: {e['error']}\n")
            continue
        na = [d for d in e["dimensions"] if not d["applicable"]]
        if na:
            parts.append("Not applicable (no constraint of this instance uses it): "
                         + ", ".join(f"`{d['name']}`" for d in na) + ".\n")
        for d in e["dimensions"]:
            if not d["applicable"]:
                continue
            parts.append(f"### `Options({d['name']}=...)` — {d['what']}\n")
            parts.append(_dimension_table(e["default"], d))
            parts.append(_dimension_verdict(d))
            parts.append("<details><summary><code>satgrid stats</code> for each choice</summary>\n")
            for ch in d["choices"]:
                if ch["stats"] is None:
                    continue
                parts.append(f"`--{d['name']} {ch['value']}`\n\n```\n{format_stats(ch['stats'])}\n```\n")
            parts.append("</details>\n")
    atomic_write_text(path, "\n".join(parts))


def _puzzle_summary(entries: Sequence[dict]) -> str:
    """One line per (instance, applicable option): who has the fewest
    clauses, the fewest variables, and who solved fastest in this run."""
    body = []
    for e in entries:
        for d in e.get("dimensions", []):
            if not d["applicable"]:
                continue
            ok = [c for c in d["choices"] if c["stats"] is not None]
            if not ok:
                continue

            def best(key):
                v = min(key(c) for c in ok)
                return ", ".join(f"`{c['value']}`" for c in ok if key(c) == v) + f" ({v})"
            solved = [c for c in ok if c["solve"] and c["solve"].get("status") == "sat"]
            fast = (f"`{min(solved, key=lambda c: c['solve']['seconds'])['value']}`"
                    if solved else "")
            body.append([f"{e['kind']}", f"`{d['name']}`",
                         best(lambda c: c["stats"]["total"]["clauses"]),
                         best(lambda c: c["stats"]["total"]["variables"]), fast])
    return _md_table(["instance", "option", "fewest clauses", "fewest variables",
                      "fastest (this run)"], body, "lllll")


def _group_cell(s: dict | None) -> str:
    if s is None:
        return "—"
    return f"{s['clauses']} ({s['variables']})"


def _dimension_table(default: dict, d: dict) -> str:
    groups: list[str] = []
    for ch in d["choices"]:
        st = ch["stats"]
        if st is None:
            continue
        for g, s in st["groups"].items():
            if default["groups"].get(g) != s or any(
                    c["stats"] is not None and c["stats"]["groups"].get(g) != s for c in d["choices"]):
                if g not in groups:
                    groups.append(g)
    head = [d["name"], "variables", "clauses", "literals"] + [f"`{g}`" for g in groups] + \
           ["status", "seconds", "conflicts"]
    if d["name"] == "connectivity":
        head += ["rounds", "cuts"]
    body = []
    for ch in d["choices"]:
        st = ch["stats"]
        if st is None:
            body.append([f"`{ch['value']}`", "", "", ""] + [""] * len(groups)
                        + [f"error: {ch['error']}", "", ""] + (["", ""] if d["name"] == "connectivity" else []))
            continue
        t = st["total"]
        line = [f"`{ch['value']}`", t["variables"], t["clauses"], t["literals"]]
        line += [_group_cell(st["groups"].get(g)) for g in groups]
        sv = ch["solve"]
        if sv is None:
            line += ["not run", "", ""]
        elif "error" in sv:
            line += [f"error: {sv['error']}", "", ""]
        else:
            status = sv["status"] + (" (time limit)" if sv["status"] == "unknown" else "")
            line += [status, f"{sv['seconds']:.2f}", sv["conflicts"]]
        if d["name"] == "connectivity":
            line += ["" if not sv or "error" in sv else sv["rounds"],
                     "" if not sv or "error" in sv else sv["cuts"]]
        body.append(line)
    return _md_table(head, body, "l" + "r" * (len(head) - 1))


def _dimension_verdict(d: dict) -> str:
    ok = [c for c in d["choices"] if c["stats"] is not None]
    if not ok:
        return ""
    def best(key):
        v = min(key(c) for c in ok)
        return ", ".join(f"`{c['value']}`" for c in ok if key(c) == v), v
    names_c, vc = best(lambda c: c["stats"]["total"]["clauses"])
    names_l, vl = best(lambda c: c["stats"]["total"]["literals"])
    names_v, vv = best(lambda c: c["stats"]["total"]["variables"])
    line = (f"Fewest clauses: {names_c} ({vc}); fewest literals: {names_l} ({vl}); fewest "
            f"variables: {names_v} ({vv})")
    solved = [c for c in ok if c["solve"] and c["solve"].get("status") == "sat"]
    if solved:
        fast = min(solved, key=lambda c: c["solve"]["seconds"])
        line += f"; fastest in this run: `{fast['value']}` ({fast['solve']['seconds']:.2f} s)"
    return line + ".\n"


# ------------------------------------------------------------------ plots
def write_plots(card_rows: Sequence[dict], pb_rows: Sequence[dict], folder: str) -> list[str]:
    """Log-log growth plots into ``folder`` (created). Returns the file
    names written; raises ImportError when matplotlib is missing."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    os.makedirs(folder, exist_ok=True)
    written = []

    def series(rows, method, rule, what, rule_field="k_rule"):
        pts = []
        for r in rows:
            if r["method"] == method and rule in str(r[rule_field]).split(" = "):
                v = _int_or_none(r.get(what))
                if v:
                    pts.append((int(r["n"]), v))
        return sorted(pts)

    def save(fig, name):
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        data = buf.getvalue()
        atomic_write(os.path.join(folder, name), lambda fh: fh.write(data))
        written.append(name)

    styles = {m: (c, mk) for m, c, mk in zip(
        CARD_SWEEP_METHODS,
        ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
         "#7f7f7f", "#bcbd22", "#17becf", "#000000"],
        "os^vD<>phX*")}

    def card_plot(name, rule, what, methods, title, ylabel):
        fig, ax = plt.subplots(figsize=(7.5, 5))
        for m in methods:
            pts = series(card_rows, m, rule, what)
            if pts:
                c, mk = styles.get(m, ("#333333", "o"))
                # cardnetwork dashed: at k = n/2 it is the whole sorting network
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=mk, color=c, label=m,
                        markersize=4, linewidth=1.2,
                        linestyle="--" if m == "cardnetwork" else "-")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("n (inputs)")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=8, ncol=2)
        fig.tight_layout()
        save(fig, name)

    everything = list(CARD_SWEEP_METHODS)
    counters = [m for m in enc.CARD_METHODS]
    card_plot("clauses-k1.png", "1", "clauses", everything, "at most 1 of n: clauses", "clauses")
    card_plot("clauses-k2.png", "2", "clauses", counters, "at most 2 of n: clauses", "clauses")
    card_plot("clauses-k-half.png", "n/2", "clauses", counters, "at most n/2 of n: clauses", "clauses")
    card_plot("aux-k1.png", "1", "aux", everything, "at most 1 of n: auxiliary variables",
              "auxiliary variables")
    card_plot("aux-k-half.png", "n/2", "aux", counters, "at most n/2 of n: auxiliary variables",
              "auxiliary variables")

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), sharey=True)
    colors = {"bdd": "#1f77b4", "swc": "#ff7f0e", "gtotalizer": "#2ca02c"}
    for ax, rule in zip(axes, ("W/10", "W/2")):
        for m in sorted({r["method"] for r in pb_rows}, key=list(enc.PB_METHODS).index):
            pts = series(pb_rows, m, rule, "clauses", "bound_rule")
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=4,
                        color=colors.get(m), label=f"{m} (ours)")
            pts = series(pb_rows, m, rule, "pysat_clauses", "bound_rule")
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="x", markersize=4,
                        linestyle="--", color=colors.get(m), label=f"PySAT {enc.PYSAT_PB[m]}")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("n (inputs, weights 1..10)")
        ax.set_title(f"sum w_i x_i <= {rule}: clauses")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    axes[0].set_ylabel("clauses")
    fig.tight_layout()
    save(fig, "pb-clauses.png")
    return written


# ------------------------------------------------------------------ main
def make_meta(card_ns, pb_ns, budget) -> dict:
    """The parameters and versions written to ``atlas.json``."""
    return {"card_ns": list(card_ns), "card_methods": list(CARD_SWEEP_METHODS),
            "card_bounds": "k in {1, 2, max(1, n // 10), n // 2}, 1 <= k < n - 1",
            "pb_ns": list(pb_ns), "pb_methods": list(enc.PB_METHODS),
            "pb_weights": "x0 = 1, x(i+1) = (1103515245 x(i) + 12345) mod 2^31, "
                          "w(i) = 1 + (x(i+1) >> 16) mod 10",
            "pb_bounds": "K in {W // 10, W // 2}, W = sum of weights",
            "budget": budget, "versions": versions()}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m satgrid.atlas [--out DIR] [--ns N,N,..] [--pb-ns ...]
    [--no-puzzles] [--no-plots] [--budget C] [--time-limit S]``."""
    ap = argparse.ArgumentParser(prog="python -m satgrid.atlas",
                                 description="Regenerate the encoding atlas.")
    ap.add_argument("--out", default="encodings", help="output folder (default: encodings)")
    ap.add_argument("--ns", help="comma-separated n for the cardinality sweep (default 4..4096)")
    ap.add_argument("--pb-ns", help="comma-separated n for the PB sweep (default 4..1024)")
    ap.add_argument("--budget", type=int, default=CLAUSE_BUDGET)
    ap.add_argument("--no-puzzles", action="store_true", help="skip puzzles.md")
    ap.add_argument("--no-plots", action="store_true", help="skip plots/*.png")
    ap.add_argument("--time-limit", type=float, default=PUZZLE_TIME_LIMIT,
                    help="per-solve limit in the puzzle tables (seconds)")
    a = ap.parse_args(argv)

    def ns_arg(text, default):
        if not text:
            return default
        try:
            ns = tuple(sorted({int(x) for x in text.split(",")}))
        except ValueError:
            ap.error(f"expected comma-separated integers, found {text!r}")
        if any(n < 4 for n in ns):
            ap.error("every n must be >= 4")
        return ns

    card_ns = ns_arg(a.ns, CARD_NS)
    pb_ns = ns_arg(a.pb_ns, PB_NS)
    out = a.out
    os.makedirs(out, exist_ok=True)
    t0 = time.perf_counter()

    def say(msg):
        print(f"[{time.perf_counter() - t0:6.1f}s] {msg}", file=sys.stderr, flush=True)

    say(f"cardinality sweep, n = {card_ns[0]}..{card_ns[-1]}")
    card_rows = sweep_cardinality(card_ns, budget=a.budget)
    write_csv(card_rows, os.path.join(out, "cardinality.csv"), CARD_FIELDS)
    say(f"pseudo-Boolean sweep, n = {pb_ns[0]}..{pb_ns[-1]}"
        + ("" if have_pindakaas() else f" (PySAT: {NO_PINDAKAAS})"))
    pb_rows = sweep_pb(pb_ns, budget=a.budget)
    write_csv(pb_rows, os.path.join(out, "pb.csv"), PB_FIELDS)
    meta = make_meta(card_ns, pb_ns, a.budget)
    atomic_write_text(os.path.join(out, "atlas.json"), json.dumps(meta, indent=2) + "\n")

    plots: list[str] = []
    plots_note = ""
    if a.no_plots:
        plots_note = "Plots were not regenerated in this run (`--no-plots`).\n"
        folder = os.path.join(out, "plots")
        if os.path.isdir(folder):
            plots = sorted(f for f in os.listdir(folder) if f.endswith(".png"))
    else:
        try:
            say("plots")
            plots = write_plots(card_rows, pb_rows, os.path.join(out, "plots"))
        except ImportError:
            plots_note = ("No plots: matplotlib is not installed (`pip install "
                          "'satgrid[plot]'`, which `make atlas` does).\n")
            say("matplotlib not installed: no plots")
    say("unit-propagation checks")
    propagation = {m: arc_consistency(m) for m in list(CARD_SWEEP_METHODS) + list(enc.PB_METHODS)}
    write_markdown(card_rows, pb_rows, out, meta=meta, plots=plots, plots_note=plots_note,
                   propagation=propagation,
                   puzzles=not a.no_puzzles or os.path.exists(os.path.join(out, "puzzles.md")))
    if not a.no_puzzles:
        say("seed puzzles")
        entries = puzzle_table(SEED_INSTANCES, time_limit=a.time_limit)
        write_puzzles_markdown(entries, os.path.join(out, "puzzles.md"), time_limit=a.time_limit)
    bad = _mismatches(card_rows) + _mismatches(pb_rows)
    say(f"done: {len(card_rows)} cardinality rows, {len(pb_rows)} PB rows, "
        f"{len(bad)} formula mismatches; written to {out}/")
    for r in bad:
        print(f"formula mismatch: {r['method']} n={r['n']} "
              + (f"k={r['k']}" if "k" in r else f"K={r['bound']}")
              + f": measured {r['aux']} aux / {r['clauses']} clauses, formula "
              f"{r['formula_aux']} / {r['formula_clauses']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
