"""The generated family ``shakashaka``: white rectangles planted apart from
each other, every other cell black, numbers read off; ``function(params,
seed, rng, bar)`` returns the family's files, ``[(file name, TOML text)]``,
deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, toml_text

#: a test point inside each side of a cell (x, y fractions), by side
SIDES = {"t": (0.5, 0.25), "b": (0.5, 0.75), "l": (0.25, 0.5), "r": (0.75, 0.5)}
#: the triangle whose white sides are these two
TRIANGLE = {"rt": "bl", "lt": "br", "bl": "tr", "br": "tl"}


def _diamond(x0: int, y0: int, a: int, b: int) -> dict:
    """The cells of the rectangle at 45 degrees with top corner (x0, y0)
    (grid points), sides a (down-right) and b (down-left): cell -> shape."""
    u0, v0 = x0 - y0, x0 + y0
    out = {}
    for y in range(y0, y0 + a + b):
        for x in range(x0 - b, x0 + a):
            open_ = "".join(s for s, (dx, dy) in SIDES.items()
                            if u0 - 2 * b < (x + dx) - (y + dy) < u0
                            and v0 < (x + dx) + (y + dy) < v0 + 2 * a)
            if len(open_) == 4:
                out[y, x] = "."
            elif len(open_) == 2:
                out[y, x] = TRIANGLE["".join(sorted(open_))]
    return out


def shakashaka(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``shakashaka rows=10 cols=10 numbers=60``: planted white rectangles."""
    h, w = params["rows"], params["cols"]
    shape: dict = {}
    for attempt in range(40 * h * w):
        if attempt == 0 or rng.random() < 0.5:
            a, b = rng.randint(1, 3), rng.randint(1, 3)
            cells = _diamond(rng.randint(b, w - a), rng.randint(0, h - a - b), a, b) \
                if a + b <= h and a + b <= w else {}
        else:
            y, x, dy, dx = rng.randrange(h), rng.randrange(w), rng.randint(1, 4), rng.randint(1, 4)
            cells = {(r, c): "." for r in range(y, min(h, y + dy))
                     for c in range(x, min(w, x + dx))}
        if cells and not any((r + dr, c + dc) in shape for r, c in cells
                             for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
            shape.update(cells)
    rows = []
    for r in range(h):
        row = []
        for c in range(w):
            if (r, c) in shape:
                row.append(".")
                continue
            n = sum(shape.get(v, ".") != "." for v in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                       (r, c + 1)))
            row.append(str(n) if rng.random() * 100 < params["numbers"] else "#")
        rows.append(" ".join(row))
    body = toml_text(f"satgrid family shakashaka rows={h} cols={w} numbers={params['numbers']} "
                     f"seed={seed}: the planted rectangles solve it; not promised unique",
                     {"puzzle": "shakashaka", "title": f"shakashaka {h}x{w} (planted)",
                      "clues": "\n".join(rows)})
    return [(f"shakashaka-{h}x{w}-n{params['numbers']}-s{seed}.toml", body)]
