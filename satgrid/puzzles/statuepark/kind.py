"""``statuepark``: place the given pieces as shaded cells, the rest connected.

Rules (as pzprjs checks them): the shaded cells form pieces (groups of
shaded cells side by side), each piece one of the bank's (rotations and
reflections allowed), every bank piece used exactly as often as it is
listed; the unshaded cells are connected; a black circle is shaded, a white
circle unshaded.

Model (:mod:`satgrid.rules.areas`, groups ``statuepark.*``): ``shape_regions``
with the bank's distinct shapes and a blank (each group of equal names one
placement), ``pieces_alone`` (shaded neighbours share their piece), the
copies of each shape counted over its placements (``Model.linear``), the
circles as units, and the unshaded cells connected (``Model.connected``).
"""

from __future__ import annotations

from typing import Any

from ...modelling import geometry as G
from ...modelling.model import Model, Solution
from ...modelling.shapes import orientations
from ...rules import areas
from ..base import Puzzle, register
from . import check as checker
from . import drawing

K = "statuepark"
WHITE, BLACK = 1, 2


def canonical(cells) -> tuple:
    """A piece's cells in its least orientation (the same for congruent pieces)."""
    return tuple(sorted(orientations(cells)[0]))


@register
class StatuePark(Puzzle):
    """A Statue Park instance: ``circles`` rows (0 none, 1 white, 2 black) and
    ``pieces``: the bank, a list of pieces (sets of ``(row, col)`` cells)."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, circles: list[list[int]], pieces, *, bank_code: str | None = None,
                 solution=None, **kw):
        super().__init__(**kw)
        self.circles = [list(row) for row in circles]
        self.rows, self.cols = len(circles), len(circles[0])
        self.pieces = [frozenset(p) for p in pieces]
        self.bank_code = bank_code           # the URL's piece bank, written back as read
        self._solution = solution
        self._letter: dict = {}

    def shapes(self) -> tuple[dict, dict]:
        """({name: cells}, {name: copies}) of the bank's distinct shapes."""
        shapes, counts = {}, {}
        for p in self.pieces:
            key = canonical(p)
            name = f"s{len(shapes)}" if key not in shapes.values() else \
                next(k for k, v in shapes.items() if v == key)
            shapes[name] = key
            counts[name] = counts.get(name, 0) + 1
        return shapes, counts

    def estimate_clauses(self, m: Model) -> int:
        """Per cell its name's exactly-one and one clause per shape; per
        placement (8 orientations at each cell) its cells and surroundings;
        per edge a clause per shape; the counts and connectivity."""
        n, k = self.rows * self.cols, len(self.shapes()[0]) + 1
        size = max((len(p) for p in self.pieces), default=1)
        return n * (k * k + k) + n * 8 * (k - 1) * (4 * size + 2) + 4 * n * k \
            + (k - 1) * 16 * n * 8 + (2 * n * n if m.connectivity == "eager" else 0)

    def build(self, m: Model) -> None:
        cells = G.cells(self.rows, self.cols)
        graph = G.grid_graph(self.rows, self.cols)
        shapes, counts = self.shapes()
        found: dict = {}
        letter = areas.shape_regions(m, cells, shapes, blank=True, placements=found,
                                     group=f"{K}.pieces")
        areas.pieces_alone(m, letter, graph, group=f"{K}.alone")
        for name, copies in counts.items():
            lits = found.get(name, [])
            if lits:        # a PB sum (the model's pb encoding): a pairwise cover would be quadratic
                m.linear(lits, [1] * len(lits), "==", copies, f"{K}.count")
            else:
                m.clause([m.false], f"{K}.count")
        m.clauses([[letter[r, c][None]] if self.circles[r][c] == WHITE else [-letter[r, c][None]]
                   for r, c in cells if self.circles[r][c]], f"{K}.circles")
        m.connected({v: ls[None] for v, ls in letter.items()}, graph, group=f"{K}.connected")
        self._letter = letter
        m.projection = [ls[None] for ls in letter.values()]

    def decode(self, sol: Solution) -> dict[str, Any]:
        return {"grid": [[0 if sol[self._letter[r, c][None]] else 1 for c in range(self.cols)]
                         for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], self.circles, [sorted(p) for p in self.pieces])

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def puzzle_svg(self) -> str:
        return drawing.svg(self, None)

    def expected_solution(self):
        return self._solution
