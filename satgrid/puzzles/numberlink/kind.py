"""Numberlink (Arukone): join each pair of equal numbers by a line through
cell centres; lines never cross, branch or share a cell (with ``fill``,
every cell is used).

Model (public Model API only): for each number k a Boolean per pair of
orthogonal neighbours (:func:`~satgrid.modelling.geometry.grid_edges`, named
``k:e[r,c-r,c]``; edges touching another number's cells are left out), and
:meth:`Model.path <satgrid.modelling.model.Model.path>` from one k to the other (group
``numberlink.path``; connectivity lazy by cuts, or eager), which gives the
"on line k" literal of every cell. A cell is on at most one line (exactly
one with ``fill``; group ``numberlink.cell``). Decoded: the link grid and
the label of every cell. Formats: :mod:`.formats`; referee: :mod:`.check`.
"""

from __future__ import annotations

from typing import Any

from ...modelling.geometry import grid_edges
from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...modelling.paths import estimate_lines, grid_degrees
from ..base import Puzzle, register
from ..links import links_from_edges
from . import check as checker
from . import drawing


@register
class Numberlink(Puzzle):
    """A Numberlink: ``numbers`` rows of tokens ('.' = empty), each
    non-empty token exactly twice; ``fill``: every cell must be used."""

    kind = "numberlink"
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, numbers, fill: bool = False, *, file: str = "<string>", title: str = "",
                 source: str = "", expect: dict | None = None,
                 solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        self.numbers = [list(row) for row in numbers]
        self.rows, self.cols = len(self.numbers), len(self.numbers[0])
        self.fill = fill
        self.pairs: dict[str, list] = {}
        for r, row in enumerate(self.numbers):
            for c, t in enumerate(row):
                if t != ".":
                    self.pairs.setdefault(t, []).append((r, c))
        self._solution = solution
        self._edges: dict[str, dict] = {}
        self._on: dict[str, dict] = {}

    def estimate_clauses(self, model: Model) -> int:
        """A path per pair over the whole grid (:func:`satgrid.modelling.paths.estimate_lines`;
        leaving out other numbers' cells only makes fewer) and one line per cell."""
        amo, card, k = model.amo, model.card, len(self.pairs)
        per_cell = (estimate.exactly(amo, card, k, 1) if self.fill
                    else estimate.at_most(amo, k, 1) if k > 1 else 0)
        lines = estimate_lines(amo, card, grid_degrees(self.rows, self.cols), ends=2,
                               connectivity=model.connectivity)
        return k * lines + self.rows * self.cols * per_cell

    def build(self, model: Model) -> None:
        """A path per pair over the cells that are not other numbers; one line per cell."""
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        for k, (a, b) in self.pairs.items():
            others = {v for j, vs in self.pairs.items() if j != k for v in vs}
            self._edges[k] = {e: model.bool("%s:e[%d,%d-%d,%d]" % (k, *e[0], *e[1]))
                              for e in grid_edges(self.rows, self.cols)
                              if e[0] not in others and e[1] not in others}
            self._on[k] = model.path(self._edges[k], a, b, group="numberlink.path")
        for v in cells:
            lits = [on[v] for on in self._on.values() if v in on]
            if self.fill:
                model.exactly(lits, 1, group="numberlink.cell")
            elif len(lits) > 1:
                model.at_most(lits, 1, group="numberlink.cell")

    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": the link grid, "labels": the number of each cell's line}``."""
        used = [e for es in self._edges.values() for e, lit in es.items() if sol[lit]]
        labels = [["."] * self.cols for _ in range(self.rows)]
        for k, on in self._on.items():
            for (r, c), lit in on.items():
                if sol[lit]:
                    labels[r][c] = k
        return {"grid": links_from_edges(used, self.rows, self.cols), "labels": labels}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.numberlink.check.check`)."""
        return checker.check(decoded["grid"], decoded["labels"], self.numbers, self.fill)

    def cell_mark(self, r: int, c: int) -> str | None:
        """The number drawn in cell (r, c), or None."""
        t = self.numbers[r][c]
        return None if t == "." else t[-1]

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution
