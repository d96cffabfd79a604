"""The generated family ``heyawake``: rectangles around a planted shading;
deterministic by seed (``function(params, seed, rng, bar)``)."""

from __future__ import annotations

import random

from ..families import File, toml_text, unshaded_connected
from ..rooms import family_grids, random_rectangles


def _long_run(n: int, shaded: set, room: dict):
    """A border inside an unshaded run spanning three rooms, or None."""
    for line in ([[(r, c) for c in range(n)] for r in range(n)]
                 + [[(r, c) for r in range(n)] for c in range(n)]):
        run: list = []
        for v in line + [None]:
            if v is not None and v not in shaded:
                run.append(v)
                continue
            cuts = [(a, b) for a, b in zip(run, run[1:]) if room[a] != room[b]]
            if len(cuts) > 1:
                return cuts[0]
            run = []
    return None


def heyawake(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``heyawake n=8 shown=70``: a planted shading, rectangles merged where a
    run would span three rooms, some rooms' counts shown."""
    n, shown = params["n"], params["shown"]
    shaded: set = set()
    for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        if not any(x in shaded for x in near) and unshaded_connected(n, shaded | {(r, c)}):
            shaded.add((r, c))
    room = random_rectangles(n, rng)
    while (cut := _long_run(n, shaded, room)) is not None:
        a, b = room[cut[0]], room[cut[1]]
        room = {v: a if k == b else k for v, k in room.items()}
    counts = {k: sum(room[x] == k for x in shaded) for k in set(room.values())}
    labels, clues = family_grids(n, room, counts, shown, rng)
    body = toml_text(f"satgrid family heyawake n={n} shown={shown} seed={seed}: the planted "
                     f"shading ({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "heyawake", "title": f"heyawake {n}x{n} (planted)",
                      "rooms": labels, "clues": clues})
    return [(f"heyawake-n{n}-s{seed}.toml", body)]
