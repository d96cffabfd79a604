"""The generated family ``skyscrapers`` of this kind: one function per family,
named by the family's ``function`` in ``kind.json`` (which holds its summary
and parameters), called as ``function(params, seed, rng, bar)`` and returning
the family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def _seen(line) -> int:
    seen, top = 0, 0
    for v in line:
        if v > top:
            seen, top = seen + 1, v
    return seen


def skyscrapers(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``skyscrapers n=6 shown=60``: a planted Latin square, some outside counts shown."""
    n, shown = params["n"], params["shown"]
    rows, cols, digits = (rng.sample(range(n), n) for _ in range(3))
    grid = [[digits[(rows[r] + cols[c]) % n] + 1 for c in range(n)] for r in range(n)]
    columns = [[grid[r][c] for r in range(n)] for c in range(n)]
    views = {"top": columns, "bottom": [c[::-1] for c in columns], "left": grid,
             "right": [r[::-1] for r in grid]}
    clue = {side: [_seen(line) if rng.randrange(100) < shown else 0 for line in lines]
            for side, lines in views.items()}
    framed = [[0] + clue["top"] + [0]]
    framed += [[clue["left"][r]] + [0] * n + [clue["right"][r]] for r in range(n)]
    framed += [[0] + clue["bottom"] + [0]]
    body = toml_text(f"satgrid family skyscrapers n={n} shown={shown} seed={seed}: a planted "
                     "Latin square solves it; not promised unique",
                     {"puzzle": "skyscrapers", "title": f"skyscrapers {n}x{n} (planted)",
                      "grid": grid_text(framed)})
    return [(f"skyscrapers-n{n}-p{shown}-s{seed}.toml", body)]
