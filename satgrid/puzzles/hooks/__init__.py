"""The ``hooks`` kind (Hooks 8): its rules (:mod:`.kind`), its TOML format
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`). The names other code uses are importable from here."""

from .kind import NUMBERS_RULES, HookLayout, Hooks, layout_model
from . import formats  # noqa: F401  (registers the TOML reader)

__all__ = ["HookLayout", "Hooks", "NUMBERS_RULES", "layout_model"]
