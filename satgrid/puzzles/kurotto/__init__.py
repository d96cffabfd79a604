"""The ``kurotto`` kind: its rules (:mod:`.kind`), its TOML, pzprv3 and
puzz.link formats (:mod:`.formats`, registered on import) and its referee
(:mod:`.check`)."""

from .kind import Kurotto
from . import formats  # noqa: F401  (registers the readers)

__all__ = ["Kurotto"]
