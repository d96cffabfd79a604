"""The ``masyu`` kind: its rules (:mod:`.kind`), its file formats
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`)."""

from .kind import Masyu
from .formats import parse_text

__all__ = ["Masyu", "parse_text"]
