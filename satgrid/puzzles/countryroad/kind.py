"""``countryroad``: one loop that visits every room once.

Rules (as pzprjs checks them): draw one loop (like pzprjs, no line at all is
not refused) through cell centres, orthogonally, never branching or
crossing; it enters each room at most once and passes through every room
(unless ``empty``, URL flag ``e``); a room's number counts its cells on the
loop; two cells side by side across a border are not both off the loop. The
borders count as given (pzprjs looks at each border: one inside a room
counts as crossed once per cell beside it). A 0 keeps the loop out of its
room (pzprjs's editor allows 0 only with ``e``, meaning that; its checker
skips it).

Model (groups ``countryroad.*``): :func:`satgrid.rules.loops.loop`,
:func:`satgrid.rules.loops.enter_once` (with ``visit``),
:func:`satgrid.rules.shading.count_in` of the loop cells per numbered room,
a clause per pair of cells across a border. Decoded: ``{"grid": link grid}``.
Borders: ``vert[r][c]`` (right of (r, c)), ``hori[r][c]`` (below it), 1 = a border.
"""

from __future__ import annotations

from typing import Any

from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...modelling.paths import estimate_lines, grid_degrees
from ...rules import loops, shading
from ..base import Puzzle, register
from ..links import links_from_edges
from ..roomloops import border_edges
from ..rooms import room_cells, rooms_from_borders
from . import check as checker
from . import drawing

K = "countryroad"


@register
class CountryRoad(Puzzle):
    """A Country Road: borders ``vert``, ``hori``; ``numbers`` per room (pzprjs's order)."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, vert, hori, numbers=None, *, empty: bool = False, solution=None, **kw):
        super().__init__(**kw)
        self.vert, self.hori = [list(r) for r in vert], [list(r) for r in hori]
        self.rooms = rooms_from_borders(self.vert, self.hori)
        self.rows, self.cols = len(self.rooms), len(self.rooms[0])
        self.cells = room_cells(self.rooms)
        self.numbers = list(numbers) if numbers else [None] * len(self.cells)
        self.empty, self._solution, self._loop = empty, solution, None

    def estimate_clauses(self, m: Model) -> int:
        """The loop, the rooms' crossings, a count per numbered room, a clause per border."""
        h, w, walls = self.rows, self.cols, border_edges(self.vert, self.hori)
        return (estimate_lines(m.amo, m.card, grid_degrees(h, w), connectivity=m.connectivity)
                + loops.estimate_enter_once(m, h, w, self.cells, visit=True, borders=walls)
                + sum(estimate.exactly(m.amo, m.card, len(c), n)
                      for c, n in zip(self.cells, self.numbers) if n is not None and n >= 0)
                + len(walls))

    def build(self, m: Model) -> None:
        lp = loops.loop(m, self.rows, self.cols, empty=True, group=f"{K}.loop")
        walls = border_edges(self.vert, self.hori)
        loops.enter_once(m, lp, self.cells, visit=not self.empty, borders=walls,
                         group=f"{K}.rooms")
        for cells, n in zip(self.cells, self.numbers):
            if n is not None and n >= 0:
                shading.count_in(m, lp.on, cells, n, group=f"{K}.number")
        m.clauses([[lp.on[a], lp.on[b]] for a, b in walls], f"{K}.border")
        self._loop = lp
        m.projection = list(lp.edges.values())

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": links_from_edges(self._loop.used(sol), self.rows, self.cols)}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.vert, self.hori, self.numbers, self.empty)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def expected_solution(self):
        return self._solution
