"""Killer Sudoku's clue hooks (:mod:`satgrid.explain.generate`): a cage's
sum (named ``("cage", k)``) or a given digit (``("cell", r, c)``) is a clue,
removed whole; a cage without its sum stays (its digits still differ)."""

from __future__ import annotations

from ..clue_grids import token_text


class KillerSudokuClues:
    def clue_cells(self) -> list[tuple]:
        return ([("cage", k) for k, (_, total) in enumerate(self.cages) if total is not None]
                + [("cell", r, c) for r, row in enumerate(self.digits)
                   for c, v in enumerate(row) if v])

    def with_clues(self, cells):
        keep = set(cells)
        cages = [(cage, total if ("cage", k) in keep else None)
                 for k, (cage, total) in enumerate(self.cages)]
        digits = [[v if ("cell", r, c) in keep else 0 for c, v in enumerate(row)]
                  for r, row in enumerate(self.digits)]
        return type(self)(self.n, self.box, cages, digits, file=self.file, title=self.title,
                          source=self.source)

    def toml_table(self) -> dict:
        n = self.n
        labels, sums = [["."] * n for _ in range(n)], [["."] * n for _ in range(n)]
        for k, (cage, total) in enumerate(self.cages):
            for r, c in cage:
                labels[r][c] = str(k)
            if total is not None:
                r, c = min(cage)
                sums[r][c] = str(total)
        table = {"puzzle": self.kind, "box": f"{self.box[0]}x{self.box[1]}",
                 "cages": token_text(labels), "sums": token_text(sums)}
        if any(map(any, self.digits)):
            table["givens"] = token_text([[str(v) if v else "." for v in row]
                                          for row in self.digits])
        return table
