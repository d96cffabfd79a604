"""The generated family ``killersudoku`` of this kind: one function per family,
named by the family's ``function`` in ``kind.json`` (which holds its summary
and parameters), called as ``function(params, seed, rng, bar)`` and returning
the family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...errors import UsageError
from ..families import File, grid_text, toml_text
from ..rippleeffect.family import labels


def box_of(n: int) -> tuple[int, int]:
    """The most square box shape (height <= width) of an n x n Sudoku."""
    h = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    return h, n // h


def sudoku_grid(rng: random.Random, n: int, bh: int, bw: int) -> list[list[int]]:
    """A random solved Sudoku: the pattern grid, shuffled within its symmetries."""
    digits = rng.sample(range(1, n + 1), n)
    bands = rng.sample(range(n // bh), n // bh)
    stacks = rng.sample(range(n // bw), n // bw)
    rows = [b * bh + r for b in bands for r in rng.sample(range(bh), bh)]
    cols = [s * bw + c for s in stacks for c in rng.sample(range(bw), bw)]
    pattern = lambda r, c: (bw * (r % bh) + r // bh + c) % n
    return [[digits[pattern(r, c)] for c in cols] for r in rows]


def killersudoku(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``killersudoku n=9 largest=4``: a planted Sudoku cut into cages showing their sums."""
    n, largest = params["n"], params["largest"]
    bh, bw = box_of(n)
    if bh == 1 and n > 3:
        raise UsageError(f"family killersudoku: n={n} is prime, its boxes would be rows")
    grid = sudoku_grid(rng, n, bh, bw)
    cage = [[-1] * n for _ in range(n)]
    cages = []
    for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        if cage[r][c] >= 0:
            continue
        k, cells, size = len(cages), [(r, c)], rng.randint(1, largest)
        cage[r][c] = k
        while len(cells) < size:
            used = {grid[y][x] for y, x in cells}
            near = sorted({(y, x) for a, b in cells for y, x in ((a - 1, b), (a + 1, b), (a, b - 1),
                                                                 (a, b + 1))
                           if 0 <= y < n and 0 <= x < n and cage[y][x] < 0
                           and grid[y][x] not in used})
            if not near:
                break
            y, x = rng.choice(near)
            cage[y][x] = k
            cells.append((y, x))
        cages.append(cells)
    sums = [[0] * n for _ in range(n)]
    for cells in cages:
        r, c = min(cells)
        sums[r][c] = sum(grid[y][x] for y, x in cells)
    body = toml_text(f"satgrid family killersudoku n={n} largest={largest} seed={seed}: a planted "
                     "solution solves it; not promised unique",
                     {"puzzle": "killersudoku", "title": f"killersudoku {n}x{n} (planted)",
                      "box": f"{bh}x{bw}", "cages": labels(cage), "sums": grid_text(sums)})
    return [(f"killersudoku-n{n}-l{largest}-s{seed}.toml", body)]
