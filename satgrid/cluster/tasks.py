"""Keyed, idempotent chunk tasks on a Dask cluster, their results in input order.

What the collection, family and split-count runners share:

* :func:`task_key`: a task's key is a hash of the function's name and the
  chunk's whole content (puzzles, options, seed, cube, ...), so submitting
  the same chunk twice is one task (Dask's ``pure=True`` idea, made explicit
  because Dask cannot hash puzzle objects deterministically);
* :func:`submit_chunks`: one task per chunk with ``retries=``; a worker that
  dies mid-chunk has the chunk rescheduled on another worker by the
  scheduler, and only the one finished result of a key ever reaches the
  client, so nothing is counted twice or lost;
* :func:`in_order`: results streamed back as they finish and handed on in
  the order of the chunks; on any exit (Ctrl-C included) the futures not
  yet collected are cancelled.

Example::

    >>> from satgrid.cluster.client import connect
    >>> with connect(workers=2) as c:                     # doctest: +SKIP
    ...     futs = submit_chunks(c, pow, [(2, 10), (3, 3)], prefix="pow")
    ...     list(in_order(futs))
    [(0, 1024), (1, 27)]
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from typing import Callable, Iterator, Sequence

from ..errors import SatgridError, SolverError, UsageError

#: default number of retries of a chunk whose task raised (a worker that
#: dies is rescheduled by the scheduler on its own, up to its
#: ``distributed.scheduler.allowed-failures``)
RETRIES = 2


#: what pickling raises for an object it cannot pickle
_UNPICKLABLE = (pickle.PicklingError, AttributeError, TypeError)


def pack(args: tuple, prefix: str, portable_items: bool = False) -> bytes:
    """A task's arguments pickled once: the key is the hash of these bytes and
    the worker unpickles them (:func:`run_packed`), so nothing is pickled twice.

    Args:
        portable_items: when the arguments do not pickle, make every item of
            a list argument :func:`portable` and try again (a collection of
            puzzles solved before, which keep caches of their models).

    Raises:
        UsageError: arguments that cannot be sent to a worker.
    """
    try:
        return pickle.dumps(args, protocol=4)
    except _UNPICKLABLE as e:
        error = e
    if portable_items:
        fixed = tuple([portable(x) for x in a] if isinstance(a, list) else a for a in args)
        try:
            return pickle.dumps(fixed, protocol=4)
        except _UNPICKLABLE as e:
            error = e
    raise UsageError(f"{prefix}: the task's arguments cannot be sent to a worker (they do "
                     f"not pickle: {error})")


def task_key(prefix: str, name: str, blob: bytes) -> str:
    """``satgrid-PREFIX-HASH``: the same function and arguments give the same
    key (SHA-1 of the function's name and the pickled arguments), so a
    resubmitted chunk is the same task."""
    digest = hashlib.sha1(name.encode() + b"\0" + blob).hexdigest()
    return f"satgrid-{prefix}-{digest}"


def run_packed(fn: Callable, blob: bytes):
    """What a worker runs: ``fn(*arguments)`` from :func:`pack`'s bytes."""
    return fn(*pickle.loads(blob))


def portable(obj):
    """``obj`` if it pickles, else a shallow copy without the attributes that do
    not (the caches a puzzle keeps of the model it was built into, such as a
    Sudoku's literal table): what a worker rebuilds from the puzzle's own data.

    >>> import threading
    >>> class P: pass
    >>> p = P(); p.grid = [1]; p._lock = threading.Lock()
    >>> q = portable(p); vars(q), vars(p) == {"grid": [1], "_lock": p._lock}
    ({'grid': [1]}, True)
    """
    try:
        pickle.dumps(obj, protocol=4)
        return obj
    except (pickle.PicklingError, AttributeError, TypeError):
        pass
    if not hasattr(obj, "__dict__"):
        return obj                  # pack says what does not pickle
    clone = copy.copy(obj)
    for name, value in list(vars(clone).items()):
        try:
            pickle.dumps(value, protocol=4)
        except (pickle.PicklingError, AttributeError, TypeError):
            delattr(clone, name)
    return clone


def submit_calls(client, calls: Sequence[tuple[Callable, tuple]], *, prefix: str,
                 retries: int = RETRIES, portable_items: bool = False) -> list:
    """Submit ``fn(*args)`` for every ``(fn, args)`` in ``calls``; return the
    futures, in the order of ``calls``.

    Args:
        client: a ``distributed.Client``.
        calls: module-level functions (the workers import them by name) and
            their argument tuples.
        prefix: the key prefix (``solve``, ``family``, ``cube``, ``atlas``, ...).
        retries: how often a task that raised is run again elsewhere.
        portable_items: see :func:`pack`.
    """
    futures = []
    for fn, args in calls:
        blob = pack(tuple(args), prefix, portable_items)
        key = task_key(prefix, f"{fn.__module__}.{fn.__qualname__}", blob)
        futures.append(client.submit(run_packed, fn, blob, key=key, retries=retries, pure=False))
    return futures


def submit_chunks(client, fn: Callable, chunks: Sequence[tuple], *, prefix: str,
                  retries: int = RETRIES, portable_items: bool = False) -> list:
    """Submit ``fn(*args)`` for every ``args`` in ``chunks`` (one function for
    every chunk: :func:`submit_calls`); return the futures, in chunk order."""
    return submit_calls(client, [(fn, args) for args in chunks], prefix=prefix,
                        retries=retries, portable_items=portable_items)


def _collect(i: int, fut):
    """A finished chunk's result, fetched from its worker.

    A future that ``as_completed`` handed over is not always still finished
    when its result is asked for: the worker holding the result may have died
    in between (status ``lost``; the scheduler computes the key again on
    another worker, since this client still wants it). ``result()`` waits for
    that run, so a killed worker costs time, never the chunk. Whatever it
    raises becomes one line: a SatgridError as it is (its exit status),
    anything else a SolverError naming the chunk.
    """
    try:
        return fut.result()
    except SatgridError:
        raise
    except Exception as exc:  # the task's own exception, KilledWorker, a cancelled future
        name = type(exc).__name__
        text = " ".join(str(exc).split()) or "no message"
        if name == "KilledWorker":
            raise SolverError(f"chunk {i + 1}: the workers running it died too often "
                              f"({text})") from None
        if name in ("CancelledError", "FutureCancelledError"):
            raise SolverError(f"chunk {i + 1}: its task was cancelled on the cluster "
                              f"({text})") from None
        raise SolverError(f"chunk {i + 1} failed on its worker: {name}: {text}") from None


def in_order(futures: list, *, on_done: Callable[[int, object], None] | None = None,
             ) -> Iterator[tuple]:
    """Yield ``(index, result)`` for every future, in index order, each as soon
    as it and every one before it have finished.

    ``on_done(i, result)`` is called as each chunk finishes (in finishing
    order: a progress bar, a running total). A result lost with its worker
    before it was fetched is waited for while the scheduler runs the chunk
    again (:func:`_collect`). Whatever stops the iteration (Ctrl-C, an error,
    the caller closing the generator) cancels the futures not yet yielded.
    """
    import distributed  # optional dependency (the [cluster] extra); connect() checked it

    where: dict[str, list[int]] = {}
    unique = []
    for i, f in enumerate(futures):     # two chunks of one content share one task
        if f.key not in where:
            unique.append(f)
        where.setdefault(f.key, []).append(i)
    done: dict[int, object] = {}
    nxt = 0
    try:
        for fut in distributed.as_completed(unique):
            result = _collect(where[fut.key][0], fut)
            fut.release()
            for i in where[fut.key]:
                done[i] = result
                if on_done is not None:
                    on_done(i, result)
            while nxt in done:
                yield nxt, done.pop(nxt)
                nxt += 1
    finally:
        rest = [f for f in unique if f.status in ("pending", "lost")]
        if rest:
            unique[0].client.cancel(rest)
