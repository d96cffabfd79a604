"""The generated family ``countryroad`` of this kind: one function per
family, named by the family's ``function`` in ``kind.json`` (which holds its
summary and parameters), called as ``function(params, seed, rng, bar)`` and
returning the family's files, ``[(file name, TOML text)]``; deterministic by
seed."""

from __future__ import annotations

import random

from .. import random_lines
from ..families import File, toml_text

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def loop_order(edges) -> list:
    """The cells of a simple loop (its edges) in the order the loop visits them."""
    nbrs: dict = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    start = min(nbrs)
    order, prev = [start], None
    while True:
        nxt = next(v for v in nbrs[order[-1]] if v != prev)
        if nxt == start:
            return order
        prev = order[-1]
        order.append(nxt)


def planted_rooms(rows: int, cols: int, rng: random.Random, fill: float):
    """``(rooms, loop cells per room)``: a random loop cut into runs, one room
    per run, each group of cells off the loop joined to a room beside it."""
    order = loop_order(random_lines.boundary(random_lines.random_region(rows - 1, cols - 1,
                                                                         rng, fill)))
    shift = rng.randrange(len(order))
    order = order[shift:] + order[:shift]
    room, sizes, i = {}, [], 0
    while i < len(order):
        run = order[i:i + rng.randint(1, 5)]
        room.update((v, len(sizes)) for v in run)
        sizes.append(len(run))
        i += len(run)
    off = {(r, c) for r in range(rows) for c in range(cols)} - set(room)
    while off:
        group, todo = set(), [min(off)]
        while todo:
            v = todo.pop()
            if v in off:
                off.discard(v)
                group.add(v)
                todo += [(v[0] + dr, v[1] + dc) for dr, dc in STEPS]
        beside = sorted({room[(v[0] + dr, v[1] + dc)] for v in group for dr, dc in STEPS
                         if (v[0] + dr, v[1] + dc) in room})
        k = rng.choice(beside)
        room.update((v, k) for v in group)
    return [[room[r, c] for c in range(cols)] for r in range(rows)], sizes


def label(k: int) -> str:
    """A short room label: a, b, ..., z, ba, bb, ..."""
    digits = "abcdefghijklmnopqrstuvwxyz"
    out = digits[k % 26]
    while k >= 26:
        k //= 26
        out = digits[k % 26] + out
    return out


def countryroad(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``countryroad rows=8 cols=8 clue=70``: rooms cut along a planted loop."""
    rows, cols, clue = params["rows"], params["cols"], params["clue"]
    rooms, sizes = planted_rooms(rows, cols, rng, 0.5)
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
