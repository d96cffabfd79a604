"""grilops on its own examples, and satgrid on the same puzzles.

grilops (obijywk/grilops, a Python library on z3) ships example programs in
its repository's ``examples/`` folder. For every example whose genre
satgrid has as a kind, this script runs the grilops program as it is, from
a fetched copy of that repository, in a subprocess (whole process seconds:
the examples print no timings of their own), and satgrid on the same
puzzle: the example's givens are transcribed here (``EXAMPLES``) into
satgrid's TOML, solved with ``python -m satgrid solve FILE --unique`` (whole
process) and in process (``api.load`` + ``api.solve(unique=True)``). Both
prove uniqueness: every example listed calls grilops' ``is_unique`` after
``solve``.

Each transcription is checked: satgrid's answer must be unique and accepted
by the kind's referee, and grilops' printed grid, read back cell by cell
(``read_grilops``), must equal satgrid's answer put in the same terms
(each example's ``grilops`` and ``satgrid`` readers in ``EXAMPLES``). The
table says ``yes`` only then. Times are wall seconds and, in brackets, the
CPU seconds of the process (children's rusage; in process,
``time.process_time``): on a shared machine the load inflates the first,
not the second.

Examples left out: those of genres satgrid has no kind for (aquarium,
battleship, castle wall, cave, gokigen naname, the hex and variant genres,
nanro, spiral galaxies, ...) and ``statue_park_loop.py`` (a loop variant of
Statue Park, not the kind satgrid has). ``slitherlink.py`` solves its puzzle
twice (a path model, then a region model; both timed in its one process);
its region answer is compared.

Usage::

    .venv/bin/python bench/bench_grilops.py [--grilops DIR] [--repeat 1] [--only NAME,...]

``DIR`` is the fetched grilops repository: a work tree, or a bare git
directory (the examples are read with ``git show HEAD:examples/NAME.py``);
default ``$GRILOPS_REPO``. Without it, or without grilops and z3
installed, the grilops column is skipped with a line saying so and satgrid's
side still runs and is checked by its referee.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

from _common import ROOT, machine, utc_stamp
from satgrid import api

# -------------------------------------------------------------- transcriptions
# Each example's givens as grilops writes them (row, column from the top left)


def grid_text(rows: list[list[str]]) -> str:
    """Rows of tokens as a TOML multi-line string body, columns aligned."""
    width = max(len(t) for row in rows for t in row)
    return "\n".join(" ".join(t.ljust(width) for t in row).rstrip() for row in rows)


def toml(kind: str, **keys) -> str:
    """A satgrid instance: ``puzzle = kind``, then each key (a grid of rows,
    an int or a bool)."""
    out = [f'puzzle = "{kind}"', f'title = "grilops examples/{kind}"']
    for k, v in keys.items():
        if isinstance(v, bool):
            out.append(f"{k} = {'true' if v else 'false'}")
        elif isinstance(v, int):
            out.append(f"{k} = {v}")
        else:
            out.append(f'{k} = """\n{grid_text(v)}\n"""')
    return "\n".join(out) + "\n\n[expect]\nunique = true\n"


def cells_grid(h: int, w: int, givens: dict, empty: str = ".") -> list[list[str]]:
    """An h x w grid of tokens: ``givens[(r, c)]`` (str) or ``empty``."""
    return [[str(givens.get((r, c), empty)) for c in range(w)] for r in range(h)]


AKARI = {(0, 0): None, (0, 3): None, (0, 9): None, (1, 7): None, (2, 1): 3, (2, 6): 0,
         (3, 2): 2, (3, 5): None, (3, 9): 1, (4, 3): 1, (4, 4): 0, (4, 5): None, (5, 4): 1,
         (5, 5): None, (5, 6): None, (6, 0): None, (6, 4): 2, (6, 7): 2, (7, 3): None,
         (7, 8): None, (8, 2): 1, (9, 0): 0, (9, 6): 1, (9, 9): 0}
ARAF = {(0, 0): 1, (0, 1): 9, (0, 4): 8, (1, 6): 8, (2, 1): 7, (2, 4): 9, (2, 6): 7,
        (3, 0): 10, (3, 3): 1, (4, 0): 3, (4, 2): 8, (4, 6): 6, (5, 0): 2, (6, 1): 1,
        (6, 5): 1, (6, 6): 3}
FILLOMINO = ["0 0 0 3 0 0 0 0 5", "0 0 8 3 10 0 0 5 0", "0 3 0 0 0 4 4 0 0",
             "1 3 0 3 0 0 2 0 0", "0 2 0 0 3 0 0 2 0", "0 0 2 0 0 3 0 1 3",
             "0 0 4 4 0 0 0 3 0", "0 4 0 0 4 3 3 0 0", "6 0 0 0 0 1 0 0 0"]
HEYAWAKE_ROOMS = ["ABCCDEE", "ABCCDEE", "ABFFGGG", "HHFFGGG", "HHIJJKK", "HHIJJKK", "LLLJJMN"]
HEYAWAKE_COUNTS = {"A": 2, "E": 2, "F": 2, "G": 1, "J": 1, "K": 0, "L": 1, "M": 1, "N": 0}
KUROMASU = {(0, 2): 9, (0, 8): 8, (1, 8): 7, (2, 4): 12, (2, 10): 16, (3, 0): 9, (4, 1): 10,
            (5, 2): 12, (5, 4): 8, (5, 6): 11, (5, 8): 3, (6, 9): 3, (7, 10): 3, (8, 0): 7,
            (8, 6): 2, (9, 2): 7, (10, 2): 2, (10, 8): 5}
LITS = ["AAAAABCCCC", "ADAAABBEEE", "ADAAAABEFF", "ADABBBBEEF", "ADDGGGGEFF", "HHHHHHGFFF",
        "IIHHHGGFFJ", "KIIKKKLFJJ", "KKKKKKLFFJ", "MMMMKLLLFF"]
MASYU = ["..w.w.....", "....w...b.", "..b.b.w...", "...w..w...", "b....w...w",
         "..w....w..", "..b...w...", "w...b....w", "......ww..", "..b......b"]
NUMBERLINK = {(0, 3): 4, (1, 1): 3, (1, 4): 2, (1, 5): 5, (2, 3): 3, (2, 4): 1, (3, 3): 5,
              (5, 2): 1, (6, 0): 2, (6, 4): 4}
NURIKABE = {(0, 0): 2, (0, 9): 2, (1, 6): 2, (2, 1): 2, (2, 4): 7, (4, 6): 3, (4, 8): 3,
            (5, 2): 2, (5, 7): 3, (6, 0): 2, (6, 3): 4, (8, 1): 1, (8, 6): 2, (8, 8): 4}
SHAKASHAKA = {(0, 4): None, (1, 5): 2, (2, 0): 2, (2, 8): None, (4, 5): None, (4, 9): 2,
              (5, 2): 3, (5, 3): None, (6, 0): None, (6, 4): None, (7, 7): 4, (8, 4): 2,
              (9, 0): 2, (9, 9): 2}
SHIKAKU = {(0, 4): 4, (1, 0): 8, (2, 0): 2, (2, 2): 2, (2, 3): 3, (2, 6): 3, (4, 0): 3,
           (4, 3): 9, (4, 4): 2, (4, 6): 4, (5, 6): 6, (6, 2): 3}
SKYSCRAPER = {"top": [4, 2, 1, 2, 3], "left": [3, 2, 3, 2, 1], "right": [3, 4, 1, 2, 2],
              "bottom": [1, 4, 3, 2, 2]}
SLITHERLINK = {(0, 4): 0, (1, 0): 3, (1, 1): 3, (1, 4): 1, (2, 2): 1, (2, 3): 2, (3, 2): 2,
               (3, 3): 0, (4, 1): 1, (4, 4): 1, (4, 5): 1, (5, 1): 2}
STAR_BATTLE = ["AAAAABBCCC", "AAAAABBBCC", "AAAAABBBBB", "DDDAEEBBBF", "DGGGEEBBFF",
               "GGGGEEBFFF", "GGGGGHBFFF", "GGGGGHBFFH", "JJJHHHHHHH", "HHHHIIIIII"]
SUDOKU = ["530070000", "600195000", "098000060", "800060003", "400803001", "700020006",
          "060000280", "000419005", "000080079"]
TAPA = {(0, 3): [1, 1], (1, 0): [1], (1, 6): [2, 2], (1, 9): [2], (3, 3): [1],
        (4, 2): [1, 1], (4, 5): [2], (4, 7): [2, 2], (5, 2): [4], (5, 4): [4], (5, 7): [3],
        (6, 6): [3], (8, 0): [4], (8, 3): [4], (8, 9): [3], (9, 6): [3]}
#: Yajilin: (row, col): (arrow, count); the grey cells (no clue, off the loop, never shaded)
YAJILIN = {(0, 4): ("d", 1), (2, 5): ("r", 1), (2, 10): ("u", 1), (4, 6): ("l", 2),
           (4, 11): ("l", 3), (5, 9): ("d", 2), (6, 2): ("r", 2), (7, 0): ("u", 2),
           (7, 5): ("u", 3), (9, 1): ("u", 0), (9, 6): ("d", 1), (11, 7): ("l", 3)}
YAJILIN_GRAYS = [(1, 2), (3, 3), (3, 8), (5, 4), (6, 7), (8, 3), (8, 8), (10, 9)]


def _skyscraper_frame() -> list[list[str]]:
    n, s = 5, SKYSCRAPER
    rows = [["."] + [str(v) for v in s["top"]] + ["."]]
    rows += [[str(s["left"][r])] + ["."] * n + [str(s["right"][r])] for r in range(n)]
    return rows + [["."] + [str(v) for v in s["bottom"]] + ["."]]


def _heyawake_clues() -> list[list[str]]:
    """A room's count written in its first cell (any cell of the room counts)."""
    seen, rows = set(), []
    for row in HEYAWAKE_ROOMS:
        out = []
        for name in row:
            out.append(str(HEYAWAKE_COUNTS[name]) if name in HEYAWAKE_COUNTS and name not in seen
                       else ".")
            seen.add(name)
        rows.append(out)
    return rows


