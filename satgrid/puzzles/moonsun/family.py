"""The generated family ``moonsun`` of this kind: one function per family,
named by the family's ``function`` in ``kind.json`` (which holds its summary
and parameters), called as ``function(params, seed, rng, bar)`` and
returning the family's files, ``[(file name, TOML text)]``; deterministic by
seed."""

from __future__ import annotations

import random

from .. import random_lines
from ..families import File, toml_text
from ..roomloops import label, planted_rooms


def moonsun(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``moonsun rows=8 cols=8 mark=40``: rooms cut along a planted loop, marks by turns."""
    rows, cols, mark = params["rows"], params["cols"], params["mark"]
    loop = random_lines.boundary(random_lines.random_region(rows - 1, cols - 1, rng, 0.5))
    rooms, runs = planted_rooms(rows, cols, loop, rng, even=True)
    kind = ["m" if k % 2 else "s" for k in range(len(runs))]
    on = {v for run in runs for v in run}
    marks = [["."] * cols for _ in range(rows)]
    for k, run in enumerate(runs):
        shown = [v for v in run if rng.random() < mark / 100] or [rng.choice(run)]
        for r, c in shown:
            marks[r][c] = kind[k]
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in on and rng.random() < mark / 200:
                marks[r][c] = "s" if kind[rooms[r][c]] == "m" else "m"
    body = toml_text(f"satgrid family moonsun rows={rows} cols={cols} mark={mark} "
                     f"seed={seed}: a planted loop solves it; not promised unique",
                     {"puzzle": "moonsun", "title": f"moonsun {rows}x{cols} (planted)",
                      "rooms": "\n".join(" ".join(label(k).rjust(2) for k in row)
                                         for row in rooms),
                      "marks": "\n".join(" ".join(row) for row in marks)})
    return [(f"moonsun-{rows}x{cols}-s{seed}.toml", body)]
