"""The ``nurikabe`` kind: its rules (:mod:`.kind`), its TOML format
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`)."""

from .kind import Nurikabe
from . import formats  # noqa: F401  (registers the TOML reader)

__all__ = ["Nurikabe"]
