"""Scalable generated families for benchmark suites, deterministic by seed.

``satgrid family NAME [KEY=VALUE ...] --seed S -o DIR [--dimacs]`` writes
instance files (TOML) and, with ``--dimacs``, the complete DIMACS of each
(connectivity eager, givens as units). The same name, parameters and seed give
the same bytes.

Families:

``sudoku``  order=3 (box side; n = order^2 cells per unit, 3..8), givens=G
    (number of givens kept; default: as few as the reduction reaches),
    unique=1 (reduce while the solution stays unique; 0: keep G random givens),
    count=1 (instances). A random full grid (a pattern grid shuffled by bands,
    stacks, rows, columns and digit relabelling) from which givens are removed
    in a seeded random order; with unique=1 a removal is kept only when the
    puzzle stays unique (checked in one incremental session, the givens as
    assumptions).
``hooks``  n=5: unconstrained Hooks n x n (one region, no givens).
``knights-tour``  n=5: an open knight's tour of the n x n board from the
    top-left corner, as a ``knight-moves`` instance (one region, label 1 in
    the corner, ``length = n*n``).
``vertex-sums``  n=3, clues=all|K: a random filling of the n x n grid with
    1..n^2; the sums of the interior vertices (all, or K of them chosen at
    random) are the clues.
"""

from __future__ import annotations

import os
import random

from .errors import SatgridError
from .fileio import atomic_write_text

FAMILIES = ("sudoku", "hooks", "knights-tour", "vertex-sums")


def _int(params: dict, key: str, default: int, lo: int, hi: int) -> int:
    raw = params.pop(key, None)
    if raw is None:
        return default
    try:
        v = int(raw)
    except ValueError:
        raise SatgridError(f"family parameter {key}: expected a whole number, found {raw!r}") from None
    if not lo <= v <= hi:
        raise SatgridError(f"family parameter {key}: expected {lo}..{hi}, found {v}")
    return v


def _grid_text(rows) -> str:
    width = max(len(str(v)) for row in rows for v in row)
    return "\n".join(" ".join((str(v) if v else ".").rjust(width) for v in row) for row in rows)


def _one_region(n: int) -> str:
    """An n x n regions grid that is all one region."""
    return "\n".join(" ".join("a" * n) for _ in range(n))


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


def sudoku_instance(order: int, givens: int | None, unique: bool, rng: random.Random) -> tuple[list, list]:
    """(puzzle rows with 0 = empty, solution rows)."""
    from .api import compile_puzzle, loads
    n = order * order
    sol = full_sudoku(order, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    keep = set(cells)
    target = n * n if givens is None else givens
    if not unique:
        keep = set(cells[: max(0, min(target, n * n))])
    else:
        text = f'puzzle = "sudoku"\nsize = {n}\ngivens = """\n' + _grid_text(
            [[0] * n for _ in range(n)]) + '\n"""\n'
        [p] = loads(text, "<family>")
        m = compile_puzzle(p, givens="none")
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


def generate(name: str, params: dict, *, seed: int = 0, out: str = ".",
             dimacs: bool = False) -> list[str]:
    """Write the family's instances (and DIMACS) into folder ``out``; return the paths."""
    params = dict(params)
    rng = random.Random(f"satgrid-{name}-{seed}")
    files: list[tuple[str, str]] = []  # (file name, TOML text)
    if name == "sudoku":
        order = _int(params, "order", 3, 2, 8)
        n = order * order
        givens = params.get("givens")
        givens = None if givens is None else _int(params, "givens", 0, 0, n * n)
        params.pop("givens", None)
        unique = bool(_int(params, "unique", 1, 0, 1))
        count = _int(params, "count", 1, 1, 10000)
        for i in range(count):
            puzzle, sol = sudoku_instance(order, givens, unique, rng)
            body = (f'# satgrid family sudoku order={order} givens={givens} unique={int(unique)} '
                    f'seed={seed} #{i + 1}\npuzzle = "sudoku"\ntitle = "family sudoku order {order} '
                    f'#{i + 1}"\nsize = {n}\ngivens = """\n{_grid_text(puzzle)}\n"""\n\n[expect]\n'
                    + ("unique = true\n" if unique else "")
                    + f'solution = """\n{_grid_text(sol)}\n"""\n')
            files.append((f"sudoku-o{order}-s{seed}-{i + 1:03d}.toml", body))
    elif name == "hooks":
        n = _int(params, "n", 5, 2, 30)
        regions = _one_region(n)
        body = (f'# satgrid family hooks n={n}: unconstrained (one region, no givens)\n'
                f'puzzle = "hooks"\ntitle = "unconstrained hooks {n}x{n}"\nsize = {n}\n'
                f'regions = """\n{regions}\n"""\n')
        files.append((f"hooks-n{n}.toml", body))
    elif name == "knights-tour":
        n = _int(params, "n", 5, 1, 30)
        regions = _one_region(n)
        givens = [[0] * n for _ in range(n)]
        givens[0][0] = 1
        body = (f"# satgrid family knights-tour n={n}: an open knight's tour from the top-left corner\n"
                f'puzzle = "knight-moves"\ntitle = "open knight\'s tour {n}x{n}"\nlength = {n * n}\n'
                f'regions = """\n{regions}\n"""\ngivens = """\n{_grid_text(givens)}\n"""\n')
        files.append((f"knights-tour-n{n}.toml", body))
    elif name == "vertex-sums":
        n = _int(params, "n", 3, 2, 30)
        clues = params.pop("clues", "all")
        total = (n - 1) ** 2
        k = total if clues == "all" else _int({"clues": clues}, "clues", total, 0, total)
        vals = rng.sample(range(1, n * n + 1), n * n)
        grid = [vals[r * n:(r + 1) * n] for r in range(n)]
        sums = [[grid[r][c] + grid[r][c + 1] + grid[r + 1][c] + grid[r + 1][c + 1]
                 for c in range(n - 1)] for r in range(n - 1)]
        shown = set(rng.sample(range(total), k))
        rows = [[sums[r][c] if r * (n - 1) + c in shown else 0 for c in range(n - 1)]
                for r in range(n - 1)]
        body = (f"# satgrid family vertex-sums n={n} clues={clues} seed={seed}\n"
                f'puzzle = "vertex-sums"\ntitle = "vertex sums {n}x{n}"\nsize = {n}\n'
                f'sums = """\n{_grid_text(rows)}\n"""\n')
        files.append((f"vertex-sums-n{n}-s{seed}.toml", body))
    else:
        raise SatgridError(f"unknown family {name!r}; expected one of {', '.join(FAMILIES)}")
    if params:
        raise SatgridError(f"family {name}: unknown parameter(s) {', '.join(sorted(params))}")
    os.makedirs(out, exist_ok=True)
    written = []
    for fname, body in files:
        path = os.path.join(out, fname)
        atomic_write_text(path, body)
        written.append(path)
        if dimacs:
            from .api import loads
            from .export import export_dimacs
            cnf = path[:-5] + ".cnf"
            export_dimacs(loads(body, path), cnf,
                          command_line=f"satgrid family {name} --seed {seed} ({fname})")
            written.append(cnf)
    return written
