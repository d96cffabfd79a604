"""Masyu: one loop through cell centres; it goes straight through white
pearls (turning next to at least one side) and turns on black pearls (going
straight through the next cell on both sides).

Model (public Model API only): a Boolean per pair of orthogonal neighbours
(:func:`~satgrid.modelling.geometry.grid_edges`, named ``e[r,c-r,c]``);
:meth:`Model.cycle <satgrid.modelling.model.Model.cycle>` makes them one simple loop
(group ``masyu.loop``; connectivity lazy by cuts, or eager) and gives the
"on the loop" literal of every cell. Pearls are short clauses over the
segments next to them (group ``masyu.pearl``): white, ``west <-> east``,
``north <-> south`` and "not straight on both sides"; black, "not west and
east", "not north and south" and ``side -> the same side one cell further``.
Decoded: the link grid. Formats: :mod:`.formats`; referee: :mod:`.check`.
"""

from __future__ import annotations

from typing import Any

from ...modelling.geometry import grid_edges
from ...modelling.model import Model, Solution
from ...modelling.paths import estimate_lines, grid_degrees
from ..base import Puzzle, register
from ..links import links_from_edges
from . import check as checker
from . import drawing

STEPS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


@register
class Masyu(Puzzle):
    """A Masyu: ``pearls`` rows of 'w' (white), 'b' (black) or '.'."""

    kind = "masyu"
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, pearls, *, file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None, solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        self.pearls = [list(row) for row in pearls]
        self.rows, self.cols = len(self.pearls), len(self.pearls[0])
        self._solution = solution
        self._edges: dict = {}

    def _seg(self, model: Model, cell, side: str) -> int:
        """The literal of the segment leaving ``cell`` by ``side`` (false off the grid)."""
        dr, dc = STEPS[side]
        other = (cell[0] + dr, cell[1] + dc)
        return self._edges.get((min(cell, other), max(cell, other)), model.false)

    def estimate_clauses(self, model: Model) -> int:
        """The loop through the cells (:func:`satgrid.modelling.paths.estimate_lines`) and
        7 clauses per pearl."""
        pearls = sum(p in ("w", "b") for row in self.pearls for p in row)
        grid = grid_degrees(self.rows, self.cols)
        return 7 * pearls + estimate_lines(model.amo, model.card, grid,
                                           connectivity=model.connectivity)

    def build(self, model: Model) -> None:
        """Segments, one loop through them, the pearls' rules."""
        self._edges = {e: model.bool("e[%d,%d-%d,%d]" % (*e[0], *e[1]))
                       for e in grid_edges(self.rows, self.cols)}
        on = model.cycle(self._edges, group="masyu.loop")
        g = "masyu.pearl"
        for r, row in enumerate(self.pearls):
            for c, p in enumerate(row):
                if p not in ("w", "b"):
                    continue
                v = (r, c)
                seg = {s: self._seg(model, v, s) for s in STEPS}
                far = {s: self._seg(model, (r + STEPS[s][0], c + STEPS[s][1]), s) for s in STEPS}
                model.clause([on[v]], g)
                if p == "w":
                    for a, b in (("w", "e"), ("n", "s")):
                        model.equiv(seg[a], seg[b], g)
                        model.clause([-seg[a], -far[a], -far[b]], g)
                else:
                    for a, b in (("w", "e"), ("n", "s")):
                        model.clause([-seg[a], -seg[b]], g)
                    for s in STEPS:
                        model.implies(seg[s], far[s], g)

    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": the link grid of the loop}``."""
        used = [e for e, lit in self._edges.items() if sol[lit]]
        return {"grid": links_from_edges(used, self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.masyu.check.check`)."""
        return checker.check(decoded["grid"], self.pearls)

    def cell_mark(self, r: int, c: int) -> str | None:
        """The pearl drawn in cell (r, c), or None."""
        return {"w": "○", "b": "●"}.get(self.pearls[r][c])

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
        return [(r, c) for r, row in enumerate(self.pearls) for c, k in enumerate(row)
                if k in ("w", "b")]

    def with_clues(self, cells) -> "Masyu":
        keep = set(cells)
        return Masyu([[k if (r, c) in keep else "." for c, k in enumerate(row)]
                      for r, row in enumerate(self.pearls)], file=self.file, title=self.title)

    def toml_table(self) -> dict:
        return {"puzzle": "masyu", "pearls": "\n".join(
            " ".join(k if k in ("w", "b") else "-" for k in row) for row in self.pearls)}
