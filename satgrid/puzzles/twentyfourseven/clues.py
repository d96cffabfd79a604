"""Twenty Four Seven's clue hooks (:mod:`satgrid.explain.generate`): a given
number (named ``("cell", r, c)``) and an edge clue (``(side, i)``) are clues,
removed whole; in the 2x2 kind each name starts with its grid's index
(``(k, "cell", r, c)``). A generator fills the blank grids (no givens, no
edge clues), gives every number of them and removes givens while the
puzzle stays unique: the givens are assumptions on one compiled model, one
SAT call a removal, where an edge clue is a rule (a puzzle compiled anew per
removal, twenty times slower at 7x7), so a generated puzzle has givens only;
one read with ``--from`` keeps its edge clues unless they can go. The 2x2
kind is written with one ``[[grids]]`` table per grid."""

from __future__ import annotations

from typing import Any

from ..clue_grids import token_text

SIDES = ("top", "bottom", "left", "right")
#: the 2x2 kind's grids, in its files' order
NAMES_2X2 = ("top-left", "top-right", "bottom-left", "bottom-right")


class TwentyFourSevenClues:
    generate_size = 7

    def _keyed(self, k: int, key: tuple) -> tuple:
        return (k, *key) if self.composite else key

    def clue_cells(self) -> list[tuple]:
        return [self._keyed(k, key) for k, sub in enumerate(self.grids)
                for key in ([("cell", r, c) for r, row in enumerate(sub.givens)
                             for c, v in enumerate(row) if v]
                            + [(side, i) for side in SIDES for i, v in enumerate(sub.clues[side])
                               if v])]

    def with_clues(self, cells):
        keep = set(cells)
        parts = []
        for k, sub in enumerate(self.grids):
            givens = [[v if self._keyed(k, ("cell", r, c)) in keep else 0
                       for c, v in enumerate(row)] for r, row in enumerate(sub.givens)]
            clues = {side: [v if self._keyed(k, (side, i)) in keep else 0
                            for i, v in enumerate(sub.clues[side])] for side in SIDES}
            parts.append((givens, clues))
        return self.copy_with(parts)

    def clue_literals(self, model) -> dict | None:
        """Each given's literal ``x[r,c]=v`` (``g<k>.`` before it in the 2x2
        kind) when the clues are givens only and this puzzle built ``model``
        (it decodes the answers)."""
        cells = self.clue_cells()
        if any((key[1] if self.composite else key[0]) != "cell" for key in cells):
            return None
        lits = {}
        try:
            for key in cells:
                k, (r, c) = (key[0] if self.composite else 0), key[-2:]
                pre = f"g{k + 1}." if self.composite else ""
                v = self.grids[k].givens[r][c]
                lits[key] = [model.formula.lookup(f"{pre}x[{r},{c}]={v}")]
        except KeyError:
            return None
        return lits if self.givens(model) == [l for key in cells for l in lits[key]] else None

    def copy_with(self, parts):
        """This puzzle with each grid's (givens, edge clues) replaced by ``parts``."""
        subs = [type(sub)(self.size, sub.name, givens, clues)
                for sub, (givens, clues) in zip(self.grids, parts)]
        return type(self)(self.size, subs, file=self.file, title=self.title, source=self.source)

    @classmethod
    def blank(cls, size: int):
        """The empty grid (four in the 2x2 kind) of side ``size``; None: no such grid."""
        if size < 7 or (size + 1) * (2 * size + 1) % 12:
            return None
        table: dict = {"puzzle": cls.kind, "size": size}
        if cls.composite:
            table["grids"] = [{"name": name} for name in NAMES_2X2]
        return cls.from_toml(table, "", "blank")

    def from_solution(self, decoded: dict[str, Any]):
        grids = decoded["grids"] if self.composite else [decoded["grid"]]
        return self.copy_with([([list(row) for row in g], {}) for g in grids])

    def toml_table(self) -> dict | None:
        tables = []
        for sub in self.grids:
            table: dict = {"name": sub.name} if self.composite else {}
            table["givens"] = token_text([[str(v) if v else "." for v in row] for row in sub.givens])
            for side in SIDES:
                if any(sub.clues[side]):
                    table[side] = " ".join(str(v) if v else "." for v in sub.clues[side])
            tables.append(table)
        head = {"puzzle": self.kind, "size": self.size}
        return {**head, "grids": tables} if self.composite else {**head, **tables[0]}
