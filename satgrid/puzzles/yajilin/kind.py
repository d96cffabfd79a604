"""``yajilin``: shade cells and draw one loop through all the others.

Rules (as pzprjs checks them): the loop runs through the centres of the cells
without a clue that are not shaded, orthogonally, one loop (or, like pzprjs,
none); shaded cells never touch side by side; a number with an arrow counts
the shaded cells in that direction (``?`` nothing); a number without an arrow
has no solution (pzprjs's "anNoArrow"); with ``outside`` (URL flag ``o``) no
shaded cell lies inside the loop.

Model (groups ``yajilin.*``): :func:`satgrid.rules.loops.loop` over the cells
without a clue, ``shaded[r,c]``, shaded xor on the loop (``fill``),
:func:`satgrid.rules.shading.no_adjacent`, :func:`satgrid.rules.shading.count_in`
per arrow, :func:`satgrid.rules.loops.inside` ("shaded -> outside").
Decoded: ``{"grid": link grid, "shaded": rows of 0/1}``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.encodings import estimate
from ...modelling.geometry import cells, neighbours, rays
from ...modelling.model import Model, Solution
from ...modelling.paths import estimate_lines
from ...rules import loops, shading
from ..base import Puzzle, register
from ..links import links_from_edges
from . import check as checker
from . import drawing

K = "yajilin"
RAY = {"u": "up", "d": "down", "l": "left", "r": "right"}


@register
class Yajilin(Puzzle):
    """A Yajilin: ``clues`` rows of None or (arrow, number) (see :mod:`.check`)."""

    kind = K
    encoding_choices = ("amo", "card", "connectivity")

    def __init__(self, clues, *, outside: bool = False, gray: bool = False, solution=None, **kw):
        super().__init__(**kw)
        self.clues = [list(row) for row in clues]
        self.rows, self.cols = len(self.clues), len(self.clues[0])
        self.outside, self.gray, self._solution = outside, gray, solution
        self._loop = self._shaded = None     # made by build

    def estimate_clauses(self, m: Model) -> int:
        """The loop, 8 clauses per cell (fill, adjacency, inside), each arrow's count."""
        h, w = self.rows, self.cols
        free = {v for v in cells(h, w) if self.clues[v[0]][v[1]] is None}
        degrees = Counter(sum(x in free for x in neighbours(v, h, w)) for v in free)
        total = estimate_lines(m.amo, m.card, degrees, connectivity=m.connectivity)
        for (r, c), (arrow, n) in ((v, self.clues[v[0]][v[1]] or ("", -1)) for v in cells(h, w)):
            seen = rays((r, c), h, w)[RAY[arrow]] if arrow else []
            total += 8 + (estimate.exactly(m.amo, m.card, len(seen), n) if n >= 0 else 0)
        return total

    def build(self, m: Model) -> None:
        free = [c for c in cells(self.rows, self.cols) if self.clues[c[0]][c[1]] is None]
        lp = loops.loop(m, self.rows, self.cols, free, empty=True, group=f"{K}.loop")
        s = {(r, c): m.bool(f"shaded[{r},{c}]", f"{K}.cell") for r, c in free}
        m.clauses([x for v in free for x in ([s[v], lp.on[v]], [-s[v], -lp.on[v]])], f"{K}.fill")
        shading.no_adjacent(m, s, f"{K}.adjacent")
        for (r, c) in cells(self.rows, self.cols):
            arrow, n = self.clues[r][c] or ("", -1)
            if n >= 0 and not arrow:
                m.clause([m.false], f"{K}.arrow")
            elif n >= 0:
                ray = rays((r, c), self.rows, self.cols)[RAY[arrow]]
                shading.count_in(m, s, [v for v in ray if v in s], n, group=f"{K}.arrow")
        if self.outside:
            inside = loops.inside(m, lp, f"{K}.inside")
            m.clauses([[-s[v], -inside[v]] for v in free], f"{K}.outside")
        self._loop, self._shaded = lp, s
        m.projection = list(lp.edges.values()) + list(s.values())

    def decode(self, sol: Solution) -> dict[str, Any]:
        s = self._shaded
        return {"grid": links_from_edges(self._loop.used(sol), self.rows, self.cols),
                "shaded": [[int(bool((r, c) in s and sol[s[r, c]])) for c in range(self.cols)]
                           for r in range(self.rows)]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return checker.check(decoded["grid"], decoded["shaded"], self.clues, self.outside)

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def expected_solution(self):
        return self._solution
