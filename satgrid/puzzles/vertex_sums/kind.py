"""The vertex-sum square (the seed's ``sqgrid``).

Rules (SPEC.md section 1): an n x n grid is filled with 1..n^2, each once;
each of the (n-1)^2 interior vertices may carry a number, and the four cells
around it add up to that number.

Model: an integer variable per cell over 1..n^2, one-hot (``x[r,c]=v``);
"each value once" is :meth:`~satgrid.modelling.model.Model.permutation` over all cells
(group ``vertex-sums.values``); each clue is the sum of the four cells'
values, a decision diagram over the four cells (:func:`sum_of_cells`, group
``vertex-sums.vertex``; domain consistent, unlike a weighted-sum encoding
of the one-hot literals). For n = 3 that is 81 one-hot literals.

The file formats (the TOML instance, the ``sqgrid`` command's sums) are in
:mod:`satgrid.puzzles.vertex_sums.formats`; the referee is
:mod:`satgrid.puzzles.vertex_sums.check`.

Example:
    >>> p = VertexSums(3, [[17, 25], [18, 29]])
    >>> p.n, sum_range(3)
    (3, (10, 30))
"""

from __future__ import annotations

from typing import Any, Sequence

from ...core.encodings import estimate, mdd
from ...errors import InstanceError
from ...modelling.model import IntVar, Model, Solution
from ..base import Puzzle, register
from . import check as checker
from . import drawing
from .drawing import draw  # noqa: F401  (re-exported)
from .clues import VertexSumsClues


def sum_range(n: int) -> tuple[int, int]:
    """The least and greatest sum of four different numbers of 1..n^2 (n >= 2)."""
    return 10, 4 * n * n - 6


def sum_of_cells(model: Model, xs: Sequence[IntVar], total: int, group: str) -> None:
    """sum(xs) == total over one-hot IntVars, as the decision diagram of
    :func:`~satgrid.core.encodings.mdd.sum_of_one_hot` (group ``group``):
    domain consistent, where the weighted-sum BDD over the cells' one-hot
    literals is not (its search on the 4x4 instance was ten times longer)."""
    with model.formula.group(group):
        cl = mdd.sum_of_one_hot(model.formula, [x.lits for x in xs], total)
    if cl is None:
        model.clause([model.false], group)
        return
    model.formula.add_pool_clauses(cl, [lit for x in xs for lit in x.lits.values()], group=group)
    model.formula.encodings[group] = "decision diagram"


@register
class VertexSums(VertexSumsClues, Puzzle):
    """An n x n vertex-sum square.

    Args:
        n: side of the grid (n >= 2).
        sums: (n-1) rows of (n-1) ints, the number on each interior vertex,
            0 where there is none; vertex (r, c) touches cells (r, c),
            (r, c+1), (r+1, c), (r+1, c+1).
        givens: optional n x n grid of given values (0 = empty).
        file, title, source, expect: as in :class:`~satgrid.puzzles.base.Puzzle`.
        solution: the ``[expect] solution`` grid, if any.
    """

    kind = "vertex-sums"
    encoding_choices = ("amo",)

    def __init__(self, n: int, sums: Sequence[Sequence[int]], givens=None, *,
                 file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None, solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        if n < 2:
            raise InstanceError(f"a vertex-sum square needs n >= 2, found {n}", file)
        self.n = n
        self.sums = [[int(s or 0) for s in row] for row in sums]
        self.given = [list(map(int, row)) for row in givens] if givens else [[0] * n for _ in range(n)]
        self._solution = solution
        self._x = None

    # ------------------------------------------------------------- building
    def estimate_clauses(self, model: Model) -> int:
        """n^2 cells over 1..n^2, a permutation (2 n^2 exactly-ones over n^2
        literals), one decision diagram per numbered vertex (at most
        min(s, k n^2) + 1 nodes at level k, 3 n^2 + 1 clauses a node), at
        most n^2 givens."""
        N = self.n * self.n
        sums = [s for row in self.sums for s in row if s]
        per_sum = {s: sum(min(s, k * N) + 1 for k in range(4)) * (3 * N + 1) for s in set(sums)}
        return 2 * N * estimate.one_hot(model.amo, N) + sum(map(per_sum.get, sums)) + N

    def build(self, model: Model) -> None:
        """Cells over 1..n^2, all different; a weighted sum per numbered vertex."""
        n, N = self.n, self.n * self.n
        vals = range(1, N + 1)
        cells = model.int_block([f"x[{r},{c}]" for r in range(n) for c in range(n)], vals,
                                group="vertex-sums.cell")
        x = [cells[r * n:(r + 1) * n] for r in range(n)]
        model.permutation([v for row in x for v in row], vals, group="vertex-sums.values")
        for r in range(n - 1):
            for c in range(n - 1):
                s = self.sums[r][c]
                if s:
                    sum_of_cells(model, [x[r][c], x[r][c + 1], x[r + 1][c], x[r + 1][c + 1]],
                                 s, "vertex-sums.vertex")
        self._x = x

    def givens(self, model: Model) -> list[int]:
        return [self._x[r][c].lit(v) for r, row in enumerate(self.given)
                for c, v in enumerate(row) if v]

    # ------------------------------------------------------------- decoding
    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": rows}``."""
        return {"grid": [[sol.value(x) for x in row] for row in self._x]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        """The referee's verdict (:func:`satgrid.puzzles.vertex_sums.check.check`)."""
        return checker.check(decoded["grid"], self.sums, self.given)

    def answer(self, decoded: dict[str, Any]) -> None:
        return None

    def render(self, decoded: dict[str, Any]) -> str:
        return drawing.text(self, decoded)

    def render_puzzle(self) -> str:
        return drawing.puzzle_text(self)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        return drawing.svg(self, decoded)

    def given_grid(self) -> list:
        return self.given

    def puzzle_svg(self) -> str:
        return drawing.puzzle_svg(self)

    def expected_solution(self) -> list[list[int]] | None:
        return self._solution

