"""The generated family ``tapa``: a planted wall and clues read off it;
``function(params, seed, rng, bar)`` returns the family's files,
``[(file name, TOML text)]``, deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, toml_text

AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def _clue(wall: set, r: int, c: int) -> str:
    ring = "".join("1" if (r + dr, c + dc) in wall else "0" for dr, dc in AROUND)
    if "0" not in ring:
        return "8"
    k = ring.index("0")
    return ",".join(str(len(b)) for b in (ring[k:] + ring[:k]).split("0") if b) or "0"


def tapa(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``tapa rows=10 cols=10 clues=30``: a planted connected wall, no 2x2."""
    h, w = params["rows"], params["cols"]
    start = (rng.randrange(h), rng.randrange(w))
    wall, edge = {start}, [start]
    while edge:                              # grow the wall, never closing a 2x2 block
        r, c = edge.pop(rng.randrange(len(edge)))
        for y, x in rng.sample([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)], 4):
            if not (0 <= y < h and 0 <= x < w) or (y, x) in wall:
                continue
            blocks = [[(y + a, x + b) for a in (0, d) for b in (0, e)]
                      for d in (-1, 1) for e in (-1, 1)]
            if any(all(v == (y, x) or v in wall for v in blk) for blk in blocks) \
                    or rng.random() < 0.35:
                continue
            wall.add((y, x))
            edge += [(r, c), (y, x)]
    free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in wall]
    shown = set(rng.sample(free, max(1, len(free) * params["clues"] // 100))) if free else set()
    grid = "\n".join(" ".join(_clue(wall, r, c) if (r, c) in shown else "." for c in range(w))
                     for r in range(h))
    body = toml_text(f"satgrid family tapa rows={h} cols={w} clues={params['clues']} "
                     f"seed={seed}: the planted wall solves it; not promised unique",
                     {"puzzle": "tapa", "title": f"tapa {h}x{w} (planted)", "clues": grid})
    return [(f"tapa-{h}x{w}-c{params['clues']}-s{seed}.toml", body)]
