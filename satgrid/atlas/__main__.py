"""``python -m satgrid.atlas``: regenerate the encoding atlas (``make atlas``).

Owns the command line: the options, the order of the steps and the progress
lines on stderr (with a progress bar over the methods and puzzles when stderr
is a terminal, see :mod:`satgrid.apps.progress`; ``--quiet`` turns it off). The work itself is in :mod:`.sweep`, :mod:`.propagation`,
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
from ..apps.progress import Progress
from ..fileio import atomic_write_text
from ..interrupts import exit_status, raise_on_sigterm
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
    ap.add_argument("--quiet", action="store_true",
                    help="no progress bar (one is drawn on stderr only when it is a terminal)")
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

    # one step per method swept, per method checked, per seed puzzle: the same
    # rows as one call over all of them (each method's series is its own)
    card_methods = list(dict.fromkeys(enc.canonical_method(m) for m in CARD_SWEEP_METHODS))
    prop_methods = list(CARD_SWEEP_METHODS) + list(enc.PB_METHODS)
    seeds = [] if a.no_puzzles else list(SEED_INSTANCES)
    bar = Progress(len(card_methods) + len(enc.PB_METHODS) + len(prop_methods) + len(seeds),
                   desc="atlas", unit="step", quiet=a.quiet)

    def say(msg):
        line = f"[{time.perf_counter() - t0:6.1f}s] {msg}"
        if bar.active:
            bar.write(line)
        else:
            print(line, file=sys.stderr, flush=True)

    def each(items, what):
        for item in items:
            bar.note(f"{what} {item}")
            yield item
            bar.update()

    say(f"cardinality sweep, n = {card_ns[0]}..{card_ns[-1]}")
    card_rows = [row for m in each(card_methods, "cardinality")
                 for row in sweep_cardinality(card_ns, methods=[m], budget=a.budget)]
    write_csv(card_rows, os.path.join(out, "cardinality.csv"), CARD_FIELDS)
    say(f"pseudo-Boolean sweep, n = {pb_ns[0]}..{pb_ns[-1]}"
        + ("" if have_pindakaas() else f" (PySAT: {NO_PINDAKAAS})"))
    pb_rows = [row for m in each(enc.PB_METHODS, "pseudo-Boolean")
               for row in sweep_pb(pb_ns, methods=[m], budget=a.budget)]
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
    propagation = {m: arc_consistency(m) for m in each(prop_methods, "propagation")}
    write_markdown(card_rows, pb_rows, out, meta=meta, plots=plots, plots_note=plots_note,
                   propagation=propagation,
                   puzzles=not a.no_puzzles or os.path.exists(os.path.join(out, "puzzles.md")))
    if not a.no_puzzles:
        say("seed puzzles")
        entries = [e for f in each(seeds, "puzzle")
                   for e in puzzle_table([f], time_limit=a.time_limit)]
        write_puzzles_markdown(entries, os.path.join(out, "puzzles.md"), time_limit=a.time_limit)
    bar.close()
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
    raise_on_sigterm()                     # SIGTERM, like Ctrl-C: files written so far are whole
    try:
        sys.exit(main())
    except KeyboardInterrupt as e:         # 130 (SIGINT) or 143 (SIGTERM), no traceback
        print("python -m satgrid.atlas: interrupted", file=sys.stderr)
        sys.exit(exit_status(e))
