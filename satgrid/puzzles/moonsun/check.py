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

from ..referee import border_rooms, loop_in_rooms


def check(links, vert, hori, marks) -> list[str]:
    """Every rule ``links`` breaks (empty when it solves the borders and marks)."""
    rooms = border_rooms(vert, hori)
    problems, loop = loop_in_rooms(links, rooms, vert, hori)
    if loop is None:
        return problems
    n = len(loop.visits)
    passed = [{"m": 0, "s": 0} for _ in range(n)]
    exists = [{"m": 0, "s": 0} for _ in range(n)]
    for r, row in enumerate(rooms):
        for c, k in enumerate(row):
            mark = marks[r][c]
            if mark in "ms" and mark != ".":
                exists[k][mark] += 1
                passed[k][mark] += (r, c) in loop.used
    for k in range(n):
        if loop.crossings[k] > 2:
            problems.append(f"room {k}: the loop enters it {loop.crossings[k] // 2} times")
        if passed[k]["m"] and passed[k]["s"]:
            problems.append(f"room {k}: the loop passes both moons and suns")
        for mark, name in (("m", "moons"), ("s", "suns")):
            if 0 < passed[k][mark] < exists[k][mark]:
                problems.append(f"room {k}: the loop misses some of its {name}")
        if not passed[k]["m"] and not passed[k]["s"]:
            problems.append(f"room {k}: the loop passes no moon and no sun")
        if not loop.visits[k]:
            problems.append(f"room {k}: no cell on the loop")
    for a, b in sorted(loop.joined):
        for mark, name in (("m", "moons"), ("s", "suns")):
            if passed[a][mark] and passed[b][mark]:
                problems.append(f"rooms {a} and {b}: joined by the loop, both through {name}")
    return problems
