"""Independent checker for ``moonsun`` (Moon or Sun): plain Python, no SAT.

The rules as pzprjs checks them (``src/variety/country.js``, moonsun): the
line runs through cell centres, orthogonally, never branching or crossing,
and forms at most one loop; it crosses borders beside the cells of each room
at most twice (enters it at most once; a border is counted once per cell of
the room beside it, as pzprjs counts); in each room it passes through moons or through
suns, never both, and through some mark; where it passes through a moon of a
room it passes through all that room's moons (suns alike); two rooms joined
by the loop (a line across their border) never both pass moons, nor both
suns; every room holds a cell of the loop.

A solution is a link grid (north 1, east 2, south 4, west 8); the borders
``vert[r][c]`` (right of cell (r, c)) and ``hori[r][c]`` (below it), 1 = a
border, cut the rooms; ``marks`` rows of ``s`` (sun), ``m`` (moon) or ``.``.

Example:
    >>> vert, hori, marks = [[0, 1], [0, 1]], [[0, 0, 0]], [["s", ".", "m"], [".", ".", "."]]
    >>> check([[6, 10, 12], [3, 10, 9]], vert, hori, marks)
    []
    >>> check([[6, 10, 12], [3, 10, 9]], vert, hori, [["s", ".", "s"], [".", ".", "."]])
    ['rooms 0 and 1: joined by the loop, both through suns']
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


def _rooms(vert, hori) -> list[list[int]]:
    """The room of every cell: the areas the borders cut, by first cell."""
    rows, cols = len(vert), len(vert[0]) + 1
    rooms = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if rooms[r][c] < 0:
                rooms[r][c], todo = count, [(r, c)]
                while todo:
                    y, x = todo.pop()
                    for bit, dy, dx in SIDES:
                        ny, nx = y + dy, x + dx
                        if (0 <= ny < rows and 0 <= nx < cols and rooms[ny][nx] < 0
                                and not _wall(vert, hori, y, x, dy, dx)):
                            rooms[ny][nx] = count
                            todo.append((ny, nx))
                count += 1
    return rooms


def _wall(vert, hori, r, c, dr, dc) -> bool:
    """Whether a border lies between cell (r, c) and (r + dr, c + dc)."""
    return bool(hori[min(r, r + dr)][c]) if dr else bool(vert[r][min(c, c + dc)])


def check(links, vert, hori, marks) -> list[str]:
    """Every rule ``links`` breaks (empty when it solves the borders and marks)."""
    rooms = _rooms(vert, hori)
    rows, cols = len(rooms), len(rooms[0])
    if len(links) != rows or any(len(row) != cols for row in links):
        return [f"expected a link grid of {rows} x {cols}"]
    problems, used = _line(links, rows, cols)
    if problems and not used:
        return problems
    n = 1 + max(max(row) for row in rooms)
    crossings, visits = [0] * n, [0] * n
    passed = [{"m": 0, "s": 0} for _ in range(n)]
    exists = [{"m": 0, "s": 0} for _ in range(n)]
    joined = set()
    for r in range(rows):
        for c in range(cols):
            k, mark = rooms[r][c], marks[r][c]
            visits[k] += (r, c) in used
            if mark in "ms" and mark != ".":
                exists[k][mark] += 1
                passed[k][mark] += (r, c) in used
            for bit, dr, dc in SIDES:
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols and links[r][c] & bit
                        and _wall(vert, hori, r, c, dr, dc)):
                    continue
                crossings[k] += 1
                if rooms[rr][cc] != k:
                    joined.add((min(k, rooms[rr][cc]), max(k, rooms[rr][cc])))
    for k in range(n):
        if crossings[k] > 2:
            problems.append(f"room {k}: the loop enters it {crossings[k] // 2} times")
        if passed[k]["m"] and passed[k]["s"]:
            problems.append(f"room {k}: the loop passes both moons and suns")
        for mark, name in (("m", "moons"), ("s", "suns")):
            if 0 < passed[k][mark] < exists[k][mark]:
                problems.append(f"room {k}: the loop misses some of its {name}")
        if not passed[k]["m"] and not passed[k]["s"]:
            problems.append(f"room {k}: the loop passes no moon and no sun")
        if not visits[k]:
            problems.append(f"room {k}: no cell on the loop")
    for a, b in sorted(joined):
        for mark, name in (("m", "moons"), ("s", "suns")):
            if passed[a][mark] and passed[b][mark]:
                problems.append(f"rooms {a} and {b}: joined by the loop, both through {name}")
    return problems
