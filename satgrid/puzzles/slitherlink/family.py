"""The generated family ``slitherlink`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from .. import random_lines
from ...modelling.geometry import cell_sides
from ..families import File, toml_text


def slitherlink(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``slitherlink rows=10 cols=10 fill=50``: a random loop, every clue shown."""
    rows, cols, fill = params["rows"], params["cols"], params["fill"]
    region = random_lines.random_region(rows, cols, rng, fill / 100)
    loop = set(random_lines.boundary(region))
    clues = [[str(sum(s in loop for s in cell_sides((r, c)))) for c in range(cols)]
             for r in range(rows)]
    body = toml_text(f"satgrid family slitherlink rows={rows} cols={cols} fill={fill} "
                     f"seed={seed}: the boundary of a random region ({len(region)} cells) "
                     "solves it; not promised unique",
                     {"puzzle": "slitherlink", "title": f"slitherlink {rows}x{cols} (planted)",
                      "clues": "\n".join(" ".join(row) for row in clues)})
    return [(f"slitherlink-{rows}x{cols}-s{seed}.toml", body)]
