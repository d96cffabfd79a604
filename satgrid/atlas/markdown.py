"""The atlas's Markdown pages: ``README.md``, ``cardinality.md`` and ``pb.md``.

Owns how the sweep's rows read as Markdown: the tables, and one function per
section of each page (``*_section``); :func:`write_markdown` joins them. The
pages are deterministic: no dates, no timings (those live in ``puzzles.md``,
:mod:`satgrid.atlas.puzzles`).
"""

from __future__ import annotations

import os
from typing import Iterable, Sequence

from ..core import encodings as enc
from ..core.encodings.methods import METHODS
from ..io.fileio import atomic_write_text
from .propagation import arc_consistency
from .constraints import BOUND_RULES, CONSTRAINT_FILES, amo_note
from .sweep import CARD_SWEEP_METHODS, NO_PINDAKAAS, PYSAT_DIFFERENT, int_or_none, mismatches


# ------------------------------------------------------------------ tables
def md_table(header: Sequence[str], rows: Iterable[Sequence], align: str | None = None) -> str:
    """A Markdown table; ``align`` has one letter per column, ``r`` for
    right-aligned (default: the first column left, the others right)."""
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


def method_paragraph(method: str) -> str:
    """The method's paragraph: its size in words, when to choose it, its paper."""
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
    return md_table(head, body, "rrlrrrrlrrrl")


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
    return md_table(head, body, "rrrlrrrrlrrrl")


def _by_method(rows):
    out: dict[str, list] = {}
    for r in rows:
        out.setdefault(r["method"], []).append(r)
    return out


def _winners(rows: Sequence[dict], families=("amo", "card")) -> str:
    """Markdown table: the method with the fewest clauses per (n, bound rule),
    among those built (``families=None``: pseudo-Boolean rows)."""
    rule_field = "k_rule" if families else "bound_rule"
    cells: dict[tuple[int, str], list] = {}
    for r in rows:
        if families and r.get("family") not in families:
            continue
        if int_or_none(r.get("clauses")) is None:
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
    return md_table(head, body, "r" + "l" * len(rules))


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


# ------------------------------------------------------------------ pages
def write_markdown(card_rows: Sequence[dict], pb_rows: Sequence[dict], out: str, *,
                   meta: dict, plots: Sequence[str] = (), plots_note: str = "",
                   puzzles: bool = True, propagation: dict | None = None,
                   constraint_rows: dict[str, Sequence[dict]] | None = None,
                   timing: bool = False) -> None:
    """Write ``README.md``, ``cardinality.md``, ``pb.md`` and a page per
    ``constraint_rows`` entry (``at_least``, ``exactly``: their sweep's rows)
    into ``out`` (deterministic: no dates, no timings).

    ``propagation`` maps each method to :func:`arc_consistency`'s (passed,
    made); None runs the checks here. ``puzzles``: link ``puzzles.md``;
    ``timing``: link the solve-time study's pages."""
    constraint_rows = constraint_rows or {}
    atomic_write_text(os.path.join(out, "cardinality.md"), cardinality_page(card_rows, meta))
    for constraint, rows in constraint_rows.items():
        atomic_write_text(os.path.join(out, CONSTRAINT_FILES[constraint][0] + ".md"),
                          constraint_page(constraint, rows, meta))
    atomic_write_text(os.path.join(out, "pb.md"), pb_page(pb_rows, meta))
    if propagation is None:
        propagation = {m: arc_consistency(m) for m in list(CARD_SWEEP_METHODS) + list(enc.PB_METHODS)}
    every_card = list(card_rows) + [r for rows in constraint_rows.values() for r in rows]
    sections = [readme_intro_section(meta, puzzles, timing),
                formula_match_section(every_card, pb_rows),
                glance_section(card_rows, pb_rows, propagation),
                growth_section(plots, plots_note),
                smallest_section(card_rows, pb_rows),
                choosing_section(),
                pysat_section(card_rows, pb_rows),
                how_made_section(meta)]
    atomic_write_text(os.path.join(out, "README.md"), "\n".join(sections))


def _versions_text(meta: dict) -> tuple[str, str]:
    """("python-sat X", "pindakaas Y") as the pages state them."""
    vers = meta["versions"]
    pver = f"python-sat {vers.get('python-sat') or 'not installed'}"
    kver = f"pindakaas {vers['pindakaas']}" if vers.get("pindakaas") else "pindakaas not installed"
    return pver, kver


# ------------------------------------------------------------------ cardinality.md
def cardinality_page(card_rows: Sequence[dict], meta: dict) -> str:
    """``cardinality.md``: its header, then one section per method."""
    sections = [cardinality_header_section(card_rows, meta)]
    sections += [cardinality_method_section(method, rs)
                 for method, rs in _by_method(card_rows).items()]
    return "\n".join(sections)


