"""The ``fillomino`` kind: its rules (:mod:`.kind`), its formats (:mod:`.formats`:
TOML, the text grid, pzprv3 and puzz.link URLs, registered with the loader on
import) and its referee (:mod:`.check`)."""

from .kind import Fillomino
from . import formats  # noqa: F401  (registers the TOML reader and the text formats)

__all__ = ["Fillomino"]
