"""One connectivity constraint as a Model records it: ``Connection``.

:meth:`satgrid.modelling.model.Model.connected` keeps one per lazy constraint
(``Model.connections``), and a certified run (:mod:`satgrid.certify.proof`)
re-makes the constraint's checker from it and justifies every cut against
its graph. It lives here, not with the certified run, so that recording a
constraint loads no certificate code (``bench/bench_startup.py``: the
certificate modules were a tenth of a connectivity puzzle's start-up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

__all__ = ["Connection"]


@dataclass
class Connection:
    """One connectivity constraint: node -> literal over an undirected graph."""

    name: str
    lits: dict[Hashable, int]
    graph: object
