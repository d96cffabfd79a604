"""The ``aqre`` kind: its rules (:mod:`.kind`), its TOML, pzprv3 and
puzz.link formats (:mod:`.formats`, registered on import) and its referee
(:mod:`.check`)."""

from .kind import Aqre
from . import formats  # noqa: F401  (registers the readers)

__all__ = ["Aqre"]
