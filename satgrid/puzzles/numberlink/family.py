"""The generated family ``numberlink`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from .. import random_lines
from ..families import File, toml_text


def numberlink(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``numberlink rows=10 cols=10 pairs=8``: random disjoint walks, their ends numbered."""
    rows, cols, pairs = params["rows"], params["cols"], params["pairs"]
    walks = random_lines.random_paths(rows, cols, pairs, rng)
    grid = [["-"] * cols for _ in range(rows)]
    for k, walk in enumerate(walks, 1):
        for r, c in (walk[0], walk[-1]):
            grid[r][c] = str(k)
    width = len(str(len(walks)))
    body = toml_text(f"satgrid family numberlink rows={rows} cols={cols} pairs={pairs} "
                     f"seed={seed}: {len(walks)} random walks solve it; not promised unique",
                     {"puzzle": "numberlink", "title": f"numberlink {rows}x{cols} (planted)",
                      "numbers": "\n".join(" ".join(t.rjust(width) for t in row)
                                           for row in grid)})
    return [(f"numberlink-{rows}x{cols}-s{seed}.toml", body)]
