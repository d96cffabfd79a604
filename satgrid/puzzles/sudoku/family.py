"""The generated family ``sudoku`` of this kind: one function per family, named
by the family's ``function`` in ``kind.json`` (which holds its summary and
parameters), called as ``function(params, seed, rng, bar)`` and returning the
family's files, ``[(file name, TOML text)]``; deterministic by seed."""

from __future__ import annotations

import random

from ...modelling.model import Model
from ..families import File, check_bound, grid_text, toml_text
from .kind import Sudoku


def full_sudoku(order: int, rng: random.Random) -> list[list[int]]:
    """A random complete Sudoku grid of box side ``order`` (n = order^2)."""
    n = order * order
    def shuffled_axis():
        bands = rng.sample(range(order), order)
        return [b * order + r for b in bands for r in rng.sample(range(order), order)]
    rows, cols = shuffled_axis(), shuffled_axis()
    digits = rng.sample(range(1, n + 1), n)
    def pattern(r, c):
        return (order * (r % order) + r // order + c) % n
    return [[digits[pattern(r, c)] for c in cols] for r in rows]


def sudoku_draw(order: int, rng: random.Random) -> tuple[list, list]:
    """The random part of one instance: (full grid, cells in removal order).
    The reduction after it draws nothing, so the next instance's random state
    depends on this alone (``satgrid.cluster`` steps over instances with it)."""
    n = order * order
    sol = full_sudoku(order, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    return sol, cells


def sudoku_instance(order: int, givens: int | None, unique: bool, rng: random.Random) -> tuple[list, list]:
    """(puzzle rows with 0 = empty, solution rows)."""
    n = order * order
    sol, cells = sudoku_draw(order, rng)
    keep = set(cells)
    target = n * n if givens is None else givens
    if not unique:
        keep = set(cells[: max(0, min(target, n * n))])
    else:
        # the rules once, each candidate's givens as assumptions: one incremental session
        m = Model()
        Sudoku([[0] * n for _ in range(n)]).build(m)
        cell_lit = {}
        for r, c in cells:
            cell_lit[r, c] = m.formula.lookup(f"x[{r},{c}]={sol[r][c]}")
        floor = 0 if givens is None else givens
        for rc in cells:
            if len(keep) <= floor:
                break
            keep.discard(rc)
            if not m.is_unique([cell_lit[x] for x in sorted(keep)]):
                keep.add(rc)
    puzzle = [[sol[r][c] if (r, c) in keep else 0 for c in range(n)] for r in range(n)]
    return puzzle, sol


def sudoku(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``sudoku order=3 givens=G unique=1 count=1``: reduced random Sudokus."""
    order = params["order"]
    n = order * order
    givens = params["givens"]
    check_bound("sudoku", "givens", givens, n * n)
    unique = bool(params["unique"])
    count = params["count"]
    bar.set_total(count)
    files = []
    only = params.get("only")   # satgrid.cluster: these instances only; the rng steps over the rest
    for i in range(count):
        if only is not None and i not in only:
            sudoku_draw(order, rng)
            continue
        puzzle, sol = sudoku_instance(order, givens, unique, rng)
        bar.update()
        expect = {"unique": True} if unique else {}
        expect["solution"] = grid_text(sol)
        body = toml_text(f"satgrid family sudoku order={order} givens={givens} "
                         f"unique={int(unique)} seed={seed} #{i + 1}",
                         {"puzzle": "sudoku", "title": f"family sudoku order {order} #{i + 1}",
                          "size": n, "givens": grid_text(puzzle)}, expect)
        files.append((f"sudoku-o{order}-s{seed}-{i + 1:03d}.toml", body))
    return files
