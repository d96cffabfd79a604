"""The atlas's plots: growth of the encodings on log scales, ``plots/*.png``.

Owns :func:`write_plots`. matplotlib is an optional dependency
(``satgrid[plot]``), imported only when plots are drawn.
"""

from __future__ import annotations

import io
import os
from typing import Sequence

from ..core import encodings as enc
from ..io.fileio import atomic_write
from .sweep import CARD_SWEEP_METHODS, int_or_none


def write_plots(card_rows: Sequence[dict], pb_rows: Sequence[dict], folder: str) -> list[str]:
    """Log-log growth plots into ``folder`` (created). Returns the file
    names written; raises ImportError when matplotlib is missing."""
    import matplotlib  # optional dependency (satgrid[plot])
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # optional dependency (satgrid[plot])
    os.makedirs(folder, exist_ok=True)
    written = []

    def series(rows, method, rule, what, rule_field="k_rule"):
        pts = []
        for r in rows:
            if r["method"] == method and rule in str(r[rule_field]).split(" = "):
                v = int_or_none(r.get(what))
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
