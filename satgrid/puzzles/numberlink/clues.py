"""Numberlink's generator hooks (:mod:`satgrid.explain.generate`): the
numbers are the puzzle, each the two ends of one line; none can go (a line
without its numbers leaves its cells empty). A generator covers the grid
with random lines that never run beside themselves
(:meth:`NumberlinkClues.random_start`, ``fill = true``: every cell on a
line) and keeps a cover whose ends fix the lines (10 of 10 sampled at 6x6,
5 of 10 at 8x8); one that does not is replaced by the next (the family's
random walks, which leave cells free, were unique in 0 of 80 at 5x5 to 8x8)."""

from __future__ import annotations

import random
from typing import Any, Iterator

from ...errors import SatgridError
from ..clue_grids import token_text


def _touch(pa: list, pb: list, a: tuple, b: tuple) -> bool:
    """Whether joining ``pa`` at its end ``a`` to ``pb`` at its end ``b``
    makes a line that runs beside itself (two cells side by side that are
    not one after the other): such a line has a shortcut."""
    mine = set(pa)
    return any(v in mine and (v, y) != (a, b)
               for y in pb for v in ((y[0] - 1, y[1]), (y[0] + 1, y[1]),
                                     (y[0], y[1] - 1), (y[0], y[1] + 1)))


def _cover(h: int, w: int, rng: random.Random) -> list[list[tuple]] | None:
    """Random lines covering the grid: every cell a line of its own, then
    the ends of two lines side by side joined at random while a join leaves
    no line running beside itself; None: a line of fewer than three cells is
    left (about one cover in eight at 6x6, one in forty at 8x8)."""
    line = {(r, c): [(r, c)] for r in range(h) for c in range(w)}  # end -> its line
    while True:
        joins = sorted({(a, b) for a in line for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
                        if b in line and line[a] is not line[b]
                        and not _touch(line[a], line[b], a, b)})
        if not joins:
            break
        a, b = rng.choice(joins)
        pa, pb = line.pop(a), line.pop(b)
        pa = pa if pa[-1] == a else pa[::-1]
        pb = pb if pb[0] == b else pb[::-1]
        for end in (pa[0], pb[-1]):
            line.pop(end, None)
        joined = pa + pb
        line[joined[0]] = line[joined[-1]] = joined
    out = list({id(p): p for p in line.values()}.values())
    return None if any(len(p) < 3 for p in out) else out


class NumberlinkClues:
    generate_size = 5

    @classmethod
    def random_start(cls, size: int, rng: random.Random):
        """A ``size`` x ``size`` grid covered by random lines, their ends numbered."""
        for _ in range(2000):
            lines = _cover(size, size, rng)
            if lines is not None:
                break
        else:
            raise SatgridError(f"numberlink: no cover of a {size}x{size} grid")
        numbers = [["."] * size for _ in range(size)]
        for k, p in enumerate(sorted(lines), 1):
            for r, c in (p[0], p[-1]):
                numbers[r][c] = str(k)
        return cls(numbers, True)

    def nearby(self, solution: dict[str, Any], rng: random.Random) -> Iterator:
        """None: every number is a line's end."""
        return iter(())

    def toml_table(self) -> dict:
        table: dict = {"puzzle": self.kind}
        if self.fill:
            table["fill"] = True
        table["numbers"] = token_text([["-" if t == "." else t for t in row]
                                       for row in self.numbers])
        return table
