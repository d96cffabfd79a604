"""``statuepark``: place the given pieces as shaded cells, the rest connected.

Rules (as pzprjs checks them): the groups of shaded cells side by side are
the bank's pieces (rotations and reflections allowed), each used as often as
listed; the unshaded cells are connected; black circles shaded, white not.

Model (:mod:`satgrid.rules.areas`): ``shape_regions`` (the bank's shapes and a
blank), ``pieces_alone``, copies as PB sums (and the cells of each shape, implied),
circles, blanks connected."""

from __future__ import annotations

from typing import Any

from ...modelling import geometry as G
from ...modelling.model import Model, Solution
from ...rules import areas
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .clues import StatueParkClues


K = "statuepark"
WHITE, BLACK = 1, 2


@register
class StatuePark(StatueParkClues, Puzzle):
    """``circles`` rows (0 none, 1 white, 2 black); ``pieces``: the bank, sets of cells."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "pb", "connectivity")

    def __init__(self, circles, pieces, *, bank_code: str | None = None, **kw):
        super().__init__(**kw)
        self.circles = [list(row) for row in circles]
        self.rows, self.cols = len(circles), len(circles[0])
        self.pieces = [frozenset(p) for p in pieces]
        self.bank_code = bank_code           # the URL's piece bank, written back as read
        self._letter = {}

    def estimate_clauses(self, m: Model) -> int:
        n, size = self.rows * self.cols, max((len(p) for p in self.pieces), default=1)
        k = len(areas.distinct_shapes(self.pieces)[0])
        return areas.estimate_shape_regions(m.amo, n, k, size, True) + 40 * n * k \
            + (2 * n * n if m.connectivity == "eager" else 0)

    def build(self, m: Model) -> None:
        cells, graph = G.cells(self.rows, self.cols), G.grid_graph(self.rows, self.cols)
        shapes, counts = areas.distinct_shapes(self.pieces)
        found: dict = {}
        white = [(r, c) for r, c in cells if self.circles[r][c] == WHITE]     # no piece covers them
        letter = areas.shape_regions(m, cells, shapes, blank=True, placements=found,
                                     group=f"{K}.pieces", empty=white)
        areas.pieces_alone(m, letter, graph, group=f"{K}.alone")
        for name, copies in counts.items():
            lits = found.get(name, [])
            m.linear(lits, [1] * len(lits), "==", copies, f"{K}.count") if lits \
                else m.clause([m.false], f"{K}.count")
            # implied: the cells of a shape; 15x15 family: 33-48 conflicts, was 664-1996
            m.exactly([ls[name] for ls in letter.values()], copies * len(shapes[name]), f"{K}.cells")
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
