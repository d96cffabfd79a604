"""Generated families on a Dask cluster: ``satgrid family NAME ... --workers N``.

A family of ``count=N`` instances (the Sudoku family) is cut into chunks of
consecutive instances; each chunk is one keyed task that generates exactly
its instances (:func:`satgrid.pipeline.families.instances` with ``only=``: the
random stream steps over the instances before the chunk, so instance i has
the same bytes as in the serial run) and writes them, with their DIMACS,
through :func:`satgrid.pipeline.families.write_instance` (atomic writes).

Where the files are written:

* the workers write them into the output folder when every worker reaches
  it (a shared or network folder, or a ``LocalCluster`` on this machine):
  checked before starting by a probe file the client writes and every
  worker looks for;
* otherwise, or with ``ship=True`` (``--ship``), each worker writes into a
  temporary folder of its own and ships the bytes back; the client writes
  them, atomically, into the output folder.

Either way the files are those of the serial run, byte for byte, and the
paths come back in the serial order. A family without ``count`` (one
instance per seed) is one task.

Example::

    >>> from satgrid.cluster import write_family
    >>> paths = write_family("sudoku", {"order": 3, "count": 100}, seed=1,
    ...                      out="fam", dimacs=True, workers=2)   # doctest: +SKIP
    >>> len(paths)                                                 # doctest: +SKIP
    200
"""

from __future__ import annotations

import os
import tempfile
import uuid
from typing import Callable

from ..pipeline.families import instances, write_instance
from ..puzzles.families import SPECS, read_params
from ..errors import SatgridError
from ..io.fileio import atomic_write_chunks
from .client import chunk_bounds, connect, default_chunks
from .tasks import RETRIES, in_order, submit_chunks

__all__ = ["write_family", "family_chunk", "workers_see"]

#: families whose generator honours ``only=`` (the others are one task)
SPLITTABLE = frozenset({"sudoku"})


def family_chunk(name: str, params: dict, seed: int, start: int | None, stop: int | None,
                 out: str | None, dimacs: bool) -> list[tuple[str, bytes | None]]:
    """Generate instances ``start..stop-1`` of a family (all of them when
    ``start`` is None) and write them (what a worker runs).

    Args:
        out: the output folder as this worker reaches it (an absolute path);
            None: write into a temporary folder and ship the bytes back.

    Returns:
        ``(file name, bytes or None)`` per file written, in the serial order
        (bytes only when shipping).
    """
    only = None if start is None else range(start, stop)
    files = instances(name, params, seed=seed, only=only)
    if out is not None:
        os.makedirs(out, exist_ok=True)
        return [(os.path.basename(path), None)
                for fname, body in files
                for path in write_instance(out, fname, body, name, seed, dimacs)]
    shipped = []
    with tempfile.TemporaryDirectory(prefix="satgrid-family-") as tmp:
        for fname, body in files:
            for path in write_instance(tmp, fname, body, name, seed, dimacs):
                with open(path, "rb") as fh:
                    shipped.append((os.path.basename(path), fh.read()))
    return shipped


def _exists(path: str) -> bool:
    return os.path.exists(path)


def workers_see(client, folder: str) -> bool:
    """Whether every worker of ``client`` reaches ``folder`` (made here if
    missing): a probe file written here must be visible to each of them."""
    os.makedirs(folder, exist_ok=True)
    probe = os.path.join(os.path.abspath(folder), f".satgrid-probe-{uuid.uuid4().hex}")
    with open(probe, "w", encoding="utf-8"):
        pass
    try:
        seen = client.run(_exists, probe)
    finally:
        os.unlink(probe)
    return bool(seen) and all(seen.values())


def write_family(name: str, params: dict, *, seed: int = 0, out: str = ".",
                 dimacs: bool = False, ship: bool | None = None, client=None,
                 workers: int | None = None, scheduler: str | None = None,
                 chunks: int | None = None, retries: int = RETRIES,
                 on_chunk: Callable | None = None) -> list[str]:
    """Write a generated family on a Dask cluster; return the paths, as
    :func:`satgrid.pipeline.families.generate` does.

    Args:
        name, params, seed, out, dimacs: as :func:`~satgrid.pipeline.families.generate`
            (``params`` maps parameter names to values, ``{"count": 2000}``).
        ship: True: the workers ship the bytes back and this process writes
            them; False: the workers write into ``out`` (they must reach it);
            None (default): write on the workers when they all reach ``out``.
        client, workers, scheduler: where to run (:func:`satgrid.cluster.client.connect`).
        chunks: number of tasks (default 4 per worker; each generates a run of
            consecutive instances).
        retries: how often a failed task is run again.
        on_chunk: ``on_chunk(i, paths)`` as chunk ``i`` is handed on, in order.

    Returns:
        The paths written (``out/NAME.toml`` and, with ``dimacs``, ``out/NAME.cnf``),
        in the serial order.

    Raises:
        SatgridError: an unknown family or parameter (before any task starts);
        ship=False and a worker that does not reach ``out``.
    """
    if name not in SPECS:
        raise SatgridError(f"unknown family {name!r}; expected one of {', '.join(SPECS)}")
    params = {k: str(v) for k, v in params.items()}
    values = read_params(SPECS[name], params)        # bad parameters: refused here
    count = values.get("count") if name in SPLITTABLE else None
    with connect(workers=workers, scheduler=scheduler, client=client) as c:
        shared = workers_see(c, out) if ship is not True else False
        if ship is False and not shared:
            raise SatgridError(f"{out}: not every worker reaches this folder; use --ship to "
                               "have the files shipped back")
        target = os.path.abspath(out) if shared else None
        if count is None:
            bounds = [(None, None)]
        else:
            nworkers = max(1, len(c.scheduler_info().get("workers", {})))
            bounds = chunk_bounds(count, chunks or default_chunks(count, nworkers))
        futures = submit_chunks(c, family_chunk,
                                [(name, params, seed, a, b, target, dimacs) for a, b in bounds],
                                prefix="family", retries=retries)
        written = []
        os.makedirs(out, exist_ok=True)
        for i, files in in_order(futures):
            paths = []
            for fname, data in files:
                path = os.path.join(out, fname)
                if data is not None:
                    atomic_write_chunks(path, [data])
                paths.append(path)
            written += paths
            if on_chunk is not None:
                on_chunk(i, paths)
    return written
