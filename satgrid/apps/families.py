"""Scalable generated families for benchmark suites, deterministic by seed.

``satgrid family NAME [KEY=VALUE ...] --seed S -o DIR [--dimacs]`` writes
instance files (TOML) and, with ``--dimacs``, the complete DIMACS of each
(connectivity eager, givens as units). The same name, parameters and seed give
the same bytes. Each family is one function in :data:`FAMILIES`; the TOML text
is written by :func:`toml_text`.

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

import json
import os
import random
from typing import Callable

from ..errors import SatgridError
from ..fileio import atomic_write_text
from ..pipeline.export import export_dimacs
from ..pipeline.load import loads
from ..pipeline.run import compile_puzzle

#: one generated file: (file name, TOML text)
File = tuple[str, str]


# ------------------------------------------------------------------ TOML
def _toml_value(key: str, value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and "\n" in value:
        # a grid: a multi-line basic string, its text between lines of its own
        if '"""' in value or "\\" in value:
            raise ValueError(f"{key}: a grid must not hold '\"\"\"' or a backslash")
        return f'"""\n{value}\n"""'
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    raise TypeError(f"{key}: cannot write {type(value).__name__} as TOML")


def toml_text(comment: str | None, table: dict, expect: dict | None = None) -> str:
    """A TOML instance: a ``#`` comment line, ``key = value`` lines, then an
    ``[expect]`` table (after a blank line) when ``expect`` is given.

    Values are whole numbers, booleans, one-line strings, and grids
    (multi-line strings written as ``\"\"\"`` blocks).
    """
    lines = [f"# {comment}"] if comment is not None else []
    lines += [f"{k} = {_toml_value(k, v)}" for k, v in table.items()]
    if expect is not None:
        lines += ["", "[expect]"] + [f"{k} = {_toml_value(k, v)}" for k, v in expect.items()]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ helpers
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


# ------------------------------------------------------------------ sudoku
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
    n = order * order
    sol = full_sudoku(order, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    keep = set(cells)
    target = n * n if givens is None else givens
    if not unique:
        keep = set(cells[: max(0, min(target, n * n))])
    else:
        empty = toml_text(None, {"puzzle": "sudoku", "size": n,
                                 "givens": _grid_text([[0] * n for _ in range(n)])})
        [p] = loads(empty, "<family>")
        # the rules once, each candidate's givens as assumptions: one incremental session
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


def sudoku(params: dict, seed: int, rng: random.Random) -> list[File]:
    """``sudoku order=3 givens=G unique=1 count=1``: reduced random Sudokus."""
    order = _int(params, "order", 3, 2, 8)
    n = order * order
    givens = params.get("givens")
    givens = None if givens is None else _int(params, "givens", 0, 0, n * n)
    params.pop("givens", None)
    unique = bool(_int(params, "unique", 1, 0, 1))
    count = _int(params, "count", 1, 1, 10000)
    files = []
    for i in range(count):
        puzzle, sol = sudoku_instance(order, givens, unique, rng)
        expect = {"unique": True} if unique else {}
        expect["solution"] = _grid_text(sol)
        body = toml_text(f"satgrid family sudoku order={order} givens={givens} "
                         f"unique={int(unique)} seed={seed} #{i + 1}",
                         {"puzzle": "sudoku", "title": f"family sudoku order {order} #{i + 1}",
                          "size": n, "givens": _grid_text(puzzle)}, expect)
        files.append((f"sudoku-o{order}-s{seed}-{i + 1:03d}.toml", body))
    return files


# ------------------------------------------------------------------ the others
def hooks(params: dict, seed: int, rng: random.Random) -> list[File]:
    """``hooks n=5``: unconstrained Hooks (one region, no givens)."""
    n = _int(params, "n", 5, 2, 30)
    body = toml_text(f"satgrid family hooks n={n}: unconstrained (one region, no givens)",
                     {"puzzle": "hooks", "title": f"unconstrained hooks {n}x{n}", "size": n,
                      "regions": _one_region(n)})
    return [(f"hooks-n{n}.toml", body)]


def knights_tour(params: dict, seed: int, rng: random.Random) -> list[File]:
    """``knights-tour n=5``: an open knight's tour from the top-left corner."""
    n = _int(params, "n", 5, 1, 30)
    givens = [[0] * n for _ in range(n)]
    givens[0][0] = 1
    body = toml_text(f"satgrid family knights-tour n={n}: an open knight's tour from the "
                     "top-left corner",
                     {"puzzle": "knight-moves", "title": f"open knight's tour {n}x{n}",
                      "length": n * n, "regions": _one_region(n), "givens": _grid_text(givens)})
    return [(f"knights-tour-n{n}.toml", body)]


def vertex_sums(params: dict, seed: int, rng: random.Random) -> list[File]:
    """``vertex-sums n=3 clues=all|K``: the vertex sums of a random filling."""
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
    body = toml_text(f"satgrid family vertex-sums n={n} clues={clues} seed={seed}",
                     {"puzzle": "vertex-sums", "title": f"vertex sums {n}x{n}", "size": n,
                      "sums": _grid_text(rows)})
    return [(f"vertex-sums-n{n}-s{seed}.toml", body)]


#: family name -> function(params, seed, rng) -> [(file name, TOML text)]; each
#: pops the parameters it reads from ``params``
FAMILIES: dict[str, Callable[[dict, int, random.Random], list[File]]] = {
    "sudoku": sudoku, "hooks": hooks, "knights-tour": knights_tour, "vertex-sums": vertex_sums}


def generate(name: str, params: dict, *, seed: int = 0, out: str = ".",
             dimacs: bool = False) -> list[str]:
    """Write the family's instances (and DIMACS) into folder ``out``; return the paths."""
    params = dict(params)
    rng = random.Random(f"satgrid-{name}-{seed}")
    family = FAMILIES.get(name)
    if family is None:
        raise SatgridError(f"unknown family {name!r}; expected one of {', '.join(FAMILIES)}")
    files = family(params, seed, rng)
    if params:
        raise SatgridError(f"family {name}: unknown parameter(s) {', '.join(sorted(params))}")
    os.makedirs(out, exist_ok=True)
    written = []
    for fname, body in files:
        path = os.path.join(out, fname)
        atomic_write_text(path, body)
        written.append(path)
        if dimacs:
            cnf = path[:-5] + ".cnf"
            export_dimacs(loads(body, path), cnf,
                          command_line=f"satgrid family {name} --seed {seed} ({fname})")
            written.append(cnf)
    return written
