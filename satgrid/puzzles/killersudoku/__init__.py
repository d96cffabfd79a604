"""The ``killersudoku`` kind: its rules (:mod:`.kind`), its TOML format
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`)."""

from .kind import KillerSudoku
from . import formats  # noqa: F401  (registers the readers)

__all__ = ["KillerSudoku"]
