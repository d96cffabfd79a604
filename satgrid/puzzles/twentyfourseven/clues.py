"""Twenty Four Seven's clue hooks (:mod:`satgrid.explain.generate`): a given
number (named ``("cell", r, c)``) and an edge clue (``(side, i)``) are clues,
removed whole. A generator fills the blank grid (no givens, no edge clues),
gives every number of that grid and removes givens while the grid stays
unique: the givens are assumptions on one compiled model, one SAT call a
removal, where an edge clue is a rule (a puzzle compiled anew per removal,
twenty times slower at 7x7), so a generated puzzle has givens only; one read
with ``--from`` keeps its edge clues unless they can go. One grid only: the
2x2 kind has no blank (its four grids are written as ``[[grids]]`` tables)."""

from __future__ import annotations

from typing import Any

from ..clue_grids import token_text

SIDES = ("top", "bottom", "left", "right")


class TwentyFourSevenClues:
    generate_size = 7

    def clue_cells(self) -> list[tuple]:
        if self.composite:
            return []
        sub = self.grids[0]
        return ([("cell", r, c) for r, row in enumerate(sub.givens) for c, v in enumerate(row)
                 if v]
                + [(side, i) for side in SIDES for i, v in enumerate(sub.clues[side]) if v])

    def with_clues(self, cells):
        keep, sub = set(cells), self.grids[0]
        givens = [[v if ("cell", r, c) in keep else 0 for c, v in enumerate(row)]
                  for r, row in enumerate(sub.givens)]
        clues = {side: [v if (side, i) in keep else 0 for i, v in enumerate(sub.clues[side])]
                 for side in SIDES}
        return self.copy_with(givens, clues)

    def clue_literals(self, model) -> dict | None:
        """Each given's literal ``x[r,c]=v`` when the clues are givens only
        and this puzzle built ``model`` (it decodes the answers)."""
        cells = self.clue_cells()
        if self.composite or any(k[0] != "cell" for k in cells):
            return None
        try:
            lits = {k: [model.formula.lookup(f"x[{k[1]},{k[2]}]={self.grids[0].givens[k[1]][k[2]]}")]
                    for k in cells}
        except KeyError:
            return None
        return lits if self.givens(model) == [l for k in cells for l in lits[k]] else None

    def copy_with(self, givens, clues):
        sub = type(self.grids[0])(self.size, self.grids[0].name, givens, clues)
        return type(self)(self.size, [sub], file=self.file, title=self.title,
                          source=self.source)

    @classmethod
    def blank(cls, size: int):
        """The empty grid of side ``size`` (None: no such grid, or the 2x2 kind)."""
        if cls.composite or size < 7 or (size + 1) * (2 * size + 1) % 12:
            return None
        return cls.from_toml({"puzzle": cls.kind, "size": size}, "", "blank")

    def from_solution(self, decoded: dict[str, Any]):
        return self.copy_with([list(row) for row in decoded["grid"]], {})

    def toml_table(self) -> dict | None:
        if self.composite:
            return None
        sub = self.grids[0]
        table: dict = {"puzzle": self.kind, "size": self.size,
                       "givens": token_text([[str(v) if v else "." for v in row]
                                             for row in sub.givens])}
        for side in SIDES:
            if any(sub.clues[side]):
                table[side] = " ".join(str(v) if v else "." for v in sub.clues[side])
        return table
