"""The generated family ``yajilin`` of this kind: one function per family,
named by the family's ``function`` in ``kind.json`` (which holds its summary
and parameters), called as ``function(params, seed, rng, bar)`` and
returning the family's files, ``[(file name, TOML text)]``; deterministic by
seed."""

from __future__ import annotations

import random

from .. import random_lines
from ..families import File, toml_text

STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def yajilin(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``yajilin rows=10 cols=10 fill=50``: a random loop, shading, arrows."""
    rows, cols, fill = params["rows"], params["cols"], params["fill"]
    region = random_lines.random_region(rows - 1, cols - 1, rng, fill / 100)
    on = {v for e in random_lines.boundary(region) for v in e}
    shaded: set = set()
    off = sorted({(r, c) for r in range(rows) for c in range(cols)} - on)
    for r, c in rng.sample(off, len(off)):
        if not any((r + dr, c + dc) in shaded for dr, dc in STEP.values()):
            shaded.add((r, c))
    grid = [["."] * cols for _ in range(rows)]
    for r, c in off:
        if (r, c) in shaded:
            continue
        arrow = rng.choice("udlr")
        (dr, dc), n, (rr, cc) = STEP[arrow], 0, (r, c)
        while 0 <= rr + dr < rows and 0 <= cc + dc < cols:
            rr, cc = rr + dr, cc + dc
            n += (rr, cc) in shaded
        grid[r][c] = f"{arrow}{n}"
    body = toml_text(f"satgrid family yajilin rows={rows} cols={cols} fill={fill} seed={seed}: "
                     "a planted loop and shading solve it; not promised unique",
                     {"puzzle": "yajilin", "title": f"yajilin {rows}x{cols} (planted)",
                      "clues": "\n".join(" ".join(row) for row in grid)})
    return [(f"yajilin-{rows}x{cols}-s{seed}.toml", body)]
