"""The generated family ``pentominous`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...modelling.model import Model
from ..families import File, toml_text
from .kind import BLOCK, LETTERS, Pentominous


def pentominous(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``pentominous rows=6 cols=6 shown=20``: a tiling found by search from
    a few random letters, some of its letters shown."""
    h, w, shown = params["rows"], params["cols"], params["shown"]
    clues = [[None] * w for _ in range(h)]
    corners = [(0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)]
    for r, c in corners[:(h * w) % 5]:                  # as pzprjs blocks a new board's corners
        clues[r][c] = BLOCK
    grid = None
    for tries in range(8, -1, -1):
        trial = [row[:] for row in clues]
        for r, c in rng.sample([(r, c) for r in range(h) for c in range(w)
                                if trial[r][c] is None], min(tries, h * w // 5)):
            trial[r][c] = rng.choice(LETTERS)
        p, m = Pentominous(trial), Model()
        p.build(m)
        sol = m.solve()
        if sol is not None:
            grid = p.decode(sol)["grid"]
            break
    shown_clues = [[BLOCK if clues[r][c] == BLOCK else
                    grid[r][c] if grid and rng.randrange(100) < shown else "."
                    for c in range(w)] for r in range(h)]
    body = toml_text(f"satgrid family pentominous rows={h} cols={w} shown={shown} seed={seed}: "
                     + ("a planted tiling solves it; not promised unique" if grid else
                        "no tiling found"),
                     {"puzzle": "pentominous", "title": f"pentominous {h}x{w} (planted)",
                      "clues": "\n".join(" ".join(row) for row in shown_clues)})
    return [(f"pentominous-{h}x{w}-s{seed}.toml", body)]
