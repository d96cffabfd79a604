"""Slitherlink: one loop along the grid lines; a number tells how many of
its cell's sides the loop uses.

Model (public Model API only): a Boolean per unit segment between dots
(:func:`~satgrid.modelling.geometry.dot_edges`, named ``e[r,c-r,c]``);
:meth:`Model.cycle <satgrid.modelling.model.Model.cycle>` makes them one simple loop
(group ``slitherlink.loop``; connectivity lazy by cuts, or eager); each
clue is ``exactly(sides, k)`` with the Model's cardinality encoding (group
``slitherlink.clue``). Decoded: ``links`` over the dots and ``grid``, the
cells inside the loop (1) -- the published answers' form. Formats:
:mod:`.formats`; referee: :mod:`.check`.
"""

from __future__ import annotations

from typing import Any

from ...modelling.geometry import cell_sides, dot_edges
from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...modelling.paths import estimate_lines, grid_degrees
from ..base import Puzzle, register
from ..links import draw_links, links_from_edges
from . import check as checker
from . import drawing
from .drawing import draw  # noqa: F401  (re-exported)


@register
class Slitherlink(Puzzle):
    """A Slitherlink: ``clues`` rows of 0..4 or None (no clue)."""

    kind = "slitherlink"
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues, *, file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None, solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(self.clues), len(self.clues[0])
        self._solution = solution
        self._edges: dict = {}

    def estimate_clauses(self, model: Model) -> int:
        """The loop over the (rows + 1) x (cols + 1) dots
        (:func:`satgrid.modelling.paths.estimate_lines`) and exactly k of 4 sides per clue."""
        amo, card = model.amo, model.card
        clues = sum(estimate.exactly(amo, card, 4, k)
                    for row in self.clues for k in row if k is not None)
        return clues + estimate_lines(amo, card, grid_degrees(self.rows + 1, self.cols + 1),
                                      connectivity=model.connectivity)

    def build(self, model: Model) -> None:
        """Segments, one loop through them, a cardinality per clue."""
        self._edges = {e: model.bool("e[%d,%d-%d,%d]" % (*e[0], *e[1]))
                       for e in dot_edges(self.rows, self.cols)}
        model.cycle(self._edges, group="slitherlink.loop")
        for r, row in enumerate(self.clues):
            for c, k in enumerate(row):
                if k is not None:
                    model.exactly([self._edges[s] for s in cell_sides((r, c))], k,
                                  group="slitherlink.clue")

    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": inside cells 1/0, "links": the loop over the dots}``."""
        used = [e for e, lit in self._edges.items() if sol[lit]]
        links = links_from_edges(used, self.rows + 1, self.cols + 1)
        vertical = {e[0] for e in used if e[0][1] == e[1][1]}   # left sides, by top dot
        grid = []
        for r in range(self.rows):
            row, inside = [], 0
            for c in range(self.cols):
                inside ^= (r, c) in vertical
                row.append(inside)
            grid.append(row)
        return {"grid": grid, "links": links}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.slitherlink.check.check`)."""
        return checker.check(decoded["links"], decoded["grid"], self.clues)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def expected_solution(self):
        return self._solution

    # ------------------------------------------------- clues (generators)
    def clue_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.clues) for c, k in enumerate(row)
                if k is not None]

    def with_clues(self, cells) -> "Slitherlink":
        keep = set(cells)
        return Slitherlink([[k if (r, c) in keep else None for c, k in enumerate(row)]
                            for r, row in enumerate(self.clues)], file=self.file, title=self.title)

    @classmethod
    def blank(cls, size: int) -> "Slitherlink":
        """No clues: any one loop."""
        return cls([[None] * size for _ in range(size)])

    def from_solution(self, decoded: dict[str, Any]) -> "Slitherlink":
        """Each cell's clue: its sides on the loop, the sides between inside
        and outside (beyond the grid is outside)."""
        g = decoded["grid"]
        def inside(r, c):
            return g[r][c] if 0 <= r < self.rows and 0 <= c < self.cols else 0
        return Slitherlink([[sum(inside(r, c) != inside(r + dr, c + dc)
                                 for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                             for c in range(self.cols)] for r in range(self.rows)],
                           file=self.file, title=self.title)

    def toml_table(self) -> dict:
        return {"puzzle": "slitherlink", "clues": "\n".join(
            " ".join("." if k is None else str(k) for k in row) for row in self.clues)}


__all__ = ["Slitherlink", "draw", "draw_links"]
