"""Hooks's clue hooks (:mod:`satgrid.explain.generate`): a given number is a
clue, removed whole; the regions and the numbers rule are the puzzle and
stay. A generator fills the blank grid (one region, no givens: the family's
unconstrained Hooks), gives every filled cell and removes givens while the
numbers and the hook layout stay unique; a filled grid whose givens leave
the layout open is drawn again."""

from __future__ import annotations

from typing import Any

from ...modelling.model import Model
from ..clue_grids import token_text


class HooksClues:
    def clue_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.given) for c, v in enumerate(row) if v]

    def with_clues(self, cells):
        keep = set(cells)
        return self.copy_with([[v if (r, c) in keep else 0 for c, v in enumerate(row)]
                               for r, row in enumerate(self.given)])

    def copy_with(self, givens):
        return type(self)(self.n, self.regions, givens, self.numbers, file=self.file,
                          title=self.title, source=self.source)

    def clue_literals(self, model: Model) -> dict | None:
        """Each given cell's literal ``x[r,c]=v`` in ``model``, when this
        puzzle built it (it decodes its answers): the givens are assumptions."""
        if self.layout is None or self.layout.model is not model:
            return None
        try:
            return {(r, c): [model.formula.lookup(f"x[{r},{c}]={self.given[r][c]}")]
                    for r, c in self.clue_cells()}
        except KeyError:
            return None

    @classmethod
    def blank(cls, size: int):
        """The unconstrained ``size`` x ``size`` Hooks (one region, no givens)."""
        return cls(size) if size >= 2 else None

    def from_solution(self, decoded: dict[str, Any]):
        return self.copy_with(decoded["grid"])

    def toml_table(self) -> dict:
        table: dict = {"puzzle": self.kind, "size": self.n}
        if self.numbers != "room":
            table["numbers"] = self.numbers
        if self.regions is not None:
            table["regions"] = token_text([[str(v) for v in row] for row in self.regions])
        table["givens"] = token_text([[str(v) if v else "." for v in row]
                                      for row in self.given])
        return table