def cardinality_header_section(card_rows: Sequence[dict], meta: dict) -> str:
    """Title, what is measured and how to read it, the list of methods."""
    pver, _ = _versions_text(meta)
    parts = ["# Cardinality encodings: measured sizes\n",
             "Generated by `make atlas` (`python -m satgrid.atlas --out encodings`); do not "
             "edit. Data: [cardinality.csv](cardinality.csv). Front page: [README.md](README.md).\n",
             f"Constraint: `at_most(x_1..x_n, k)` over n distinct inputs (our `at_most`; "
             f"PySAT's `CardEnc.atmost`, {pver}, numbered by a private `IDPool`). "
             "*aux*: auxiliary variables (inputs not counted); *literals*: the sum of clause "
             "lengths. *formula*: `satgrid.core.encodings.size_formula(method, n, k)` (aux / "
             "clauses); *=*: measured equals formula. k in {1, 2, max(1, n // 10), n // 2}, "
             f"k < n - 1. Combinations expected to exceed {meta['budget']} clauses are not "
             "built (the note says why; the formula is still shown).\n"]
    parts.append("Methods: " + ", ".join(f"[`{m}`](#{m})" for m in _by_method(card_rows)) + ".\n")
    return "\n".join(parts)


def cardinality_method_section(method: str, rs: Sequence[dict]) -> str:
    """One method's heading, paragraph, PySAT counterpart and size table."""
    parts = [f"## {method}\n"]
    parts.append(method_paragraph(method))
    pname = enc.PYSAT_CARD.get(method)
    note = f" ({PYSAT_DIFFERENT[method]}.)" if method in PYSAT_DIFFERENT else ""
    parts.append(f"PySAT counterpart: `EncType.{pname}`.{note}\n" if pname else
                 "PySAT counterpart: none.\n")
    if rs[0]["family"] == "amo":
        rs = [r for r in rs if int(r["k"]) == 1]
        parts.append("At-most-one only: measured at k = 1 (other bounds raise "
                     "`EncodingError`).\n")
    parts.append(_card_table(rs))
    return "\n".join(parts)


def constraint_page(constraint: str, rows: Sequence[dict], meta: dict) -> str:
    """``cardinality-at-least.md`` / ``cardinality-exactly.md``: the sizes of
    ``at_least`` or ``exactly`` per method, beside the composed formula
    (:func:`satgrid.atlas.constraints.constraint_formula`) and PySAT's
    ``CardEnc.atleast`` / ``equals``."""
    stem, text = CONSTRAINT_FILES[constraint]
    pver, _ = _versions_text(meta)
    how = {"at_least": "our `at_least(x, k)` is `at_most(-x, n - k)`, so its formula is the "
                       "method's `at_most` size at bound n - k; at-most-one methods do k = n - 1 "
                       "only (at most one input false)",
           "exactly": "`totalizer`, `cardnetwork` and `sortnetwork` build one structure with "
                      "clauses both ways (their own sizes); at-most-one methods do k = 1 (the "
                      "AMO plus `OR(x)`) and k = n - 1 (the AMO over the negations plus "
                      "`OR(-x)`); every other method is `at_most(x, k)` plus `at_most(-x, n - k)`, "
                      "a half with bound n - 1 being its one clause"}[constraint]
    parts = [f"# Cardinality encodings: `{text}`\n",
             f"Generated by `make atlas`; do not edit. Data: [{stem}.csv]({stem}.csv), the "
             "columns of [cardinality.csv](cardinality.csv). `at_most`: "
             "[cardinality.md](cardinality.md). Front page: [README.md](README.md).\n",
             f"Constraint: `{text}` over n distinct inputs (ours; PySAT's `CardEnc."
             f"{'atleast' if constraint == 'at_least' else 'equals'}`, {pver}). Bounds: "
             f"{BOUND_RULES[constraint]}. *formula*: composed as `satgrid.core.encodings` builds "
             f"the constraint: {how} (`satgrid.atlas.constraint_formula`). Combinations "
             f"expected to exceed {meta['budget']} clauses are not built.\n"]
    parts.append("Methods: " + ", ".join(f"[`{m}`](#{m})" for m in _by_method(rows)) + ".\n")
    for method, rs in _by_method(rows).items():
        parts.append(f"## {method}\n")
        pname = enc.PYSAT_CARD.get(method)
        parts.append(f"PySAT counterpart: `EncType.{pname}`.\n" if pname else
                     "PySAT counterpart: none.\n")
        if rs[0]["family"] == "amo":
            rs = [r for r in rs if r.get("note") != amo_note(constraint)]
            parts.append("At-most-one method: rows only at the bounds it can do ("
                         + amo_note(constraint).split("(", 1)[1] + ".\n")
        parts.append(_card_table(rs))
    return "\n".join(parts)


