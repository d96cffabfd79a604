"""``yajilin``: shade cells and draw one loop through all the others (rules:
``format.md``, as pzprjs checks them: no loop at all is not refused, a number
without an arrow has no solution, ``outside`` keeps shaded cells outside).
Model: :mod:`satgrid.rules.loops` (loop, inside), :mod:`satgrid.rules.shading`
(no_adjacent, count_in), groups ``yajilin.*``; decoded: ``{"grid": link grid,
"shaded": rows of 0/1}``."""

from __future__ import annotations

from ...core.encodings import estimate
from ...modelling.geometry import cells, rays
from ...modelling.model import Model, Solution
from ...rules import loops, shading
from ..base import Puzzle, register
from ..links import links_from_edges
from . import check as checker, drawing
from .clues import YajilinClues


K = "yajilin"
RAY = {"u": "up", "d": "down", "l": "left", "r": "right"}


@register
class Yajilin(YajilinClues, Puzzle):
    """A Yajilin: ``clues`` rows of None or (arrow, number) (see :mod:`.check`)."""

    kind, drawing = K, drawing
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues, *, outside: bool = False, gray: bool = False, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(self.clues), len(self.clues[0])
        self.outside, self.gray, self._loop = outside, gray, None
        self.free = [v for v in cells(self.rows, self.cols) if self.clues[v[0]][v[1]] is None]
        self.arrows = [(rays(v, self.rows, self.cols)[RAY[a]] if a else None, n)
                       for v in cells(self.rows, self.cols)
                       for a, n in [self.clues[v[0]][v[1]] or ("", -1)] if n >= 0]

    def estimate_clauses(self, m: Model) -> int:
        """The loop, 8 clauses per cell (fill, adjacency, inside), each arrow's count."""
        return (loops.estimate_loop(m, self.rows, self.cols, self.free) + 8 * self.rows * self.cols
                + sum(estimate.exactly(m.amo, m.card, len(ray or ()), n) for ray, n in self.arrows))

    def build(self, m: Model) -> None:
        lp = loops.loop(m, self.rows, self.cols, self.free, empty=True, group=f"{K}.loop")
        s = {(r, c): m.bool(f"shaded[{r},{c}]", f"{K}.cell") for r, c in self.free}
        m.clauses([x for v in s for x in ([s[v], lp.on[v]], [-s[v], -lp.on[v]])], f"{K}.fill")
        shading.no_adjacent(m, s, f"{K}.adjacent")
        for ray, n in self.arrows:
            if ray is None:                  # a number without an arrow
                m.clause([m.false], f"{K}.arrow")
            else:
                shading.count_in(m, s, [v for v in ray if v in s], n, group=f"{K}.arrow")
        if self.outside:
            inside = loops.inside(m, lp, f"{K}.inside")
            m.clauses([[-s[v], -inside[v]] for v in s], f"{K}.outside")
        self._loop, self.shaded = lp, s
        m.projection = list(lp.edges.values()) + list(s.values())

    def decode(self, sol: Solution) -> dict:
        s = self.shaded
        return {"grid": links_from_edges(self._loop.used(sol), self.rows, self.cols),
                "shaded": [[int(bool((r, c) in s and sol[s[r, c]])) for c in range(self.cols)]
                           for r in range(self.rows)]}

    def check(self, decoded: dict) -> list[str]:
        return checker.check(decoded["grid"], decoded["shaded"], self.clues, self.outside)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)
