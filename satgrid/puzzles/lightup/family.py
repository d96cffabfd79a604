"""The generated family ``lightup`` of this kind (see ``kind.json``):
``function(params, seed, rng, bar) -> [(file name, TOML text)]``,
deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def lightup(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``lightup rows=10 cols=10 wall=20``: random walls, greedily planted lights."""
    h, w, pct = params["rows"], params["cols"], params["wall"]
    cells = [(r, c) for r in range(h) for c in range(w)]
    walls = {x for x in cells if rng.randrange(100) < pct}
    lit, lights = set(), set()
    for r, c in rng.sample(cells, len(cells)):
        if (r, c) in walls or (r, c) in lit:
            continue
        lights.add((r, c))
        lit.add((r, c))
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            while 0 <= y < h and 0 <= x < w and (y, x) not in walls:
                lit.add((y, x))
                y, x = y + dr, x + dc
    grid = [["." for _ in range(w)] for _ in range(h)]
    for r, c in sorted(walls):
        near = sum((y, x) in lights for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        grid[r][c] = str(near) if rng.randrange(100) < 70 else "#"
    body = toml_text(f"satgrid family lightup rows={h} cols={w} wall={pct} seed={seed}: "
                     f"{len(lights)} planted lights solve it; not promised unique",
                     {"puzzle": "lightup", "title": f"lightup {h}x{w} (planted)",
                      "clues": grid_text(grid)})
    return [(f"lightup-{h}x{w}-w{pct}-s{seed}.toml", body)]
