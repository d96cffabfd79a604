"""``moonsun`` (Moon or Sun): one loop through every room once, moons and suns
by turns (rules: ``format.md``, as pzprjs checks them). Model:
:mod:`satgrid.rules.loops` (loop, enter_once over the given borders,
all_or_none per room and mark, between for the alternation), groups
``moonsun.*``; decoded: ``{"grid": link grid}``."""

from __future__ import annotations

from ...modelling.model import Model, Solution
from ...rules import loops
from ..base import Puzzle, register
from ..links import links_from_edges
from ..roomloops import border_edges
from ..rooms import room_cells, rooms_from_borders
from . import check as checker
from . import drawing
from .clues import MoonSunClues


K = "moonsun"


@register
class MoonSun(MoonSunClues, Puzzle):
    """A Moon or Sun: borders ``vert``, ``hori`` (see :mod:`satgrid.puzzles.roomloops`),
    ``marks`` rows of s (sun), m (moon), '.'."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card", "pb", "connectivity")

    def __init__(self, vert, hori, marks, **kw):
        super().__init__(**kw)
        self.vert, self.hori = [list(r) for r in vert], [list(r) for r in hori]
        self.rooms, self.marks = rooms_from_borders(vert, hori), [list(r) for r in marks]
        self.rows, self.cols = len(self.rooms), len(self.rooms[0])
        self.cells = room_cells(self.rooms)
        self._loop = None

    def estimate_clauses(self, m: Model) -> int:
        """The loop, the rooms' crossings, 2k + 1 clauses per k marks of a kind
        in a room and 2 per room, 2 per border."""
        h, w, walls = self.rows, self.cols, border_edges(self.vert, self.hori)
        marks = sum(v in "sm" for row in self.marks for v in row)
        return (loops.estimate_loop(m, h, w)
                + loops.estimate_enter_once(m, h, w, self.cells, visit=True, borders=walls)
                + 2 * marks + 4 * len(self.cells) + 2 * len(walls))

    def build(self, m: Model) -> None:
        lp = loops.loop(m, self.rows, self.cols, empty=True, group=f"{K}.loop")
        walls = border_edges(self.vert, self.hori)
        loops.enter_once(m, lp, self.cells, visit=True, borders=walls, group=f"{K}.rooms")
        moon, sun = {}, {}
        for k, cells in enumerate(self.cells):
            for kind, to in (("m", moon), ("s", sun)):
                marked = [(r, c) for r, c in cells if self.marks[r][c] == kind]
                to[k] = loops.all_or_none(m, lp, marked, f"{K}.marks", f"{kind}[{k}]")
            m.clauses([[-moon[k], -sun[k]], [moon[k], sun[k]]], f"{K}.marks")
        room = {(r, c): k for r, row in enumerate(self.rooms) for c, k in enumerate(row)}
        for e, a, b in loops.between(lp, room):
            m.clauses([[-e, -moon[a], -moon[b]], [-e, -sun[a], -sun[b]]], f"{K}.alternate")
        self._loop = lp
        m.projection = list(lp.edges.values())

    def decode(self, sol: Solution) -> dict:
        return {"grid": links_from_edges(self._loop.used(sol), self.rows, self.cols)}

    def check(self, decoded: dict) -> list[str]:
        return checker.check(decoded["grid"], self.vert, self.hori, self.marks)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)
