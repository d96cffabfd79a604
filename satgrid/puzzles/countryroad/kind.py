"""``countryroad``: one loop that visits every room once (rules: ``format.md``,
as pzprjs checks them: borders count as given, one inside a room crossed once
per cell beside it; a 0, which pzprjs's editor allows with ``e`` only, keeps
the loop out). Model: :mod:`satgrid.rules.loops` (loop, enter_once),
:func:`satgrid.rules.shading.count_in` of the loop cells, groups
``countryroad.*``; decoded: ``{"grid": link grid}``."""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.model import Model, Solution
from ...rules import loops, shading
from ..base import Puzzle, register
from ..links import links_from_edges
from ..roomloops import border_edges
from ..rooms import room_cells, rooms_from_borders
from . import check as checker
from . import drawing
from .clues import CountryRoadClues


K = "countryroad"


@register
class CountryRoad(CountryRoadClues, Puzzle):
    """A Country Road: borders ``vert``, ``hori``; ``numbers`` per room (pzprjs's order)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card", "pb", "connectivity")

    def __init__(self, vert, hori, numbers=None, *, empty: bool = False, **kw):
        super().__init__(**kw)
        self.vert, self.hori = [list(r) for r in vert], [list(r) for r in hori]
        self.rooms = rooms_from_borders(self.vert, self.hori)
        self.rows, self.cols = len(self.rooms), len(self.rooms[0])
        self.cells = room_cells(self.rooms)
        self.numbers = list(numbers) if numbers else [None] * len(self.cells)
        self.empty, self._loop = empty, None

    def estimate_clauses(self, m: Model) -> int:
        """The loop, the rooms' crossings, a count per numbered room, a clause per border."""
        h, w, walls = self.rows, self.cols, border_edges(self.vert, self.hori)
        return (loops.estimate_loop(m, h, w)
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

    def decode(self, sol: Solution) -> dict:
        return {"grid": links_from_edges(self._loop.used(sol), self.rows, self.cols)}

    def check(self, decoded: dict) -> list[str]:
        return checker.check(decoded["grid"], self.vert, self.hori, self.numbers, self.empty)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)