def _yajilin_clues() -> list[list[str]]:
    g = {p: f"{a}{n}" for p, (a, n) in YAJILIN.items()}
    g.update({p: "+" for p in YAJILIN_GRAYS})
    return cells_grid(12, 12, g)


def _wall(v) -> str:
    return "#" if v is None else str(v)


# ------------------------------------------------- reading the two answers alike
#: grilops' path symbols (grilops.paths.PathSymbolSet labels) as satgrid's link
#: bitmask: north 1, east 2, south 4, west 8
PATH_MASK = {"│": 5, "└": 3, "┘": 9, "┌": 6, "┐": 12, "─": 10, "╵": 1, "╷": 4, "╶": 2, "╴": 8,
             " ": 0}
STEP = {1: (-1, 0, 4), 2: (0, 1, 8), 4: (1, 0, 1), 8: (0, -1, 2)}


def blocks_before_verdict(out: str) -> list[list[str]]:
    """The blank-line separated blocks of grilops' output before its last
    ``Unique solution`` line (the solved grids; slitherlink.py solves twice)."""
    lines = out.splitlines()
    end = max(i for i, line in enumerate(lines) if line.startswith("Unique solution"))
    blocks, cur = [], []
    for line in lines[:end]:
        if line.strip():
            cur.append(line)
        elif cur:
            blocks.append(cur)
            cur = []
    return blocks + ([cur] if cur else [])


