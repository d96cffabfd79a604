"""The generated family ``araf`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, toml_text


def araf(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``araf rows=8 cols=8 largest=6``: planted regions, two numbers each around its size."""
    h, w, big = params["rows"], params["cols"], params["largest"]
    owner = [[0] * w for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    near = lambda r, c: [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))  # noqa: E731
                         if 0 <= y < h and 0 <= x < w]
    n = 0
    for r, c in cells:
        if owner[r][c]:
            continue
        n += 1
        owner[r][c], mine, goal = n, [(r, c)], rng.randint(2, big)
        while len(mine) < goal:
            grow = [v for u in mine for v in near(*u) if not owner[v[0]][v[1]]]
            if not grow:
                break
            y, x = rng.choice(grow)
            owner[y][x] = n
            mine.append((y, x))
        if len(mine) == 1:                      # a lone cell joins a neighbour
            y, x = rng.choice(near(r, c))
            owner[r][c] = owner[y][x]
            n -= 1
    clues = [[None] * w for _ in range(h)]
    for k in {owner[r][c] for r, c in cells}:
        mine = [(r, c) for r, c in cells if owner[r][c] == k]
        s = len(mine)
        (a, b), (c, d) = rng.sample(mine, 2)
        clues[a][b] = rng.randint(max(0, s - 3), s - 1)
        clues[c][d] = rng.randint(s + 1, s + 3)
    body = toml_text(f"satgrid family araf rows={h} cols={w} largest={big} seed={seed}: "
                     "planted regions solve it; not promised unique",
                     {"puzzle": "araf", "title": f"araf {h}x{w} (planted)",
                      "clues": "\n".join(" ".join("." if v is None else str(v) for v in row)
                                          for row in clues)})
    return [(f"araf-{h}x{w}-s{seed}.toml", body)]
