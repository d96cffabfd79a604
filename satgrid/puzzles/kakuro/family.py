"""The generated family ``kakuro`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, grid_text, toml_text


def _runs_short(white: set, h: int, w: int) -> bool:
    for dr, dc in ((0, 1), (1, 0)):
        for r, c in white:
            if (r - dr, c - dc) not in white and all((r + k * dr, c + k * dc) in white
                                                     for k in range(10)):
                return False
    return True


def _fill(white: list, rng: random.Random, h: int, w: int) -> dict | None:
    """Random digits, none twice in a run (None: a dead end, draw again)."""
    def run(cell, dr, dc):
        out, (r, c) = [], cell
        while (r - dr, c - dc) in digits or (r - dr, c - dc) in whites:
            r, c = r - dr, c - dc
        while (r, c) in whites:
            out.append((r, c))
            r, c = r + dr, c + dc
        return out
    whites, digits = set(white), {}
    for cell in white:
        used = {digits.get(x) for dr, dc in ((0, 1), (1, 0)) for x in run(cell, dr, dc)}
        free = [d for d in range(1, 10) if d not in used]
        if not free:
            return None
        digits[cell] = rng.choice(free)
    return digits


def kakuro(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``kakuro rows=8 cols=8 black=25``: planted digits, every run's sum as its clue."""
    rows, cols, black = params["rows"], params["cols"], params["black"]
    h, w = rows + 1, cols + 1
    while True:
        white = [(r, c) for r in range(1, h) for c in range(1, w) if rng.randrange(100) >= black]
        if _runs_short(set(white), h, w):
            digits = _fill(white, rng, h, w)
            if digits is not None:
                break
    grid = [["#"] * w for _ in range(h)]
    for r, c in white:
        grid[r][c] = "."
    for r in range(h):
        for c in range(w):
            if (r, c) in digits:
                continue
            sums = []
            for dr, dc in ((1, 0), (0, 1)):
                k, total = 1, 0
                while (r + k * dr, c + k * dc) in digits:
                    total += digits[r + k * dr, c + k * dc]
                    k += 1
                sums.append(str(total) if total else "")
            if any(sums):
                grid[r][c] = "/".join(sums)
    body = toml_text(f"satgrid family kakuro rows={rows} cols={cols} black={black} seed={seed}: "
                     "planted digits solve it; not promised unique",
                     {"puzzle": "kakuro", "title": f"kakuro {rows}x{cols} (planted)",
                      "grid": grid_text(grid)})
    return [(f"kakuro-r{rows}-c{cols}-b{black}-s{seed}.toml", body)]
