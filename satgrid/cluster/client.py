"""Connecting to a Dask cluster: a ``LocalCluster`` on this machine, an
existing scheduler by its address, or a ``distributed.Client`` the caller
already holds (a notebook's).

Everything satgrid runs on a cluster goes through :func:`connect`, so the
command line's ``--workers N`` / ``--scheduler ADDRESS`` and the Python API's
``client=`` mean the same thing everywhere. Dask is optional (the
``[cluster]`` extra); without it :func:`connect` raises a
:class:`~satgrid.errors.NotAvailableError` that says how to install it.

Example::

    >>> from satgrid.cluster.client import connect
    >>> with connect(workers=2) as client:          # doctest: +SKIP
    ...     client.submit(sum, [1, 2, 3]).result()
    6
"""

from __future__ import annotations

import logging
import signal
import threading
from contextlib import contextmanager
from typing import Iterator

from ..errors import NotAvailableError, SolverError, UsageError
from ..pipeline.collection import DEFAULT_CHUNK_SIZE  # noqa: F401  (the serial run's, shared)

#: how to get Dask when it is missing
INSTALL_HINT = "pip install 'satgrid[cluster]' (dask and distributed)"


def _distributed():
    try:
        import distributed  # optional: the [cluster] extra; only the cluster commands need it
    except ImportError as exc:
        raise NotAvailableError(f"running on a cluster needs Dask: {INSTALL_HINT}") from exc
    return distributed


def check_workers(workers: int | None, scheduler: str | None, client=None) -> None:
    """Refuse impossible combinations before anything starts (UsageError, exit 2)."""
    given = [x is not None for x in (workers, scheduler, client)]
    if sum(given) > 1:
        raise UsageError("give one of --workers, --scheduler (or a client), not several")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise UsageError(f"--workers must be a positive integer, not {workers!r}")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise UsageError("--scheduler needs an address such as tcp://127.0.0.1:8786")


def wanted(workers: int | None = None, scheduler: str | None = None, client=None) -> bool:
    """True when the caller asked for a cluster at all (otherwise run serially)."""
    return workers is not None or scheduler is not None or client is not None


@contextmanager
def connect(workers: int | None = None, scheduler: str | None = None, client=None,
            *, timeout: float = 30.0, **cluster_options) -> Iterator:
    """Yield a ``distributed.Client``; close what this call opened on exit.

    Args:
        workers: start a ``LocalCluster`` of this many single-threaded worker
            processes on this machine (PySAT's solvers hold the GIL, so one
            thread per process is the useful shape).
        scheduler: the address of a running scheduler (``dask scheduler``
            plus any number of ``dask worker ADDRESS`` processes).
        client: a client the caller already holds; it is used as it is and
            left open.
        timeout: seconds to wait for the scheduler to answer.
        cluster_options: passed to ``LocalCluster`` (e.g. ``memory_limit``).

    Raises:
        UsageError: none or more than one of the three given, or bad values.
        NotAvailableError: Dask is not installed.
        SolverError: the scheduler cannot be reached within ``timeout``.
    """
    check_workers(workers, scheduler, client)
    if client is not None:
        yield client
        return
    if workers is None and scheduler is None:
        raise UsageError("connect() needs workers=N, scheduler=ADDRESS or client=")
    distributed = _distributed()
    if scheduler is not None:
        _check_address(distributed, scheduler)
        try:
            c = distributed.Client(scheduler, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            raise SolverError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
        except (ValueError, TypeError) as exc:       # what Dask's address parsing refuses
            raise _bad_address(scheduler, exc) from None
        try:
            yield c
        finally:
            c.close()
        return
    # dashboard on any free port: no warning about 8787. The worker processes
    # log at CRITICAL only: what goes wrong in a task comes back through its
    # future (one line from satgrid), while a worker's ERROR lines are its
    # connections, which a teardown after Ctrl-C cuts mid-heartbeat (a
    # "Failed to communicate with scheduler" traceback on the terminal,
    # seen once in test_ctrl_c_at_a_terminal_reaches_the_client_alone)
    options = dict(n_workers=workers, threads_per_worker=1, processes=True,
                   dashboard_address=":0", silence_logs=logging.CRITICAL)
    options.update(cluster_options)
    cluster = None
    try:
        cluster = _quiet_on_ctrl_c(distributed.LocalCluster, options)
        c = distributed.Client(cluster, timeout=timeout)
        try:
            yield c
        finally:
            c.close()
    except KeyboardInterrupt:
        _hush()
        raise
    finally:
        if cluster is not None:
            cluster.close()


def _bad_address(scheduler: str, why) -> UsageError:
    return UsageError(f"--scheduler: expected an address such as tcp://127.0.0.1:8786, "
                      f"found {scheduler!r} ({' '.join(str(why).split())})")


def _check_address(distributed, scheduler: str) -> None:
    """Refuse an address Dask cannot parse, or a TCP port out of range, in one
    line (exit 2) before anything waits for a connection."""
    try:
        scheme, where = distributed.comm.parse_address(scheduler)
        if scheme in ("tcp", "tls", "ws", "wss"):
            _, port = distributed.comm.parse_host_port(where)
            if not 1 <= port <= 65535:
                raise ValueError(f"port {port} is not in 1..65535")
    except (ValueError, TypeError) as exc:
        raise _bad_address(scheduler, exc) from None


def _hush() -> None:
    """After Ctrl-C: the cluster is torn down mid-work, and Dask's and asyncio's
    loggers would report the cut connections with tracebacks; satgrid says in
    one line what happened instead."""
    for name in ("distributed", "asyncio", "tornado"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _quiet_on_ctrl_c(make, options: dict):
    """``make(**options)`` with SIGINT ignored while it starts the worker
    processes: they inherit the ignored signal across exec, so Ctrl-C at a
    terminal, sent to every process of the foreground group, reaches this
    process alone, which cancels the tasks and closes the cluster, instead of
    every worker printing a traceback. The price: a Ctrl-C during the 2-4
    seconds of the start is not seen (press it again). Only from the main
    thread (the one Python's signal handlers run in)."""
    if threading.current_thread() is not threading.main_thread():
        return make(**options)
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return make(**options)
    finally:
        signal.signal(signal.SIGINT, handler)


def chunk_bounds(n: int, chunks: int) -> list[tuple[int, int]]:
    """Split ``range(n)`` into at most ``chunks`` consecutive ``(start, stop)``
    pieces of near-equal length (the first ones one longer), in order."""
    if n <= 0:
        return []
    chunks = max(1, min(chunks, n))
    size, extra = divmod(n, chunks)
    out, start = [], 0
    for i in range(chunks):
        stop = start + size + (1 if i < extra else 0)
        out.append((start, stop))
        start = stop
    return out




def default_chunks(n: int, nworkers: int, per_worker: int = 4) -> int:
    """A chunk count that keeps every worker busy and lets a lost chunk be
    retried without redoing much: ``per_worker`` chunks per worker, at most
    one per item."""
    return max(1, min(n, per_worker * max(1, nworkers)))
