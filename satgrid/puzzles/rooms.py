"""Rooms given by borders: what the room kinds (Norinori, Heyawake, Aqre)
share to read and write their grids.

A room grid is ``rooms[r][c]``, the room index of each cell, the rooms
numbered as pzprjs numbers them (by their first cell in reading order), so
that room numbers written per room in a URL land in the right room. A
room's number (Heyawake, Aqre) belongs to the room: it is shown in the
room's "top" cell, pzprjs's choice: the leftmost column's topmost cell.
Numbers per room are ``None`` (none), :data:`~satgrid.puzzles.puzzlink.UNKNOWN`
("?": any count) or an int.

Formats read here:

* puzz.link URL ``p?PID/[FLAGS/]COLS/ROWS/BODY``: the borders
  (:func:`satgrid.puzzles.puzzlink.decode_border`) then, with ``numbers``, one
  number16 entry per room (pzprjs's ``decodeRoomNumber16``);
* TOML: ``rooms`` (equal tokens side by side = one room), ``clues`` (a number
  in any cell of a room, ``?`` unknown, ``.`` none), ``[expect] solution``
  (``#`` shaded; ``.`` or ``+`` not);
* pzprv3 (pzprjs's file, version 0): the room count, the room ids, the
  numbers (``-`` unknown, ``.`` none), then optionally the answer.

Example:
    >>> rooms = rooms_from_labels([["a", "a", "b"], ["c", "a", "b"]])
    >>> rooms, top_cell([(0, 1), (1, 1), (0, 0)])
    ([[0, 0, 1], [2, 0, 1]], (0, 0))
    >>> write_url("heyawake", *borders_of(rooms), [2, None, None])
    'https://puzz.link/p?heyawake/3/2/eg2h'
"""

from __future__ import annotations

from ..errors import InstanceError
from . import puzzlink, pzprv3
from .base import Puzzle, parse_expect
from .parsing import ascii_int, shown, toml_grid, toml_token_grid
from .render import svg_grid, text_grid

Cell = tuple[int, int]
MAX_SIDE = 100


def borders_of(labels) -> tuple[list[list[int]], list[list[int]]]:
    """``(vertical, horizontal)`` borders (1 = a border) between cells of
    different labels, as :func:`satgrid.puzzles.puzzlink.decode_border` gives them."""
    h, w = len(labels), len(labels[0])
    vert = [[int(labels[r][c] != labels[r][c + 1]) for c in range(w - 1)] for r in range(h)]
    hori = [[int(labels[r][c] != labels[r + 1][c]) for c in range(w)] for r in range(h - 1)]
    return vert, hori


