"""The generated family ``rippleeffect`` of this kind: one function per family,
named by the family's ``function`` in ``kind.json`` (which holds its summary
and parameters), called as ``function(params, seed, rng, bar)`` and returning
the family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...modelling.model import Model
from ..families import File, grid_text, toml_text
from .kind import RippleEffect


def random_rooms(rng: random.Random, h: int, w: int, largest: int) -> list[list[int]]:
    """Rooms of 1..``largest`` cells grown from random free cells."""
    rooms = [[-1] * w for _ in range(h)]
    k = 0
    for r, c in rng.sample([(r, c) for r in range(h) for c in range(w)], h * w):
        if rooms[r][c] >= 0:
            continue
        size, room = rng.randint(1, largest), [(r, c)]
        rooms[r][c] = k
        while len(room) < size:
            near = [(y, x) for a, b in room for y, x in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1))
                    if 0 <= y < h and 0 <= x < w and rooms[y][x] < 0]
            if not near:
                break
            y, x = rng.choice(near)
            rooms[y][x] = k
            room.append((y, x))
        k += 1
    return rooms


def planted(cls, rng: random.Random, h: int, w: int, largest: int, shown: int):
    """(rooms, clues) of a ``cls`` puzzle with a planted filling (solved by the
    kind's own model on random rooms; rooms without a filling are drawn again)."""
    while True:
        rooms = random_rooms(rng, h, w, largest)
        p = cls(rooms, [[None] * w for _ in range(h)])
        m = Model()
        p.build(m)
        sol = m.solve()
        if sol is not None:
            break
    grid = p.decode(sol)["grid"]
    clues = [[v if rng.randrange(100) < shown else 0 for v in row] for row in grid]
    return rooms, clues


def labels(rooms) -> str:
    """Room indices as letter labels (a..z, then aa, ab, ...) for the ``rooms`` grid."""
    name = lambda k: (name(k // 26 - 1) if k >= 26 else "") + "abcdefghijklmnopqrstuvwxyz"[k % 26]
    return grid_text([[name(k) for k in row] for row in rooms])


def rippleeffect(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``rippleeffect rows=8 cols=8 largest=5 shown=30``: a planted filling, some numbers shown."""
    h, w, largest, shown = params["rows"], params["cols"], params["largest"], params["shown"]
    rooms, clues = planted(RippleEffect, rng, h, w, largest, shown)
    body = toml_text(f"satgrid family rippleeffect rows={h} cols={w} largest={largest} "
                     f"shown={shown} seed={seed}: a planted filling solves it; not promised unique",
                     {"puzzle": "rippleeffect", "title": f"rippleeffect {h}x{w} (planted)",
                      "rooms": labels(rooms), "clues": grid_text(clues)})
    return [(f"rippleeffect-r{h}-c{w}-l{largest}-p{shown}-s{seed}.toml", body)]
