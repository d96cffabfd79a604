"""Scalable generated families for benchmark suites, deterministic by seed.

``satgrid family NAME [KEY=VALUE ...] --seed S -o DIR [--dimacs]`` writes
instance files (TOML) and, with ``--dimacs``, the complete DIMACS of each
(connectivity eager, givens as units). The same name, parameters and seed give
the same bytes. Each family is one function in :data:`FAMILIES`; the TOML text
is written by :func:`toml_text`. Each family's parameters (names, ranges,
defaults) are a :class:`~satgrid.apps.family_params.FamilySpec` in
:data:`~satgrid.apps.family_params.SPECS`, read through
:func:`~satgrid.apps.family_params.read_params`; ``satgrid family --list`` and
``satgrid family NAME --help`` print the same records.

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
from .family_params import SPECS, check_bound, read_params
from .progress import Progress, track
from . import random_lines
from ..geometry import cell_sides
from ..puzzles.links import link_text, links_from_edges

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


def sudoku(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``sudoku order=3 givens=G unique=1 count=1``: reduced random Sudokus."""
    order = params["order"]
    n = order * order
    givens = params["givens"]
    check_bound(SPECS["sudoku"], "givens", givens, n * n)
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
        expect["solution"] = _grid_text(sol)
        body = toml_text(f"satgrid family sudoku order={order} givens={givens} "
                         f"unique={int(unique)} seed={seed} #{i + 1}",
                         {"puzzle": "sudoku", "title": f"family sudoku order {order} #{i + 1}",
                          "size": n, "givens": _grid_text(puzzle)}, expect)
        files.append((f"sudoku-o{order}-s{seed}-{i + 1:03d}.toml", body))
    return files


