"""The clue hooks (:meth:`Puzzle.clue_cells <satgrid.puzzles.base.Puzzle.clue_cells>`
and the methods after it) of the kinds whose removable clues sit in one grid
of cells, read from one TOML key: :class:`GridClues`, the base of those
kinds' ``clues.py`` mixins; and of the kinds whose clues are their rooms'
numbers (:class:`RoomClues`, each number written in its room's top cell).

A clue is removed by writing :attr:`GridClues.hidden` into its cell: nothing
(``None``) where a cell may be without a clue (a Kurodoko number), a wall
without a number where the wall itself is part of the rules (Light Up), a
number not told (``?``) where the clue's place is a rule (a Shikaku
rectangle's number). Every clue-removal generator then works on these kinds
(:mod:`satgrid.explain.generate`).
"""

from __future__ import annotations

from typing import Any, Iterator

from .puzzlink import UNKNOWN
from .rooms import borders_of, clue_grid, rooms_from_borders


class GridClues:
    """Clue hooks over the grid ``self.<clue_key>`` (rows of values; None:
    no clue), written back under the TOML key :attr:`clue_key`. A kind sets
    :attr:`hidden` (or :meth:`hide`, :meth:`removable`) and, when its tokens differ, :meth:`clue_token`; one
    whose constructor takes more than the grid, :meth:`copy_with`."""

    clue_key = "clues"
    #: the value a removed clue leaves in its cell
    hidden: Any = None

    def removable(self, value) -> bool:
        """Whether a cell's value is a clue a generator may remove."""
        return value is not None and value != self.hidden

    def hide(self, value):
        """What the clue ``value`` leaves in its cell when removed."""
        return self.hidden

    def clue_token(self, value) -> str:
        """A value's token in the TOML grid: ``.`` none, ``?`` not told, the number."""
        return "." if value is None else "?" if value == UNKNOWN else str(value)

    def clue_grid(self) -> list[list]:
        return getattr(self, self.clue_key)

    def clue_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.clue_grid()) for c, v in enumerate(row)
                if self.removable(v)]

    def with_clues(self, cells):
        keep = set(cells)
        return self.copy_with([[v if (r, c) in keep or not self.removable(v) else self.hide(v)
                                for c, v in enumerate(row)]
                               for r, row in enumerate(self.clue_grid())])

    def copy_with(self, grid):
        """This puzzle with ``grid`` as its clue grid."""
        return type(self)(grid, file=self.file, title=self.title, source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, self.clue_key: token_text(
            [[self.clue_token(v) for v in row] for row in self.clue_grid()])}


class RoomClues:
    """Clue hooks over ``self.numbers`` (one per room of ``self.rooms``, the
    rooms cut by the borders ``self.vert``, ``self.hori``; None: no number),
    a clue named by its room's index and removed to None; written as a
    ``rooms`` label grid and a ``clues`` grid (each number in its room's top
    cell). A kind whose constructor takes more, :meth:`copy_with`."""

    def clue_cells(self) -> list[int]:
        return [k for k, v in enumerate(self.numbers) if v is not None]

    def with_clues(self, rooms):
        keep = set(rooms)
        return self.copy_with([v if k in keep else None for k, v in enumerate(self.numbers)])

    def copy_with(self, numbers):
        return type(self)(self.vert, self.hori, numbers, file=self.file, title=self.title,
                          source=self.source)

    def toml_table(self) -> dict:
        return {"puzzle": self.kind, "rooms": label_text(self.rooms), "clues": token_text(
            [["." if v is None else "?" if v == UNKNOWN else str(v) for v in row]
             for row in clue_grid(self.rooms, self.numbers)])}


def label_text(rooms: list[list[int]]) -> str:
    """A room grid as a TOML ``rooms`` grid: each cell its room's index."""
    return token_text([[str(k) for k in row] for row in rooms])


def token_text(rows: list[list[str]]) -> str:
    """Rows of tokens as an instance's grid text, right-aligned."""
    width = max(len(t) for row in rows for t in row)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in rows)


def moved_rooms(rooms: list[list[int]], rng) -> Iterator[list[list[int]]]:
    """Room grids one move away from ``rooms`` (a room index per cell), in a
    random order: one cell moved into a room beside it; when that cuts the
    room it leaves, one part stays and the others go with the cell (once for
    each part that may stay). The layout search of the room kinds,
    :func:`satgrid.explain.generate.searched`, keeps the moves its referee
    allows."""
    h, w = len(rooms), len(rooms[0])
    members: dict[int, set] = {}
    for r in range(h):
        for c in range(w):
            members.setdefault(rooms[r][c], set()).add((r, c))
    moves = sorted({((r, c), rooms[y][x]) for r in range(h) for c in range(w)
                    for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= y < h and 0 <= x < w and rooms[y][x] != rooms[r][c]})
    rng.shuffle(moves)
    for (r, c), room in moves:
        parts = _parts(members[rooms[r][c]] - {(r, c)})
        rng.shuffle(parts)
        for stay in parts:
            out = [list(row) for row in rooms]
            for y, x in set().union({(r, c)}, *(p for p in parts if p is not stay)):
                out[y][x] = room
            yield out


def _parts(cells: set) -> list[set]:
    """The connected parts of a set of cells, each sorted by its first cell."""
    out, todo = [], set(cells)
    for first in sorted(cells):
        if first not in todo:
            continue
        todo.discard(first)
        part, stack = {first}, [first]
        while stack:
            r, c = stack.pop()
            for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if v in todo:
                    todo.discard(v)
                    part.add(v)
                    stack.append(v)
        out.append(part)
    return out


def split_rooms(rooms: list[list[int]], rng) -> Iterator[list[list[int]]]:
    """Room grids one cut away from ``rooms``, in a random order: one room cut
    in two by a straight line between two rows or two columns (a rectangle
    into two rectangles). The layout search of the room-number kinds
    (Heyawake, Aqre): a cut only adds a number, so an answer that keeps its
    counts stays an answer where the referee allows the new border."""
    members: dict[int, list] = {}
    for r, row in enumerate(rooms):
        for c, k in enumerate(row):
            members.setdefault(k, []).append((r, c))
    cuts = sorted({(k, axis, v[axis]) for k, cells in members.items() for v in cells
                   for axis in (0, 1) if any(u[axis] < v[axis] for u in cells)})
    rng.shuffle(cuts)
    fresh = max(members) + 1
    for k, axis, at in cuts:
        out = [list(row) for row in rooms]
        for r, c in members[k]:
            if (r, c)[axis] >= at:
                out[r][c] = fresh
        yield out


def counted_rooms(rooms: list[list[int]], grid) -> tuple[list, list, list[int]]:
    """``(vertical, horizontal)`` borders of a room grid and each room's count
    of shaded cells in ``grid`` (rooms numbered as :func:`rooms_from_borders`
    numbers them)."""
    vert, hori = borders_of(rooms)
    index = rooms_from_borders(vert, hori)
    numbers = [0] * (1 + max(map(max, index)))
    for r, row in enumerate(index):
        for c, k in enumerate(row):
            numbers[k] += grid[r][c]
    return vert, hori, numbers
