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

from ..referee import border_between, border_rooms, loop_in_rooms


def check(links, vert, hori, numbers, empty: bool = False) -> list[str]:
    """Every rule ``links`` breaks (empty when it solves the borders and numbers)."""
    rooms = border_rooms(vert, hori)
    rows, cols = len(rooms), len(rooms[0])
    if len(numbers) != 1 + max(max(row) for row in rooms):
        return [f"expected a number (or None) for each of the {len(numbers)} rooms"]
    problems, loop = loop_in_rooms(links, rooms, vert, hori)
    if loop is None:
        return problems
    for k, n in enumerate(numbers):
        if loop.crossings[k] > 2:
            problems.append(f"room {k}: the loop enters it {loop.crossings[k] // 2} times")
        if n is not None and n >= 0 and loop.visits[k] != n:
            problems.append(f"room {k}: {loop.visits[k]} cells on the loop, expected {n}")
        if not empty and loop.visits[k] == 0:
            problems.append(f"room {k}: no cell on the loop")
    for r in range(rows):
        for c in range(cols):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if (rr < rows and cc < cols and border_between(vert, hori, r, c, rr - r, cc - c)
                        and (r, c) not in loop.used and (rr, cc) not in loop.used):
                    problems.append(f"cells ({r},{c}) and ({rr},{cc}): both off the loop "
                                    "across a border")
    return problems