# ------------------------------------------------------------------ the others
def hooks(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``hooks n=5``: unconstrained Hooks (one region, no givens)."""
    n = params["n"]
    body = toml_text(f"satgrid family hooks n={n}: unconstrained (one region, no givens)",
                     {"puzzle": "hooks", "title": f"unconstrained hooks {n}x{n}", "size": n,
                      "regions": _one_region(n)})
    return [(f"hooks-n{n}.toml", body)]


def knights_tour(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``knights-tour n=5``: an open knight's tour from the top-left corner."""
    n = params["n"]
    givens = [[0] * n for _ in range(n)]
    givens[0][0] = 1
    body = toml_text(f"satgrid family knights-tour n={n}: an open knight's tour from the "
                     "top-left corner",
                     {"puzzle": "knight-moves", "title": f"open knight's tour {n}x{n}",
                      "length": n * n, "regions": _one_region(n), "givens": _grid_text(givens)})
    return [(f"knights-tour-n{n}.toml", body)]


def vertex_sums(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``vertex-sums n=3 clues=all|K``: the vertex sums of a random filling."""
    n = params["n"]
    clues = params["clues"]
    total = (n - 1) ** 2
    check_bound(SPECS["vertex-sums"], "clues", clues, total)
    k = total if clues == "all" else clues
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


def hitori(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``hitori n=8``: a Latin square with a planted shading (solvable, maybe not unique)."""
    n = params["n"]
    rows, cols, digits = (rng.sample(range(n), n) for _ in range(3))
    grid = [[digits[(rows[r] + cols[c]) % n] + 1 for c in range(n)] for r in range(n)]
    shaded: set[tuple[int, int]] = set()
    for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        if any(x in shaded for x in near) or not _still_connected(n, shaded | {(r, c)}):
            continue
        shaded.add((r, c))
    for r, c in sorted(shaded):
        line = [(r, j) for j in range(n) if j != c] + [(i, c) for i in range(n) if i != r]
        donors = [grid[i][j] for i, j in line if (i, j) not in shaded]
        grid[r][c] = rng.choice(donors)
    body = toml_text(f"satgrid family hitori n={n} seed={seed}: a planted shading "
                     f"({len(shaded)} cells) solves it; not promised unique",
                     {"puzzle": "hitori", "title": f"hitori {n}x{n} (planted)",
                      "numbers": _grid_text(grid)})
    return [(f"hitori-n{n}-s{seed}.toml", body)]


def _still_connected(n: int, shaded: set) -> bool:
    """Whether the cells of the n x n grid outside ``shaded`` are connected."""
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in shaded]
    seen, todo = {free[0]}, [free[0]]
    while todo:
        r, c = todo.pop()
        for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= x[0] < n and 0 <= x[1] < n and x not in shaded and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(free)


def nurikabe(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``nurikabe n=8``: random islands planted (solvable, maybe not unique)."""
    n = params["n"]
    for _ in range(10000):
        island = _plant_islands(n, rng)
        if island is not None:
            break
    else:  # pragma: no cover - never seen: every n >= 2 plants within a few tries
        raise SatgridError(f"family nurikabe: no island layout found for n={n}")
    clues = [[0] * n for _ in range(n)]
    members: dict[int, list] = {}
    for cell, k in island.items():
        members.setdefault(k, []).append(cell)
    for cells in members.values():
        r, c = rng.choice(sorted(cells))
        clues[r][c] = len(cells)
    body = toml_text(f"satgrid family nurikabe n={n} seed={seed}: {len(members)} planted "
                     "islands solve it; not promised unique",
                     {"puzzle": "nurikabe", "title": f"nurikabe {n}x{n} (planted)",
                      "clues": _grid_text(clues)})
    return [(f"nurikabe-n{n}-s{seed}.toml", body)]


def _near(cell, n):
    r, c = cell
    return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= a < n and 0 <= b < n]


def _plant_islands(n: int, rng: random.Random) -> dict | None:
    """Islands (cell -> island number) of an n x n Nurikabe solution: separated,
    the rest connected, no all-shaded 2x2 square; None when this try fails."""
    island: dict = {}

    def can_take(cell, k):          # cell joins island k (k new: a new island)
        if cell in island or any(island.get(x, k) != k for x in _near(cell, n)):
            return False
        return _still_connected(n, set(island) | {cell})

    k = 0
    for start in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        if rng.random() < 0.6 or not can_take(start, k):
            continue
        island[start] = k
        for _ in range(rng.randint(0, 4)):
            grow = [x for y in island if island[y] == k for x in _near(y, n) if can_take(x, k)]
            if not grow:
                break
            island[rng.choice(sorted(set(grow)))] = k
        k += 1
    for r in range(n - 1):
        for c in range(n - 1):
            pool = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            if any(x in island for x in pool):
                continue
            options = [(x, j) for x in pool for j in
                       {island[y] for y in _near(x, n) if y in island} | {k} if can_take(x, j)]
            if not options:
                return None
            x, j = rng.choice(sorted(options))
            island[x] = j
            k += j == k
    return island if island and len(island) < n * n else None


#: family name -> function(params, seed, rng, bar) -> [(file name, TOML text)]:
#: ``params`` as :func:`~satgrid.apps.family_params.read_params` returns them for
#: the family's spec (:data:`~satgrid.apps.family_params.SPECS`, same keys);
#: ``bar`` a :class:`~satgrid.apps.progress.Progress` the slow ones advance
FAMILIES: dict[str, Callable[[dict, int, random.Random, Progress], list[File]]] = {
    "sudoku": sudoku, "hooks": hooks, "knights-tour": knights_tour, "vertex-sums": vertex_sums,
    "hitori": hitori, "nurikabe": nurikabe}


# ------------------------------------------------------------------ path and loop kinds
def _links_rows(rows: int, cols: int, edges) -> list[list[str]]:
    grid = links_from_edges(edges, rows, cols)
    return [[link_text(m) for m in row] for row in grid]


def slitherlink(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``slitherlink rows=10 cols=10 fill=50``: a random loop, every clue shown."""
    rows, cols, fill = params["rows"], params["cols"], params["fill"]
    region = random_lines.random_region(rows, cols, rng, fill / 100)
    loop = set(random_lines.boundary(region))
    clues = [[str(sum(s in loop for s in cell_sides((r, c)))) for c in range(cols)]
             for r in range(rows)]
    body = toml_text(f"satgrid family slitherlink rows={rows} cols={cols} fill={fill} "
                     f"seed={seed}: the boundary of a random region ({len(region)} cells) "
                     "solves it; not promised unique",
                     {"puzzle": "slitherlink", "title": f"slitherlink {rows}x{cols} (planted)",
                      "clues": "\n".join(" ".join(row) for row in clues)})
    return [(f"slitherlink-{rows}x{cols}-s{seed}.toml", body)]


def masyu(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``masyu rows=10 cols=10 fill=50``: a random loop, every pearl it allows."""
    rows, cols, fill = params["rows"], params["cols"], params["fill"]
    region = random_lines.random_region(rows - 1, cols - 1, rng, fill / 100)
    links = links_from_edges(random_lines.boundary(region), rows, cols)

    def at(r, c):
        return links[r][c] if 0 <= r < rows and 0 <= c < cols else 0
    pearls = [["-"] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            m = links[r][c]
            if m in (5, 10):        # straight: white when the loop turns next to it
                a, b = ((r, c - 1), (r, c + 1)) if m == 10 else ((r - 1, c), (r + 1, c))
                if at(*a) != m or at(*b) != m:
                    pearls[r][c] = "w"
            elif m:                 # a turn: black when both sides run straight on
                if all(at(r + dr, c + dc) == axis for bit, dr, dc, axis in
                       ((1, -1, 0, 5), (2, 0, 1, 10), (4, 1, 0, 5), (8, 0, -1, 10)) if m & bit):
                    pearls[r][c] = "b"
    body = toml_text(f"satgrid family masyu rows={rows} cols={cols} fill={fill} seed={seed}: "
                     "a random loop solves it; not promised unique",
                     {"puzzle": "masyu", "title": f"masyu {rows}x{cols} (planted)",
                      "pearls": "\n".join(" ".join(row) for row in pearls)})
    return [(f"masyu-{rows}x{cols}-s{seed}.toml", body)]


def numberlink(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``numberlink rows=10 cols=10 pairs=8``: random disjoint walks, their ends numbered."""
    rows, cols, pairs = params["rows"], params["cols"], params["pairs"]
    walks = random_lines.random_paths(rows, cols, pairs, rng)
    grid = [["-"] * cols for _ in range(rows)]
    for k, walk in enumerate(walks, 1):
        for r, c in (walk[0], walk[-1]):
            grid[r][c] = str(k)
    width = len(str(len(walks)))
    body = toml_text(f"satgrid family numberlink rows={rows} cols={cols} pairs={pairs} "
                     f"seed={seed}: {len(walks)} random walks solve it; not promised unique",
                     {"puzzle": "numberlink", "title": f"numberlink {rows}x{cols} (planted)",
                      "numbers": "\n".join(" ".join(t.rjust(width) for t in row)
                                           for row in grid)})
    return [(f"numberlink-{rows}x{cols}-s{seed}.toml", body)]


FAMILIES.update({"slitherlink": slitherlink, "masyu": masyu, "numberlink": numberlink})


def fillomino(params: dict, seed: int, rng: random.Random, bar: Progress) -> list[File]:
    """``fillomino rows=8 cols=8 largest=5 shown=40``: a planted filling (solvable)."""
    h, w, big, shown = params["rows"], params["cols"], params["largest"], params["shown"]
    for _ in range(10000):
        size = _plant_fillomino(h, w, big, rng)
        if size is not None:
            break
    else:  # pragma: no cover - never seen: a few tries at most
        raise SatgridError(f"family fillomino: no filling found for {h}x{w}")
    clues = [[size[r, c] if rng.random() * 100 < shown else 0 for c in range(w)]
             for r in range(h)]
    body = toml_text(f"satgrid family fillomino rows={h} cols={w} largest={big} shown={shown} "
                     f"seed={seed}: the planted filling solves it; not promised unique",
                     {"puzzle": "fillomino", "title": f"fillomino {h}x{w} (planted)",
                      "max_size": max(size.values()), "clues": _grid_text(clues)})
    return [(f"fillomino-{h}x{w}-s{seed}.toml", body)]


def _plant_fillomino(h: int, w: int, big: int, rng: random.Random) -> dict | None:
    """cell -> its region's size, regions of equal size never side by side; None: retry."""
    size: dict = {}

    def near(v):
        return [x for x in ((v[0] - 1, v[1]), (v[0] + 1, v[1]), (v[0], v[1] - 1),
                            (v[0], v[1] + 1)) if 0 <= x[0] < h and 0 <= x[1] < w]
    for start in rng.sample([(r, c) for r in range(h) for c in range(w)], h * w):
        if start in size:
            continue
        region, goal = [start], rng.randint(1, big)

        def grow() -> bool:
            free = sorted({x for v in region for x in near(v) if x not in size
                           and x not in region})
            if free and len(region) < big:
                region.append(rng.choice(free))
            return bool(free) and len(region) <= big
        while len(region) < goal and grow():
            pass
        while any(size.get(x) == len(region) for v in region for x in near(v)):
            if len(region) >= big or not grow():
                return None
        for v in region:
            size[v] = len(region)
    return size


FAMILIES["fillomino"] = fillomino


def instances(name: str, params: dict, *, seed: int = 0, only: range | None = None,
              quiet: bool = True) -> list[File]:
    """The family's files as ``(file name, TOML text)``, not written. ``only``:
    just the instances of these indices (a family with ``count=N``; the same
    bytes as in the whole family: ``satgrid.cluster`` splits a family so)."""
    family = FAMILIES.get(name)
    if family is None:
        raise SatgridError(f"unknown family {name!r}; expected one of {', '.join(FAMILIES)}")
    values = read_params(SPECS[name], {k: str(v) for k, v in params.items()})
    if only is not None:
        values["only"] = only
    rng = random.Random(f"satgrid-{name}-{seed}")
    with Progress(desc=f"family {name}", unit="instance", quiet=quiet) as bar:
        return family(values, seed, rng, bar)


def generate(name: str, params: dict, *, seed: int = 0, out: str = ".",
             dimacs: bool = False, quiet: bool = True) -> list[str]:
    """Write the family's instances (and DIMACS) into folder ``out``; return the paths.

    ``params`` maps parameter names to their text (``{"order": "3"}``);
    ``quiet=False`` shows a progress bar on stderr when it is a terminal.
    """
    files = instances(name, params, seed=seed, quiet=quiet)
    os.makedirs(out, exist_ok=True)
    written = []
    for fname, body in track(files, desc="writing", unit="file", quiet=quiet or len(files) < 2):
        written += write_instance(out, fname, body, name, seed, dimacs)
    return written


def write_instance(out: str, fname: str, body: str, name: str, seed: int,
                   dimacs: bool) -> list[str]:
    """Write one generated instance into folder ``out`` (atomically), and its
    DIMACS beside it when ``dimacs``; return the paths written."""
    path = os.path.join(out, fname)
    atomic_write_text(path, body)
    if not dimacs:
        return [path]
    cnf = path[:-5] + ".cnf"
    export_dimacs(loads(body, path), cnf,
                  command_line=f"satgrid family {name} --seed {seed} ({fname})")
    return [path, cnf]
