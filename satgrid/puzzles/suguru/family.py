"""The generated family ``suguru`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...modelling.model import Model
from ..families import File, grid_text, toml_text
from ..rippleeffect.family import labels

_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def planted(rng: random.Random, h: int, w: int, largest: int):
    """(rooms, numbers): numbers 1..``largest``, no two equal ones touching,
    each number k > 1 pointing at a k - 1 beside it that nothing else points
    at, so that the chains 1, 2, ..., n are the rooms. A SAT model finds it,
    steered by random numbers fixed at a tenth of the cells (drawn again
    when those clash)."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    ks = range(1, largest + 1)
    while True:
        m = Model()
        v = {x: m.int(f"v{x}", ks) for x in cells}
        ptr, into = {}, {x: [] for x in cells}
        for r, c in cells:
            for y in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if y in v:
                    m.clauses([[-v[r, c].lit(k), -v[y].lit(k)] for k in ks])
            out = []
            for y in ((r + a, c + b) for a, b in _SIDES):
                if y in v:
                    p = ptr[(r, c), y] = m.bool(f"p{(r, c)}{y}")
                    out.append(p)
                    into[y].append(p)
                    m.clauses([[-p, -v[r, c].lit(k), v[y].lit(k - 1)] for k in ks])
            m.clause([v[r, c].lit(1)] + out)
            m.clauses([[-v[r, c].lit(1), -p] for p in out])
            m.at_most(out, 1)
        for x in cells:
            m.at_most(into[x], 1)
        fixed = [v[x].lit(rng.randint(1, largest)) for x in rng.sample(cells, len(cells) // 10)]
        sol = m.solve(fixed)
        if sol is not None:
            break
    rooms: dict = {}
    for x in cells:
        if sol.value(v[x]) == 1:
            k, at = len(set(rooms.values())), x
            while at is not None:
                rooms[at] = k
                at = next((y for (y, z), p in ptr.items() if z == at and sol[p]), None)
    return ([[rooms[r, c] for c in range(w)] for r in range(h)],
            [[sol.value(v[r, c]) for c in range(w)] for r in range(h)])


def suguru(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``suguru rows=8 cols=8 largest=5 shown=30``: a planted filling, some numbers shown."""
    h, w, largest, shown = params["rows"], params["cols"], params["largest"], params["shown"]
    rooms, numbers = planted(rng, h, w, largest)
    clues = [[v if rng.randrange(100) < shown else 0 for v in row] for row in numbers]
    body = toml_text(f"satgrid family suguru rows={h} cols={w} largest={largest} "
                     f"shown={shown} seed={seed}: a planted filling solves it; not promised unique",
                     {"puzzle": "suguru", "title": f"suguru {h}x{w} (planted)",
                      "rooms": labels(rooms), "clues": grid_text(clues)})
    return [(f"suguru-r{h}-c{w}-l{largest}-p{shown}-s{seed}.toml", body)]