# ------------------------------------------------------------------ pb.md
def pb_page(pb_rows: Sequence[dict], meta: dict) -> str:
    """``pb.md``: its header, then one section per method."""
    sections = [pb_header_section(pb_rows, meta)]
    sections += [pb_method_section(method, rs) for method, rs in _by_method(pb_rows).items()]
    return "\n".join(sections)


def pb_header_section(pb_rows: Sequence[dict], meta: dict) -> str:
    """Title, the constraint, the weights and bounds, the list of methods."""
    pver, kver = _versions_text(meta)
    parts = ["# Pseudo-Boolean encodings: measured sizes\n",
             "Generated by `make atlas`; do not edit. Data: [pb.csv](pb.csv). Front page: "
             "[README.md](README.md).\n",
             "Constraint: `sum w_i x_i <= K` over n distinct inputs (our `linear(..., '<=', "
             f"K)`; PySAT's `PBEnc.atmost`, {pver}, {kver}). Weights: the first n terms of "
             "one fixed sequence in 1..10 (`satgrid.atlas.pb_weights`: x_0 = 1, x_{i+1} = "
             "(1103515245 x_i + 12345) mod 2^31, w_i = 1 + (x_{i+1} >> 16) mod 10), so the "
             "weights for n are a prefix of those for 2n. W = the total weight; K in "
             "{W // 10, W // 2}. Inputs heavier than K become unit clauses before any method "
             "runs (see `satgrid.core.encodings`). *formula*: `size_formula(method, n, K, "
             "weights=...)`: one unit per input heavier than K, plus, when the other m "
             "inputs can exceed K, for swc K(m-1) aux and 2mK + m - 3K - 1 clauses (K >= m "
             "included: no cardinality shortcut for weighted sums), for gtotalizer its "
             "recurrence (distinct sums per tree node, `satgrid.core.encodings.totalizer."
             "size_gtotalizer`); bdd has none (only its all-units row). Combinations "
             f"expected to exceed {meta['budget']} clauses are not built.\n"]
    if not meta["versions"].get("pindakaas"):
        parts.append(f"PySAT columns: {NO_PINDAKAAS}; `pip install 'satgrid[pb]'` and "
                     "rerun `make atlas` to fill them.\n")
    parts.append("Methods: " + ", ".join(f"[`{m}`](#{m})" for m in _by_method(pb_rows)) + ".\n")
    return "\n".join(parts)


def pb_method_section(method: str, rs: Sequence[dict]) -> str:
    """One method's heading, paragraph, PySAT counterpart and size table."""
    parts = [f"## {method}\n"]
    parts.append(method_paragraph(method))
    pname = enc.PYSAT_PB.get(method)
    parts.append(f"PySAT counterpart: `pysat.pb.EncType.{pname}` (pindakaas).\n")
    parts.append(_pb_table(rs))
    return "\n".join(parts)


