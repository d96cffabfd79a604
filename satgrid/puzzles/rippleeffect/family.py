"""The generated family ``rippleeffect`` of this kind: one function per family,
named by the family's ``function`` in ``kind.json`` (which holds its summary
and parameters), called as ``function(params, seed, rng, bar)`` and returning
the family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...errors import UsageError
from ...modelling.model import Model
from ...rules import numbers as N
from ..families import File, grid_text, toml_text


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


def chains(rng: random.Random, h: int, w: int, largest: int, apart):
    """(rooms, numbers) planted together: numbers 1..``largest`` kept
    ``apart(model, numbers)`` (the kind's rule between rooms), each number
    k > 1 pointing at a k - 1 beside it that nothing else points at, so that
    the chains 1, 2, ..., n are the rooms. A SAT model finds them (random
    rooms are seldom fillable); its variables are made in a random order, so
    that each seed gives other rooms (fixing random numbers instead made the
    search far slower)."""
    cells = rng.sample([(r, c) for r in range(h) for c in range(w)], h * w)
    m = Model()
    v = N.cells(m, cells, range(1, largest + 1), name="v")
    apart(m, v)
    ptr, into = {}, {x: [] for x in cells}
    for r, c in cells:
        out = []
        for y in rng.sample([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)], 4):
            if y in v:
                p = ptr[(r, c), y] = m.bool(f"p{(r, c)}{y}")
                out.append(p)
                into[y].append(p)
                m.clauses([[-p, -v[r, c].lit(k), v[y].lit(k - 1)] for k in v[y].values])
        m.clause([v[r, c].lit(1)] + out)
        m.clauses([[-v[r, c].lit(1), -p] for p in out])
        m.at_most(out, 1)
    for x in cells:
        m.at_most(into[x], 1)
    sol = m.solve()
    if sol is None:
        raise UsageError(f"no rooms of at most {largest} cells fill a {h}x{w} grid; "
                         "raise largest")
    after = {z: y for (y, z), p in ptr.items() if sol[p]}
    rooms: dict = {}
    for x in sorted(cells):
        if sol.value(v[x]) == 1:
            k, at = len(set(rooms.values())), x
            while at is not None:
                rooms[at], at = k, after.get(at)
    return ([[rooms[r, c] for c in range(w)] for r in range(h)],
            [[sol.value(v[r, c]) for c in range(w)] for r in range(h)])


def planted(rng: random.Random, h: int, w: int, largest: int, shown: int, apart):
    """(rooms, clues): :func:`chains`, each number shown with probability ``shown`` percent."""
    rooms, numbers = chains(rng, h, w, largest, apart)
    return rooms, [[v if rng.randrange(100) < shown else 0 for v in row] for row in numbers]


def labels(rooms) -> str:
    """Room indices as letter labels (a..z, then aa, ab, ...) for the ``rooms`` grid."""
    name = lambda k: (name(k // 26 - 1) if k >= 26 else "") + "abcdefghijklmnopqrstuvwxyz"[k % 26]
    return grid_text([[name(k) for k in row] for row in rooms])


def rippleeffect(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``rippleeffect rows=8 cols=8 largest=5 shown=30``: a planted filling, some numbers shown."""
    h, w, largest, shown = params["rows"], params["cols"], params["largest"], params["shown"]
    rooms, clues = planted(rng, h, w, largest, shown,
                           lambda m, v: N.ripple(m, N.lines_of(h, w), v))
    body = toml_text(f"satgrid family rippleeffect rows={h} cols={w} largest={largest} "
                     f"shown={shown} seed={seed}: a planted filling solves it; not promised unique",
                     {"puzzle": "rippleeffect", "title": f"rippleeffect {h}x{w} (planted)",
                      "rooms": labels(rooms), "clues": grid_text(clues)})
    return [(f"rippleeffect-r{h}-c{w}-l{largest}-p{shown}-s{seed}.toml", body)]
