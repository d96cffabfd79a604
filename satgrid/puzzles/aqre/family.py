"""The generated family ``aqre``: rectangles around a planted shading;
deterministic by seed (``function(params, seed, rng, bar)``)."""

from __future__ import annotations

import random

from ...modelling.model import Model
from ...rules import shading
from ..families import File, toml_text
from ..rooms import family_grids, random_rectangles

def _shading(n: int, rng: random.Random) -> set | None:
    """A shading by Aqre's rules (no rooms), found by the solver with a few
    random cells fixed to random colours (None: those cells allow none)."""
    m = Model(connectivity="propagate")
    s = shading.grid(m, n, n)
    shading.connected(m, s, 1)
    shading.no_run(m, s, 3, 1)
    shading.no_run(m, s, 3, 0)
    picks = rng.sample(sorted(s), max(1, n * n // 10))
    shading.fixed(m, s, {v: rng.randrange(2) for v in picks})
    sol = m.solve()
    return None if sol is None else {v for v, lit in s.items() if sol[lit]}


def aqre(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``aqre n=8 shown=70``: a planted shading, random rectangles, some counts shown."""
    n, shown = params["n"], params["shown"]
    shaded = None
    while shaded is None:
        shaded = _shading(n, rng)
    room = random_rectangles(n, rng)
    counts = {k: sum(room[x] == k for x in shaded) for k in set(room.values())}
    labels, clues = family_grids(n, room, counts, shown, rng)
    body = toml_text(f"satgrid family aqre n={n} shown={shown} seed={seed}: the planted "
                     f"shading ({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "aqre", "title": f"aqre {n}x{n} (planted)",
                      "rooms": labels, "clues": clues})
    return [(f"aqre-n{n}-s{seed}.toml", body)]