def cut_cells(block: list[str], h: int, w: int, width: int) -> list[list[str]]:
    """The last ``h`` lines of a printed grid cut into ``w`` cells of ``width``
    characters, stripped."""
    rows = block[-h:]
    return [[row.ljust(w * width)[c * width:(c + 1) * width].strip() for c in range(w)]
            for row in rows]


def relabel(grid) -> list[list[int]]:
    """Region labels renumbered 1, 2, ... by first appearance (partitions compared)."""
    names: dict = {}
    return [[names.setdefault(v, len(names) + 1) for v in row] for row in grid]


def path_masks(cells: list[list[str]]) -> list[list[int]]:
    """grilops path labels as link bitmasks; a cell the example printed as its
    given (a number) gets the sides its neighbours' lines come in by."""
    h, w = len(cells), len(cells[0])
    read = [[PATH_MASK.get(t or " ") for t in row] for row in cells]
    out = [row[:] for row in read]
    for r in range(h):
        for c in range(w):
            if read[r][c] is None:
                out[r][c] = sum(bit for bit, (dr, dc, back) in STEP.items()
                                if 0 <= r + dr < h and 0 <= c + dc < w
                                and (read[r + dr][c + dc] or 0) & back)
    return out


def shaded_cells(cells, mark: str) -> list[list[int]]:
    return [[int(t == mark) for t in row] for row in cells]


