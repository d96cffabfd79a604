"""The generated family ``heyawake``: rectangles around a planted shading;
deterministic by seed (``function(params, seed, rng, bar)``)."""

from __future__ import annotations

import random

from ..families import File, toml_text, unshaded_connected


def _rectangles(n: int, rng: random.Random) -> dict:
    """Cell -> room: the grid cut at random until every room is at most 4 x 4."""
    room, todo, k = {}, [(0, 0, n, n)], 0
    while todo:
        r0, c0, r1, c1 = todo.pop()
        h, w = r1 - r0, c1 - c0
        if max(h, w) > 4 or (h * w > 2 and rng.random() < 0.3):
            if h >= w:
                cut = rng.randint(r0 + 1, r1 - 1)
                todo += [(r0, c0, cut, c1), (cut, c0, r1, c1)]
            else:
                cut = rng.randint(c0 + 1, c1 - 1)
                todo += [(r0, c0, r1, cut), (r0, cut, r1, c1)]
            continue
        for r in range(r0, r1):
            for c in range(c0, c1):
                room[r, c] = k
        k += 1
    return room


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
    room = _rectangles(n, rng)
    while (cut := _long_run(n, shaded, room)) is not None:
        a, b = room[cut[0]], room[cut[1]]
        room = {v: a if k == b else k for v, k in room.items()}
    names = {k: i for i, k in enumerate(sorted(set(room.values())))}
    width = len(str(len(names)))
    labels = "\n".join(" ".join(str(names[room[r, c]]).rjust(width) for c in range(n))
                       for r in range(n))
    first: dict = {}
    for v in sorted(room, key=lambda v: (v[1], v[0])):
        first.setdefault(room[v], v)
    clue = {v: sum(room[x] == k for x in shaded) for k, v in first.items()
            if rng.random() * 100 < shown}
    clues = "\n".join(" ".join(str(clue[r, c]) if (r, c) in clue else "." for c in range(n))
                      for r in range(n))
    body = toml_text(f"satgrid family heyawake n={n} shown={shown} seed={seed}: the planted "
                     f"shading ({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "heyawake", "title": f"heyawake {n}x{n} (planted)",
                      "rooms": labels, "clues": clues})
    return [(f"heyawake-n{n}-s{seed}.toml", body)]
