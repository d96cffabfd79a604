"""Hitori's generator hooks (:mod:`satgrid.explain.generate`): the numbers
are the puzzle, so there is no clue to remove; a generator starts from the
family's Latin square with a planted shading and changes one number at a
time (:meth:`HitoriClues.nearby`) until the shading is unique."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..clue_grids import token_text


class HitoriClues:
    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one number changed (to another of 1..side)."""
        top = max(self.rows, self.cols)
        changes = [(r, c, v) for r in range(self.rows) for c in range(self.cols)
                   for v in range(1, top + 1) if v != self.numbers[r][c]]
        rng.shuffle(changes)
        for r, c, v in changes:
            numbers = [list(row) for row in self.numbers]
            numbers[r][c] = v
            yield type(self)(numbers, file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind,
                "numbers": token_text([[str(v) for v in row] for row in self.numbers])}
