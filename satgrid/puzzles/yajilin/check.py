"""Independent checker for ``yajilin``: plain Python, no SAT.

The rules as pzprjs checks them (``src/variety/yajilin.js``): the line runs
through cell centres, orthogonally, never branching or crossing, and forms
at most one loop; it never enters a clue cell nor a shaded cell; shaded cells
are not orthogonally adjacent; every cell without a clue is shaded or on the
line; a clue with a number and an arrow counts the shaded cells from it to
the grid's edge in the arrow's direction; a number must have an arrow; with
``outside``, no shaded cell lies inside the loop.

A solution is ``links`` (a link grid: north 1, east 2, south 4, west 8) and
``shaded`` (rows of 0/1). A clue is None or ``(arrow, number)``, arrow one of
``u d l r`` or ``""``, number >= 0, -2 ("?") or -3 (a clue cell without a
number).

Example:
    >>> clues = [[None, None, None], [None, ("r", 0), None], [None, None, None]]
    >>> ring = [[6, 10, 12], [5, 0, 5], [3, 10, 9]]
    >>> check(ring, [[0] * 3] * 3, clues)
    []
    >>> check(ring, [[0, 0, 0], [0, 0, 1], [0, 0, 0]], clues)
    ['cell (1,1): 1 shaded cells in the arrow direction, expected 0', 'cell (1,2): shaded and on the loop']
"""

from __future__ import annotations

STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
SIDES = ((1, -1, 0), (2, 0, 1), (4, 1, 0), (8, 0, -1))


def _loop_cells(links, rows, cols) -> tuple[list[str], set]:
    """Problems of the line itself, and the cells it visits."""
    problems, used = [], set()
    for r in range(rows):
        for c in range(cols):
            m = links[r][c]
            if type(m) is not int or not 0 <= m <= 15:
                return [f"cell ({r},{c}): expected a link bitmask 0..15"], set()
            deg = 0
            for bit, dr, dc in SIDES:
                if m & bit:
                    deg += 1
                    rr, cc = r + dr, c + dc
                    back = {1: 4, 4: 1, 2: 8, 8: 2}[bit]
                    if not (0 <= rr < rows and 0 <= cc < cols) or not links[rr][cc] & back:
                        problems.append(f"cell ({r},{c}): a line end that goes nowhere")
            if deg:
                used.add((r, c))
                if deg != 2:
                    problems.append(f"cell ({r},{c}): the line has {deg} ends there, expected 2")
    if used and not problems:
        start = min(used)
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for bit, dr, dc in SIDES:
                nb = (r + dr, c + dc)
                if links[r][c] & bit and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if seen != used:
            problems.append("the line forms more than one loop")
    return problems, used


def _inside(links, r, c) -> bool:
    """Whether cell (r, c), off the loop, is inside it: the vertical line
    pieces crossed on the way from the left edge along the cell's top side."""
    return sum(1 for j in range(c) if r > 0 and links[r][j] & 1) % 2 == 1


def check(links, shaded, clues, outside: bool = False) -> list[str]:
    """Every rule broken by ``links`` and ``shaded`` (empty when they solve ``clues``)."""
    rows, cols = len(clues), len(clues[0])
    for name, g in (("links", links), ("shaded", shaded)):
        if len(g) != rows or any(len(row) != cols for row in g):
            return [f"{name}: expected {rows} x {cols}"]
    if any(type(v) is not int or v not in (0, 1) for row in shaded for v in row):
        return ["shaded: expected 0 or 1 in every cell"]
    problems, used = _loop_cells(links, rows, cols)
    for r in range(rows):
        for c in range(cols):
            clue, s = clues[r][c], shaded[r][c]
            if clue is not None and (s or (r, c) in used):
                problems.append(f"cell ({r},{c}): a clue cell shaded or on the loop")
            elif s and (r, c) in used:
                problems.append(f"cell ({r},{c}): shaded and on the loop")
            elif clue is None and not s and (r, c) not in used:
                problems.append(f"cell ({r},{c}): neither shaded nor on the loop")
            if s and ((r + 1 < rows and shaded[r + 1][c]) or (c + 1 < cols and shaded[r][c + 1])):
                problems.append(f"cell ({r},{c}): shaded next to another shaded cell")
            if s and outside and (r, c) not in used and _inside(links, r, c):
                problems.append(f"cell ({r},{c}): shaded inside the loop")
            if clue is None or clue[1] < 0:
                continue
            arrow, n = clue
            if not arrow:
                problems.append(f"cell ({r},{c}): a number without an arrow")
                continue
            dr, dc = STEP[arrow]
            rr, cc, count = r + dr, c + dc, 0
            while 0 <= rr < rows and 0 <= cc < cols:
                count += shaded[rr][cc]
                rr, cc = rr + dr, cc + dc
            if count != n:
                problems.append(f"cell ({r},{c}): {count} shaded cells in the arrow "
                                f"direction, expected {n}")
    return problems
