"""The generated family ``kurodoko`` of this kind (see ``kind.json``):
``function(params, seed, rng, bar) -> [(file name, TOML text)]``,
deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text
from ..referee import connected_groups


def kurodoko(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``kurodoko rows=10 cols=10 clue=25``: a planted shading, numbers read off it."""
    h, w, pct = params["rows"], params["cols"], params["clue"]
    cells = [(r, c) for r in range(h) for c in range(w)]
    shaded: set = set()
    for r, c in rng.sample(cells, len(cells))[:len(cells) // 3]:
        near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if any(x in shaded for x in near):
            continue
        if len(connected_groups(x for x in cells if x not in shaded and x != (r, c))) == 1:
            shaded.add((r, c))
    if not shaded:                 # the rules want one shaded cell
        shaded.add((0, 0))
    grid = [["." for _ in range(w)] for _ in range(h)]
    for r, c in cells:
        if (r, c) in shaded or rng.randrange(100) >= pct:
            continue
        n = 1
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            while 0 <= y < h and 0 <= x < w and (y, x) not in shaded:
                n, y, x = n + 1, y + dr, x + dc
        grid[r][c] = str(n)
    body = toml_text(f"satgrid family kurodoko rows={h} cols={w} clue={pct} seed={seed}: a "
                     f"planted shading ({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "kurodoko", "title": f"kurodoko {h}x{w} (planted)",
                      "clues": grid_text(grid)})
    return [(f"kurodoko-{h}x{w}-c{pct}-s{seed}.toml", body)]
