"""The encoding atlas: measured sizes of every encoding beside the published
formula and PySAT's own numbers, and per-constraint size reports of the seed
puzzles. ``make atlas`` (``python -m satgrid.atlas --out encodings --workers 2``)
regenerates the top-level folder ``encodings/``:

==========================  =================================================
``README.md``               front page: how to read it, one paragraph per
                            method (when to choose it, its paper), plots
``cardinality.md``          one table per cardinality / at-most-one method
``cardinality-at-least.md`` the same for ``at_least`` (and ``.csv``)
``cardinality-exactly.md``  the same for ``exactly`` (and ``.csv``)
``pb.md``                   one table per pseudo-Boolean method
``timing.md``               the solve-time study: conflicts, propagations per
                            encoding, kind and solver, median [min-max]
``timing-seconds.md``       the same runs' seconds (machine and date stated)
``puzzles.md``              the seed instances compiled with each choice of
                            encoding: sizes per constraint group, solve time
``cardinality.csv``         the cardinality sweep (deterministic bytes)
``pb.csv``                  the pseudo-Boolean sweep (deterministic bytes)
``timing.csv``              one row per study run, counts only (deterministic)
``timing-seconds.csv``      one row per study run, seconds
``atlas.json``              sweep parameters and package versions the CSV
                            were made with (what ``tests/test_atlas.py`` needs)
``plots/*.png``             growth on log scales (needs matplotlib)
==========================  =================================================

Every measurement is a work unit (:class:`Unit`): a size series (one
method, one constraint), a propagation check, a study instance prepared, one
study solve. ``python -m satgrid.atlas --workers N`` (a ``LocalCluster``) or
``--scheduler ADDRESS`` runs them on Dask (:func:`run_units`); the files are
made from the units' results alone, in a fixed order, so they are the same
bytes as the serial run's (the seconds files and ``puzzles.md`` aside).

What is measured. Cardinality: ``at_most(x_1..x_n, k)`` over ``n`` distinct
inputs, ``n`` = 4, 8, ..., 4096 and ``k`` in {1, 2, max(1, n // 10), n // 2}
(bounds with ``k >= n - 1`` are trivial and left out); at-most-one-only
methods at ``k = 1``. Pseudo-Boolean: ``sum w_i x_i <= K`` for ``n`` = 4, ...,
1024 with the weights of :func:`pb_weights` (1..10 from a fixed linear
congruential sequence) and ``K`` in {W // 10, W // 2}, W the total weight.
For each: auxiliary variables (the inputs are variables 1..n and not
counted), clauses, literals (the sum of clause lengths); the published size
from :func:`satgrid.core.encodings.size_formula`; PySAT's own numbers for the same
constraint (``pysat.card.CardEnc`` / ``pysat.pb.PBEnc`` with a private
``IDPool`` starting at n+1).

Combinations expected to exceed :data:`CLAUSE_BUDGET` clauses (by the formula,
or by extrapolating the previous n of the same series quadratically) are not
built; their row says so and still shows the formula. Timings never enter the
CSV: only ``puzzles.md`` holds times, marked with machine and date.

Python API::

    rows = sweep_cardinality((4, 16), methods=("seqcounter", "seqcounter-knuth"))
    rows = sweep_cardinality((4, 16), constraint="exactly")
    rows = sweep_pb((4, 16))
    with satgrid.cluster.connect(workers=2) as client:
        main(["--out", "encodings"], client=client)
    entries = puzzle_table(["instances/sudoku-classic.toml"], solve=False)
    main(["--out", "encodings"])

The package, one module per part (imports point down this list):

* :mod:`.__main__` -- the command line, ``python -m satgrid.atlas``;
* :mod:`.timing_pages` -- ``timing.md``, ``timing-seconds.md``, their plots;
* :mod:`.plots` -- the PNG plots of the sizes (matplotlib, optional);
* :mod:`.puzzles` -- ``puzzles.md``, the seed puzzles under each encoding;
* :mod:`.markdown` -- ``README.md``, ``cardinality*.md``, ``pb.md``;
* :mod:`.propagation` -- the unit-propagation (arc-consistency) check;
* :mod:`.timing` -- the solve-time study: workloads, units, summaries, CSV;
* :mod:`.sweep` -- the size sweeps, PySAT's numbers, the CSV files;
* :mod:`.constraints` -- ``at_most`` / ``at_least`` / ``exactly``: bounds,
  composed formulas, measurements;
* :mod:`.distribute` -- work units, run serially or on a Dask cluster.

This module re-exports their public names.
"""

