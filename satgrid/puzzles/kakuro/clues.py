"""Kakuro's clue hooks (:mod:`satgrid.explain.generate`): a run's sum is a
clue (named ``(r, c, 0)`` down, ``(r, c, 1)`` right, by its black cell),
removed whole; the run stays (its digits still differ)."""

from __future__ import annotations

from ..clue_grids import token_text


def _token(v) -> str:
    if v is None:
        return "."
    down, right = v
    return "#" if down is None and right is None else \
        f"{'' if down is None else down}/{'' if right is None else right}"


class KakuroClues:
    def clue_cells(self) -> list[tuple[int, int, int]]:
        return [(r, c, i) for r, row in enumerate(self.grid) for c, v in enumerate(row)
                if v is not None for i in (0, 1) if v[i] is not None]

    def with_clues(self, cells):
        keep = set(cells)
        return type(self)([[v if v is None else tuple(x if (r, c, i) in keep else None
                                                      for i, x in enumerate(v))
                            for c, v in enumerate(row)] for r, row in enumerate(self.grid)],
                          file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "grid": token_text([[_token(v) for v in row]
                                                         for row in self.grid])}
