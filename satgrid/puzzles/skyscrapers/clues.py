"""Skyscrapers's clue hooks (:mod:`satgrid.explain.generate`): an outside
number (named ``(side, i)``) or a given height (named ``("cell", r, c)``) is
a clue, removed whole; written as the ``grid`` with its frame of outside
numbers."""

from __future__ import annotations

from ..clue_grids import UNKNOWN, token_text

SIDES = ("top", "bottom", "left", "right")


def _token(v) -> str:
    return "." if v is None else "?" if v == UNKNOWN else str(v)


class SkyscrapersClues:
    def clue_cells(self) -> list[tuple]:
        return ([(s, i) for s in SIDES for i, v in enumerate(self.clues[s]) if v is not None]
                + [("cell", r, c) for r, row in enumerate(self.heights)
                   for c, v in enumerate(row) if v is not None])

    def with_clues(self, cells):
        keep = set(cells)
        clues = {s: [v if (s, i) in keep else None for i, v in enumerate(self.clues[s])]
                 for s in SIDES}
        heights = [[v if ("cell", r, c) in keep else None for c, v in enumerate(row)]
                   for r, row in enumerate(self.heights)]
        return type(self)(clues, heights, file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        t = self.clues
        rows = [["."] + [_token(v) for v in t["top"]] + ["."]]
        rows += [[_token(t["left"][r])] + [_token(v) for v in row] + [_token(t["right"][r])]
                 for r, row in enumerate(self.heights)]
        rows += [["."] + [_token(v) for v in t["bottom"]] + ["."]]
        return {"puzzle": self.kind, "grid": token_text(rows)}
