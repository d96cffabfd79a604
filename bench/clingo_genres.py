"""The ASP baselines' genres (``bench/asp/<kind>.lp``): each kind's facts written
from its Puzzle object's fields, clingo run in process with two models asked
for (uniqueness), and its answer read back in the form satgrid decodes, so
that the two answers compare cell by cell and satgrid's referee
(``Puzzle.check``) can judge clingo's answer too.

Used by ``bench/bench_clingo.py`` and ``tests/test_bench_clingo.py``; runs as a
sibling module of the bench scripts (``bench/`` on ``sys.path``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ASP = Path(__file__).resolve().parent / "asp"


@dataclass(frozen=True)
class Genre:
    """One kind's ASP baseline: ``facts(p)`` the fact lines, ``read(atoms, p)``
    the decoded answer (``{"grid": ...}`` and what the referee needs) from
    the shown atoms of one model, ``key(decoded)`` what two answers must
    share to agree."""
    kind: str
    facts: Callable
    read: Callable
    key: Callable = lambda d: d["grid"]

    @property
    def program(self) -> Path:
        return ASP / f"{self.kind}.lp"


def args(atom) -> list:
    """An atom's arguments as Python ints and strings."""
    out = []
    for a in atom.arguments:
        out.append(a.number if a.type.name == "Number" else (a.string if a.type.name == "String"
                                                              else a.name))
    return out


def grid_fact(p) -> list[str]:
    return [f"grid({p.rows},{p.cols})."]


def shading(atoms, p, name: str = "shaded") -> dict:
    """``{"grid": rows of 0/1}``, 1 where ``name(R,C)`` holds."""
    g = [[0] * p.cols for _ in range(p.rows)]
    for a in atoms:
        if a.name == name:
            r, c = args(a)
            g[r][c] = 1
    return {"grid": g}


def values(atoms, rows: int, cols: int, name: str = "val") -> dict:
    """``{"grid": rows of numbers}`` from ``name(R,C,V)``."""
    g = [[0] * cols for _ in range(rows)]
    for a in atoms:
        if a.name == name:
            r, c, v = args(a)
            g[r][c] = v
    return {"grid": g}


def clue_facts(p, name: str = "clue", grid=None) -> list[str]:
    """``name(R,C,V).`` for every int clue (None and 0 skipped)."""
    grid = p.clues if grid is None else grid
    return [f"{name}({r},{c},{v})." for r, row in enumerate(grid) for c, v in enumerate(row)
            if isinstance(v, int) and v > 0]


# -- the loops ---------------------------------------------------------------------------

BITS = {"n": 1, "e": 2, "s": 4, "w": 8}


def slither_facts(p) -> list[str]:
    return grid_fact(p) + [f"clue({r},{c},{v})." for r, row in enumerate(p.clues)
                           for c, v in enumerate(row) if v is not None]


def slither_read(atoms, p) -> dict:
    """The inside grid and the loop over the dots (bits n 1, e 2, s 4, w 8):
    a segment between two dots wherever the cells on its sides differ."""
    inside = shading(atoms, p, "in")["grid"]
    h, w = p.rows, p.cols
    at = lambda r, c: inside[r][c] if 0 <= r < h and 0 <= c < w else 0   # noqa: E731
    links = [[0] * (w + 1) for _ in range(h + 1)]
    for r in range(h + 1):
        for c in range(w + 1):
            if c < w and at(r - 1, c) != at(r, c):          # dot (r,c) -> (r,c+1)
                links[r][c] |= 2
                links[r][c + 1] |= 8
            if r < h and at(r, c - 1) != at(r, c):          # dot (r,c) -> (r+1,c)
                links[r][c] |= 4
                links[r + 1][c] |= 1
    return {"grid": inside, "links": links}


def masyu_facts(p) -> list[str]:
    return grid_fact(p) + [f"pearl({r},{c},{t})." for r, row in enumerate(p.pearls)
                           for c, t in enumerate(row) if t in ("w", "b")]


def masyu_read(atoms, p) -> dict:
    g = [[0] * p.cols for _ in range(p.rows)]
    for a in atoms:
        if a.name == "link":
            r, c, d = args(a)
            g[r][c] |= BITS[d]
    return {"grid": g}


# -- numbers and regions -----------------------------------------------------------------

def nurikabe_facts(p) -> list[str]:
    return grid_fact(p) + clue_facts(p)


