"""Statue Park's clue hooks (:mod:`satgrid.explain.generate`): a circle
(white or black) is a clue, removed whole. The piece set is written by its
name, recognised by the pieces' free shapes (all five tetrominoes, each
twice, or all twelve pentominoes); another set is not written."""

from __future__ import annotations

from collections import Counter

from ..clue_grids import GridClues

CIRCLE = {0: ".", 1: "W", 2: "B"}


def free_shape(cells) -> tuple:
    """The shape of ``cells`` up to rotation and reflection (a canonical form)."""
    forms = []
    for k in range(8):
        pts = [(c, r) if k & 4 else (r, c) for r, c in cells]
        pts = [(-r if k & 1 else r, -c if k & 2 else c) for r, c in pts]
        r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
        forms.append(tuple(sorted((r - r0, c - c0) for r, c in pts)))
    return min(forms)


def set_name(pieces) -> str | None:
    """The name of a standard piece set, or None."""
    shapes = Counter(free_shape(p) for p in pieces)
    sizes = {len(p) for p in pieces}
    if sizes == {4} and len(shapes) == 5:
        return {1: "tetrominoes", 2: "double-tetrominoes"}.get(
            min(shapes.values())) if len(set(shapes.values())) == 1 else None
    if sizes == {5} and len(shapes) == 12 and set(shapes.values()) == {1}:
        return "pentominoes"
    return None


class StatueParkClues(GridClues):
    clue_key = "circles"
    hidden = 0

    def removable(self, value) -> bool:
        return value != 0

    def clue_token(self, value) -> str:
        return CIRCLE[value]

    def copy_with(self, grid):
        return type(self)(grid, self.pieces, bank_code=self.bank_code, file=self.file,
                          title=self.title, source=self.source)

    def toml_table(self) -> dict | None:
        name = set_name(self.pieces)
        return None if name is None else {**super().toml_table(), "pieces": name}
