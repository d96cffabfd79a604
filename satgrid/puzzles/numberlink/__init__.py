"""The ``numberlink`` kind (Arukone): its rules (:mod:`.kind`), its file
formats (:mod:`.formats`, registered with the loader on import) and its
referee (:mod:`.check`)."""

from .kind import Numberlink
from .formats import parse_text

__all__ = ["Numberlink", "parse_text"]