def lits_facts(p) -> list[str]:
    return grid_fact(p) + [f'region({r},{c},"{g}").' for r, row in enumerate(p.regions)
                           for c, g in enumerate(row)]


def hitori_facts(p) -> list[str]:
    return grid_fact(p) + [f"num({r},{c},{v})." for r, row in enumerate(p.numbers)
                           for c, v in enumerate(row)]


def fillomino_facts(p) -> list[str]:
    out = grid_fact(p) + clue_facts(p)
    out += [f"border({a[0]},{a[1]},{b[0]},{b[1]}). border({b[0]},{b[1]},{a[0]},{a[1]})."
            for a, b in p.borders]
    if p.max_size:
        out.append(f"maxsize({p.max_size}).")
    return out


def fillomino_read(atoms, p) -> dict:
    """The filling from the cut sides: each cell's number is the size of its
    group joined across the sides not cut."""
    cut = {tuple(args(a)) for a in atoms if a.name == "cut"}
    h, w = p.rows, p.cols
    region = [[None] * w for _ in range(h)]
    for r0 in range(h):
        for c0 in range(w):
            if region[r0][c0] is not None:
                continue
            members, todo = [], [(r0, c0)]
            region[r0][c0] = members
            while todo:
                r, c = todo.pop()
                members.append((r, c))
                for r2, c2 in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if (0 <= r2 < h and 0 <= c2 < w and region[r2][c2] is None
                            and (r, c, r2, c2) not in cut):
                        region[r2][c2] = members
                        todo.append((r2, c2))
    return {"grid": [[len(m) for m in row] for row in region]}


def sudoku_facts(p) -> list[str]:
    return ([f"size({p.n}).", f"box({p.box[0]},{p.box[1]})."]
            + clue_facts(p, "given", p.grid))


def rooms_facts(p) -> list[str]:
    """Heyawake, Norinori, Aqre: ``room(R,C,I)`` and ``count(I,K)`` for a
    room with a number (None or "?" are none)."""
    out = grid_fact(p) + [f"room({r},{c},{i})." for r, row in enumerate(p.rooms)
                          for c, i in enumerate(row)]
    out += [f"count({i},{k})." for i, k in enumerate(p.numbers or [])
            if isinstance(k, int) and k >= 0]
    if "b" in getattr(p, "flags", ""):
        out.append("variant(b).")
    return out


def starbattle_facts(p) -> list[str]:
    return grid_fact(p) + [f"stars({p.stars})."] + [
        f"room({r},{c},{i})." for i, cells in enumerate(p.rooms) for r, c in cells]


def yinyang_facts(p) -> list[str]:
    return grid_fact(p) + [f"given({r},{c},{'b' if v == 2 else 'w'})."
                           for r, row in enumerate(p.givens_grid) for c, v in enumerate(row) if v]


def kurodoko_facts(p) -> list[str]:
    out = grid_fact(p)
    for r, row in enumerate(p.clues):
        for c, v in enumerate(row):
            if v is not None:
                out.append(f"number({r},{c}).")
                if v > 0:
                    out.append(f"clue({r},{c},{v}).")
    return out


def tapa_facts(p) -> list[str]:
    """``number(R,C)`` for a clue cell; ``clue(R,C,I,V)``: its I-th number V,
    ``q`` for a "?"."""
    out = grid_fact(p)
    for r, row in enumerate(p.clues):
        for c, ks in enumerate(row):
            if ks is not None:
                out.append(f"number({r},{c}).")
                out += [f"clue({r},{c},{i},{'q' if k is None else k})." for i, k in enumerate(ks)]
    return out


def shikaku_facts(p) -> list[str]:
    """``number(R,C)`` for a clue cell, ``clue(R,C,A)`` for a stated area
    (a "?" or a 0: any area)."""
    out = grid_fact(p)
    for r, row in enumerate(p.clues):
        for c, v in enumerate(row):
            if v is not None:
                out.append(f"number({r},{c}).")
                if v > 0:
                    out.append(f"clue({r},{c},{v}).")
    return out


def owners(atoms, p, name: str) -> dict:
    """``{"grid": region numbers}`` from ``name(R,C,I,J)``: (R,C) in the region
    named (I,J), the regions numbered 1, 2, ... in row-major order."""
    owner = [[None] * p.cols for _ in range(p.rows)]
    for a in atoms:
        if a.name == name:
            r, c, i, j = args(a)
            owner[r][c] = (i, j)
    return {"grid": partition(owner)}


