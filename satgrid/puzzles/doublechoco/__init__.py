"""The ``doublechoco`` kind: its rules (:mod:`.kind`), its TOML and puzz.link
formats (:mod:`.formats`, registered with the loader on import) and its
referee (:mod:`.check`)."""

from .kind import DoubleChoco
from . import formats  # noqa: F401  (registers the readers)

__all__ = ["DoubleChoco"]
