"""The atlas's work units, run in this process or on a Dask cluster.

Owns :class:`Unit` (a pure function call with a readable name) and
:func:`run_units`, which runs a list of them serially or through a
``distributed.Client`` (:func:`satgrid.cluster.client.connect`) and returns
their results in the list's order either way. The atlas's files are made
from those results alone, so a cluster run writes the same bytes as the
serial run.

On a cluster every unit is one task, keyed, retried and collected in order
by :mod:`satgrid.cluster.tasks` (the collections' and split counts'
machinery): its key is a hash of the function and its pickled arguments, so
a task is idempotent and a worker lost mid-run has its units retried
elsewhere (``retries``) without anything computed twice into the results.
Ctrl-C cancels the futures still pending.

Example::

    >>> units = [Unit("square-3", pow, (3, 2)), Unit("square-4", pow, (4, 2))]
    >>> run_units(units)
    [9, 16]
    >>> from satgrid.cluster.client import connect
    >>> with connect(workers=2) as client:               # doctest: +SKIP
    ...     run_units(units, client)
    [9, 16]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..cluster.tasks import RETRIES, in_order, submit_calls


@dataclass(frozen=True)
class Unit:
    """One work unit: ``fn(*args)``, a pure function of its arguments.

    Attributes:
        name: readable and unique within a run (e.g. ``card-at_most-seqcounter``).
        fn: a module-level function (workers import it by name).
        args: its arguments (plain data: they travel to the workers).
        tags: what the caller wants back beside the result (never sent).
    """

    name: str
    fn: Callable
    args: tuple
    tags: dict = field(default_factory=dict, compare=False)


def run_units(units: Sequence[Unit], client=None, *, retries: int = RETRIES,
              on_done: Callable[[Unit], Any] | None = None) -> list:
    """Run ``units``; their results in ``units`` order.

    Args:
        units: the work.
        client: a ``distributed.Client``, or None to run here, one after another.
        retries: how often a task whose worker died is run again.
        on_done: called with each unit as it finishes (any order on a cluster).

    Raises:
        whatever a unit raises here; on a cluster, a SatgridError as it is and
        anything else as a SolverError naming the unit's place
        (:func:`satgrid.cluster.tasks.in_order`; the atlas's units record
        failures instead); KeyboardInterrupt after cancelling the pending futures.
    """
    if client is None:
        out = []
        for u in units:
            out.append(u.fn(*u.args))
            if on_done is not None:
                on_done(u)
        return out
    futures = submit_calls(client, [(u.fn, u.args) for u in units], prefix="atlas",
                           retries=retries)
    done = None if on_done is None else (lambda i, _result: on_done(units[i]))
    out = [None] * len(units)
    for i, result in in_order(futures, on_done=done):
        out[i] = result
    return out
