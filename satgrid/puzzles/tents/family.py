"""The generated family ``tents`` of this kind (see ``kind.json``):
``function(params, seed, rng, bar) -> [(file name, TOML text)]``,
deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def tents(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``tents rows=10 cols=10``: planted tents, each with its tree beside it."""
    h, w = params["rows"], params["cols"]
    tent, tree = set(), set()
    for r, c in rng.sample([(r, c) for r in range(h) for c in range(w)], h * w):
        if (r, c) in tree or any((r + dr, c + dc) in tent for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
            continue
        sides = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= y < h and 0 <= x < w and (y, x) not in tree and (y, x) not in tent]
        if sides and rng.random() < 0.5:
            tent.add((r, c))
            tree.add(rng.choice(sides))
    trees = [["T" if (r, c) in tree else "." for c in range(w)] for r in range(h)]
    body = toml_text(f"satgrid family tents rows={h} cols={w} seed={seed}: {len(tent)} planted "
                     "tents solve it; not promised unique",
                     {"puzzle": "tents", "title": f"tents {h}x{w} (planted)",
                      "columns": " ".join(str(sum((r, c) in tent for r in range(h))) for c in range(w)),
                      "rows": " ".join(str(sum((r, c) in tent for c in range(w))) for r in range(h)),
                      "trees": grid_text(trees)})
    return [(f"tents-{h}x{w}-s{seed}.toml", body)]
