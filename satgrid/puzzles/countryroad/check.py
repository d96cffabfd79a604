"""Independent checker for ``countryroad``: plain Python, no SAT.

The rules as pzprjs checks them (``src/variety/country.js``): the line runs
through cell centres, orthogonally, never branching or crossing, and forms
at most one loop; the loop crosses borders beside the cells of each room at
most twice (enters it at most once; a border is counted once per cell of
the room beside it, as pzprjs counts); a room's number is the count of its
cells on the loop (``?`` any); every room holds a cell of the loop unless
``empty`` (URL flag ``e``); two cells side by side across a border are not
both off the loop.

A solution is a link grid (north 1, east 2, south 4, west 8); the borders
``vert[r][c]`` (right of cell (r, c)) and ``hori[r][c]`` (below it), 1 = a
border; the rooms are the areas they cut, numbered by their first cell in
reading order; ``numbers`` per room: None, -2 ("?") or a count.

Example:
    >>> vert, hori = [[0, 1], [0, 1]], [[0, 0, 0]]
    >>> check([[6, 10, 12], [3, 10, 9]], vert, hori, [None, 2])
    []
    >>> check([[6, 12, 0], [3, 9, 0]], vert, hori, [None, None])
    ['room 1: no cell on the loop']
"""

from __future__ import annotations

SIDES = ((1, -1, 0), (2, 0, 1), (4, 1, 0), (8, 0, -1))
BACK = {1: 4, 4: 1, 2: 8, 8: 2}


def _line(links, rows, cols) -> tuple[list[str], set]:
    """Problems of the line (ends, branches, pieces) and the cells it visits."""
    problems, used = [], set()
    for r in range(rows):
        for c in range(cols):
            m = links[r][c]
            if type(m) is not int or not 0 <= m <= 15:
                return [f"cell ({r},{c}): expected a link bitmask 0..15"], set()
            ends = 0
            for bit, dr, dc in SIDES:
                if m & bit:
                    ends += 1
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < rows and 0 <= cc < cols) or not links[rr][cc] & BACK[bit]:
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
            for bit, dr, dc in SIDES:
                if links[r][c] & bit and (r + dr, c + dc) not in seen:
                    seen.add((r + dr, c + dc))
                    todo.append((r + dr, c + dc))
        if seen != used:
            problems.append("the line is more than one loop")
    return problems, used


def rooms_of(vert, hori) -> list[list[int]]:
    """The room index of every cell, rooms numbered by their first cell."""
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


def _wall(vert, hori, r, c, dr, dc) -> bool:
    """Whether a border lies between cell (r, c) and its neighbour (r + dr, c + dc)."""
    if dr:
        return bool(hori[min(r, r + dr)][c])
    return bool(vert[r][min(c, c + dc)])


def check(links, vert, hori, numbers, empty: bool = False) -> list[str]:
    """Every rule ``links`` breaks (empty when it solves the borders and numbers)."""
    rooms = rooms_of(vert, hori)
    rows, cols = len(rooms), len(rooms[0])
    if len(numbers) != 1 + max(max(row) for row in rooms):
        return [f"expected a number (or None) for each of the {len(numbers)} rooms"]
    if len(links) != rows or any(len(row) != cols for row in links):
        return [f"expected a link grid of {rows} x {cols}"]
    problems, used = _line(links, rows, cols)
    if problems and not used:
        return problems
    crossings = [0] * len(numbers)
    visits = [0] * len(numbers)
    for r in range(rows):
        for c in range(cols):
            k = rooms[r][c]
            visits[k] += (r, c) in used
            for bit, dr, dc in SIDES:
                rr, cc = r + dr, c + dc
                if (0 <= rr < rows and 0 <= cc < cols and links[r][c] & bit
                        and _wall(vert, hori, r, c, dr, dc)):
                    crossings[k] += 1
    for k, n in enumerate(numbers):
        if crossings[k] > 2:
            problems.append(f"room {k}: the loop enters it {crossings[k] // 2} times")
        if n is not None and n >= 0 and visits[k] != n:
            problems.append(f"room {k}: {visits[k]} cells on the loop, expected {n}")
        if not empty and visits[k] == 0:
            problems.append(f"room {k}: no cell on the loop")
    for r in range(rows):
        for c in range(cols):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if (rr < rows and cc < cols and _wall(vert, hori, r, c, rr - r, cc - c)
                        and (r, c) not in used and (rr, cc) not in used):
                    problems.append(f"cells ({r},{c}) and ({rr},{cc}): both off the loop "
                                    "across a border")
    return problems
