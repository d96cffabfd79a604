"""Tents's clue hooks (:mod:`satgrid.explain.generate`): a row's or a
column's tent count is a clue (named ``("row", r)`` or ``("column", c)``),
removed whole; the trees are the puzzle and stay."""

from __future__ import annotations

from ..clue_grids import token_text


def _line(counts) -> str:
    return " ".join("." if v is None else str(v) for v in counts)


class TentsClues:
    def clue_cells(self) -> list[tuple[str, int]]:
        return ([("column", c) for c, v in enumerate(self.columns) if v is not None]
                + [("row", r) for r, v in enumerate(self.row_counts) if v is not None])

    def with_clues(self, cells):
        keep = set(cells)
        return type(self)(self.trees,
                          [v if ("column", c) in keep else None for c, v in enumerate(self.columns)],
                          [v if ("row", r) in keep else None for r, v in enumerate(self.row_counts)],
                          file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "columns": _line(self.columns),
                "rows": _line(self.row_counts),
                "trees": token_text([["T" if t else "." for t in row] for row in self.trees])}
