"""Nonogram's generator hooks (:mod:`satgrid.explain.generate`): the clues
are every row's and column's blocks, all of them the picture's, so there is
no clue to remove and no layout to change that keeps the answer; a start
(the family's random picture) whose clues are not unique is replaced by the
next (at ``fill=55`` three pictures in four are unique up to 10x10)."""

from __future__ import annotations

import random
from typing import Any, Iterator


def _blocks(clue: list[int]) -> str:
    return " ".join(map(str, clue)) if clue else "-"


class NonogramClues:
    generate_size = 8

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """None: the clues are the answer's."""
        return iter(())

    def toml_table(self) -> dict:
        return {"puzzle": self.kind,
                "rows": "\n".join(_blocks(c) for c in self.row_clues),
                "columns": "\n".join(_blocks(c) for c in self.column_clues)}
