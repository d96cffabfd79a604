"""The generated family ``hooks`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, one_region, toml_text


def hooks(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``hooks n=5``: unconstrained Hooks (one region, no givens)."""
    n = params["n"]
    body = toml_text(f"satgrid family hooks n={n}: unconstrained (one region, no givens)",
                     {"puzzle": "hooks", "title": f"unconstrained hooks {n}x{n}", "size": n,
                      "regions": one_region(n)})
    return [(f"hooks-n{n}.toml", body)]
