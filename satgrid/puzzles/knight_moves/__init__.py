"""The ``knight-moves`` kind: its rules (:mod:`.kind`), its TOML format
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`). The names other code uses are importable from here."""

from .kind import KnightMoves, knight_distances, length_candidates
from . import formats  # noqa: F401  (registers the TOML reader)

__all__ = ["KnightMoves", "knight_distances", "length_candidates"]