from .constraints import (BOUND_RULES, CONSTRAINT_FILES, CONSTRAINTS, constraint_bounds,
                          constraint_formula, measure_constraint, measure_pysat_constraint)
from .distribute import Unit, run_units
from .markdown import constraint_page, md_table, method_paragraph, write_markdown
from .plots import write_plots
from .propagation import arc_consistency
from .puzzles import (DIMENSIONS, PUZZLE_TIME_LIMIT, SEED_INSTANCES, default_options,
                      puzzle_table, write_puzzles_markdown)
from .sweep import (CARD_FIELDS, CARD_NS, CARD_SWEEP_METHODS, CLAUSE_BUDGET, NO_PINDAKAAS,
                    PB_FIELDS, PB_NS, PYSAT_DIFFERENT, PYSAT_FIELDS, PYSAT_STRUCTURE,
                    as_strings, card_bounds, csv_text, have_pindakaas, make_meta,
                    measure_card, measure_pb, measure_pysat_card, measure_pysat_pb,
                    mismatches, pb_bounds, pb_weights, read_csv, size_units, sweep_cardinality,
                    sweep_pb, versions, write_csv)
from .timing import (CONFLICT_LIMIT, QUICK, SOLVERS, STUDY, TIMING_FIELDS, Workload, prepare,
                     prepare_units, result_rows, solve_one, solve_units, summarise, timing_csv)
from .timing_pages import counts_page, seconds_page, write_timing_pages, write_timing_plots

__all__ = ["BOUND_RULES", "CONFLICT_LIMIT", "CONSTRAINTS", "CONSTRAINT_FILES", "QUICK", "SOLVERS",
           "STUDY", "TIMING_FIELDS", "Unit", "Workload", "constraint_bounds",
           "constraint_formula", "constraint_page", "counts_page", "measure_constraint",
           "measure_pysat_constraint", "prepare", "prepare_units", "result_rows", "run_units",
           "seconds_page", "size_units", "solve_one", "solve_units", "summarise", "timing_csv",
           "write_timing_pages", "write_timing_plots",
           "CARD_FIELDS", "CARD_NS", "CARD_SWEEP_METHODS", "CLAUSE_BUDGET", "DIMENSIONS",
           "NO_PINDAKAAS", "PB_FIELDS", "PB_NS", "PUZZLE_TIME_LIMIT", "PYSAT_DIFFERENT",
           "PYSAT_FIELDS", "PYSAT_STRUCTURE", "SEED_INSTANCES", "arc_consistency",
           "as_strings", "card_bounds", "csv_text", "default_options", "have_pindakaas",
           "main", "make_meta", "md_table", "measure_card", "measure_pb", "measure_pysat_card",
           "measure_pysat_pb", "method_paragraph", "mismatches", "pb_bounds", "pb_weights",
           "puzzle_table", "read_csv", "sweep_cardinality", "sweep_pb", "versions",
           "write_csv", "write_markdown", "write_plots", "write_puzzles_markdown"]


def __getattr__(name):
    """``main`` is exported lazily: importing ``.__main__`` here at start-up
    would make ``python -m satgrid.atlas`` warn that the module was imported
    before it was run (runpy's RuntimeWarning)."""
    if name == "main":
        from .__main__ import main
        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
