"""The generated family ``countryroad`` of this kind: one function per
family, named by the family's ``function`` in ``kind.json`` (which holds its
summary and parameters), called as ``function(params, seed, rng, bar)`` and
returning the family's files, ``[(file name, TOML text)]``; deterministic by
seed."""

from __future__ import annotations

import random

from .. import random_lines
from ..families import File, toml_text
from ..roomloops import label, planted_rooms


def countryroad(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``countryroad rows=8 cols=8 clue=70``: rooms cut along a planted loop."""
    rows, cols, clue = params["rows"], params["cols"], params["clue"]
    loop = random_lines.boundary(random_lines.random_region(rows - 1, cols - 1, rng, 0.5))
    rooms, runs = planted_rooms(rows, cols, loop, rng)
    sizes = [len(run) for run in runs]
    shown = [n if rng.random() < clue / 100 else None for n in sizes]
    clues = [["."] * cols for _ in range(rows)]
    seen: set = set()
    for r in range(rows):
        for c in range(cols):
            k = rooms[r][c]
            if k not in seen:
                seen.add(k)
                clues[r][c] = "." if shown[k] is None else str(shown[k])
    body = toml_text(f"satgrid family countryroad rows={rows} cols={cols} clue={clue} "
                     f"seed={seed}: a planted loop solves it; not promised unique",
                     {"puzzle": "countryroad", "title": f"countryroad {rows}x{cols} (planted)",
                      "rooms": "\n".join(" ".join(label(k).rjust(2) for k in row)
                                         for row in rooms),
                      "clues": "\n".join(" ".join(row) for row in clues)})
    return [(f"countryroad-{rows}x{cols}-s{seed}.toml", body)]
