"""satgrid on a Dask cluster: collections, families, split counts and the
atlas sweep run on ``distributed`` workers with results identical to the
serial run (docs/guide/cluster.md).

Connect with :func:`satgrid.cluster.client.connect` (``workers=N`` for a
``LocalCluster``, ``scheduler=ADDRESS`` for a running cluster, or
``client=`` for one you hold). Dask is the optional ``[cluster]`` extra.
"""

from .client import connect, wanted  # noqa: F401
