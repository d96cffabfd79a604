"""Knight Moves's clue hooks (:mod:`satgrid.explain.generate`): a given
label is a clue, removed whole; the regions (and the tour's length) are the
puzzle and stay. A solution shows every label it visits."""

from __future__ import annotations

from typing import Any

from ..clue_grids import token_text


class KnightMovesClues:
    def clue_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.grid_givens) for c, v in enumerate(row) if v]

    def _copy(self, givens):
        return type(self)(self.regions, givens, length=self.length, file=self.file,
                          title=self.title, source=self.source)

    def with_clues(self, cells):
        keep = set(cells)
        return self._copy([[v if (r, c) in keep else 0 for c, v in enumerate(row)]
                           for r, row in enumerate(self.grid_givens)])

    def from_solution(self, decoded: dict[str, Any]):
        return self._copy(decoded["grid"])

    def toml_table(self) -> dict:
        table = {"puzzle": self.kind}
        if self.length is not None:
            table["length"] = self.length
        table["regions"] = token_text(self.regions)
        table["givens"] = token_text([[str(v) if v else "." for v in row]
                                      for row in self.grid_givens])
        return table
