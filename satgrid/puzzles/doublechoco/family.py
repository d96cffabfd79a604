"""The generated family ``doublechoco`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, toml_text


def doublechoco(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``doublechoco rows=6 cols=6 shown=30``: planted two-cell blocks (a
    white and a grey cell side by side), some showing their half's size 1."""
    h, w, shown = params["rows"], params["cols"] - params["cols"] % 2, params["shown"]
    grey = [[0] * w for _ in range(h)]
    numbers = [["."] * w for _ in range(h)]
    for r in range(h):
        for c in range(0, w, 2):            # a horizontal domino, colours in random order
            first = rng.randrange(2)
            grey[r][c], grey[r][c + 1] = first, 1 - first
            if rng.randrange(100) < shown:
                numbers[r][c + rng.randrange(2)] = "1"
    body = toml_text(f"satgrid family doublechoco rows={h} cols={w} shown={shown} seed={seed}: "
                     "planted dominoes solve it; not promised unique",
                     {"puzzle": "doublechoco", "title": f"doublechoco {h}x{w} (planted)",
                      "grey": "\n".join(" ".join("#" if v else "." for v in row) for row in grey),
                      "numbers": "\n".join(" ".join(row) for row in numbers)})
    return [(f"doublechoco-{h}x{w}-s{seed}.toml", body)]
