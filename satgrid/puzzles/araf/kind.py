"""``araf``: divide the grid into regions, each holding two numbers, its size between them.

Rules (as pzprjs checks them): every region holds exactly two numbers (a
"?" counts as one), and its number of cells lies strictly between them; a
region with a "?" only may not have the other number's size.

Model (:mod:`satgrid.rules.areas`, groups ``araf.regions.*``):
``paired_regions``, one region literal per pair of clues whose allowed
sizes (``araf_sizes``) can reach, its cells those close enough to both
clues, its size bounded by the cardinality encodings.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling import geometry as G
from ...modelling.model import Model, Solution
from ...rules import areas
from ..base import Puzzle, register
from . import check as checker
from . import drawing

K = "araf"
UNKNOWN = -2            # a "?" clue (as satgrid.puzzles.puzzlink.UNKNOWN)


@register
class Araf(Puzzle):
    """An Araf instance: ``clues`` rows (None: no number, ``UNKNOWN``: "?")."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues: list[list[int | None]], *, solution=None, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(clues), len(clues[0])
        self._solution = solution
        self._areas = None

    def _values(self) -> dict:
        return {(r, c): (None if v == UNKNOWN else v) for r, row in enumerate(self.clues)
                for c, v in enumerate(row) if v is not None}

    def _sizes(self, n: int):
        """The sizes a region holding clues a and b may have (pzprjs's rules)."""
        values = self._values()

        def sizes_of(a, b):
            got = areas.araf_sizes(values[a], values[b])
            return range(1, n + 1) if got is None else \
                set(range(1, n + 1)) - got if isinstance(got, set) else got
        return sizes_of

    def estimate_clauses(self, m: Model) -> int:
        """Per pair of clues within reach (the largest size allowed, by
        Manhattan distance): its cells (at most top^2), their share of each
        cell's exactly-one and the size's cardinality constraints."""
        n, sizes_of = self.rows * self.cols, self._sizes(self.rows * self.cols)
        clues = list(self._values())
        labels, total = 0, 0
        for i, (r, c) in enumerate(clues):
            for y, x in clues[i + 1:]:
                ok = [k for k in sizes_of((r, c), (y, x)) if k >= 2]
                if ok and abs(r - y) + abs(c - x) + 1 <= max(ok):
                    cells = min(n, max(ok) ** 2)
                    labels += cells
                    total += cells * (max(ok) + 4) + estimate.at_most(m.amo, cells, 1)
        per_cell = labels // n + 1
        return total + n * estimate.exactly(m.amo, m.card, per_cell, 1) * 2

    def build(self, m: Model) -> None:
        n = self.rows * self.cols
        a = areas.paired_regions(m, G.cells(self.rows, self.cols),
                                 G.grid_graph(self.rows, self.cols), self._values(),
                                 self._sizes(n), group=f"{K}.regions")
        self._areas = a
        m.projection = a.projection()

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": self._areas.numbered(sol, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.clues)

    def given_grid(self):
        return [[0 if v is None else 1 for v in row] for row in self.clues]

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def puzzle_svg(self) -> str:
        return drawing.svg(self, None)

    def expected_solution(self):
        return self._solution
