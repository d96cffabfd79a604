"""One connectivity constraint as a Model records it: ``Connection``.

:meth:`satgrid.modelling.model.Model.connected` keeps one per lazy constraint
(``Model.connections``), and a certified run (:mod:`satgrid.certify.proof`)
re-makes the constraint's checker from it and justifies every cut against
its graph. It lives here, not with the certified run, so that recording a
constraint loads no certificate code (``bench/bench_startup.py``: the
certificate modules were a tenth of a connectivity puzzle's start-up). It is
a :class:`satgrid.util.SlotRecord`, not a dataclass: the dataclasses import
(~6 ms) was on every connectivity kind's one-puzzle path for this record alone.
"""

from __future__ import annotations

from typing import Hashable

from ...util import SlotRecord

__all__ = ["Connection"]


class Connection(SlotRecord):
    """One connectivity constraint: node -> literal over an undirected graph
    (equal when its fields are, a repr naming them, mutable and unhashable,
    as the dataclass it was)."""

    __slots__ = ("name", "lits", "graph")

    def __init__(self, name: str, lits: dict[Hashable, int], graph: object) -> None:
        self.name = name
        self.lits = lits
        self.graph = graph
