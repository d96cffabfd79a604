"""The generated family ``yinyang``: some cells of a random colouring by the
rules; deterministic by seed (``function(params, seed, rng, bar)``)."""

from __future__ import annotations

import random

from ..families import File, toml_text


def colouring(n: int, rng: random.Random) -> dict:
    """A random colouring (cell -> 1 black, 0 white) by the rules, on an odd
    side m (n, or n - 1): white is a random spanning tree of the cells of
    odd row and column (a maze: its edges the cells between them), black the
    rest, so every 2 x 2 block holds a white tree cell and a black cell of
    even row and column, and black hangs together through the border. An
    even side adds a white last row and column, joined to the tree through
    one cell of row m - 1. Then turned or mirrored at random."""
    m = n if n % 2 else n - 1
    nodes = [(r, c) for r in range(1, m, 2) for c in range(1, m, 2)]
    up = {v: v for v in nodes}

    def root(v):
        while up[v] != v:
            up[v] = up[up[v]]
            v = up[v]
        return v
    edges = [(a, (a[0] + dr, a[1] + dc)) for a in nodes for dr, dc in ((0, 2), (2, 0))
             if a[0] + dr < m and a[1] + dc < m]
    rng.shuffle(edges)
    white = set(nodes)
    for a, b in edges:
        if root(a) != root(b):
            up[root(a)] = root(b)
            white.add(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
    if m < n:
        white |= {(n - 1, c) for c in range(n)} | {(r, n - 1) for r in range(n)}
        if m > 1:
            white.add((m - 1, rng.choice(range(1, m, 2))))
    colour = {(r, c): int((r, c) not in white) for r in range(n) for c in range(n)}
    turn = rng.randrange(8)
    out = {}
    for (r, c), x in colour.items():
        for _ in range(turn % 4):
            r, c = c, n - 1 - r
        out[(c, r) if turn >= 4 else (r, c)] = x
    return out


def yinyang(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``yinyang n=8 shown=30``: a planted colouring, some of its cells given."""
    n, shown = params["n"], params["shown"]
    colour = colouring(n, rng)
    circles = "\n".join(" ".join(("B" if colour[r, c] else "W") if rng.random() * 100 < shown
                                 else "." for c in range(n)) for r in range(n))
    body = toml_text(f"satgrid family yinyang n={n} shown={shown} seed={seed}: the planted "
                     "colouring solves it; not promised unique",
                     {"puzzle": "yinyang", "title": f"yinyang {n}x{n} (planted)",
                      "circles": circles})
    return [(f"yinyang-n{n}-s{seed}.toml", body)]
