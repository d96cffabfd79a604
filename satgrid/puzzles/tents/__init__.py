"""The ``tents`` kind: its rules (:mod:`.kind`), its TOML, puzz.link and
pzprv3 formats (:mod:`.formats`, registered with the loader on import) and
its referee (:mod:`.check`)."""

from .kind import Tents
from . import formats  # noqa: F401  (registers the readers)

__all__ = ["Tents"]
