"""The generated family ``hitori`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text, unshaded_connected


def hitori(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``hitori n=8``: a Latin square with a planted shading (solvable, maybe not unique)."""
    n = params["n"]
    rows, cols, digits = (rng.sample(range(n), n) for _ in range(3))
    grid = [[digits[(rows[r] + cols[c]) % n] + 1 for c in range(n)] for r in range(n)]
    shaded: set[tuple[int, int]] = set()
    for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        if any(x in shaded for x in near) or not unshaded_connected(n, shaded | {(r, c)}):
            continue
        shaded.add((r, c))
    for r, c in sorted(shaded):
        line = [(r, j) for j in range(n) if j != c] + [(i, c) for i in range(n) if i != r]
        donors = [grid[i][j] for i, j in line if (i, j) not in shaded]
        grid[r][c] = rng.choice(donors)
    body = toml_text(f"satgrid family hitori n={n} seed={seed}: a planted shading "
                     f"({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "hitori", "title": f"hitori {n}x{n} (planted)",
                      "numbers": grid_text(grid)})
    return [(f"hitori-n{n}-s{seed}.toml", body)]
