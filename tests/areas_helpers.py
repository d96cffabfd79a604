"""What the tests of the region kinds (Shikaku, Araf, Double Choco,
Pentominous, Statue Park) share: pzprjs's answers (pzprv3 text with the
answer's borders) turned into region grids, every partition of a small
grid into connected regions (the brute force the models are counted
against), and URL round trips."""

from __future__ import annotations


def pzprv3_tokens(text: str) -> list[list[str]]:
    """The lines of a pzprv3 text (``/``-separated as in pzprjs's tests), split into tokens."""
    return [line.split() for line in text.split("/")]


def border_regions(vert, hori, blocked=frozenset()) -> list[list[int]]:
    """Region numbers (1, 2, ... by first cell) of a grid cut by borders:
    ``vert[r][c]`` between (r, c) and (r, c + 1), ``hori[r][c]`` between
    (r, c) and (r + 1, c); a positive value is a border; a ``blocked`` cell
    is a region of its own, a wall to its neighbours."""
    h, w = len(vert), len(vert[0]) + 1
    out = [[0] * w for _ in range(h)]
    n = 0
    for r in range(h):
        for c in range(w):
            if out[r][c]:
                continue
            n += 1
            out[r][c], todo = n, [(r, c)]
            while todo:
                y, x = todo.pop()
                steps = []
                if x + 1 < w and vert[y][x] <= 0:
                    steps.append((y, x + 1))
                if x > 0 and vert[y][x - 1] <= 0:
                    steps.append((y, x - 1))
                if y + 1 < h and hori[y][x] <= 0:
                    steps.append((y + 1, x))
                if y > 0 and hori[y - 1][x] <= 0:
                    steps.append((y - 1, x))
                if (y, x) in blocked:
                    steps = []
                for b, a in steps:
                    if not out[b][a] and (b, a) not in blocked:
                        out[b][a] = n
                        todo.append((b, a))
    return out


def answer_regions(text: str, skip: int, blocked=frozenset()) -> list[list[int]]:
    """The regions of a pzprv3 answer whose border grids start ``skip``
    lines after the header (``pzprv3/PID/ROWS/COLS``)."""
    lines = [l for l in pzprv3_tokens(text)]
    rows, cols = int(lines[2][0]), int(lines[3][0])
    body = [l for l in lines[4:] if l][skip:]
    num = lambda t: 1 if t not in ("0", "-1", "-2") else 0      # noqa: E731
    vert = [[num(t) for t in body[r]] for r in range(rows)] if cols > 1 else [[] for _ in range(rows)]
    hori = [[num(t) for t in body[rows + r]] for r in range(rows - 1)]
    if cols == 1:
        hori = [[num(t) for t in body[r]] for r in range(rows - 1)]
    return border_regions(vert, hori, blocked)


def partitions(rows: int, cols: int):
    """Every partition of the rows x cols grid into connected regions, as
    region grids numbered by first cell (each partition once)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]

    def parts(i, grid, n):
        if i == len(cells):
            yield [row[:] for row in grid]
            return
        r, c = cells[i]
        for k in range(1, n + 2):
            grid[r][c] = k
            yield from parts(i + 1, grid, max(n, k))
        grid[r][c] = 0

    seen = set()
    for g in parts(0, [[0] * cols for _ in range(rows)], 0):
        if _connected_labels(g):
            key = tuple(map(tuple, g))
            if key not in seen:
                seen.add(key)
                yield g


def _connected_labels(g) -> bool:
    """Every label's cells form one connected group (numbered by first cell already)."""
    h, w = len(g), len(g[0])
    groups = {}
    for r in range(h):
        for c in range(w):
            groups.setdefault(g[r][c], []).append((r, c))
    for cells in groups.values():
        seen, todo = {cells[0]}, [cells[0]]
        inside = set(cells)
        while todo:
            y, x = todo.pop()
            for n in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if n in inside and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(cells):
            return False
    return True
