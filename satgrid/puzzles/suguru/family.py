"""The generated family ``suguru`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...rules import numbers as N
from ..families import File, grid_text, toml_text
from ..rippleeffect.family import labels, planted


def _touching(h: int, w: int):
    return [((r, c), (r + a, c + b)) for r in range(h) for c in range(w)
            for a, b in ((0, 1), (1, -1), (1, 0), (1, 1)) if 0 <= r + a < h and 0 <= c + b < w]


def suguru(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``suguru rows=8 cols=8 largest=5 shown=30``: a planted filling, some numbers shown."""
    h, w, largest, shown = params["rows"], params["cols"], params["largest"], params["shown"]
    rooms, clues = planted(rng, h, w, largest, shown,
                           lambda m, v: N.differ(m, v, _touching(h, w)))
    body = toml_text(f"satgrid family suguru rows={h} cols={w} largest={largest} "
                     f"shown={shown} seed={seed}: a planted filling solves it; not promised unique",
                     {"puzzle": "suguru", "title": f"suguru {h}x{w} (planted)",
                      "rooms": labels(rooms), "clues": grid_text(clues)})
    return [(f"suguru-r{h}-c{w}-l{largest}-p{shown}-s{seed}.toml", body)]