#: per example: grilops file, satgrid TOML, grid size, which printed block
#: (counted back from the verdict) and its cell width, and the two readers
EXAMPLES = {
    "akari": dict(
        kind="lightup", h=10, w=10, block=1, width=1,
        toml=lambda: toml("lightup", clues=cells_grid(10, 10, {p: _wall(v) for p, v in AKARI.items()})),
        grilops=lambda cells: shaded_cells(cells, "*"),
        satgrid=lambda res: res["grid"]),
    "araf": dict(
        kind="araf", h=7, w=7, block=1, width=1,
        toml=lambda: toml("araf", clues=cells_grid(7, 7, ARAF)),
        grilops=relabel, satgrid=lambda res: relabel(res["grid"])),
    "fillomino": dict(
        kind="fillomino", h=9, w=9, block=1, width=2,
        toml=lambda: toml("fillomino", clues=[["-" if t == "0" else t for t in row.split()]
                                              for row in FILLOMINO]),
        grilops=lambda cells: [[int(t) for t in row] for row in cells],
        satgrid=lambda res: res["grid"]),
    "heyawake": dict(
        kind="heyawake", h=7, w=7, block=1, width=1,
        toml=lambda: toml("heyawake", rooms=[list(r) for r in HEYAWAKE_ROOMS],
                          clues=_heyawake_clues()),
        grilops=lambda cells: shaded_cells(cells, "█"), satgrid=lambda res: res["grid"]),
    "kuromasu": dict(
        kind="kurodoko", h=11, w=11, block=1, width=2,
        toml=lambda: toml("kurodoko", clues=cells_grid(11, 11, KUROMASU)),
        grilops=lambda cells: shaded_cells(cells, "██"), satgrid=lambda res: res["grid"]),
    "lits": dict(
        kind="lits", h=10, w=10, block=3, width=1,
        toml=lambda: toml("lits", regions=[list(r) for r in LITS]),
        grilops=lambda cells: [[t or "." for t in row] for row in cells],
        satgrid=lambda res: res["shapes"]),
    "masyu": dict(
        kind="masyu", h=10, w=10, block=1, width=1,
        toml=lambda: toml("masyu", pearls=[[t if t != "." else "-" for t in r] for r in MASYU]),
        grilops=path_masks, satgrid=lambda res: res["grid"]),
    "numberlink": dict(
        kind="numberlink", h=7, w=7, block=1, width=1,
        toml=lambda: toml("numberlink", numbers=cells_grid(7, 7, NUMBERLINK, "-")),
        grilops=path_masks, satgrid=lambda res: res["grid"]),
    "nurikabe": dict(
        kind="nurikabe", h=9, w=10, block=1, width=1,
        toml=lambda: toml("nurikabe", clues=cells_grid(9, 10, NURIKABE)),
        grilops=lambda cells: shaded_cells(cells, "█"), satgrid=lambda res: res["grid"]),
    "shakashaka": dict(
        kind="shakashaka", h=10, w=10, block=1, width=1,
        toml=lambda: toml("shakashaka",
                          clues=cells_grid(10, 10, {p: _wall(v) for p, v in SHAKASHAKA.items()})),
        # grilops names a triangle by its black corner's directions, as satgrid does
        grilops=lambda cells: [[{"": ".", "█": "#", "◥": "tr", "◢": "br", "◣": "bl",
                                 "◤": "tl"}[t] for t in row] for row in cells],
        satgrid=lambda res: res["grid"]),
    "shikaku": dict(
        kind="shikaku", h=7, w=7, block=1, width=2,
        toml=lambda: toml("shikaku", clues=cells_grid(7, 7, SHIKAKU)),
        grilops=relabel, satgrid=lambda res: relabel(res["grid"])),
    "skyscraper": dict(
        kind="skyscrapers", h=5, w=5, block=1, width=1,
        toml=lambda: toml("skyscrapers", grid=_skyscraper_frame()),
        grilops=lambda cells: [[int(t) for t in row] for row in cells],
        satgrid=lambda res: res["grid"]),
    "slitherlink": dict(
        kind="slitherlink", h=6, w=6, block=1, width=1,
        toml=lambda: toml("slitherlink", clues=cells_grid(6, 6, SLITHERLINK, "-")),
        grilops=lambda cells: shaded_cells(cells, "█"), satgrid=lambda res: res["grid"]),
    "star_battle": dict(
        kind="starbattle", h=10, w=10, block=1, width=1,
        toml=lambda: toml("starbattle", stars=2, regions=[list(r) for r in STAR_BATTLE]),
        grilops=lambda cells: shaded_cells(cells, "*"), satgrid=lambda res: res["grid"]),
    "sudoku": dict(
        kind="sudoku", h=9, w=9, block=1, width=1,
        toml=lambda: toml("sudoku", size=9, givens=[[t if t != "0" else "." for t in r]
                                                     for r in SUDOKU]),
        grilops=lambda cells: [[int(t) for t in row] for row in cells],
        satgrid=lambda res: res["grid"]),
    "tapa": dict(
        kind="tapa", h=10, w=10, block=1, width=1,
        toml=lambda: toml("tapa", clues=cells_grid(10, 10, {p: ",".join(map(str, v))
                                                          for p, v in TAPA.items()})),
        grilops=lambda cells: shaded_cells(cells, "█"), satgrid=lambda res: res["grid"]),
    "yajilin": dict(
        kind="yajilin", h=12, w=12, block=1, width=1,
        toml=lambda: toml("yajilin", clues=_yajilin_clues()),
        # '#' shaded, '-' a clue or grey cell, else the loop's sides
        grilops=lambda cells: [["#" if t == "▮" else "-" if t in "▯▴▸▾◂" or t == ""
                                else PATH_MASK[t] for t in row] for row in cells],
        satgrid=lambda res: [["#" if sh else "-" if (r, c) in YAJILIN or (r, c) in YAJILIN_GRAYS
                              else m for c, (m, sh) in enumerate(zip(mrow, srow))]
                             for r, (mrow, srow) in enumerate(zip(res["grid"], res["shaded"]))]),
}