def rooms_from_borders(vert, hori) -> list[list[int]]:
    """The room index of every cell: the areas the borders cut the grid into,
    numbered by their first cell in reading order."""
    h = len(vert)
    w = len(vert[0]) + 1
    rooms = [[-1] * w for _ in range(h)]
    n = 0
    for r0 in range(h):
        for c0 in range(w):
            if rooms[r0][c0] >= 0:
                continue
            rooms[r0][c0], stack = n, [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for rr, cc, wall in ((r, c + 1, c + 1 < w and vert[r][c]),
                                     (r, c - 1, c > 0 and vert[r][c - 1]),
                                     (r + 1, c, r + 1 < h and hori[r][c]),
                                     (r - 1, c, r > 0 and hori[r - 1][c])):
                    if 0 <= rr < h and 0 <= cc < w and not wall and rooms[rr][cc] < 0:
                        rooms[rr][cc] = n
                        stack.append((rr, cc))
            n += 1
    return rooms


def rooms_from_labels(labels) -> list[list[int]]:
    """Rooms of a label grid: cells side by side with equal labels share a room."""
    return rooms_from_borders(*borders_of(labels))


def room_cells(rooms) -> list[list[Cell]]:
    """The cells of each room, in reading order."""
    out: list[list[Cell]] = [[] for _ in range(1 + max(max(row) for row in rooms))]
    for r, row in enumerate(rooms):
        for c, k in enumerate(row):
            out[k].append((r, c))
    return out


def top_cell(cells) -> Cell:
    """pzprjs's "top" cell of a room, where its number is shown: the topmost
    cell of its leftmost column."""
    return min(cells, key=lambda v: (v[1], v[0]))


def clue_grid(rooms, numbers) -> list[list[int | None]]:
    """Each room's number placed in its top cell (None elsewhere)."""
    grid: list[list[int | None]] = [[None] * len(rooms[0]) for _ in rooms]
    for k, cells in enumerate(room_cells(rooms)):
        r, c = top_cell(cells)
        grid[r][c] = numbers[k]
    return grid


# ------------------------------------------------------------------ URLs
def read_url(text: str, file: str, pids: tuple[str, ...], *, numbers: bool,
             flags: str = "") -> tuple[puzzlink.PuzzLink, list, list, list]:
    """``(url, vertical, horizontal borders, numbers per room)`` of a room
    kind's URL; ``flags``: the flag letters the kind knows (others refused)."""
    u = puzzlink.read(text, file, pids, variants=True)
    bad = [ch for ch in u.flags if ch not in flags]
    if bad:
        raise u.error(-len(u.flags) - 1 - len(f"{u.cols}/{u.rows}/"),
                      f"flag {u.flags!r} (a variant) is not supported")
    vert, hori, end = puzzlink.decode_border(u, 0)
    if end == 0 and u.rows * u.cols > 1:
        raise u.error(0, "expected the room borders")
    rooms = rooms_from_borders(vert, hori)
    count = 1 + max(max(row) for row in rooms)
    nums: list = [None] * count
    if numbers:
        nums, end = puzzlink.decode_number16(u, count, end)
    u.expect_end(end)
    return u, vert, hori, nums


def _border_digits(vert, hori) -> str:
    """The border digits as pzprjs always writes them (zeros included)."""
    out = puzzlink.encode_border(vert, hori)
    if out:
        return out
    h, w = len(vert), len(vert[0]) + 1
    return "0" * ((h * (w - 1) + 4) // 5 + ((h - 1) * w + 4) // 5)


def write_url(pid: str, vert, hori, numbers=None, flags: str = "") -> str:
    """The URL pzprjs writes for the borders (and, when given, the rooms' numbers)."""
    body = _border_digits(vert, hori)
    if numbers is not None:
        body += puzzlink.encode_number16(list(numbers))
    return puzzlink.url(pid, len(vert[0]) + 1, len(vert), body, flags)


# ------------------------------------------------------------------ TOML
def _numbers_per_room(rooms, clues, error) -> list:
    """Per room, the number found in its cells (two numbers in a room refused)."""
    nums: list = [None] * (1 + max(max(row) for row in rooms))
    for r, row in enumerate(clues):
        for c, v in enumerate(row):
            if v is None:
                continue
            k = rooms[r][c]
            if nums[k] is not None:
                raise error(r, c, "a second number in one room")
            nums[k] = v
    return nums


def read_toml(data: dict, raw: str, file: str, kind: str, keys: tuple[str, ...], *,
              numbers: bool):
    """``(vertical, horizontal borders, numbers per room, expected shading or
    None, expect)`` of a
    room kind's TOML instance (``numbers``: it has an optional ``clues`` key)."""
    tg = toml_grid(data, raw, file, keys, "rooms")
    h, w = tg.height, len(tg.rows[0])
    if h > MAX_SIDE or w > MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {MAX_SIDE} rows and columns")
    tg.expect_shape(h, w)
    vert, hori = borders_of(tg.rows)
    rooms = rooms_from_borders(vert, hori)
    nums: list = [None] * (1 + max(max(row) for row in rooms))
    if numbers and "clues" in data:
        cg = toml_token_grid(data, raw, file, "clues")
        cg.expect_shape(h, w)
        clues = []
        for r, row in enumerate(cg.rows):
            out = []
            for c, tok in enumerate(row):
                v = None if tok in (".", "-") else puzzlink.UNKNOWN if tok == "?" else ascii_int(tok)
                if v is not None and v != puzzlink.UNKNOWN and not 0 <= v <= h * w:
                    raise cg.error(r, c, f"expected a number 0..{h * w}, '?' or '.', "
                                         f"found {shown(tok)}")
                if tok not in (".", "-", "?") and v is None:
                    raise cg.error(r, c, f"expected a number, '?' or '.', found {shown(tok)}")
                out.append(v)
            clues.append(out)
        nums = _numbers_per_room(rooms, clues, cg.error)
    expect = parse_expect(data, raw, file, kind, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(h, w)
        solution = []
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in ("#", ".", "+"):
                    raise sg.error(r, c, f"expected '#' (shaded) or '.', found {shown(tok)}")
            solution.append([int(tok == "#") for tok in row])
    return vert, hori, nums, solution, expect


# ------------------------------------------------------------------ pzprv3
def read_pzprv3(text: str, file: str, *, numbers: bool):
    """``(vertical, horizontal borders, numbers per room, answer shading or
    None)`` of a pzprv3
    (version 0) file of a room kind."""
    f = pzprv3.read(text, file)
    if not f.lines or len(f.lines[0]) != 1 or ascii_int(f.lines[0][0][0]) is None:
        where = f.lines[0][0][1] if f.lines and f.lines[0] else (None, None)
        raise InstanceError("expected the number of rooms after the size", file, *where)
    body = pzprv3.Pzprv3(f.name, f.rows, f.cols, f.lines[1:], file)
    vert, hori = borders_of([[tok for tok, _ in row] for row in body.grid(0, "rooms")])
    rooms = rooms_from_borders(vert, hori)
    nums: list = [None] * (1 + max(max(row) for row in rooms))
    at = f.rows
    if numbers:
        clues = []
        for row in body.grid(at, "numbers"):
            out = []
            for tok, (line, col) in row:
                v = None if tok == "." else puzzlink.UNKNOWN if tok == "-" else ascii_int(tok)
                if v is None and tok != ".":
                    raise InstanceError(f"numbers: expected a number, '-' or '.', found {tok!r}",
                                        file, line, col)
                out.append(v)
            clues.append(out)

        def error(r, c, message):
            line, col = body.lines[at + r][c][1]
            return InstanceError(f"numbers: {message}", file, line, col)
        nums = _numbers_per_room(rooms, clues, error)
        at += f.rows
    solution = None
    if len(body.lines) > at:
        solution = pzprv3.shading(body.grid(at, "answer"), file,
                                  "answer: expected '#', '.' or '+'")
    return vert, hori, nums, solution


# ------------------------------------------------------------------ families
def random_rectangles(n: int, rng, largest: int = 4) -> dict:
    """Cell -> room of the n x n grid cut at random (``rng``, a
    ``random.Random``) until every room is at most ``largest`` cells a side
    (the room kinds' families)."""
    room, todo, k = {}, [(0, 0, n, n)], 0
    while todo:
        r0, c0, r1, c1 = todo.pop()
        h, w = r1 - r0, c1 - c0
        if max(h, w) > largest or (h * w > 2 and rng.random() < 0.3):
            if h >= w:
                cut = rng.randint(r0 + 1, r1 - 1)
                todo += [(r0, c0, cut, c1), (cut, c0, r1, c1)]
            else:
                cut = rng.randint(c0 + 1, c1 - 1)
                todo += [(r0, c0, r1, cut), (r0, cut, r1, c1)]
            continue
        for r in range(r0, r1):
            for c in range(c0, c1):
                room[r, c] = k
        k += 1
    return room


def family_grids(n: int, room: dict, counts: dict, shown: int, rng) -> tuple[str, str]:
    """The ``rooms`` and ``clues`` texts of a generated instance: ``room``
    (cell -> room), ``counts`` (room -> its number), each room's number shown
    in its top cell with probability ``shown`` percent."""
    names = {k: i for i, k in enumerate(sorted(set(room.values())))}
    width = len(str(len(names)))
    labels = "\n".join(" ".join(str(names[room[r, c]]).rjust(width) for c in range(n))
                       for r in range(n))
    first: dict = {}
    for v in sorted(room, key=lambda v: (v[1], v[0])):
        first.setdefault(room[v], v)
    clue = {v: counts[k] for k, v in sorted(first.items()) if rng.random() * 100 < shown}
    clues = "\n".join(" ".join(str(clue[r, c]) if (r, c) in clue else "." for c in range(n))
                      for r in range(n))
    return labels, clues


# ------------------------------------------------------------------ drawings
def cell_texts(rooms, numbers, grid) -> list[list[str]]:
    """Each cell as the text drawing shows it: ``#`` shaded, else a room's
    number in its top cell (``?`` unknown) or ``.``."""
    clues = clue_grid(rooms, numbers)
    return [["#" if grid and grid[r][c] else "?" if v == puzzlink.UNKNOWN
             else "." if v is None else str(v) for c, v in enumerate(row)]
            for r, row in enumerate(clues)]


def text(rooms, numbers, grid) -> str:
    """The text drawing of a shading of a room grid."""
    return text_grid(cell_texts(rooms, numbers, grid))


def svg(rooms, numbers, grid) -> str:
    """The SVG drawing: rooms framed, shaded cells grey, numbers in their top cells."""
    clues = clue_grid(rooms, numbers)
    shown_ = [["?" if v == puzzlink.UNKNOWN else "" if v is None else v for v in row]
              for row in clues]
    return svg_grid(shown_, regions=rooms,
                    shade=[[bool(v) for v in row] for row in grid] if grid else None)


class RoomShading(Puzzle):
    """A shading of a room grid given by its borders, ``vert`` and ``hori``
    (as :func:`satgrid.puzzles.puzzlink.decode_border` gives them; a border
    may end inside a room, as in pzprjs), ``numbers`` (per room, pzprjs's
    order), ``flags`` (the URL's variant letters); ``rooms``: the room index
    of each cell. Decoded as ``{"grid": rows}``, 1 = shaded. The kinds add
    their rules."""

    def __init__(self, vert, hori, numbers=None, *, flags: str = "", **kw):
        super().__init__(**kw)
        self.vert, self.hori = [list(row) for row in vert], [list(row) for row in hori]
        self.rooms = rooms_from_borders(self.vert, self.hori)
        rooms = self.rooms
        self.rows, self.cols = len(rooms), len(rooms[0])
        self.cells = room_cells(self.rooms)
        self.numbers = list(numbers) if numbers is not None else [None] * len(self.cells)
        self.flags = flags

    def borders(self) -> set:
        """The borders as pairs of cells ``(cell, the cell right of or below it)``."""
        return ({((r, c), (r, c + 1)) for r, row in enumerate(self.vert) for c, b in enumerate(row) if b}
                | {((r, c), (r + 1, c)) for r, row in enumerate(self.hori) for c, b in enumerate(row) if b})

    def clues(self) -> list[list[int]]:
        """The numbers as the referee takes them: in each room's top cell, -1
        none, -2 "?"."""
        return [[-1 if v is None else v for v in row] for row in clue_grid(self.rooms, self.numbers)]

    def cell_texts(self, grid) -> list[list[str]]:
        return cell_texts(self.rooms, self.numbers, grid)

    def puzzle_svg(self) -> str:
        return svg(self.rooms, self.numbers, None)
