"""The generated family ``shikaku`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def shikaku(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``shikaku rows=8 cols=8 largest=8``: planted rectangles, one number each."""
    h, w, big = params["rows"], params["cols"], params["largest"]
    owner = [[0] * w for _ in range(h)]
    clues = [[0] * w for _ in range(h)]
    free = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(free)
    n = 0
    for r, c in free:
        if owner[r][c]:
            continue
        n += 1
        shapes = [(a, b) for a in range(1, h + 1) for b in range(1, w + 1) if a * b <= big]
        rng.shuffle(shapes)
        for a, b in shapes + [(1, 1)]:
            if r + a <= h and c + b <= w and all(not owner[y][x] for y in range(r, r + a)
                                                 for x in range(c, c + b)):
                break
        for y in range(r, r + a):
            for x in range(c, c + b):
                owner[y][x] = n
        y, x = rng.randrange(r, r + a), rng.randrange(c, c + b)
        clues[y][x] = a * b
    body = toml_text(f"satgrid family shikaku rows={h} cols={w} largest={big} seed={seed}: "
                     f"{n} planted rectangles solve it; not promised unique",
                     {"puzzle": "shikaku", "title": f"shikaku {h}x{w} (planted)",
                      "clues": grid_text(clues)})
    return [(f"shikaku-{h}x{w}-s{seed}.toml", body)]
