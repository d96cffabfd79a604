"""The generated family ``masyu`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from .. import random_lines
from ..families import File, toml_text
from ..links import links_from_edges


def masyu(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``masyu rows=10 cols=10 fill=50``: a random loop, every pearl it allows."""
    rows, cols, fill = params["rows"], params["cols"], params["fill"]
    region = random_lines.random_region(rows - 1, cols - 1, rng, fill / 100)
    links = links_from_edges(random_lines.boundary(region), rows, cols)

    def at(r, c):
        return links[r][c] if 0 <= r < rows and 0 <= c < cols else 0
    pearls = [["-"] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            m = links[r][c]
            if m in (5, 10):        # straight: white when the loop turns next to it
                a, b = ((r, c - 1), (r, c + 1)) if m == 10 else ((r - 1, c), (r + 1, c))
                if at(*a) != m or at(*b) != m:
                    pearls[r][c] = "w"
            elif m:                 # a turn: black when both sides run straight on
                if all(at(r + dr, c + dc) == axis for bit, dr, dc, axis in
                       ((1, -1, 0, 5), (2, 0, 1, 10), (4, 1, 0, 5), (8, 0, -1, 10)) if m & bit):
                    pearls[r][c] = "b"
    body = toml_text(f"satgrid family masyu rows={rows} cols={cols} fill={fill} seed={seed}: "
                     "a random loop solves it; not promised unique",
                     {"puzzle": "masyu", "title": f"masyu {rows}x{cols} (planted)",
                      "pearls": "\n".join(" ".join(row) for row in pearls)})
    return [(f"masyu-{rows}x{cols}-s{seed}.toml", body)]
