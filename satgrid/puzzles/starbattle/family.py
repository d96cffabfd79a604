"""The generated family ``starbattle``: a planted star placement, regions
grown around it; ``function(params, seed, rng, bar)`` returns the family's
files, ``[(file name, TOML text)]``, deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def _stars(n: int, rng: random.Random) -> list[int]:
    """A column per row, all different, neighbouring rows two or more apart."""
    while True:
        cols, left = [], list(range(n))
        for _ in range(n):
            ok = [c for c in left if not cols or abs(c - cols[-1]) > 1]
            if not ok:
                break
            cols.append(rng.choice(ok))
            left.remove(cols[-1])
        if len(cols) == n:
            return cols


def starbattle(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``starbattle n=10``: one star per row, column and region (planted)."""
    n = params["n"]
    cols = _stars(n, rng)
    label = [[-1] * n for _ in range(n)]
    edge = []
    for r, c in enumerate(cols):
        label[r][c] = r
        edge.append((r, c))
    while edge:                              # random flood fill from the stars
        r, c = edge.pop(rng.randrange(len(edge)))
        free = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= y < n and 0 <= x < n and label[y][x] < 0]
        if free:
            y, x = rng.choice(free)
            label[y][x] = label[r][c]
            edge += [(r, c), (y, x)]
    names = [[chr(ord("a") + v) if v < 26 else f"r{v}" for v in row] for row in label]
    body = toml_text(f"satgrid family starbattle n={n} seed={seed}: the planted stars "
                     "solve it; not promised unique",
                     {"puzzle": "starbattle", "title": f"starbattle {n}x{n} (planted)",
                      "stars": 1, "regions": grid_text(names)})
    return [(f"starbattle-n{n}-s{seed}.toml", body)]