# ------------------------------------------------------------------- running
def grilops_available() -> str | None:
    """None when grilops and z3 import, else why not."""
    try:
        import grilops  # noqa: F401  (optional: the bench extra)
        import z3  # noqa: F401
    except ImportError as e:
        return f"grilops or z3 is not installed ({e}; pip install -e '.[bench]')"
    return None


def example_source(repo: Path, name: str) -> str:
    """``examples/NAME.py`` of the grilops repository: a work tree's file, or
    ``git show HEAD:examples/NAME.py`` of a bare git directory."""
    path = repo / "examples" / f"{name}.py"
    if path.is_file():
        return path.read_text()
    return subprocess.run(["git", "--git-dir", str(repo), "show", f"HEAD:examples/{name}.py"],
                          capture_output=True, text=True, check=True).stdout


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed_run(argv: list[str], limit: float, cwd=None) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run ``argv``: (wall seconds, its CPU seconds, the finished process).
    The CPU time is what a shared machine's load does not inflate."""
    c0, t0 = _children_cpu(), time.perf_counter()
    p = subprocess.run(argv, capture_output=True, text=True, timeout=limit, cwd=cwd)
    return time.perf_counter() - t0, _children_cpu() - c0, p


def run_grilops(source: str, workdir: Path, name: str, limit: float
                ) -> tuple[float, float, str]:
    """Run one example program as it is; (wall s, CPU s, its output)."""
    path = workdir / f"grilops_{name}.py"
    path.write_text(source)
    wall, cpu, p = timed_run([sys.executable, str(path)], limit)
    if p.returncode != 0:
        raise RuntimeError(f"grilops {name}: exit {p.returncode}: {p.stderr.strip()[-200:]}")
    return wall, cpu, p.stdout


def run_satgrid_process(path: Path, limit: float) -> tuple[float, float, str]:
    """``python -m satgrid solve FILE --unique`` in a fresh process; (wall s,
    CPU s, ``unique`` or what went wrong)."""
    wall, cpu, p = timed_run([sys.executable, "-m", "satgrid", "solve", str(path), "--unique"],
                             limit, cwd=ROOT)
    return wall, cpu, ("unique" if p.returncode == 0 and "unique: yes" in p.stdout
                       else f"exit {p.returncode}")


def solve_in_process(path: Path) -> tuple[float, float, dict, list[str]]:
    """Load and solve with uniqueness in this process; (wall s, CPU s,
    result, the referee's complaints about the answer)."""
    c0, t0 = time.process_time(), time.perf_counter()
    [p] = api.load(str(path))
    res = api.solve(p, unique=True)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    problems = p.check(res) if res["status"] == "sat" else ["no answer"]
    return wall, cpu, res, problems


