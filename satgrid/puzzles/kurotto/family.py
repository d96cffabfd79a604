"""The generated family ``kurotto``: clues read off a random shading;
deterministic by seed (``function(params, seed, rng, bar)``)."""

from __future__ import annotations

import random

from ..families import File, toml_text


def _groups(n: int, shaded: set) -> dict:
    """Cell -> the shaded group (a frozenset) it belongs to."""
    out: dict = {}
    for start in sorted(shaded):
        if start in out:
            continue
        group, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if v in shaded and v not in group:
                    group.add(v)
                    todo.append(v)
        frozen = frozenset(group)
        out.update((v, frozen) for v in group)
    return out


def kurotto(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``kurotto n=8 density=35 shown=40``: a random shading, some unshaded cells as clues."""
    n, density, shown = params["n"], params["density"], params["shown"]
    cells = [(r, c) for r in range(n) for c in range(n)]
    shaded = {v for v in cells if rng.random() * 100 < density} or {rng.choice(cells)}
    group = _groups(n, shaded)
    clue = {}
    for r, c in cells:
        if (r, c) not in shaded and rng.random() * 100 < shown:
            touching = {group[v] for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if v in group}
            clue[r, c] = sum(map(len, touching))
    grid = "\n".join(" ".join(str(clue[r, c]) if (r, c) in clue else "." for c in range(n))
                     for r in range(n))
    body = toml_text(f"satgrid family kurotto n={n} density={density} shown={shown} seed={seed}: "
                     f"the planted shading ({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "kurotto", "title": f"kurotto {n}x{n} (planted)", "clues": grid})
    return [(f"kurotto-n{n}-s{seed}.toml", body)]
