"""Compile and load of the seed kinds: satgrid against a bare PySAT load, and
against an older satgrid, in the same run.

For every instance of the seed kinds (Sudoku, Vertex Sums, Knight Moves,
Hooks, Twenty Four Seven) in ``instances/``, two stages of ``satgrid solve``:

- **build**: ``api.compile_puzzle(p, Options())`` -- the kind's ``build`` on a
  Model, every encoding, the givens;
- **load**: ``Model.session()`` -- a CaDiCaL 1.9.5 made and the formula's
  clauses handed to it.

Each figure is CPU time in a fresh process (``cold``: the first compile of
the process, as a single ``satgrid solve`` pays it, with the encoders' shape
caches and the kinds' tables still empty; imports are done beforehand, they
are start-up, not compile) and the median of ``--warm`` further compiles in
the same process (``warm``: a collection, the workbench, a benchmark loop);
the median over ``--repeat`` processes. Beside them, ``unique``: CPU time
of ``solve --unique`` end to end in the same process (load the file,
compile, load the solver, solve with the lazy cuts, decode, the referee,
the uniqueness proof; median of ``--warm``), which for Knight Moves 4 and
Hooks 8 must be no slower than before.

Baselines, each measured in this same run:

- ``bare``: PySAT alone loading the very same clause list,
  ``Solver("cadical195").append_formula(clauses)`` (bare / load says what
  satgrid's load costs against PySAT's own);
- ``before`` (unless ``--no-baseline``): the same figures for the satgrid of
  commit ``--baseline-rev`` (default: the commit before the compile-and-load
  work of issue 21), exported with ``git archive`` into a temporary folder,
  its processes alternating with this tree's; ratio = before / now.

Usage::

    .venv/bin/python bench/bench_compile.py [--quick] [--repeat 5] [--warm 3]
        [--baseline-rev c1e003e | --no-baseline] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the commit before the compile-and-load work of issue 21 (part 2)
BASELINE_REV = "c1e003e"

#: the seed kinds' instances (instances/), a few quick ones first
INSTANCES = [
    "sudoku-classic.toml", "sudoku-16x16.toml",
    "vertex-sums-4x4.toml", "vertex-sums-17-25-18-29.toml",
    "knight-moves-4.toml", "knight-moves-generated-6x6.toml",
    "hooks-8.toml", "hooks-size-5.toml",
    "twenty-four-seven-2x2-2.toml", "twenty-four-seven-generated-1.toml",
]
QUICK = ["sudoku-classic.toml", "vertex-sums-17-25-18-29.toml", "knight-moves-4.toml",
         "hooks-8.toml", "twenty-four-seven-2x2-2.toml"]


def _imports() -> None:
    """Import every satgrid module (but the command line's) and networkx, which
    a compile may import lazily, so that the times below are compile and
    load, not start-up (part 1 of issue 21 measures that)."""
    import importlib
    import pkgutil
    import networkx  # noqa: F401  (the kinds' grid graphs)
    import satgrid
    for mod in pkgutil.walk_packages(satgrid.__path__, "satgrid."):
        if any(part in mod.name for part in (".apps", ".cluster", ".atlas", "__main__")):
            continue                 # commands, Dask, sweeps: not on the compile path
        try:
            importlib.import_module(mod.name)
        except Exception:            # an optional dependency: not on the compile path
            pass


def measure_one(name: str, warm: int) -> dict:
    """One process's figures for one instance, in CPU seconds: the first
    compile and load of the process (``cold``: the encoders' shape caches and
    the kinds' tables empty, as in a single ``satgrid solve``), then the
    median of ``warm`` more (``warm``), and the bare PySAT load of the same
    clauses (median of ``warm``, at least 1)."""
    from pysat.solvers import Solver     # the bare baseline
    from satgrid import api
    from satgrid.util import paused_gc
    _imports()
    rows = []
    for _ in range(1 + warm):
        [p] = api.load(str(ROOT / "instances" / name))    # fresh: nothing kept on it
        c0 = time.process_time()
        m = api.compile_puzzle(p, api.Options())
        c1 = time.process_time()
        s = m.session()
        c2 = time.process_time()
        clauses = m.formula.clauses
        c3 = time.process_time()
        with paused_gc():
            bare = Solver("cadical195")
            bare.append_formula(clauses)
        c4 = time.process_time()
        rows.append((c1 - c0, c2 - c1, c4 - c3))
        bare.delete()
        s.close()
    total = m.formula.total()
    later = rows[1:] or rows
    ends = []                            # end to end: what `satgrid solve --unique` does
    for _ in range(max(1, warm)):
        c0 = time.process_time()
        [p] = api.load(str(ROOT / "instances" / name))
        api.solve(p, api.Options(), unique=True)
        ends.append(time.process_time() - c0)
    return dict(cold_build=rows[0][0], cold_load=rows[0][1], unique=statistics.median(ends),
                warm_build=statistics.median(r[0] for r in later),
                warm_load=statistics.median(r[1] for r in later),
                bare=statistics.median(r[2] for r in later),
                variables=total.variables, clauses=total.clauses)


def run_child(tree: str, name: str, warm: int) -> dict:
    """:func:`measure_one` in a fresh process running the satgrid in ``tree``."""
    cmd = [sys.executable, __file__, "--tree", tree, "--child", name, "--warm", str(warm)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{tree}: {name}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout)


def measure(trees: dict[str, str], names: list[str], repeat: int, warm: int) -> dict:
    """Per tree and instance, the median over ``repeat`` fresh processes (the
    trees alternating, so both see the same machine)."""
    runs = {t: {n: [] for n in names} for t in trees}
    for _ in range(repeat):
        for n in names:
            for t, path in trees.items():
                runs[t][n].append(run_child(path, n, warm))
    out = {}
    for t in trees:
        out[t] = {}
        for n in names:
            rs = runs[t][n]
            out[t][n] = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
    return out


def export(rev: str, into: str) -> str:
    """The tree of commit ``rev`` (``git archive``, read-only on the repository)."""
    arch = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True,
                          check=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=arch, check=True)
    return into


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="five instances, 3 processes each")
    ap.add_argument("--repeat", type=int, default=None, help="processes per instance (5)")
    ap.add_argument("--warm", type=int, default=3, help="compiles after the first, per process")
    ap.add_argument("--baseline-rev", default=BASELINE_REV)
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--tree", help=argparse.SUPPRESS)      # the satgrid to measure
    ap.add_argument("--child", help=argparse.SUPPRESS)     # one instance, this process
    a = ap.parse_args(argv)
    if a.child:
        sys.path.insert(0, a.tree or str(ROOT))
        print(json.dumps(measure_one(a.child, a.warm)))
        return 0
    repeat = a.repeat or (3 if a.quick else 5)
    names = QUICK if a.quick else INSTANCES
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": str(ROOT)}
        if not a.no_baseline:
            trees["before"] = export(a.baseline_rev, tmp)
        res = measure(trees, names, repeat, a.warm)
    if a.json:
        print(json.dumps(res))
        return 0
    now, before = res["now"], res.get("before")
    print(f"compile (build) and load into CaDiCaL 1.9.5, CPU ms, median of {repeat} processes; "
          f"cold = the first compile of a process (imports done), warm = median of {a.warm} "
          f"later ones; bare = PySAT append_formula of the same clauses; unique = "
          f"`solve --unique` end to end (load, compile, solve, check, uniqueness)"
          + (f"; x = satgrid {a.baseline_rev} / now" if before else ""))
    head = (f"{'instance':34s} {'vars':>6s} {'clauses':>7s} {'build':>6s} {'load':>5s} "
            f"{'warm b':>6s} {'warm l':>6s} {'bare':>5s} {'bare/l':>6s}")
    head += f" {'unique':>6s}"
    if before:
        head += (f" {'b.build':>7s} {'b.load':>6s} {'b.warm':>6s} {'x cold':>6s} {'x warm':>6s}"
                 f" {'x uniq':>6s}")
    print(head)
    worst = worst_warm = None
    for n in names:
        r = now[n]
        line = (f"{n:34s} {r['variables']:6.0f} {r['clauses']:7.0f} {1e3 * r['cold_build']:6.1f} "
                f"{1e3 * r['cold_load']:5.1f} {1e3 * r['warm_build']:6.1f} "
                f"{1e3 * r['warm_load']:6.1f} {1e3 * r['bare']:5.1f} "
                f"{r['bare'] / r['warm_load']:5.2f}x {1e3 * r['unique']:6.1f}")
        if before:
            b = before[n]
            cold = (b["cold_build"] + b["cold_load"]) / (r["cold_build"] + r["cold_load"])
            warm = (b["warm_build"] + b["warm_load"]) / (r["warm_build"] + r["warm_load"])
            worst = cold if worst is None else min(worst, cold)
            worst_warm = warm if worst_warm is None else min(worst_warm, warm)
            line += (f" {1e3 * b['cold_build']:7.1f} {1e3 * b['cold_load']:6.1f} "
                     f"{1e3 * (b['warm_build'] + b['warm_load']):6.1f} {cold:5.2f}x {warm:5.2f}x "
                     f"{b['unique'] / r['unique']:5.2f}x")
        print(line)
    if worst is not None:
        print(f"goal: build + load >= 2x faster than {a.baseline_rev} on every instance: "
              f"cold {'met' if worst >= 2 else 'NOT met'} (lowest {worst:.2f}x), "
              f"warm {'met' if worst_warm >= 2 else 'NOT met'} (lowest {worst_warm:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
