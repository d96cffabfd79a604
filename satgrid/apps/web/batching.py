"""Concurrent solves that share a base formula, solved as one collection.

When many requests arrive at once (a script sending a puzzle collection
through the API, one request a puzzle), the puzzles with the same
:meth:`~satgrid.puzzles.base.Puzzle.signature` and the same options (a Sudoku
of one size, with one choice of encodings) are solved together by
:func:`satgrid.pipeline.collection.solve_collection`, exactly as
``satgrid solve`` solves a collection file: the rules compiled once, each
puzzle's givens as assumptions, every solution checked by the referee. A
request that finds no other waiting is solved on its own by
:func:`satgrid.pipeline.run.solve`, as ``satgrid solve FILE`` does.

One batch of a base formula runs at a time; the requests that arrive while
it runs (or while it waits for a worker slot) make the next batch. Uniqueness requests are never batched (the
page shows a second solution, which only :func:`~satgrid.pipeline.run.solve`
decodes).
"""

from __future__ import annotations

import threading

from ...pipeline.collection import solve_collection
from ...pipeline.run import Options, solve
from ...puzzles import Puzzle


class _Job:
    __slots__ = ("puzzle", "wake", "lead", "finished", "result", "error")

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.wake = threading.Event()   # set after ``lead`` or ``finished`` is
        self.lead = False               # this request's thread runs the next batch
        self.finished = False
        self.result = None
        self.error: BaseException | None = None


class Batcher:
    """Solves puzzles, batching those that share a base formula: one batch of
    a base formula runs at a time, and the requests that arrive while it runs
    make the next batch (its first request's thread runs it).

    Args:
        slots: the semaphore bounding the work that runs at once.
    """

    def __init__(self, slots: threading.Semaphore):
        self._slots = slots
        self._lock = threading.Lock()
        self._waiting: dict[tuple, list[_Job]] = {}
        self._running: set[tuple] = set()

    def solve(self, p: Puzzle, opts: Options, unique: bool = False) -> dict:
        """The result of :func:`satgrid.pipeline.run.solve` for ``p`` (for a
        batch: of :func:`solve_collection`, which has no ``second``)."""
        if unique:
            with self._slots:
                return solve(p, opts, unique=True)
        key = (p.signature(), repr(opts))
        job = _Job(p)
        with self._lock:
            self._waiting.setdefault(key, []).append(job)
            if key not in self._running:
                self._running.add(key)
                job.lead = True
        while not job.finished:
            if job.lead:
                job.lead = False
                with self._slots:
                    with self._lock:
                        batch = self._waiting.pop(key, [])
                    self._run(batch, opts)
                with self._lock:     # hand the next batch to its first request's thread
                    nxt = self._waiting.get(key)
                    if nxt:
                        nxt[0].lead = True
                        nxt[0].wake.set()
                    else:
                        self._running.discard(key)
            else:
                job.wake.wait()
                job.wake.clear()
        if job.error is not None:
            raise job.error
        return job.result

    @staticmethod
    def _run(batch: list[_Job], opts: Options) -> None:
        try:
            if len(batch) == 1:
                batch[0].result = solve(batch[0].puzzle, opts)
            else:
                results = solve_collection([j.puzzle for j in batch], opts)
                for k, j in enumerate(batch):
                    try:
                        j.result = next(results)
                    except Exception as e:
                        if k == 0:      # the shared compile (or the first solve): for all
                            raise
                        j.error = e     # one puzzle's fault: the rest on their own
                        for rest in batch[k + 1:]:
                            try:
                                rest.result = solve(rest.puzzle, opts)
                            except Exception as e2:
                                rest.error = e2
                        break
        except BaseException as e:  # noqa: BLE001 - handed to every request still waiting
            for j in batch:
                if j.result is None and j.error is None:
                    j.error = e
        finally:
            for j in batch:
                j.finished = True
                j.wake.set()
