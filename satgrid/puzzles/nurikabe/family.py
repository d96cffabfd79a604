"""The generated family ``nurikabe`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...errors import SatgridError
from ..families import File, grid_text, toml_text, unshaded_connected


def _near(cell, n):
    r, c = cell
    return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= a < n and 0 <= b < n]


def _plant_islands(n: int, rng: random.Random) -> dict | None:
    """Islands (cell -> island number) of an n x n Nurikabe solution: separated,
    the rest connected, no all-shaded 2x2 square; None when this try fails."""
    island: dict = {}

    def can_take(cell, k):          # cell joins island k (k new: a new island)
        if cell in island or any(island.get(x, k) != k for x in _near(cell, n)):
            return False
        return unshaded_connected(n, set(island) | {cell})

    k = 0
    for start in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        if rng.random() < 0.6 or not can_take(start, k):
            continue
        island[start] = k
        for _ in range(rng.randint(0, 4)):
            grow = [x for y in island if island[y] == k for x in _near(y, n) if can_take(x, k)]
            if not grow:
                break
            island[rng.choice(sorted(set(grow)))] = k
        k += 1
    for r in range(n - 1):
        for c in range(n - 1):
            pool = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            if any(x in island for x in pool):
                continue
            options = [(x, j) for x in pool for j in
                       {island[y] for y in _near(x, n) if y in island} | {k} if can_take(x, j)]
            if not options:
                return None
            x, j = rng.choice(sorted(options))
            island[x] = j
            k += j == k
    return island if island and len(island) < n * n else None


def nurikabe(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``nurikabe n=8``: random islands planted (solvable, maybe not unique)."""
    n = params["n"]
    for _ in range(10000):
        island = _plant_islands(n, rng)
        if island is not None:
            break
    else:  # pragma: no cover - never seen: every n >= 2 plants within a few tries
        raise SatgridError(f"family nurikabe: no island layout found for n={n}")
    clues = [[0] * n for _ in range(n)]
    members: dict[int, list] = {}
    for cell, k in island.items():
        members.setdefault(k, []).append(cell)
    for cells in members.values():
        r, c = rng.choice(sorted(cells))
        clues[r][c] = len(cells)
    body = toml_text(f"satgrid family nurikabe n={n} seed={seed}: {len(members)} planted "
                     "islands solve it; not promised unique",
                     {"puzzle": "nurikabe", "title": f"nurikabe {n}x{n} (planted)",
                      "clues": grid_text(clues)})
    return [(f"nurikabe-n{n}-s{seed}.toml", body)]
