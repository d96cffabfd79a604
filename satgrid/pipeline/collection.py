"""Collections: many puzzles, one incremental session per base formula.

A file may hold one puzzle or a collection (a Sudoku file of one puzzle per
line, ...). This module owns that distinction and what follows from it:

* solving: one puzzle is solved on its own (:func:`satgrid.pipeline.run.solve`:
  givens as unit clauses; with ``unique``, a second solution is decoded); a
  collection compiles the rules once per :meth:`Puzzle.signature` and solves
  each puzzle with its givens as assumptions, so the solver is never rebuilt
  (:func:`solve_collection`); :func:`solve_puzzles` picks the one that fits;
* export: a collection is one base formula plus one assumption set per puzzle
  (:func:`shared_base`), which :func:`satgrid.pipeline.export.export_dimacs`
  writes as iCNF.

The command line, the Sudoku workflow and the exporters go through here.
"""

from __future__ import annotations

import gc
import time
from pathlib import Path
from typing import Iterator, Sequence

from ..errors import InputError, SatgridError
from ..modelling.model import Model
from ..puzzles import Puzzle
from ..puzzles.base import SOLUTION_READERS
from .run import Options, add_solution, compile_puzzle, new_result, open_session, run_stats, solve


#: puzzles per session of ``satgrid solve COLLECTION`` and of a cluster run's
#: tasks (``--chunk-size``): a session's per-call cost grows with what it has
#: learnt, so sessions of this size beat one long session, while a cluster
#: still gets enough tasks to share out (figures: bench/RESULTS.md,
#: "Measurement history moved from docstrings"); every run, on any number of
#: workers, cuts a collection the same way
DEFAULT_CHUNK_SIZE = 1000


#: chunks between two full garbage collections in :func:`solve_collection`: a
#: finished chunk's Model is a reference cycle; :class:`~satgrid.util.paused_gc`
#: now collects such cycles itself, and this bound keeps a long collection's
#: memory flat whatever the build sizes
COLLECT_EVERY = 16


def session_bounds(n: int, size: int) -> list[tuple[int, int]]:
    """``range(n)`` cut every ``size`` items, ``(0, size), (size, 2 size), ...``,
    the last one shorter: the sessions of :func:`solve_collection` with
    ``chunk_size``, and a cluster run's chunks (the one cut both use, so they
    give the same results).

    >>> session_bounds(5, 2)
    [(0, 2), (2, 4), (4, 5)]
    """
    size = max(1, size)
    return [(a, min(a + size, n)) for a in range(0, n, size)]


def is_collection(puzzles: list[Puzzle]) -> bool:
    """Whether ``puzzles`` (what one file holds) are a collection rather than one puzzle."""
    return len(puzzles) != 1


def solve_collection(puzzles: list[Puzzle], opts: Options | None = None, *,
                     unique: bool = False, chunk_size: int | None = None) -> Iterator[dict]:
    """Solve puzzles that share a base formula in one incremental session.

    The session is the unit of a run's state: what the solver learnt from one
    puzzle shapes its search (and, where a puzzle has several solutions, the
    one it finds) for the next. ``chunk_size`` starts fresh sessions every
    ``chunk_size`` puzzles, exactly as a cluster run's chunks do
    (:mod:`satgrid.cluster.collection`), so the serial run with the same
    chunk size gives the same results, statistics included.

    The rules are compiled once (per signature); each puzzle's givens are
    assumptions, so the solver is never rebuilt. Yields one result per puzzle,
    in order; ``unique`` proves or refutes uniqueness (no second solution is
    decoded). Every solution is decoded and checked by the kind's referee.

    What a puzzle costs beyond the solver's own search (the assumptions, the
    decoding, the referee, the result) is measured against a bare PySAT
    solver making the same calls by ``bench/bench_collection_overhead.py``.

    Args:
        puzzles: the puzzles, in order (a collection's, or any mix of shapes).
        opts: compiling and solving options; ``time_limit`` and
            ``conflict_limit`` hold for each puzzle.
        unique: also settle uniqueness (``res["unique"]``).
        chunk_size: puzzles per session (default: one session for all).

    Yields:
        One result dictionary per puzzle (SPEC.md section 3), as
        :func:`~satgrid.pipeline.run.solve` makes them, without ``second``.

    Example:
        >>> from satgrid.puzzles.sudoku import parse_text
        >>> ps = parse_text("12.43.12..4343.1\\n.23.341.214..32.\\n", "two.txt")
        >>> [(r["status"], r["grid"][2], r["unique"]) for r in solve_collection(ps, unique=True)]
        [('sat', [2, 1, 4, 3], True), ('sat', [2, 1, 4, 3], True)]
    """
    opts = opts or Options()
    if chunk_size is not None:
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be >= 1, not {chunk_size!r}")
        if not isinstance(puzzles, Sequence):
            puzzles = list(puzzles)
        for k, (start, stop) in enumerate(session_bounds(len(puzzles), chunk_size), 1):
            # slices: a collection read lazily (LineCollection) makes one chunk at a time
            yield from solve_collection(puzzles[start:stop], opts, unique=unique)
            if k % COLLECT_EVERY == 0:
                gc.collect()          # the finished chunks' models (see COLLECT_EVERY)
        return
    models: dict[tuple, Model] = {}
    clock = time.perf_counter
    time_limit, conflict_limit = opts.time_limit, opts.conflict_limit
    key = m = None
    for p in puzzles:
        t0 = clock()
        sig = p.signature()
        if sig != key:                 # a new shape: its rules, compiled once
            key, m = sig, models.get(sig)
            if m is None:
                m = models[sig] = compile_puzzle(p, opts, givens="none")
                open_session(m, p, opts)
        assumptions = p.givens(m)
        sol = m.solve(assumptions, time_limit=time_limit, conflict_limit=conflict_limit)
        res = new_result(p, m.status)
        if sol is not None:
            add_solution(res, p, sol)   # decoded, and checked by the referee
        else:
            res["answer"] = None
        res["unique"] = m.is_unique(assumptions, time_limit=time_limit, first=sol) if (
            unique and sol is not None) else None
        res["stats"] = run_stats(m, opts, clock() - t0)
        yield res


