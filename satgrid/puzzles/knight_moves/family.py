"""The generated family ``knights-tour`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, one_region, toml_text


def knights_tour(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``knights-tour n=5``: an open knight's tour from the top-left corner."""
    n = params["n"]
    givens = [[0] * n for _ in range(n)]
    givens[0][0] = 1
    body = toml_text(f"satgrid family knights-tour n={n}: an open knight's tour from the "
                     "top-left corner",
                     {"puzzle": "knight-moves", "title": f"open knight's tour {n}x{n}",
                      "length": n * n, "regions": one_region(n), "givens": grid_text(givens)})
    return [(f"knights-tour-n{n}.toml", body)]
