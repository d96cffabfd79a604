"""The ``twenty-four-seven`` and ``twenty-four-seven-2x2`` kinds: their rules
(:mod:`.kind`), their TOML format (:mod:`.formats`, registered with the loader
on import) and their referee (:mod:`.check`). The names other code uses are
importable from here."""

from .kind import SIDES, SubGrid, TwentyFourSeven, TwentyFourSeven2x2
from . import formats  # noqa: F401  (registers the TOML reader)

__all__ = ["SIDES", "SubGrid", "TwentyFourSeven", "TwentyFourSeven2x2"]
