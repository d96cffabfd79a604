"""Random loops and paths on grids, for the generated families of the path
and loop kinds (:mod:`satgrid.pipeline.families`: ``slitherlink``, ``masyu``,
``numberlink``). Plain Python; the caller's ``random.Random`` makes it
deterministic by seed.

A random simple loop is the boundary of a random *simple* region: cells
grown one at a time from a random cell, a cell kept only when the region
stays connected, has no hole (the cells outside it, with a ring around the
grid, stay connected) and no two of its cells (or of the cells outside)
touch at a corner only -- then its boundary never touches itself, so it is
one simple loop along the lines between cells.

Example:
    >>> import random
    >>> region = random_region(4, 5, random.Random(1), 0.5)
    >>> edges = boundary(region)
    >>> all(len(e) == 2 for e in edges) and len(edges) % 2 == 0
    True
"""

from __future__ import annotations

import random

from ..modelling.geometry import Cell, Edge, cell_sides, neighbours


def _simple(region: set[Cell], rows: int, cols: int) -> bool:
    """Connected, no hole, no corner-only contact (inside or outside)."""
    if not region:
        return False
    # connected
    start = next(iter(region))
    seen, todo = {start}, [start]
    while todo:
        for nb in neighbours(todo.pop(), rows, cols):
            if nb in region and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(region):
        return False
    # the outside, with a ring around the grid, connected (no hole)
    outside = {(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)} - region
    start = (-1, -1)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in outside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(outside):
        return False
    # no 2x2 window with a diagonal pair (inside on one diagonal, outside on the other)
    for r in range(-1, rows):
        for c in range(-1, cols):
            a, b = (r, c) in region, (r, c + 1) in region
            d, e = (r + 1, c) in region, (r + 1, c + 1) in region
            if a == e and b == d and a != b:
                return False
    return True


def random_region(rows: int, cols: int, rng: random.Random, fill: float = 0.5) -> set[Cell]:
    """A random simple region of about ``fill`` of the cells (at least one)."""
    region = {(rng.randrange(rows), rng.randrange(cols))}
    target = max(1, round(fill * rows * cols))
    stuck = 0
    while len(region) < target and stuck < 4 * rows * cols:
        frontier = sorted({nb for cell in region for nb in neighbours(cell, rows, cols)} - region)
        cand = rng.choice(frontier) if frontier else None
        if cand is not None and _simple(region | {cand}, rows, cols):
            region.add(cand)
            stuck = 0
        else:
            stuck += 1
    return region


def boundary(region: set[Cell]) -> list[Edge]:
    """The sides of the region's cells that have the region on one side only
    (dot edges, as :func:`satgrid.modelling.geometry.cell_sides`), sorted."""
    count: dict[Edge, int] = {}
    for cell in region:
        for s in cell_sides(cell):
            count[s] = count.get(s, 0) + 1
    return sorted(s for s, k in count.items() if k == 1)


def random_paths(rows: int, cols: int, pairs: int, rng: random.Random,
                 min_cells: int = 3) -> list[list[Cell]]:
    """Up to ``pairs`` disjoint random self-avoiding walks of at least
    ``min_cells`` cells each (fewer when the grid fills up)."""
    free = {(r, c) for r in range(rows) for c in range(cols)}
    paths: list[list[Cell]] = []
    tries = 0
    while len(paths) < pairs and tries < 50 * pairs and free:
        tries += 1
        start = rng.choice(sorted(free))
        walk, used = [start], {start}
        length = rng.randint(min_cells, max(min_cells, (rows + cols)))
        while len(walk) < length:
            # a step keeps the walk simple: the new cell touches no earlier cell but the last
            opts = [nb for nb in neighbours(walk[-1], rows, cols)
                    if nb in free and nb not in used
                    and not any(x in used and x != walk[-1] for x in neighbours(nb, rows, cols))]
            if not opts:
                break
            nxt = rng.choice(opts)
            walk.append(nxt)
            used.add(nxt)
        if len(walk) >= min_cells:
            paths.append(walk)
            free -= used
    return paths
