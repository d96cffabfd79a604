"""The grid helpers the referees (``satgrid/puzzles/<kind>/check.py``) share.

Standard library only, and written apart from :mod:`satgrid.modelling.geometry`: the
referees must share no code with the rule builders, so that a mistake in one
cannot hide the same mistake in the other. Cells are ``(row, column)``
tuples, 0-based from the top-left.
"""

from __future__ import annotations

from typing import Iterable

Cell = tuple[int, int]

#: the eight (row, column) steps of a knight
KNIGHT_STEPS = frozenset((dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2)
                         if abs(dr) != abs(dc))


def changed_givens(grid, givens) -> list[tuple[int, int, int, int]]:
    """(row, column, given, found) for every given that ``grid`` does not keep.

    ``givens`` uses 0 for "no given" (None: no givens at all); rows and
    columns are 0-based. Checkers word the message themselves.
    """
    if givens is None:
        return []
    out = []
    for r, given_row in enumerate(givens):
        for c, g in enumerate(given_row):
            if g and grid[r][c] != g:
                out.append((r, c, g, grid[r][c]))
    return out


def connected_groups(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The orthogonally connected groups of ``cells``, largest first, then by
    their smallest cell."""
    left = set(cells)
    groups = []
    while left:
        seed = min(left)
        left.remove(seed)
        group = {seed}
        frontier = [seed]
        while frontier:
            r, c = frontier.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in left:
                    left.remove(nb)
                    group.add(nb)
                    frontier.append(nb)
        groups.append(group)
    groups.sort(key=lambda g: (-len(g), min(g)))
    return groups


def shading_shape_problems(grid, h: int, w: int) -> list[str]:
    """The one problem of a decoded shading that is not an ``h`` x ``w`` grid
    of 0 (unshaded) and 1 (shaded); empty when it is one."""
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 (unshaded) or 1 (shaded) in every cell"]
    return []


def split_colour(grid, colour: int) -> list[str]:
    """The problem of the cells of ``colour`` (1 shaded, 0 unshaded) in a
    0/1 ``grid`` when they form more than one orthogonally connected group."""
    groups = connected_groups((r, c) for r, row in enumerate(grid)
                              for c, v in enumerate(row) if v == colour)
    if len(groups) > 1:
        what = "shaded" if colour else "unshaded"
        return [f"{what} cells form {len(groups)} groups, expected one"]
    return []


def shape_key(cells) -> tuple:
    """The least of the eight images (turns and mirror images) of ``cells``,
    shifted to the origin: equal for two cell sets of one shape."""
    best = None
    for flip in (1, -1):
        pts = [(r, flip * c) for r, c in cells]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
            key = tuple(sorted((r - r0, c - c0) for r, c in pts))
            best = key if best is None or key < best else best
    return best


def int_grid_problems(grid, h: int, w: int, what: str = "an int") -> list[str]:
    """The one problem of a decoded grid that is not ``h`` x ``w`` ints
    (``what`` names such an int in the message); empty when it is."""
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int for row in grid for v in row):
        return [f"grid: expected {what} in every cell"]
    return []


def value_regions(grid) -> list[set[Cell]]:
    """The regions of a grid of region numbers: the orthogonally connected
    groups of cells holding the same number, by number, then as
    :func:`connected_groups` orders them."""
    h, w = len(grid), len(grid[0])
    out = []
    for v in sorted({x for row in grid for x in row}):
        out += connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c] == v)
    return out


def room_numbers_problems(grid, rooms, clues) -> list[str]:
    """The problems of numbers written in rooms (Ripple Effect, Suguru) in an
    int ``grid`` the shape of ``rooms`` (a room label per cell, None: an
    empty cell, which holds 0): a non-negative clue not kept, a room not
    holding 1..its size."""
    h, w = len(rooms), len(rooms[0])
    problems = []
    members: dict = {}
    for r in range(h):
        for c in range(w):
            if rooms[r][c] is None:
                if grid[r][c] != 0:
                    problems.append(f"({r}, {c}): an empty cell holds {grid[r][c]}")
                continue
            members.setdefault(rooms[r][c], []).append(grid[r][c])
            k = clues[r][c]
            if k is not None and k >= 0 and grid[r][c] != k:
                problems.append(f"({r}, {c}): given {k}, found {grid[r][c]}")
    for room, values in members.items():
        if sorted(values) != list(range(1, len(values) + 1)):
            problems.append(f"room {room}: holds {sorted(values)}, not 1..{len(values)}")
    return problems


def squares_2x2(rows: int, cols: int) -> list[list[Cell]]:
    """Every 2x2 square of a rows x cols grid as its four cells (top-left,
    top-right, bottom-left, bottom-right), squares in reading order."""
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for r in range(rows - 1) for c in range(cols - 1)]


def lines(n: int) -> list[tuple[str, int, list[Cell]]]:
    """The rows then the columns of an n x n grid as ("row"/"column", index, cells)."""
    out = [("row", i, [(i, j) for j in range(n)]) for i in range(n)]
    out += [("column", j, [(i, j) for i in range(n)]) for j in range(n)]
    return out


def seen_from(side: str, index: int, n: int) -> list[Cell]:
    """The cells of one row or column of an n x n grid in the order a viewer on
    ``side`` sees them: ``top``/``bottom`` look down/up column ``index``,
    ``left``/``right`` look along row ``index``."""
    near_to_far = list(range(n))
    if side in ("bottom", "right"):
        near_to_far.reverse()
    if side in ("top", "bottom"):
        return [(i, index) for i in near_to_far]
    if side in ("left", "right"):
        return [(index, j) for j in near_to_far]
    raise ValueError(f"unknown side {side!r}")



#: link-grid sides (the decoded form of loop and path puzzles): bit, row step, column step
LINK_SIDES = ((1, -1, 0, "north"), (2, 0, 1, "east"), (4, 1, 0, "south"), (8, 0, -1, "west"))


def line_pieces(links) -> tuple[list[str], dict[Cell, int], list[set[Cell]]]:
    """Read a link grid (rows of bitmasks: north 1, east 2, south 4, west 8).

    Returns (problems, degree of every vertex the line visits, the connected
    pieces of the line as vertex sets, largest first). Problems: a value
    that is not a bitmask 0..15, a link leaving the grid, a link that the
    neighbour does not return.
    """
    problems: list[str] = []
    rows = len(links)
    deg: dict[Cell, int] = {}
    for r, row in enumerate(links):
        for c, m in enumerate(row):
            if type(m) is not int or not 0 <= m <= 15:
                problems.append(f"vertex ({r},{c}): expected a link bitmask 0..15, found {m!r}")
                continue
            for bit, dr, dc, name in LINK_SIDES:
                if not m & bit:
                    continue
                deg[r, c] = deg.get((r, c), 0) + 1
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < len(links[rr])):
                    problems.append(f"vertex ({r},{c}): the line leaves the grid to the {name}")
                    continue
                back = {1: 4, 4: 1, 2: 8, 8: 2}[bit]
                other = links[rr][cc]
                if type(other) is not int or not other & back:
                    problems.append(f"vertex ({r},{c}) links {name} to ({rr},{cc}), "
                                    "which does not link back")
    # pieces: joined along the links themselves (two visited neighbours without
    # a link between them are apart)
    left, pieces = set(deg), []
    while left:
        seed = min(left)
        left.remove(seed)
        piece, todo = {seed}, [seed]
        while todo:
            r, c = todo.pop()
            for bit, dr, dc, _ in LINK_SIDES:
                nb = (r + dr, c + dc)
                if links[r][c] & bit and nb in left:
                    left.remove(nb)
                    piece.add(nb)
                    todo.append(nb)
        pieces.append(piece)
    pieces.sort(key=lambda g: (-len(g), min(g)))
    return problems, deg, pieces


# ------------------------------------------------- a loop over rooms cut by borders
#: a link grid's steps without their names: bit, row step, column step
LINK_STEPS = tuple((bit, dr, dc) for bit, dr, dc, _ in LINK_SIDES)
LINK_BACK = {1: 4, 4: 1, 2: 8, 8: 2}


def loop_line(links, rows: int, cols: int) -> tuple[list[str], set[Cell]]:
    """The problems of the line of a rows x cols link grid (a value that is not
    a bitmask, which stops the reading; ends that lead nowhere, cells without
    two ends, pieces) and the cells it visits."""
    problems, used = [], set()
    for r in range(rows):
        for c in range(cols):
            m = links[r][c]
            if type(m) is not int or not 0 <= m <= 15:
                return [f"cell ({r},{c}): expected a link bitmask 0..15"], set()
            ends = 0
            for bit, dr, dc in LINK_STEPS:
                if m & bit:
                    ends += 1
                    rr, cc = r + dr, c + dc
                    if (not (0 <= rr < rows and 0 <= cc < cols)
                            or not links[rr][cc] & LINK_BACK[bit]):
                        problems.append(f"cell ({r},{c}): a line that leads nowhere")
            if ends:
                used.add((r, c))
                if ends != 2:
                    problems.append(f"cell ({r},{c}): {ends} line ends, expected 2")
    if used:
        first = min(used)
        seen, todo = {first}, [first]
        while todo:
            r, c = todo.pop()
            for bit, dr, dc in LINK_STEPS:
                if links[r][c] & bit and (r + dr, c + dc) not in seen:
                    seen.add((r + dr, c + dc))
                    todo.append((r + dr, c + dc))
        if seen != used:
            problems.append("the line is more than one loop")
    return problems, used


def border_between(vert, hori, r: int, c: int, dr: int, dc: int) -> bool:
    """Whether a border lies between cell (r, c) and its neighbour (r + dr, c + dc):
    ``vert[r][c]`` is the border right of cell (r, c), ``hori[r][c]`` the one below it."""
    if dr:
        return bool(hori[min(r, r + dr)][c])
    return bool(vert[r][min(c, c + dc)])


def border_rooms(vert, hori) -> list[list[int]]:
    """The room index of every cell, the rooms the borders cut numbered by
    their first cell in reading order."""
    rows, cols = len(vert), len(vert[0]) + 1
    rooms = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if rooms[r][c] >= 0:
                continue
            rooms[r][c], todo = count, [(r, c)]
            while todo:
                y, x = todo.pop()
                for ny, nx, open_ in ((y, x + 1, x + 1 < cols and not vert[y][x]),
                                      (y, x - 1, x > 0 and not vert[y][x - 1]),
                                      (y + 1, x, y + 1 < rows and not hori[y][x]),
                                      (y - 1, x, y > 0 and not hori[y - 1][x])):
                    if open_ and rooms[ny][nx] < 0:
                        rooms[ny][nx] = count
                        todo.append((ny, nx))
            count += 1
    return rooms


def border_room_cells(vert, hori) -> list[list[Cell]]:
    """The rooms the borders cut (:func:`border_rooms`) as their cells in
    reading order, rooms in the order of their first cells."""
    rooms = border_rooms(vert, hori)
    out: list[list[Cell]] = [[] for _ in range(1 + max(max(row) for row in rooms))]
    for r, row in enumerate(rooms):
        for c, k in enumerate(row):
            out[k].append((r, c))
    return out


def numbered_room_problems(grid, vert, hori, clues) -> list[str]:
    """The rooms of a 0/1 ``grid`` (:func:`border_room_cells`) whose first
    number (a clue >= 0 in reading order) is not their count of shaded cells."""
    problems = []
    for cells in border_room_cells(vert, hori):
        numbers = [clues[r][c] for r, c in cells if clues[r][c] >= 0]
        shaded = sum(grid[r][c] for r, c in cells)
        if numbers and shaded != numbers[0]:
            problems.append(f"room at {cells[0]} holds {shaded} shaded cells, expected {numbers[0]}")
    return problems


class RoomLoop:
    """A loop read over rooms: the cells it visits; per room, the borders
    crossed beside its cells (once per cell, as pzprjs counts) and its cells
    on the loop; the pairs (a, b), a < b, of rooms the loop crosses between.
    (A plain class: a dataclass would import ``dataclasses`` on every kind's path.)"""

    __slots__ = ("used", "crossings", "visits", "joined")

    def __init__(self, used: set[Cell], crossings: list[int], visits: list[int],
                 joined: set[tuple[int, int]]):
        self.used, self.crossings, self.visits, self.joined = used, crossings, visits, joined


def loop_in_rooms(links, rooms, vert, hori) -> tuple[list[str], RoomLoop | None]:
    """The line's problems (:func:`loop_line`) and its :class:`RoomLoop` over
    ``rooms`` (:func:`border_rooms`); None instead when there is nothing to
    judge further (a link grid of the wrong size, or no line read)."""
    rows, cols = len(rooms), len(rooms[0])
    if len(links) != rows or any(len(row) != cols for row in links):
        return [f"expected a link grid of {rows} x {cols}"], None
    problems, used = loop_line(links, rows, cols)
    if problems and not used:
        return problems, None
    n = 1 + max(max(row) for row in rooms)
    loop = RoomLoop(used, [0] * n, [0] * n, set())
    for r in range(rows):
        for c in range(cols):
            k = rooms[r][c]
            loop.visits[k] += (r, c) in used
            for bit, dr, dc in LINK_STEPS:
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols and links[r][c] & bit
                        and border_between(vert, hori, r, c, dr, dc)):
                    continue
                loop.crossings[k] += 1
                if rooms[rr][cc] != k:
                    loop.joined.add((min(k, rooms[rr][cc]), max(k, rooms[rr][cc])))
    return problems, loop
