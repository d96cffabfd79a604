"""Start-up: what each command imports, its wall time, and grilops's Sudoku beside it.

Usage:  .venv/bin/python bench/bench_startup.py [--runs N] [--quick] [--baseline REV]

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
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, machine, utc_stamp

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
    cmd = [PY, *(["-X", "importtime"] if importtime else []), *argv]
    wall, cpu, p = timed(cmd, cwd=tree, env=env)
    if p.returncode not in (0, 1, 10, 20):
        raise SystemExit(f"{' '.join(argv)} failed in {tree} (exit {p.returncode}):\n"
                         f"{p.stderr[-2000:]}")
    return wall, cpu, p.stderr


def baseline_tree(rev: str, dest: Path) -> str:
    """Extract satgrid/ and instances/ of ``rev`` into ``dest``; the revision's short id."""
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
    ap.add_argument("--baseline", default="HEAD", help="git revision of the baseline tree")
    a = ap.parse_args()
    runs = 3 if a.quick else a.runs
    print(f"# bench_startup: {utc_stamp()}; {machine()}; {runs} runs per figure")
    print("# (a shared machine: compare within the run; median and least shown)")
    with tempfile.TemporaryDirectory(prefix="satgrid-startup-") as td:
        tmp = Path(td)
        base = tmp / "base"
        base.mkdir()
        rev = baseline_tree(a.baseline, base)
        if subprocess.run(["git", "diff", "--quiet", a.baseline, "--", "satgrid"],
                          cwd=ROOT).returncode == 0:
            print(f"# note: satgrid/ at {a.baseline} is the working tree's: pass --baseline "
                  "with the commit before the change (c1e003e for issue 21's start-up work)")
        trees = {"before": base, "after": ROOT}
        cmds = commands(tmp)
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
        print(f"\n## import time per command (ms: the top-level imports of -X importtime "
              f"other than python -c pass's {', '.join(sorted(floor_top))}), "
              f"before = {a.baseline} ({rev}), after = the working tree\n")
        print("| command | before median | after median | after least | ratio after/before "
              "| satgrid modules before -> after |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, _ in cmds:
            b, af = med(imp["before", label]), med(imp["after", label])
            print(f"| {label} | {b:.1f} | {af:.1f} | {min(imp['after', label]):.1f} "
                  f"| {af / b:.2f} | {mods['before', label]} -> {mods['after', label]} |")
        fw, fc = med(floor_wall), med(floor_cpu)
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
              f"python -c pass {fw:.3f}), CPU {sc:.3f} s (before {med(cpu['before', key]):.3f}, "
              f"python -c pass {fc:.3f}); goal < 0.12 s wall: {'met' if sw < 0.12 else 'NOT met'}"
              f" ({'met' if sc < 0.12 else 'not met'} in CPU time)")
        if have:
            ow, oc = med([w for w, _ in ours]), med([c for _, c in ours])
            tw, tc = med([w for w, _ in theirs]), med([c for _, c in theirs])
            print(f"- against grilops's Sudoku example (z3, whole process, uniqueness "
                  f"included): satgrid {ow:.3f} s wall / {oc:.3f} s CPU, grilops {tw:.3f} s "
                  f"wall / {tc:.3f} s CPU (medians); ratio satgrid/grilops {ow / tw:.2f} wall, "
                  f"{oc / tc:.2f} CPU")
        else:
            print("- grilops / z3 not installed (the bench extra): comparison skipped")


if __name__ == "__main__":
    main()
