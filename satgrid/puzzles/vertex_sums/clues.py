"""The vertex-sum square's clue hooks (:mod:`satgrid.explain.generate`): a
vertex's sum (named ``("sum", r, c)``) or a given number (``("cell", r,
c)``) is a clue, removed whole. A solution shows every sum and every number,
so a generator starts from a puzzle that is unique however symmetric the
sums alone leave it."""

from __future__ import annotations

from typing import Any

from ..clue_grids import token_text


def _text(rows) -> str:
    return token_text([[str(v) if v else "." for v in row] for row in rows])


class VertexSumsClues:
    def clue_cells(self) -> list[tuple]:
        return ([("sum", r, c) for r, row in enumerate(self.sums) for c, v in enumerate(row) if v]
                + [("cell", r, c) for r, row in enumerate(self.given)
                   for c, v in enumerate(row) if v])

    def _copy(self, sums, given):
        return type(self)(self.n, sums, given, file=self.file, title=self.title,
                          source=self.source)

    def with_clues(self, cells):
        keep = set(cells)
        return self._copy([[v if ("sum", r, c) in keep else 0 for c, v in enumerate(row)]
                           for r, row in enumerate(self.sums)],
                          [[v if ("cell", r, c) in keep else 0 for c, v in enumerate(row)]
                           for r, row in enumerate(self.given)])

    def from_solution(self, decoded: dict[str, Any]):
        g, n = decoded["grid"], self.n
        return self._copy([[g[r][c] + g[r][c + 1] + g[r + 1][c] + g[r + 1][c + 1]
                            for c in range(n - 1)] for r in range(n - 1)],
                          [list(row) for row in g])

    def toml_table(self) -> dict:
        table = {"puzzle": self.kind, "size": self.n, "sums": _text(self.sums)}
        if any(map(any, self.given)):
            table["givens"] = _text(self.given)
        return table
