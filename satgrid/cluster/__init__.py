"""satgrid on a Dask cluster: collections, families, split counts and the
atlas sweep run on ``distributed`` workers with results identical to the
serial run (docs/guide/cluster.md).

Connect with :func:`satgrid.cluster.client.connect` (``workers=N`` for a
``LocalCluster``, ``scheduler=ADDRESS`` for a running cluster, or
``client=`` for one you hold). Every runner takes the same three, as Dask
functions do:

* :func:`solve_collection` / :func:`check_collection`: chunks of puzzles,
  each in one incremental session, results in input order;
* :func:`write_family`: a generated family written on the workers (or
  shipped back), the serial run's bytes;
* :func:`count_split`: cube-and-conquer count over ``2**K`` cubes, the exact
  serial count (:func:`verify_split` checks a certified one).

Dask is the optional ``[cluster]`` extra.

Example::

    >>> from satgrid.cluster import connect, count_split
    >>> from satgrid.pipeline.load import loads
    >>> [p] = loads("....\\n....\\n....\\n....\\n", "empty-4x4.txt")
    >>> with connect(workers=2) as client:                      # doctest: +SKIP
    ...     count_split(p, 3, client=client)["count"]
    288
"""

from .client import connect, wanted  # noqa: F401
from .collection import check_collection, solve_collection  # noqa: F401
from .family import write_family  # noqa: F401
from .split import count_split, split_variables, verify_split  # noqa: F401

__all__ = ["connect", "wanted", "solve_collection", "check_collection", "write_family",
           "count_split", "split_variables", "verify_split"]
