"""The ``vertex-sums`` kind (the seed's ``sqgrid``): its rules (:mod:`.kind`),
its file formats (:mod:`.formats`, registered with the loader on import) and
its referee (:mod:`.check`). The names other code uses are importable from here."""

from .kind import VertexSums, draw, sum_range
from .formats import from_sums

__all__ = ["VertexSums", "draw", "from_sums", "sum_range"]
