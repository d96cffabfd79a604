"""The generated family ``fillomino`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...errors import SatgridError
from ..families import File, grid_text, toml_text


def _plant_fillomino(h: int, w: int, big: int, rng: random.Random) -> dict | None:
    """cell -> its region's size, regions of equal size never side by side; None: retry."""
    size: dict = {}

    def near(v):
        return [x for x in ((v[0] - 1, v[1]), (v[0] + 1, v[1]), (v[0], v[1] - 1),
                            (v[0], v[1] + 1)) if 0 <= x[0] < h and 0 <= x[1] < w]
    for start in rng.sample([(r, c) for r in range(h) for c in range(w)], h * w):
        if start in size:
            continue
        region, goal = [start], rng.randint(1, big)

        def grow() -> bool:
            free = sorted({x for v in region for x in near(v) if x not in size
                           and x not in region})
            if free and len(region) < big:
                region.append(rng.choice(free))
            return bool(free) and len(region) <= big
        while len(region) < goal and grow():
            pass
        while any(size.get(x) == len(region) for v in region for x in near(v)):
            if len(region) >= big or not grow():
                return None
        for v in region:
            size[v] = len(region)
    return size


def fillomino(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``fillomino rows=8 cols=8 largest=5 shown=40``: a planted filling (solvable)."""
    h, w, big, shown = params["rows"], params["cols"], params["largest"], params["shown"]
    for _ in range(10000):
        size = _plant_fillomino(h, w, big, rng)
        if size is not None:
            break
    else:  # pragma: no cover - never seen: a few tries at most
        raise SatgridError(f"family fillomino: no filling found for {h}x{w}")
    clues = [[size[r, c] if rng.random() * 100 < shown else 0 for c in range(w)]
             for r in range(h)]
    body = toml_text(f"satgrid family fillomino rows={h} cols={w} largest={big} shown={shown} "
                     f"seed={seed}: the planted filling solves it; not promised unique",
                     {"puzzle": "fillomino", "title": f"fillomino {h}x{w} (planted)",
                      "max_size": max(size.values()), "clues": grid_text(clues)})
    return [(f"fillomino-{h}x{w}-s{seed}.toml", body)]