def partition(grid) -> list[list[int]]:
    """The regions of a label grid (the groups of equal labels side by side),
    numbered 1, 2, ... in row-major order of their first cells: two label
    grids of one division give the same partition."""
    h, w = len(grid), len(grid[0])
    out = [[0] * w for _ in range(h)]
    n = 0
    for r0 in range(h):
        for c0 in range(w):
            if out[r0][c0]:
                continue
            n += 1
            out[r0][c0], todo = n, [(r0, c0)]
            while todo:
                r, c = todo.pop()
                for r2, c2 in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if (0 <= r2 < h and 0 <= c2 < w and not out[r2][c2]
                            and grid[r2][c2] == grid[r][c]):
                        out[r2][c2] = n
                        todo.append((r2, c2))
    return out


def circle_facts(p, name: str = "number") -> list[str]:
    """Nurimisaki, Kurotto, Araf, Light Up (walls): ``name(R,C)`` for every clue cell and
    ``clue(R,C,N)`` for a number (a negative clue is a "?")."""
    out = grid_fact(p)
    for r, row in enumerate(p.clues):
        for c, v in enumerate(row):
            if v is not None:
                out.append(f"{name}({r},{c}).")
                if v >= 0:
                    out.append(f"clue({r},{c},{v}).")
    return out


def tents_facts(p) -> list[str]:
    out = grid_fact(p) + [f"tree({r},{c})." for r, row in enumerate(p.trees)
                          for c, t in enumerate(row) if t]
    out += [f"rowcount({r},{n})." for r, n in enumerate(p.row_counts) if n is not None]
    out += [f"colcount({c},{n})." for c, n in enumerate(p.columns) if n is not None]
    return out


def nonogram_facts(p) -> list[str]:
    out = grid_fact(p)
    out += [f"rowclue({r},{i},{n})." for r, ns in enumerate(p.row_clues) for i, n in enumerate(ns)]
    out += [f"colclue({c},{i},{n})." for c, ns in enumerate(p.column_clues)
            for i, n in enumerate(ns)]
    return out


def numbered_rooms_facts(p) -> list[str]:
    """Suguru, Ripple Effect: ``room(R,C,I)`` for the cells of a room,
    ``given(R,C,V)`` for a number (a "?" is none)."""
    out = grid_fact(p) + [f"room({r},{c},{i})." for r, row in enumerate(p.rooms)
                          for c, i in enumerate(row) if i is not None]
    return out + clue_facts(p, "given")


def room_values(atoms, p) -> dict:
    """``{"grid": numbers}``, 0 in the cells of no room (as satgrid decodes them)."""
    g = values(atoms, p.rows, p.cols)["grid"]
    return {"grid": [[v if p.rooms[r][c] is not None else 0 for c, v in enumerate(row)]
                     for r, row in enumerate(g)]}


def statuepark_facts(p) -> list[str]:
    out = grid_fact(p) + [f"piece({i},{r},{c})." for i, cells in enumerate(p.pieces)
                          for r, c in sorted(cells)]
    return out + [f"circle({r},{c},{'b' if v == 2 else 'w'})." for r, row in enumerate(p.circles)
                  for c, v in enumerate(row) if v]


def pentominous_facts(p) -> list[str]:
    out = grid_fact(p)
    for r, row in enumerate(p.clues):
        for c, v in enumerate(row):
            if v == "*":
                out.append(f"block({r},{c}).")
            elif v and v.isalpha():
                out.append(f"given({r},{c},{v.lower()}).")
    return out + [f"border({a[0]},{a[1]},{b[0]},{b[1]}). border({b[0]},{b[1]},{a[0]},{a[1]})."
                  for a, b in p.borders]


def pentominous_read(atoms, p) -> dict:
    g = [["*"] * p.cols for _ in range(p.rows)]
    for a in atoms:
        if a.name == "letter":
            r, c, x = args(a)
            g[r][c] = x.upper()
    return {"grid": g}


def numberlink_facts(p) -> list[str]:
    """The facts of ``numberlink.lp`` (bench_numberlink.py's program)."""
    out = [f"cell({r},{c})." for r in range(p.rows) for c in range(p.cols)]
    out += [f'num({r},{c},"{t}").' for r, row in enumerate(p.numbers)
            for c, t in enumerate(row) if t != "."]
    return out + (["fill."] if p.fill else [])


