"""The generated family ``hashiwokakero`` of this kind: one function per
family, named by the family's ``function`` in ``kind.json`` (which holds its
summary and parameters), called as ``function(params, seed, rng, bar)`` and
returning the family's files, ``[(file name, TOML text)]``; deterministic by
seed."""

from __future__ import annotations

import random

from ..families import File, toml_text

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def hashiwokakero(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``hashiwokakero rows=9 cols=9 islands=20``: islands grown from planted bridges."""
    rows, cols, want = params["rows"], params["cols"], params["islands"]
    start = (rng.randrange(rows), rng.randrange(cols))
    degree = {start: 0}
    used = {start}                      # islands and the cells bridges pass through
    for _ in range(40 * want):
        if len(degree) >= want:
            break
        r, c = rng.choice(sorted(degree))
        dr, dc = rng.choice(STEPS)
        length = rng.randint(2, max(rows, cols))
        path = [(r + dr * k, c + dc * k) for k in range(1, length + 1)]
        if not all(0 <= y < rows and 0 <= x < cols and (y, x) not in used for y, x in path):
            continue
        end = path[-1]
        if any((end[0] + y, end[1] + x) in degree for y, x in STEPS):
            continue                    # no island next to another: the sightlines stay simple
        n = rng.choice((1, 2))
        degree[r, c] += n
        degree[end] = n
        used.update(path)
    grid = [["."] * cols for _ in range(rows)]
    for (r, c), n in degree.items():
        grid[r][c] = str(n)
    body = toml_text(f"satgrid family hashiwokakero rows={rows} cols={cols} islands={want} "
                     f"seed={seed}: planted bridges solve it; not promised unique",
                     {"puzzle": "hashiwokakero", "title": f"hashiwokakero {rows}x{cols} (planted)",
                      "clues": "\n".join(" ".join(row) for row in grid)})
    return [(f"hashiwokakero-{rows}x{cols}-s{seed}.toml", body)]