def solve_puzzles(puzzles: list[Puzzle], opts: Options | None = None, *,
                  unique: bool = False, chunk_size: int | None = None) -> Iterator[dict]:
    """Solve what a file holds: one puzzle with :func:`~satgrid.pipeline.run.solve`,
    a collection with :func:`solve_collection`. Yields one result per puzzle."""
    if not is_collection(puzzles):
        yield solve(puzzles[0], opts, unique=unique)
        return
    yield from solve_collection(puzzles, opts, unique=unique, chunk_size=chunk_size)


def published_solutions(path: str, puzzles: list[Puzzle]) -> list | None:
    """The published solutions of a collection: ``NAME.solutions`` beside
    ``NAME.txt``, read by its kind's registered reader (a Sudoku collection's:
    one grid per line in the collection's own format, as in
    ../shared/benchmarks), or None when there is no such file or reader.

    Raises:
        InputError: a line that is not a grid, or not one line per puzzle.
    """
    if not is_collection(puzzles):
        return None
    kind = puzzles[0].kind
    read = SOLUTION_READERS.get(kind)
    if read is None or not all(p.kind == kind for p in puzzles):
        return None
    sibling = Path(path).with_suffix(".solutions")
    if sibling == Path(path) or not sibling.is_file():
        return None
    grids = read(sibling.read_text(encoding="utf-8"), str(sibling))
    if len(grids) != len(puzzles):
        raise InputError(f"expected one solution per puzzle of {path} ({len(puzzles)}), "
                         f"found {len(grids)}", str(sibling))
    return grids


def shared_base(puzzles: Sequence[Puzzle], opts: Options | None = None
                ) -> tuple[Model, "Givens"]:
    """The base model of a collection (rules only, no givens) and each puzzle's
    givens as an assumption set over it (:class:`Givens`: made as they are
    read, so a collection of millions is written without holding them).

    Raises:
        SatgridError: a puzzle that does not share the first one's base formula.
    """
    first = puzzles[0]
    sig = first.signature()
    for p in puzzles:
        if p.signature() != sig:
            raise SatgridError(f"{p.file}: {p.label()} does not share the base formula of "
                               f"{first.label()}; an iCNF file needs puzzles of one shape")
    m = compile_puzzle(first, opts, givens="none")
    return m, Givens(puzzles, m)


class Givens(Sequence):
    """Each puzzle's givens as an assumption set over the shared model ``m``,
    made when it is asked for (:func:`shared_base`)."""

    def __init__(self, puzzles: Sequence[Puzzle], m: Model):
        self._puzzles, self._m = puzzles, m

    def __len__(self) -> int:
        return len(self._puzzles)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [p.givens(self._m) for p in self._puzzles[i]]
        return self._puzzles[i].givens(self._m)

    def __iter__(self):
        m = self._m
        for p in self._puzzles:
            yield p.givens(m)