def check_example(name: str, ex: dict, path: Path) -> tuple[float, float, dict]:
    """satgrid's side of one example, unique and referee-accepted (or raise):
    (wall s, CPU s, result)."""
    wall, cpu, res, problems = solve_in_process(path)
    if res["status"] != "sat" or not res.get("unique") or problems:
        raise AssertionError(f"{name}: satgrid {res['status']}, unique {res.get('unique')}, "
                             f"referee {problems[:1]}")
    return wall, cpu, res


def compare(name: str, ex: dict, out: str, res: dict) -> str:
    """``yes`` when grilops' printed answer equals satgrid's cell by cell."""
    if "Unique solution" not in out or "Alternate solution" in out or "No solution" in out:
        return "grilops: not unique"
    block = blocks_before_verdict(out)[-ex["block"]]
    mine = ex["satgrid"](res)
    theirs = ex["grilops"](cut_cells(block, ex["h"], ex["w"], ex["width"]))
    if theirs == mine:
        return "yes"
    diff = sum(a != b for ra, rb in zip(theirs, mine) for a, b in zip(ra, rb))
    return f"NO ({diff} cells differ)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--grilops", default=os.environ.get("GRILOPS_REPO", ""),
                    help="the grilops repository (work tree or bare git dir); "
                         "default $GRILOPS_REPO")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per side and example; the minimum is printed")
    ap.add_argument("--only", default="", help="comma-separated example names")
    ap.add_argument("--limit", type=float, default=600, help="seconds per grilops run")
    args = ap.parse_args()
    names = [n for n in EXAMPLES if not args.only or n in args.only.split(",")]
    print(f"# grilops examples and satgrid ({machine()}; {utc_stamp()}; "
          f"load {os.getloadavg()[0]:.2f})\n")
    why = grilops_available()
    repo = Path(args.grilops) if args.grilops else None
    if why is None and (repo is None or not repo.exists()):
        why = "no grilops repository (--grilops DIR or $GRILOPS_REPO; fetch obijywk/grilops)"
    if why:
        print(f"grilops column skipped: {why}\n")
    else:
        rev = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True).stdout.strip()
        print(f"grilops {version('grilops')} (examples at {rev or '?'}), "
              f"z3 {version('z3-solver')}; best of {args.repeat}\n")
    print("Seconds: wall (CPU of the process). grilops: its example program, whole process; "
          "satgrid: `python -m satgrid solve FILE --unique`, and load + solve in process. "
          "The ratio is of CPU seconds, grilops over satgrid's whole process.\n")
    print("| example | satgrid kind | size | grilops s | satgrid process s | "
          "satgrid in process s | grilops / satgrid (CPU) | agree |")
    print("|---|---|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in names:
            ex = EXAMPLES[name]
            path = work / f"{name}.toml"
            path.write_text(ex["toml"]())
            inproc = [check_example(name, ex, path) for _ in range(args.repeat)]
            res = inproc[0][2]
            runs = [run_satgrid_process(path, args.limit) for _ in range(args.repeat)]
            proc = min(runs)
            proc_s = f"{proc[0]:.2f} ({proc[1]:.2f})"
            if any(v != "unique" for _, _, v in runs):
                proc_s += f" {runs[0][2]}"
            in_s = f"{min(w for w, _, _ in inproc):.3f} ({min(c for _, c, _ in inproc):.3f})"
            g_s = ratio = "-"
            agree = "referee only"
            if not why:
                src = example_source(repo, name)
                try:
                    got = [run_grilops(src, work, name, args.limit) for _ in range(args.repeat)]
                except subprocess.TimeoutExpired:
                    g_s, agree = f">{args.limit:g}", "grilops: time limit"
                else:
                    g = min(got)
                    g_s, ratio = f"{g[0]:.2f} ({g[1]:.2f})", f"{g[1] / proc[1]:.1f}"
                    agree = compare(name, ex, got[0][2], res)
            print(f"| {name} | {ex['kind']} | {ex['h']}x{ex['w']} | {g_s} | {proc_s} "
                  f"| {in_s} | {ratio} | {agree} |", flush=True)

if __name__ == "__main__":
    main()