# ------------------------------------------------------------------ README.md
def readme_intro_section(meta: dict, puzzles: bool, timing: bool = False) -> str:
    """Title, what the atlas is, its pages, the versions it was made with."""
    pver, kver = _versions_text(meta)
    parts = ["# The encoding atlas\n",
             "Every cardinality and pseudo-Boolean encoding of `satgrid.core.encodings`, measured "
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
             "| [cardinality-at-least.md](cardinality-at-least.md) · "
             "[.csv](cardinality-at-least.csv) | `at_least(x_1..x_n, k)`, k in {2, n/10, n/2, "
             "n-1}: the same columns |\n"
             "| [cardinality-exactly.md](cardinality-exactly.md) · "
             "[.csv](cardinality-exactly.csv) | `exactly(x_1..x_n, k)`, k in {1, 2, n/10, "
             "n/2}: the same columns |\n"
             "| [pb.md](pb.md) · [pb.csv](pb.csv) | `sum w_i x_i <= K`, n = 4..1024, "
             "weights 1..10, K in {W/10, W/2} |\n"
             + ("| [timing.md](timing.md) · [timing.csv](timing.csv) | the solve-time study: "
                "every encoding a kind lets you choose, on generated instances of every "
                "kind, under several solvers: conflicts and propagations, median [min–max] "
                "over the seeds (exact, repeatable) |\n"
                "| [timing-seconds.md](timing-seconds.md) · [.csv](timing-seconds.csv) | the "
                "same runs' seconds (machine and date stated there) |\n" if timing else "")
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
    return "\n".join(parts)


def formula_match_section(card_rows: Sequence[dict], pb_rows: Sequence[dict]) -> str:
    """Whether every measured size equals its published formula."""
    bad = mismatches(card_rows) + mismatches(pb_rows)
    nform = sum(1 for r in list(card_rows) + list(pb_rows) if r.get("formula_match") in ("yes", "NO"))
    if bad:
        return (f"**Measured size differs from the formula in {len(bad)} of {nform} "
                "rows:** " + "; ".join(
                    f"{r['method']} {r.get('constraint', '')} n={r['n']} "
                    + (f"k={r['k']}" if 'k' in r else f"K={r['bound']}")
                    + f" measured {r['aux']} / {r['clauses']}, formula "
                    f"{r['formula_aux']} / {r['formula_clauses']}" for r in bad[:20]) + ".\n")
    return (f"Measured sizes equal the published formula in all {nform} rows that "
            "have one (`formula_match` = yes).\n")


def glance_section(card_rows: Sequence[dict], pb_rows: Sequence[dict],
                   propagation: dict) -> str:
    """The "Methods at a glance" table: family, size, unit propagation, largest
    built, PySAT's name."""
    parts = ["## Methods at a glance\n"]
    parts.append("*Unit propagation*: checked by this run with MiniSat's `propagate` for n <= 8 "
                 "(see `satgrid.atlas.arc_consistency`): with any k inputs assumed true (any "
                 "set that fits, for the weighted sums), are all the others set false? "
                 "*Largest built*: clauses at the largest n of the sweep within the budget.\n")
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
    parts.append(md_table(["method", "for", "size (published)", "unit propagation",
                           "largest built", "PySAT"], body, "llllll"))
    return "\n".join(parts)


def growth_section(plots: Sequence[str], plots_note: str) -> str:
    """The plots with their captions (or why there are none)."""
    parts = ["## Growth\n"]
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
    return "\n".join(parts)


def smallest_section(card_rows: Sequence[dict], pb_rows: Sequence[dict]) -> str:
    """The method with the fewest clauses per n and bound."""
    parts = ["## Smallest encoding (clauses) per n and bound\n"]
    parts.append("Among the methods built at that point (ties listed together); at-most-one "
                 "methods compete at k = 1 (and at n/10 when that is 1).\n")
    parts.append(_winners(card_rows))
    parts.append(_winners(pb_rows, families=None))
    return "\n".join(parts)


def choosing_section() -> str:
    """One paragraph per method, by family: when to choose which."""
    parts = ["## Methods: when to choose which\n"]
    parts.append("### At most one\n")
    for m in enc.AMO_METHODS:
        parts.append(f'<a id="{m}"></a>' + method_paragraph(m))
    parts.append("### Cardinality (any bound)\n")
    for m in enc.CARD_METHODS:
        parts.append(f'<a id="{m}"></a>' + method_paragraph(m))
    parts.append("### Pseudo-Boolean (weighted sums)\n")
    for m in enc.PB_METHODS:
        parts.append(f'<a id="{m}"></a>' + method_paragraph(m))
    return "\n".join(parts)


def pysat_section(card_rows: Sequence[dict], pb_rows: Sequence[dict]) -> str:
    """Where PySAT's numbers for the same constraint equal ours."""
    parts = ["## Ours against PySAT\n"]
    parts.append("The same constraint handed to PySAT's encoder (numbered by PySAT itself); "
                 "\"points\" are the (n, bound) cells where both were built.\n")
    parts.append(_pysat_summary(card_rows, pb_rows))
    return "\n".join(parts)


def how_made_section(meta: dict) -> str:
    """The sweep's parameters, the budget rule, how to regenerate."""
    parts = ["## How it is made\n"]
    parts.append(
        f"Cardinality: `at_most(x_1..x_n, k)`, n = {', '.join(map(str, meta['card_ns']))}; "
        f"{meta['card_bounds']}. Pseudo-Boolean: `sum w_i x_i <= K`, n = "
        f"{', '.join(map(str, meta['pb_ns']))}; weights {meta['pb_weights']}; "
        f"{meta['pb_bounds']}. Auxiliary variables are counted from the variable source "
        "(inputs are 1..n); literals are the sum of clause lengths. A combination is not "
        f"built when it is expected to exceed {meta['budget']} clauses: by the formula "
        "when there is one, otherwise by scaling the previous n of the same series by "
        "(n/n')^2; its row says so. `at_least` and `exactly`: the same n, "
        f"{'; '.join(f'{c}: {b}' for c, b in meta.get('constraint_bounds', {}).items() if c != 'at_most')}. "
        "Regenerate with `make atlas`; `python -m satgrid.atlas --help` lists the options "
        "(`--workers N` or `--scheduler ADDRESS` to run the measurements on a Dask "
        "cluster, which writes the same files; `--quick`, `--no-puzzles`, `--no-plots`, "
        "`--no-timing`, `--ns`, `--budget`, and the study's `--solvers`, `--seeds`, "
        "`--conflict-limit`).\n")
    return "\n".join(parts)
