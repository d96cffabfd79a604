"""Concurrent solves that share a base formula, solved as one collection.

When many requests arrive at once (a script sending a puzzle collection
through the API, one request a puzzle), the server's :class:`Batcher` hands
the solves waiting for the same encodings to one worker process as one batch
(:mod:`.workers`). There, :func:`solve_together` solves the puzzles with the
same :meth:`~satgrid.puzzles.base.Puzzle.signature` and options (a Sudoku of
one size, with one choice of encodings) together with
:func:`satgrid.pipeline.collection.solve_collection`, exactly as ``satgrid
solve`` solves a collection file: the rules compiled once, each puzzle's
givens as assumptions, every solution checked by the referee. A puzzle with
no other of its formula is solved on its own by
:func:`satgrid.pipeline.run.solve`, as ``satgrid solve FILE`` does.

One batch of a key runs at a time; the requests that arrive while it runs
(or while it waits for a worker) make the next batch. Uniqueness requests
are never batched (the page shows a second solution, which only
:func:`~satgrid.pipeline.run.solve` decodes).
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Iterator

from ...pipeline.collection import solve_collection
from ...pipeline.run import Options, solve
from ...puzzles import Puzzle


# ------------------------------------------------------------ worker side
def solve_together(items: list[tuple[Puzzle, Options]],
                   on_start: Callable[[list[int]], None] = lambda ks: None
                   ) -> Iterator[tuple[int, Any]]:
    """Solve ``items``, those of one base formula and options as a collection;
    yields ``(index, result or exception)`` for every item, each as soon as
    it is known (grouped, so not in input order). ``on_start(indices)`` is
    called as the work of those items starts (a collection's first item: the
    whole group, whose shared compile it is)."""
    groups: dict[tuple, list[int]] = {}
    for k, (p, opts) in enumerate(items):
        groups.setdefault((p.signature(), repr(opts)), []).append(k)
    for ks in groups.values():
        opts = items[ks[0]][1]
        if len(ks) == 1:
            on_start(ks)
            yield ks[0], _attempt(solve, items[ks[0]][0], opts)
            continue
        results = solve_collection([items[k][0] for k in ks], opts)
        for pos, k in enumerate(ks):
            on_start(ks if pos == 0 else [k])
            try:
                yield k, next(results)
            except MemoryError:
                raise
            except Exception as e:  # noqa: BLE001 - handed to the requests it concerns
                if pos == 0:        # the shared compile (or the first solve): for all
                    for rest in ks:
                        yield rest, e
                    break
                yield k, e          # one puzzle's fault: the rest on their own
                for rest in ks[pos + 1:]:
                    on_start([rest])
                    yield rest, _attempt(solve, items[rest][0], opts)
                break


def _attempt(fn: Callable, p: Puzzle, opts: Options):
    try:
        return fn(p, opts)
    except MemoryError:
        raise                 # the worker's to report: it stops
    except Exception as e:  # noqa: BLE001 - handed to the request it belongs to
        return e


# ------------------------------------------------------------ server side
class _Job:
    __slots__ = ("body", "wake", "lead", "finished", "result")

    def __init__(self, body: dict):
        self.body = body
        self.wake = threading.Event()   # set after ``lead`` or ``finished`` is
        self.lead = False               # this request's thread runs the next batch
        self.finished = False
        self.result = None


class Batcher:
    """Gathers concurrent requests of one key into batches: one batch of a
    key runs at a time, and the requests that arrive while it runs make the
    next batch (its first request's thread runs it).

    Args:
        run: ``run(bodies)`` yields ``(index, answer)`` for every body of a
            batch; an exception it raises is every unanswered body's answer.
        fail: ``fail(exception, seconds)``: the answer of a body whose batch
            failed after ``seconds``.
    """

    def __init__(self, run: Callable[[list], Iterator[tuple[int, Any]]],
                 fail: Callable[[BaseException, float], Any]):
        self._run, self._fail = run, fail
        self._lock = threading.Lock()
        self._waiting: dict[Any, list[_Job]] = {}
        self._running: set = set()

    def submit(self, key, body: dict):
        """The answer to ``body``, solved with the other bodies of ``key``
        that wait meanwhile."""
        job = _Job(body)
        with self._lock:
            self._waiting.setdefault(key, []).append(job)
            if key not in self._running:
                self._running.add(key)
                job.lead = True
        while not job.finished:
            if job.lead:
                job.lead = False
                with self._lock:
                    batch = self._waiting.pop(key, [])
                self._answer(batch)
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
        return job.result

    def _answer(self, batch: list[_Job]) -> None:
        t0 = time.perf_counter()
        try:
            for k, answer in self._run([j.body for j in batch]):
                batch[k].result = answer
                batch[k].finished = True
                batch[k].wake.set()
        except BaseException as e:  # noqa: BLE001 - handed to every request still waiting
            for j in batch:
                if not j.finished:
                    j.result = self._fail(e, time.perf_counter() - t0)
        finally:
            for j in batch:
                j.finished = True
                j.wake.set()
