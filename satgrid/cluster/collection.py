"""Collections on a Dask cluster: chunks of puzzles solved (or checked) on
workers, each chunk in one incremental session, results in input order.

A collection of N puzzles is cut into consecutive chunks
(:func:`~satgrid.cluster.client.chunk_bounds`); each chunk is one keyed task
that runs :func:`satgrid.pipeline.collection.solve_collection` on its
puzzles (the rules compiled once per chunk, every puzzle's givens as
assumptions), and ships back the results. The client yields them in input
order as the chunks finish, so ``satgrid solve FILE --workers 2`` prints what
the serial run prints, in the same order. What may differ: the ``stats``
(seconds, the solver's conflicts, which depend on what the session saw
before, and with ``unique`` the variables, which count the session's
activation variables), and, for a puzzle with *several* solutions, which one is printed
(every one is checked by the referee); ``unique`` and every puzzle with one
solution are identical.

Faults: a chunk is a keyed, idempotent task with ``retries``; a worker killed
mid-chunk has the chunk run again elsewhere and only one result per chunk
comes back. ``chunk_time_limit`` bounds each chunk on its worker: puzzles
left when it runs out are reported ``unknown`` (the chunk is not hung on).

Example::

    >>> from satgrid.pipeline.load import load
    >>> from satgrid.cluster import solve_collection
    >>> puzzles = load("/work/shared/benchmarks/sudoku-top95.txt")
    >>> results = list(solve_collection(puzzles, workers=2))   # doctest: +SKIP
    >>> len(results), results[0]["status"]                     # doctest: +SKIP
    (95, 'sat')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from ..pipeline import collection as serial
from ..pipeline.run import Options, compare_expect, new_result, public
from ..puzzles import Puzzle
from .client import chunk_bounds, connect
from .tasks import RETRIES, in_order, submit_chunks

__all__ = ["solve_collection", "check_collection", "solve_chunk", "check_chunk"]


def _unreached(p: Puzzle, opts: Options) -> dict:
    """The result of a puzzle its chunk had no time left for: status unknown."""
    return {**new_result(p, "unknown"), "answer": None, "unique": None,
            "stats": {"solver": opts.solver, "variables": 0, "clauses": 0, "rounds": 0,
                      "cuts": 0, "conflicts": 0, "seconds": 0.0, "over_time": True}}


def solve_chunk(puzzles: Sequence[Puzzle], opts: Options, unique: bool,
                chunk_time_limit: float | None = None) -> list[dict]:
    """Solve one chunk in one incremental session (what a worker runs).

    Args:
        puzzles: the chunk's puzzles, in order.
        opts: compile and solve options; ``opts.time_limit`` bounds each puzzle.
        unique: also prove or refute uniqueness.
        chunk_time_limit: seconds for the whole chunk: no puzzle is solved for
            longer, and the puzzles reached after it ran out are reported
            ``unknown`` (``stats["over_time"]`` true) without being solved, so
            a chunk ends within twice this time.

    Returns:
        One public result dict per puzzle (as :func:`satgrid.pipeline.collection.solve_collection`).
    """
    t0 = time.perf_counter()
    run = opts
    if chunk_time_limit is not None:      # no puzzle may take longer than the whole chunk
        run = opts.replace(time_limit=chunk_time_limit if opts.time_limit is None
                           else min(opts.time_limit, chunk_time_limit))
    results = serial.solve_collection(puzzles, run, unique=unique)   # lazy: one puzzle a step
    out = []
    for p in puzzles:
        if chunk_time_limit is not None and time.perf_counter() - t0 >= chunk_time_limit:
            out.append(_unreached(p, opts))
            continue
        out.append(public(next(results)))
    results.close()
    return out


def check_chunk(puzzles: Sequence[Puzzle], published: Sequence | None, opts: Options,
                chunk_time_limit: float | None = None) -> list[tuple[bool, list[str], dict]]:
    """Check one chunk: solve it in one session (:func:`solve_chunk`, uniqueness
    where a puzzle's ``[expect]`` asks for it), then compare each result with
    the ``[expect]`` table and the published solution as ``satgrid check`` does
    (:func:`satgrid.pipeline.run.compare_expect`).

    Returns:
        ``(ok, mismatches, result)`` per puzzle.
    """
    asks = ["unique" in p.expect for p in puzzles]
    results = solve_chunk(puzzles, opts, any(asks), chunk_time_limit)
    out = []
    for i, (p, res, ask) in enumerate(zip(puzzles, results, asks)):
        if not ask:
            res["unique"] = None          # as the serial check: asked only by [expect] unique
        ok, bad, res = compare_expect(p, opts, published=None if published is None
                                      else published[i], result=res)
        out.append((ok, bad, public(res)))
    return out


def _chunks(n: int, client, chunks: int | None, chunk_size: int | None) -> list[tuple[int, int]]:
    """``chunks`` near-equal pieces, or pieces of ``chunk_size`` (default
    :data:`~satgrid.cluster.client.DEFAULT_CHUNK_SIZE`) cut as the serial run
    with that chunk size cuts them: the same sessions, the same results."""
    if chunks is not None and chunk_size is None:
        return chunk_bounds(n, chunks)
    return serial.session_bounds(n, chunk_size or serial.DEFAULT_CHUNK_SIZE)


def _stream(fn, args_of, n, *, client, workers, scheduler, chunks, chunk_size, retries,
            on_chunk) -> Iterator:
    """Run ``fn`` over the chunks of ``range(n)`` and yield each item's result in order."""
    with connect(workers=workers, scheduler=scheduler, client=client) as c:
        bounds = _chunks(n, c, chunks, chunk_size)
        futures = submit_chunks(c, fn, [args_of(a, b) for a, b in bounds],
                                prefix=fn.__name__.replace("_", "-"), retries=retries,
                                portable_items=True)   # puzzles solved before keep caches
        for i, results in in_order(futures):
            if on_chunk is not None:
                on_chunk(i, bounds[i], results)
            yield from results


def solve_collection(puzzles: Sequence[Puzzle], opts: Options | None = None, *,
                     unique: bool = False, client=None, workers: int | None = None,
                     scheduler: str | None = None, chunks: int | None = None,
                     chunk_size: int | None = None, retries: int = RETRIES,
                     chunk_time_limit: float | None = None,
                     on_chunk: Callable | None = None) -> Iterator[dict]:
    """Solve a collection on a Dask cluster; yield one result per puzzle, in order.

    Args:
        puzzles: the puzzles (what :func:`satgrid.pipeline.load.load` returns).
        opts: compile and solve options (:class:`~satgrid.pipeline.run.Options`).
        unique: also prove or refute uniqueness of each solution.
        client, workers, scheduler: where to run: a ``distributed.Client``, a
            ``LocalCluster`` of ``workers`` processes, or a scheduler address
            (exactly one; see :func:`satgrid.cluster.client.connect`).
        chunks: number of chunks; or ``chunk_size`` puzzles per chunk (default
            :data:`~satgrid.cluster.client.DEFAULT_CHUNK_SIZE`, whatever the
            number of workers). Each chunk compiles the rules once and is one
            session, as the serial run's ``chunk_size`` sessions: with the same
            chunk size the results are the serial run's, statistics included.
        retries: how often a chunk whose task failed is run again.
        chunk_time_limit: seconds per chunk on its worker (see :func:`solve_chunk`).
        on_chunk: ``on_chunk(i, (start, stop), results)`` as chunk ``i`` is handed on.

    Yields:
        The result dicts of the serial :func:`satgrid.pipeline.collection.solve_collection`
        (public keys only), in input order, streamed as chunks finish.

    Example::

        >>> results = list(solve_collection(puzzles, client=client))   # doctest: +SKIP
    """
    opts = opts or Options()
    puzzles = _indexable(puzzles)
    yield from _stream(solve_chunk, lambda a, b: (puzzles[a:b], opts, unique, chunk_time_limit),
                       len(puzzles), client=client, workers=workers, scheduler=scheduler,
                       chunks=chunks, chunk_size=chunk_size, retries=retries, on_chunk=on_chunk)


def _indexable(items):
    """``items`` itself when it can be sliced (a lazily read collection stays
    lazy: its chunks are made one at a time), else a list of them."""
    return items if isinstance(items, Sequence) else list(items)


def check_collection(puzzles: Sequence[Puzzle], opts: Options | None = None, *,
                     published: Sequence | None = None, client=None,
                     workers: int | None = None, scheduler: str | None = None,
                     chunks: int | None = None, chunk_size: int | None = None,
                     retries: int = RETRIES, chunk_time_limit: float | None = None,
                     on_chunk: Callable | None = None) -> Iterator[tuple[bool, list[str], dict]]:
    """``satgrid check`` of a collection on a Dask cluster: ``(ok, mismatches,
    result)`` per puzzle, in input order (arguments as :func:`solve_collection`;
    ``published``: one solution per puzzle, from the collection's ``.solutions``
    file, or None)."""
    opts = opts or Options()
    puzzles = _indexable(puzzles)
    pub = None if published is None else _indexable(published)
    yield from _stream(check_chunk,
                       lambda a, b: (puzzles[a:b], None if pub is None else pub[a:b], opts,
                                     chunk_time_limit),
                       len(puzzles), client=client, workers=workers, scheduler=scheduler,
                       chunks=chunks, chunk_size=chunk_size, retries=retries, on_chunk=on_chunk)
