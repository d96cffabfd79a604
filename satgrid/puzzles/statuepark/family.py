"""The generated family ``statuepark`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...modelling.model import Model
from ..families import File, toml_text
from .formats import PRESETS, piece_cells
from .kind import StatuePark


def statuepark(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``statuepark rows=6 cols=6 shown=30``: the tetrominoes placed by search
    from a few random black circles, some circles of the answer shown."""
    h, w, shown = params["rows"], params["cols"], params["shown"]
    pieces = [piece_cells(x) for x in PRESETS["t"]]
    grid = None
    for tries in range(6, -1, -1):
        circles = [[0] * w for _ in range(h)]
        for r, c in rng.sample([(r, c) for r in range(h) for c in range(w)], tries):
            circles[r][c] = 2
        p, m = StatuePark(circles, pieces), Model()
        p.build(m)
        sol = m.solve()
        if sol is not None:
            grid = p.decode(sol)["grid"]
            break
    marks = [[("B" if grid[r][c] else "W") if grid and rng.randrange(100) < shown else "."
              for c in range(w)] for r in range(h)]
    body = toml_text(f"satgrid family statuepark rows={h} cols={w} shown={shown} seed={seed}: "
                     + ("the placed pieces solve it; not promised unique" if grid else
                        "no placement found"),
                     {"puzzle": "statuepark", "title": f"statuepark {h}x{w} (planted)",
                      "circles": "\n".join(" ".join(row) for row in marks),
                      "pieces": "tetrominoes"})
    return [(f"statuepark-{h}x{w}-s{seed}.toml", body)]
