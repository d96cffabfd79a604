"""The generated family ``norinori``: a random room grid around planted
dominoes; deterministic by seed (``function(params, seed, rng, bar)``)."""

from __future__ import annotations

import random

from ..families import File, toml_text


def norinori(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``norinori n=8``: planted dominoes, one room grown around each."""
    n = params["n"]
    room: dict = {}
    spots = [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]
    rng.shuffle(spots)
    for a, b in spots:
        near = {(r + dr, c + dc) for r, c in (a, b) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
        if a not in room and b not in room and not near & set(room):
            room[a] = room[b] = len(room) // 2
    shaded = set(room)
    while len(room) < n * n:
        edge = [(v, w) for v in sorted(room) for w in ((v[0] - 1, v[1]), (v[0] + 1, v[1]),
                                                       (v[0], v[1] - 1), (v[0], v[1] + 1))
                if 0 <= w[0] < n and 0 <= w[1] < n and w not in room]
        v, w = rng.choice(edge)
        room[w] = room[v]
    width = len(str(max(room.values())))
    labels = "\n".join(" ".join(str(room[r, c]).rjust(width) for c in range(n)) for r in range(n))
    body = toml_text(f"satgrid family norinori n={n} seed={seed}: the planted dominoes "
                     f"({len(shaded) // 2}) solve it; not promised unique",
                     {"puzzle": "norinori", "title": f"norinori {n}x{n} (planted)",
                      "rooms": labels})
    return [(f"norinori-n{n}-s{seed}.toml", body)]
