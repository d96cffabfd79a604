"""Independent checker for ``shakashaka``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}`` of ``"#"`` (a black cell, numbered
or not), ``"."`` (white) or a triangle named by its black corner: ``"bl"``,
``"br"``, ``"tr"``, ``"tl"``. Rules (pzprjs): at least one triangle; a number
counts the triangles beside it (up, down, left, right); every white area is a
rectangle. The white areas are the groups of free cells joined across sides
that are white in both cells (a triangle's two sides away from its black
corner); an area is a rectangle when it is all white cells filling its
bounding box, or when (a rectangle at 45 degrees) each of its white cells
has all four neighbours in it and each triangle has exactly its two white
sides' neighbours in it.

Example:
    >>> check([["tl", "tr"], ["bl", "br"]], [[None, None], [None, None]])
    []
    >>> check([["tl", "."], [".", "."]], [[None, None], [None, None]])
    ['white area at (0, 0) is not a rectangle']
"""

from __future__ import annotations

#: the sides each triangle blacks out (the sides at its black corner)
BLACK = {".": "", "bl": "bl", "br": "br", "tr": "tr", "tl": "tl"}
STEP = {"t": (-1, 0), "b": (1, 0), "l": (0, -1), "r": (0, 1)}
FACING = {"t": "b", "b": "t", "l": "r", "r": "l"}


def check(grid, clues) -> list[str]:
    """Every rule ``grid`` breaks (``clues``: None a free cell, an int 0..4 a
    numbered black cell, -1 a black cell without number)."""
    h, w = len(clues), len(clues[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    for r in range(h):
        for c in range(w):
            want = ("#",) if clues[r][c] is not None else tuple(BLACK)
            if grid[r][c] not in want:
                return [f"cell ({r}, {c}): expected one of {', '.join(want)}, "
                        f"found {grid[r][c]!r}"]
    problems = []
    if not any(grid[r][c] not in ("#", ".") for r in range(h) for c in range(w)):
        problems.append("no triangle")
    for r in range(h):
        for c in range(w):
            n = clues[r][c]
            if n is not None and n >= 0:
                near = sum(1 for dr, dc in STEP.values() if 0 <= r + dr < h and 0 <= c + dc < w
                           and grid[r + dr][c + dc] not in ("#", "."))
                if near != n:
                    problems.append(f"number at ({r}, {c}): {near} triangles beside it, not {n}")

    def open_(r, c, side):
        return grid[r][c] != "#" and side not in BLACK[grid[r][c]]
    area = {}
    for r0 in range(h):
        for c0 in range(w):
            if grid[r0][c0] == "#" or (r0, c0) in area:
                continue
            area[r0, c0], todo = (r0, c0), [(r0, c0)]
            for r, c in todo:
                for side, (dr, dc) in STEP.items():
                    y, x = r + dr, c + dc
                    if 0 <= y < h and 0 <= x < w and (y, x) not in area and open_(r, c, side) \
                            and open_(y, x, FACING[side]):
                        area[y, x] = (r0, c0)
                        todo.append((y, x))
            cells = todo
            rows = [r for r, _ in cells]
            cols = [c for _, c in cells]
            box = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
            whites = sum(1 for r, c in cells if grid[r][c] == ".")
            if whites == box:
                continue
            if not all(((0 <= r + dr < h and 0 <= c + dc < w and area.get((r + dr, c + dc))
                         == (r0, c0)) == (side not in BLACK[grid[r][c]]))
                       for r, c in cells for side, (dr, dc) in STEP.items()):
                problems.append(f"white area at ({r0}, {c0}) is not a rectangle")
    return problems
