"""``python -m satgrid.atlas``: regenerate the encoding atlas (``make atlas``).

Owns the command line: the options, the order of the steps and the progress
lines on stderr. The work itself is in :mod:`.sweep`, :mod:`.propagation`,
:mod:`.markdown`, :mod:`.puzzles` and :mod:`.plots`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Sequence

from .. import encodings as enc
from ..fileio import atomic_write_text
from .markdown import write_markdown
from .plots import write_plots
from .propagation import arc_consistency
from .puzzles import PUZZLE_TIME_LIMIT, SEED_INSTANCES, puzzle_table, write_puzzles_markdown
from .sweep import (CARD_FIELDS, CARD_NS, CARD_SWEEP_METHODS, CLAUSE_BUDGET, NO_PINDAKAAS,
                    PB_FIELDS, PB_NS, have_pindakaas, make_meta, mismatches, sweep_cardinality,
                    sweep_pb, write_csv)


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
    bad = mismatches(card_rows) + mismatches(pb_rows)
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
