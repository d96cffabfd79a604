"""Independent checker for ``lits``: plain Python, no SAT.

A decoded solution is ``{"grid": rows}``, 1 = shaded. Rules (Nikoli's LITS):
every region holds exactly four shaded cells forming a tetromino (L, I, T
or S, rotations and reflections allowed); two tetrominoes of the same
letter never share an edge; all shaded cells form one orthogonally
connected group; no 2x2 square is all shaded.

Example:
    >>> regions = [["a", "a", "a", "a"], ["b", "b", "b", "b"]]
    >>> check([[1, 1, 1, 1], [0, 0, 0, 0]], regions)
    ['region b has 0 shaded cells, expected 4']
    >>> letter({(0, 0), (0, 1), (0, 2), (1, 1)})
    'T'
"""

from __future__ import annotations

from ..referee import connected_groups, squares_2x2

#: each letter's tetromino as one orientation (row, column) cells
BASE = {"L": [(0, 0), (1, 0), (2, 0), (2, 1)], "I": [(0, 0), (0, 1), (0, 2), (0, 3)],
        "T": [(0, 0), (0, 1), (0, 2), (1, 1)], "S": [(0, 1), (0, 2), (1, 0), (1, 1)]}


def _canon(cells) -> tuple:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _variants(cells) -> set:
    out = set()
    cur = list(cells)
    for _ in range(4):
        cur = [(c, -r) for r, c in cur]
        out.add(_canon(cur))
        out.add(_canon([(r, -c) for r, c in cur]))
    return out


SHAPES = {k: _variants(v) for k, v in BASE.items()}


def letter(cells) -> str | None:
    """The letter of a set of four cells (None when it is no L, I, T or S)."""
    key = _canon(cells)
    return next((k for k, vs in SHAPES.items() if key in vs), None)


def check(grid, regions) -> list[str]:
    """Every rule ``grid`` breaks (empty when it solves the ``regions`` layout)."""
    h, w = len(regions), len(regions[0])
    if len(grid) != h or any(len(row) != w for row in grid):
        return [f"grid: expected {h} x {w}"]
    if any(type(v) is not int or v not in (0, 1) for row in grid for v in row):
        return ["grid: expected 0 or 1 (shaded) in every cell"]
    problems = []
    cells_of: dict = {}
    for r in range(h):
        for c in range(w):
            cells_of.setdefault(regions[r][c], []).append((r, c))
    shape_of = {}
    for name, cells in cells_of.items():
        shaded = [(r, c) for r, c in cells if grid[r][c]]
        if len(shaded) != 4:
            problems.append(f"region {name} has {len(shaded)} shaded cells, expected 4")
            continue
        if len(connected_groups(shaded)) != 1 or letter(shaded) is None:
            problems.append(f"region {name}: its shaded cells are no L, I, T or S")
            continue
        shape_of[name] = letter(shaded)
    for r in range(h):
        for c in range(w):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 < h and c2 < w and grid[r][c] and grid[r2][c2]:
                    a, b = regions[r][c], regions[r2][c2]
                    if a != b and a in shape_of and shape_of[a] == shape_of.get(b):
                        problems.append(f"two {shape_of[a]} tetrominoes touch at ({r}, {c})")
    groups = connected_groups((r, c) for r in range(h) for c in range(w) if grid[r][c])
    if len(groups) != 1:
        problems.append(f"shaded cells form {len(groups)} groups, expected one")
    for sq in squares_2x2(h, w):
        if all(grid[r][c] for r, c in sq):
            problems.append(f"2x2 square at {sq[0]} is all shaded")
    return problems
