"""The ``slitherlink`` kind: its rules (:mod:`.kind`), its file formats
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`)."""

from .kind import Slitherlink
from .formats import parse_text

__all__ = ["Slitherlink", "parse_text"]