def numberlink_read(atoms, p) -> dict:
    """The link grid of the used edges and each cell's number, followed along
    the lines from the numbers."""
    nb: dict = {}
    g = [[0] * p.cols for _ in range(p.rows)]
    for a in atoms:
        if a.name == "use":
            r, c, r2, c2 = args(a)
            nb.setdefault((r, c), []).append((r2, c2))
            nb.setdefault((r2, c2), []).append((r, c))
            g[r][c] |= 2 if r2 == r else 4
            g[r2][c2] |= 8 if r2 == r else 1
    labels = [["."] * p.cols for _ in range(p.rows)]
    for r, row in enumerate(p.numbers):
        for c, t in enumerate(row):
            todo = [(r, c)] if t != "." else []
            while todo:
                v = todo.pop()
                labels[v[0]][v[1]] = t
                todo += [w for w in nb.get(v, []) if labels[w[0]][w[1]] == "."]
    return {"grid": g, "labels": labels}


GENRES = {g.kind: g for g in [
    Genre("slitherlink", slither_facts, slither_read),
    Genre("masyu", masyu_facts, masyu_read),
    Genre("nurikabe", nurikabe_facts, shading),
    Genre("lits", lits_facts, shading),
    Genre("hitori", hitori_facts, shading),
    Genre("numberlink", numberlink_facts, numberlink_read),
    Genre("fillomino", fillomino_facts, fillomino_read),
    Genre("sudoku", sudoku_facts, lambda a, p: values(a, p.n, p.n)),
    Genre("heyawake", rooms_facts, shading),
    Genre("norinori", rooms_facts, shading),
    Genre("aqre", rooms_facts, shading),
    Genre("starbattle", starbattle_facts, lambda a, p: shading(a, p, "star")),
    Genre("lightup", lambda p: circle_facts(p, "wall"), lambda a, p: shading(a, p, "light")),
    Genre("yinyang", yinyang_facts, lambda a, p: shading(a, p, "black")),
    Genre("kurodoko", kurodoko_facts, shading),
    Genre("tapa", tapa_facts, shading),
    Genre("shikaku", shikaku_facts, lambda a, p: owners(a, p, "in"),
          lambda d: partition(d["grid"])),
    Genre("nurimisaki", lambda p: circle_facts(p, "circle"), shading),
    Genre("kurotto", circle_facts, shading),
    Genre("tents", tents_facts, lambda a, p: shading(a, p, "tent")),
    Genre("nonogram", nonogram_facts, shading),
    Genre("suguru", numbered_rooms_facts, room_values),
    Genre("rippleeffect", numbered_rooms_facts, room_values),
    Genre("statuepark", statuepark_facts, shading),
    Genre("pentominous", pentominous_facts, pentominous_read),
    Genre("araf", circle_facts, lambda a, p: owners(a, p, "lab"), lambda d: partition(d["grid"])),
]}


def run_clingo(genre: Genre, p, limit: float) -> tuple[str, float, dict | None]:
    """(claim, seconds, decoded first model) of clingo on ``genre``'s program
    and ``p``'s facts, two models asked for (projected on the shown atoms):
    ``unique``, ``several``, ``unsat``, or on the time limit ``unknown`` /
    ``sat, unique unknown``. The seconds include parsing and grounding; the
    limit holds the search only (grounding is not interruptible)."""
    import clingo  # optional: the baseline only
    facts = "\n".join(genre.facts(p))
    t = time.perf_counter()
    ctl = clingo.Control(["2", "--project", "--warn=none"])
    ctl.add("base", [], genre.program.read_text() + "\n" + facts)
    ctl.ground([("base", [])])
    models = []
    with ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)), async_=True) as h:
        done = h.wait(max(0.0, limit - (time.perf_counter() - t)))
        if not done:
            h.cancel()
        h.get()
    dt = time.perf_counter() - t
    decoded = genre.read(models[0], p) if models else None
    if len(models) >= 2:
        return "several", dt, decoded
    if not done:
        return ("sat, unique unknown" if models else "unknown"), dt, decoded
    return ("unique" if models else "unsat"), dt, decoded


def have_clingo() -> bool:
    try:
        import clingo  # noqa: F401  (optional)
    except ImportError:
        return False
    return True
