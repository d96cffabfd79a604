"""The generated families' parameters, as the command line reads them.

Each family is declared by its kind's folder (``satgrid/puzzles/<kind>/kind.json``:
name, summary, parameters with ranges and defaults; discovered by
:mod:`satgrid.puzzles`). This module gives the command line (``satgrid
family --list``, ``satgrid family NAME --help``) and the generators the same
records: :data:`SPECS` and :func:`read_params` (so a range is enforced
exactly as documented). It imports no kind and no solver, so ``--help``
stays fast.
"""

from __future__ import annotations

from ..puzzles import FAMILY_MODULES  # noqa: F401  (discovers the kinds and their families)
from ..puzzles.families import FamilySpec, Param, SPECS, check_bound, read_params

__all__ = ["FAMILY_MODULES", "FamilySpec", "Param", "SPECS", "check_bound", "read_params"]
