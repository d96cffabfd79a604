"""LITS's generator hooks (:mod:`satgrid.explain.generate`): the regions are
the puzzle, so there is no clue to remove; a generator plants tetrominoes
(:meth:`LitsClues.random_start`) and then moves cells between regions
(:meth:`LitsClues.nearby`) until the answer is unique."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ...errors import SatgridError
from ...modelling.shapes import TETROMINOES, orientations
from ..clue_grids import label_text, moved_rooms
from ..rooms import rooms_from_labels

#: every fixed placement shape of L, I, T, S: (letter, cells at the origin)
PIECES = [(k, tuple(sorted(o))) for k in "LITS" for o in orientations(TETROMINOES[k])]
#: the share of the cells planted shaded before the regions grow
SHADED = 0.6


def _plant(h: int, w: int, rng: random.Random) -> list[list[int]] | None:
    """A region grid around randomly planted tetrominoes (shaded cells
    connected, no 2x2 shaded, equal letters not side by side), one region per
    tetromino grown over the unshaded cells: the tetrominoes are an answer.
    None: fewer than two tetrominoes fitted."""
    owner: dict = {}                     # shaded cell -> (piece index, letter)
    spots = [(letter, tuple((r + dr, c + dc) for r, c in shape)) for letter, shape in PIECES
             for dr in range(h) for dc in range(w)
             if all(r + dr < h and c + dc < w for r, c in shape)]
    while len(owner) < SHADED * h * w:
        fits = [(letter, cells) for letter, cells in spots if _fits(owner, letter, cells)]
        if not fits:
            break
        letter, cells = rng.choice(fits)
        k = len(owner) // 4
        owner.update({v: (k, letter) for v in cells})
    if len(owner) < 8:
        return None
    label = [[-1] * w for _ in range(h)]
    edge = []
    for (r, c), (k, _) in owner.items():
        label[r][c] = k
        edge.append((r, c))
    edge.sort()
    while edge:                          # random flood fill over the unshaded cells
        r, c = edge.pop(rng.randrange(len(edge)))
        free = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= y < h and 0 <= x < w and label[y][x] < 0]
        if free:
            y, x = rng.choice(free)
            label[y][x] = label[r][c]
            edge += [(r, c), (y, x)]
    return label


def _fits(owner: dict, letter: str, cells) -> bool:
    """Whether a tetromino fits beside the planted ones: on free cells,
    touching them (when there are any), no 2x2 shaded, no equal letter
    side by side."""
    if any(v in owner for v in cells):
        return False
    near = {(r + y, c + x) for r, c in cells for y, x in ((-1, 0), (1, 0), (0, -1), (0, 1))}
    near.difference_update(cells)
    if owner and not any(v in owner for v in near):
        return False
    if any(owner[v][1] == letter for v in near if v in owner):
        return False
    shaded = set(cells)
    corners = {(r + y, c + x) for r, c in cells for y in (-1, 0) for x in (-1, 0)}
    return not any(all(v in owner or v in shaded
                       for v in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)))
                   for r, c in corners)


class LitsClues:
    generate_size = 6
    @classmethod
    def random_start(cls, size: int, rng: random.Random):
        """A ``size`` x ``size`` LITS with planted tetrominoes (an answer)."""
        for _ in range(100):
            if (label := _plant(size, size, rng)) is not None:
                return cls([[str(v) for v in row] for row in label])
        raise SatgridError(f"lits: no two tetrominoes fit a {size}x{size} grid")

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """This puzzle with one cell moved into a region beside it."""
        for rooms in moved_rooms(rooms_from_labels(self.regions), rng):
            yield type(self)([[str(v) for v in row] for row in rooms], file=self.file,
                             title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "regions": label_text(rooms_from_labels(self.regions))}
