"""The generated family ``nurimisaki`` of this kind (see ``kind.json``):
``function(params, seed, rng, bar) -> [(file name, TOML text)]``,
deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def nurimisaki(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``nurimisaki rows=10 cols=10 numbers=60``: a random maze planted as the
    unshaded cells (the cells at even row and column are its rooms, a random
    spanning tree opens the cells between them), so every 2x2 block holds a
    room and a shaded cell at odd row and column; its dead ends are the
    circles, about ``numbers`` percent of them numbered."""
    h, w, pct = params["rows"], params["cols"], params["numbers"]
    rooms = [(r, c) for r in range(0, h, 2) for c in range(0, w, 2)]
    open_ = {rooms[0]}
    edges = [(rooms[0], d) for d in ((-2, 0), (2, 0), (0, -2), (0, 2))]
    while edges:                              # a random spanning tree (Prim's, many dead ends)
        (r, c), (dr, dc) = edges.pop(rng.randrange(len(edges)))
        y, x = r + dr, c + dc
        if not (0 <= y < h and 0 <= x < w) or (y, x) in open_:
            continue
        open_ |= {(y, x), (r + dr // 2, c + dc // 2)}
        edges += [((y, x), d) for d in ((-2, 0), (2, 0), (0, -2), (0, 2))]
    grid = [["." if (r, c) in open_ else "#" for c in range(w)] for r in range(h)]
    for r, c in sorted(open_):
        near = sum((y, x) in open_ for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        if near == 1:
            n = 1
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                y, x = r + dr, c + dc
                while (y, x) in open_:
                    n, y, x = n + 1, y + dr, x + dc
            grid[r][c] = str(n) if rng.randrange(100) < pct else "?"
    clues = [["." if v == "#" else v for v in row] for row in grid]
    body = toml_text(f"satgrid family nurimisaki rows={h} cols={w} numbers={pct} seed={seed}: "
                     "a planted maze solves it; not promised unique",
                     {"puzzle": "nurimisaki", "title": f"nurimisaki {h}x{w} (planted)",
                      "clues": grid_text(clues)})
    return [(f"nurimisaki-{h}x{w}-n{pct}-s{seed}.toml", body)]
