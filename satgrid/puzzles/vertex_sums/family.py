"""The generated family ``vertex-sums`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, check_bound, grid_text, toml_text


def vertex_sums(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``vertex-sums n=3 clues=all|K``: the vertex sums of a random filling."""
    n = params["n"]
    clues = params["clues"]
    total = (n - 1) ** 2
    check_bound("vertex-sums", "clues", clues, total)
    k = total if clues == "all" else clues
    vals = rng.sample(range(1, n * n + 1), n * n)
    grid = [vals[r * n:(r + 1) * n] for r in range(n)]
    sums = [[grid[r][c] + grid[r][c + 1] + grid[r + 1][c] + grid[r + 1][c + 1]
             for c in range(n - 1)] for r in range(n - 1)]
    shown = set(rng.sample(range(total), k))
    rows = [[sums[r][c] if r * (n - 1) + c in shown else 0 for c in range(n - 1)]
            for r in range(n - 1)]
    body = toml_text(f"satgrid family vertex-sums n={n} clues={clues} seed={seed}",
                     {"puzzle": "vertex-sums", "title": f"vertex sums {n}x{n}", "size": n,
                      "sums": grid_text(rows)})
    return [(f"vertex-sums-n{n}-s{seed}.toml", body)]
