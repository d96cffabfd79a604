"""Start-up: what each command imports, its wall time, and grilops's Sudoku beside it.

Usage:  .venv/bin/python bench/bench_startup.py [--runs N] [--quick] [--baseline REV]
                                                [--part commands|kinds|all]

Every figure is a whole process (``python -m satgrid ...``), run ``--runs``
times (default 7, ``--quick`` 3), median and least shown:

1. the import time of each command, from ``python -X importtime``: the sum
   of the top-level entries' cumulative times, leaving out those that
   ``python -c pass`` has too (what every Python start pays: ``site``,
   ``encodings``), and how many satgrid modules the command loaded;
2. each command's wall time and CPU time (user + system of the process, less
   swayed by other work on a shared machine), ``python -c pass`` as the floor;
3. grilops's Sudoku (z3), written here after grilops's documented Sudoku
   example -- a 9x9 grid of the symbols 1..9, ``Distinct`` over every row,
   column and 3x3 box, the givens of ``instances/sudoku-classic.toml`` as
   ``cell_is`` constraints, ``solve`` then ``is_unique`` -- run as a whole
   process like satgrid's ``solve --unique``; the ratio satgrid / grilops.

4. (``--part kinds``) every kind's one-puzzle run, ``satgrid solve URL
   --unique`` as a whole process (issue 29: "a 10x10 puzzle of every kind
   under 0.15 s"): per kind the puzzle nearest a 10x10 grid among the
   shipped ones (``instances/``, the kind folders' ``examples/``) and a
   10x10 of the kind's family (``satgrid family NAME --seed 1``), the first
   of them, nearest first and shipped before generated, whose answer is
   unique and found in process within 3 s (a family's grid is "not promised
   unique", and a second answer searched for seconds would time the solver,
   not the start-up); given as its puzz.link URL when the kind writes one
   that reads back to the same answer, else as the file. Wall and CPU
   medians, the import time, and whether networkx was imported.

The baseline is the same commands on the tree of git revision ``--baseline``
(default HEAD, the code before uncommitted changes; after a commit pass the
commit before it), extracted with ``git archive`` into a temporary folder and
run from there in the same script, alternating with the working tree, so
both see the same machine load. Goals (issue 21): ``python -X importtime -c
"import satgrid.apps.cli"`` under 30 ms; a classic Sudoku ``solve --unique``
under 0.12 s wall.

Wall-clock times on a shared machine are noisy: compare within a run, and
read the least beside the median.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, api, machine, utc_stamp

PY = sys.executable
INSTANCES = ROOT / "instances"
SUDOKU = INSTANCES / "sudoku-classic.toml"

#: grilops's Sudoku, in the shape of its documented example, on the same givens
GRILOPS_SUDOKU = '''
import sys
from z3 import Distinct
import grilops
from grilops.geometry import Point

givens = [[0 if t == "." else int(t) for t in line.split()]
          for line in sys.argv[1].strip().splitlines()]
sym = grilops.make_number_range_symbol_set(1, 9)
lattice = grilops.get_square_lattice(9)
sg = grilops.SymbolGrid(lattice, sym)
for y, row in enumerate(givens):
    for x, v in enumerate(row):
        if v:
            sg.solver.add(sg.cell_is(Point(y, x), v))   # symbol index v is the number v
for i in range(9):
    sg.solver.add(Distinct(*[sg.grid[Point(i, x)] for x in range(9)]))
    sg.solver.add(Distinct(*[sg.grid[Point(y, i)] for y in range(9)]))
for by in range(0, 9, 3):
    for bx in range(0, 9, 3):
        sg.solver.add(Distinct(*[sg.grid[Point(by + y, bx + x)]
                                 for y in range(3) for x in range(3)]))
if sg.solve():
    sg.print()
    print("unique" if sg.is_unique() else "not unique")
else:
    print("no solution")
'''


def commands(tmp: Path) -> list[tuple[str, list[str]]]:
    """(label, argv after ``python``) of each command measured."""
    cnf = tmp / "sudoku.cnf"
    sat = ["-m", "satgrid"]
    return [
        ("import satgrid.apps.cli", ["-c", "import satgrid.apps.cli"]),
        ("--help", [*sat, "--help"]),
        ("solve sudoku --unique", [*sat, "solve", str(SUDOKU), "--unique"]),
        ("solve sudoku text", [*sat, "solve", str(INSTANCES / "sudoku-classic.txt")]),
        ("solve knight-moves", [*sat, "solve", str(INSTANCES / "knight-moves-example.toml")]),
        ("solve masyu", [*sat, "solve", str(INSTANCES / "masyu-janko-02.toml")]),
        ("count sudoku 4x4", [*sat, "count", str(INSTANCES / "sudoku-4x4.toml")]),
        ("stats sudoku", [*sat, "stats", str(SUDOKU)]),
        ("dimacs sudoku", [*sat, "dimacs", str(SUDOKU), "-o", str(cnf), "--force"]),
        ("solve sudoku.cnf", [*sat, "solve", str(cnf)]),
        ("encode atmost", [*sat, "encode", "atmost", "--n", "20", "--k", "3"]),
        ("solvers", [*sat, "solvers"]),
        ("app --help", [*sat, "app", "--help"]),
        ("family --list", [*sat, "family", "--list"]),
    ]


#: the grid side of the per-kind table's puzzles (issue 29's 10x10), and the goal (seconds, wall)
SIDE, KIND_GOAL = 10, 0.15
#: the in-process solve a candidate puzzle must pass: unique, within this many seconds
CHECK_SECONDS = 3.0


def shape(p) -> tuple[int, int]:
    """(rows, columns) of a puzzle (a square kind: its side twice)."""
    rows = getattr(p, "rows", None) or getattr(p, "n", None) or getattr(p, "size", None) or 0
    cols = getattr(p, "cols", None) or rows
    return int(rows), int(cols)


def as_url(p) -> str | None:
    """``p``'s puzz.link URL, when its kind's formats module writes one
    (``to_url``, a function or a format object's method)."""
    try:
        fm = importlib.import_module(type(p).__module__.rsplit(".", 1)[0] + ".formats")
    except ImportError:
        return None
    fn = getattr(fm, "to_url", None)
    if fn is None:
        objs = [o for o in vars(fm).values() if not isinstance(o, type) and hasattr(o, "to_url")]
        fn = objs[0].to_url if objs else None
    try:
        return fn(p) if fn else None
    except Exception:                    # a puzzle the URL cannot hold
        return None


def answer(p) -> tuple | None:
    """(answer, unique) of ``p`` solved in process with uniqueness within
    CHECK_SECONDS, or None (unsolved, over time)."""
    t0 = time.perf_counter()
    res = api.solve(p, api.Options(time_limit=CHECK_SECONDS), unique=True)
    if res.get("status") != "sat" or res.get("unique") is None:
        return None
    if time.perf_counter() - t0 > CHECK_SECONDS:
        return None
    return json.dumps(res.get("answer"), sort_keys=True, default=str), res["unique"]


def family_files(tmp: Path) -> list[Path]:
    """A SIDE x SIDE instance of every family whose parameters say its size
    (``n`` or ``rows``/``cols``), seed 1, written into ``tmp``."""
    from satgrid.puzzles import FOLDERS
    out = []
    for folder in FOLDERS:
        decl = json.loads((ROOT / "satgrid" / "puzzles" / folder.package / "kind.json")
                          .read_text(encoding="utf-8"))
        for fam in decl.get("families", []):
            names = {q["name"] for q in fam.get("params", [])}
            size = ([f"n={SIDE}"] if "n" in names else
                    [f"rows={SIDE}", f"cols={SIDE}"] if {"rows", "cols"} <= names else None)
            if size is None:
                continue
            dest = tmp / "families" / fam["name"]
            p = subprocess.run([PY, "-m", "satgrid", "family", fam["name"], "-o", str(dest),
                                "--seed", "1", "--quiet", *size], cwd=ROOT,
                               capture_output=True, text=True)
            if p.returncode == 0:
                out += sorted(dest.glob("*.toml"))
    return out


def kind_puzzles(tmp: Path) -> list[tuple[str, str, str, str]]:
    """(kind, what: file name and size, argument for ``solve``, how it was
    given: "url" or "file") per kind, in the registry's order (see the module
    docs for the choice)."""
    from satgrid.puzzles import KINDS
    shipped = [p for p in sorted(INSTANCES.iterdir()) if p.is_file()]
    shipped += sorted(q for q in (ROOT / "satgrid" / "puzzles").glob("*/examples/*") if q.is_file())
    made = family_files(tmp)
    cands: dict[str, list] = {}
    for rank, path in [(0, p) for p in shipped] + [(1, p) for p in made]:
        if "unsat" in path.name or path.suffix in (".solutions", ".cnf", ".md"):
            continue
        try:
            ps = api.load(str(path))
        except Exception:                # not a puzzle file (a collection's extras)
            continue
        if len(ps) != 1:
            continue
        r, c = shape(ps[0])
        cands.setdefault(ps[0].kind, []).append(
            ((abs(r * c - SIDE * SIDE), -r * c, rank, path.name), path, ps[0], r, c))
    out = []
    for kind in KINDS:
        found = {}                       # path -> its answer, the first pass's work kept
        for need_unique in (True, False):             # a kind whose puzzles all have more
            for _, path, p, r, c in sorted(cands.get(kind, []), key=lambda t: t[0]):
                got = found[path] if path in found else found.setdefault(path, answer(p))
                if got is None or (need_unique and not got[1]):
                    continue
                what = f"{path.name} ({r}x{c}{'' if got[1] else ', not unique'})"
                url = as_url(p)
                try:
                    [q] = api.loads(url, "-") if url else [None]
                    same = q is not None and q.kind == kind and answer(q) == got
                except Exception:
                    same = False
                out.append((kind, what, url, "url") if same else (kind, what, str(path), "file"))
                break
            else:
                continue
            break
        else:
            out.append((kind, f"no puzzle answered within {CHECK_SECONDS:.0f} s", "", ""))
    return out


def measure_kinds(trees: dict, runs: int, tmp: Path, floor_top: frozenset,
                  fw: float, before: str, after: str) -> None:
    """Part 4: the per-kind table (whole processes, both trees alternating)."""
    puzzles = kind_puzzles(tmp)
    res = {}
    for kind, _, arg, _ in puzzles:
        if not arg:
            continue
        argv = ["-m", "satgrid", "solve", arg, "--unique"]
        for t, tree in trees.items():
            try:
                run(argv, tree)                                  # warm up
            except SystemExit:
                res[t, kind] = None                              # the tree cannot read it
        for _ in range(runs):
            for t, tree in trees.items():
                if res.get((t, kind), 0) is None:
                    continue
                _, _, err = run(argv, tree, importtime=True)
                ms = import_profile(err, floor_top)[0]
                nx = any(re.search(r"\| +networkx$", ln) for ln in err.splitlines())
                w, c, _ = run(argv, tree)
                r = res.setdefault((t, kind), {"wall": [], "cpu": [], "imp": [], "nx": nx})
                r["wall"].append(w)
                r["cpu"].append(c)
                r["imp"].append(ms)
    print(f"\n## one puzzle of every kind: solve URL --unique, whole process (s, medians of "
          f"{runs}; python -c pass {fw:.3f} s wall), before = {before}, after = {after}\n")
    print("| kind | puzzle | given as | wall before | wall after | after least | ratio "
          "| CPU before | CPU after | imports ms before | after | networkx before -> after |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    over, total = [], 0

    def cell(r, key, f="{:.3f}"):
        return f.format(med(r[key])) if r else "failed"
    for kind, what, arg, how in puzzles:
        b, af = res.get(("before", kind)), res.get(("after", kind))
        if not arg:
            print(f"| {kind} | {what} | | | | | | | | | | |")
            continue
        total += 1
        if af and med(af["wall"]) >= KIND_GOAL:
            over.append(f"{kind} {med(af['wall']):.3f}")
        ratio = f"{med(af['wall']) / med(b['wall']):.2f}" if af and b else ""
        least = f"{min(af['wall']):.3f}" if af else ""
        nx = " -> ".join("-" if r is None else "yes" if r["nx"] else "no" for r in (b, af))
        print(f"| {kind} | {what} | {how} | {cell(b, 'wall')} | {cell(af, 'wall')} | {least} "
              f"| {ratio} | {cell(b, 'cpu')} | {cell(af, 'cpu')} | {cell(b, 'imp', '{:.0f}')} "
              f"| {cell(af, 'imp', '{:.0f}')} | {nx} |")
    print(f"\n- goal (issue 29): every kind under {KIND_GOAL} s wall as a whole process: "
          f"{total - len(over)} of {total} kinds met"
          + (f"; over: {', '.join(over)}" if over else ""))


LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \| ( *)(\S+)")


def import_profile(text: str, skip: frozenset = frozenset()) -> tuple[float, int, set]:
    """Of ``-X importtime`` output: milliseconds of the top-level imports
    (their cumulative times) other than those named in ``skip`` (what
    ``python -c pass`` imports at top level), satgrid modules imported, and
    the names of the top-level imports."""
    total, ours, top = 0, 0, set()
    for line in text.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        if not m.group(3):
            top.add(m.group(4))
            if m.group(4) not in skip:
                total += int(m.group(2))
        ours += m.group(4).startswith("satgrid")
    return total / 1000, ours, top


def timed(cmd: list[str], **kw) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, CPU seconds: user + system of the child, the completed
    process) of one run of ``cmd``."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, **kw)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), p


def run(argv: list[str], tree: Path, importtime: bool = False) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stderr) of one process ``python [-X importtime]
    argv`` run from ``tree`` (its satgrid comes first on the path)."""
    env = dict(os.environ, PYTHONPATH=str(tree), COLUMNS="80")
    # byte code written and read, in both trees alike (a start-up is timed as users meet
    # it: compiling every module on every run would time the compiler)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [PY, *(["-X", "importtime"] if importtime else []), *argv]
    wall, cpu, p = timed(cmd, cwd=tree, env=env)
    if p.returncode not in (0, 1, 10, 20):
        raise SystemExit(f"{' '.join(argv)} failed in {tree} (exit {p.returncode}):\n"
                         f"{p.stderr[-2000:]}")
    return wall, cpu, p.stderr


def baseline_tree(rev: str, dest: Path) -> str:
    """Extract satgrid/ and instances/ of ``rev`` into ``dest``; the revision's short id.
    A folder holding a ``satgrid/`` package is taken as it is (a revision
    patched by hand, say): its satgrid/ is copied, named by its path."""
    if (Path(rev) / "satgrid" / "__init__.py").is_file():
        shutil.copytree(Path(rev) / "satgrid", dest / "satgrid", symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
        return str(Path(rev).resolve())
    short = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "archive", rev, "satgrid"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return short


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="processes per figure (median, least)")
    ap.add_argument("--quick", action="store_true", help="3 runs per figure")
    ap.add_argument("--baseline", default="HEAD",
                    help="git revision of the baseline tree, or a folder holding a satgrid/")
    ap.add_argument("--after", default="",
                    help="the tree measured against the baseline: the working tree (default), "
                         "or a git revision or folder as --baseline takes")
    ap.add_argument("--part", choices=("commands", "kinds", "all"), default="all",
                    help="the commands' tables and grilops (1-3), the per-kind table (4), or both")
    a = ap.parse_args()
    runs = 3 if a.quick else a.runs
    print(f"# bench_startup: {utc_stamp()}; {machine()}; {runs} runs per figure")
    print("# (a shared machine: compare within the run; median and least shown)")
    with tempfile.TemporaryDirectory(prefix="satgrid-startup-") as td:
        tmp = Path(td)
        base = tmp / "base"
        base.mkdir()
        rev = baseline_tree(a.baseline, base)
        if not Path(a.baseline).is_dir() and subprocess.run(
                ["git", "diff", "--quiet", a.baseline, "--", "satgrid"], cwd=ROOT).returncode == 0:
            print(f"# note: satgrid/ at {a.baseline} is the working tree's: pass --baseline "
                  "with the commit before the change (c1e003e for issue 21's start-up work)")
        trees = {"before": base, "after": ROOT}
        if a.after:
            trees["after"] = tmp / "after"
            trees["after"].mkdir()
            print(f"# after = {a.after} ({baseline_tree(a.after, trees['after'])}), "
                  "not the working tree")
        cmds = commands(tmp) if a.part != "kinds" else []
        # warm up: byte-compile both trees, write the CNF the DIMACS command reads
        for tree in trees.values():
            for _, argv in cmds:
                run(argv, tree)
        floor_top = frozenset(import_profile(run(["-c", "pass"], ROOT, importtime=True)[2])[2])
        floor_wall, floor_cpu = [], []
        imp = {(t, c): [] for t in trees for c, _ in cmds}
        wall = {(t, c): [] for t in trees for c, _ in cmds}
        cpu = {(t, c): [] for t in trees for c, _ in cmds}
        mods = {}
        for _ in range(runs):
            w, c, _ = run(["-c", "pass"], ROOT)
            floor_wall.append(w)
            floor_cpu.append(c)
            for label, argv in cmds:
                for t, tree in trees.items():
                    ms, n, _ = import_profile(run(argv, tree, importtime=True)[2], floor_top)
                    imp[t, label].append(ms)
                    mods[t, label] = n
                    w, c, _ = run(argv, tree)
                    wall[t, label].append(w)
                    cpu[t, label].append(c)
        fw, fc = med(floor_wall), med(floor_cpu)
        if cmds:
            print(f"\n## import time per command (ms: the top-level imports of -X importtime "
                  f"other than python -c pass's {', '.join(sorted(floor_top))}), "
                  f"before = {a.baseline} ({rev}), after = {a.after or 'the working tree'}\n")
            print("| command | before median | after median | after least | ratio after/before "
                  "| satgrid modules before -> after |")
            print("|---|---:|---:|---:|---:|---:|")
            for label, _ in cmds:
                b, af = med(imp["before", label]), med(imp["after", label])
                print(f"| {label} | {b:.1f} | {af:.1f} | {min(imp['after', label]):.1f} "
                      f"| {af / b:.2f} | {mods['before', label]} -> {mods['after', label]} |")
            print(f"\n## wall and CPU time per command (ms, medians; python -c pass: wall "
                  f"{1e3 * fw:.1f}, CPU {1e3 * fc:.1f})\n")
            print("| command | wall before | wall after | after least | ratio | CPU before "
                  "| CPU after | ratio |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            for label, _ in cmds:
                b, af = med(wall["before", label]), med(wall["after", label])
                cb, ca = med(cpu["before", label]), med(cpu["after", label])
                print(f"| {label} | {1e3 * b:.1f} | {1e3 * af:.1f} "
                      f"| {1e3 * min(wall['after', label]):.1f} | {af / b:.2f} "
                      f"| {1e3 * cb:.1f} | {1e3 * ca:.1f} | {ca / cb:.2f} |")
            # grilops, alternating with satgrid's solve --unique
            givens = SUDOKU.read_text(encoding="utf-8").split('"""')[1]
            script = tmp / "grilops_sudoku.py"
            script.write_text(GRILOPS_SUDOKU, encoding="utf-8")
            have = subprocess.run(
                [PY, "-c", "import grilops, z3"], capture_output=True).returncode == 0
            solve = dict(cmds)["solve sudoku --unique"]
            ours, theirs = [], []
            if have:
                out = subprocess.run([PY, str(script), givens], capture_output=True, text=True)
                if out.returncode or "unique" not in out.stdout.splitlines()[-1:][0]:
                    raise SystemExit(f"grilops example failed: {out.stdout}{out.stderr}")
                for _ in range(runs):
                    ours.append(run(solve, ROOT)[:2])
                    theirs.append(timed([PY, str(script), givens], cwd=tmp)[:2])
            cli = med(imp["after", "import satgrid.apps.cli"])
            print("\n## goals\n")
            print(f"- CLI import (python -X importtime -c 'import satgrid.apps.cli'): {cli:.1f} ms "
                  f"median (least {min(imp['after', 'import satgrid.apps.cli']):.1f}; before "
                  f"{med(imp['before', 'import satgrid.apps.cli']):.1f}); "
                  f"goal < 30 ms: {'met' if cli < 30 else 'NOT met'}")
            key = "solve sudoku --unique"
            sw, sc = med(wall["after", key]), med(cpu["after", key])
            print(f"- classic Sudoku solve --unique: {sw:.3f} s wall median (least "
                  f"{min(wall['after', key]):.3f}; before {med(wall['before', key]):.3f}; "
                  f"python -c pass {fw:.3f}), CPU {sc:.3f} s (before "
                  f"{med(cpu['before', key]):.3f}, python -c pass {fc:.3f}); goal < 0.12 s "
                  f"wall: {'met' if sw < 0.12 else 'NOT met'} "
                  f"({'met' if sc < 0.12 else 'not met'} in CPU time)")
            if have:
                ow, oc = med([w for w, _ in ours]), med([c for _, c in ours])
                tw, tc = med([w for w, _ in theirs]), med([c for _, c in theirs])
                print(f"- against grilops's Sudoku example (z3, whole process, uniqueness "
                      f"included): satgrid {ow:.3f} s wall / {oc:.3f} s CPU, grilops {tw:.3f} s "
                      f"wall / {tc:.3f} s CPU (medians); ratio satgrid/grilops {ow / tw:.2f} wall, "
                      f"{oc / tc:.2f} CPU")
            else:
                print("- grilops / z3 not installed (the bench extra): comparison skipped")
        if a.part != "commands":
            measure_kinds(trees, runs, tmp, floor_top, fw, f"{a.baseline} ({rev})",
                          a.after or "the working tree")


if __name__ == "__main__":
    main()
