"""``satgrid verify`` before and after the recompilation (issue 1/7, part 1).

For each seed puzzle, a certificate is written once (``solve --unique
--certify``, this checkout), then ``verify_folder`` is timed on it by the
old code (a git worktree of the commit before the recompiling verify,
``--base``, default ``/tmp/verify-base``: ``git worktree add /tmp/verify-base
7b48c7f``) and by this checkout, each in a fresh interpreter (``PYTHONPATH``
pointing at the one or the other), best of ``--rounds``. The old code reads
the same folder (it ignores the manifest's new ``compile`` entry).

Printed per instance: CPU seconds of the ``verify_folder`` call (on a
shared 2-core machine the wall clock moves with other people's work), CPU
seconds of the whole process (imports included: the new verify imports the
compiler), each with its ratio new/old, the wall seconds of the process, and
whether both ratios are within the goal (1.5x).

The certificate is written by the new code (``solve --unique --certify``
in a subprocess), so ``--new DIR`` (a worktree of a commit) keeps the whole
bench off uncommitted edits in the work tree.

Usage: ``python bench/bench_verify.py [--rounds N] [--base DIR] [--new DIR] [--only NAME ...]``
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, instance, machine, utc_stamp

SEEDS = ["sudoku-classic.toml", "vertex-sums-17-25-18-29.toml", "knight-moves-4.toml",
         "hooks-8.toml", "twenty-four-seven-2x2-2.toml"]
GOAL = 1.5

_SNIPPET = ("import sys, time; from satgrid.certify.verify import verify_folder; "
            "c = time.process_time(); w = time.perf_counter(); "
            "s = verify_folder(sys.argv[1]); "
            "print(time.process_time() - c, time.perf_counter() - w); "
            "print(s, file=sys.stderr)")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(code_root: Path, folder: Path) -> tuple[float, float, float, str]:
    """(CPU seconds of verify_folder, CPU seconds of the whole process, wall
    seconds of the process, summary)."""
    env = dict(os.environ, PYTHONPATH=str(code_root))
    c0 = _children_cpu()
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", _SNIPPET, str(folder)], env=env,
                       capture_output=True, text=True, timeout=1800, cwd=code_root)
    wall = time.perf_counter() - t0
    proc = _children_cpu() - c0
    if r.returncode != 0:
        raise SystemExit(f"{code_root}: verify {folder} failed: {r.stderr.strip()[-300:]}")
    cpu = float(r.stdout.split()[0])
    return cpu, proc, wall, r.stderr.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--base", default="/tmp/verify-base")
    ap.add_argument("--new", default=str(ROOT),
                    help="the new code (default: this checkout; a worktree of a commit "
                         "keeps the bench off other people's uncommitted edits)")
    ap.add_argument("--only", nargs="*", default=None)
    a = ap.parse_args()
    base, newer = Path(a.base), Path(a.new)
    for root in (base, newer):
        if not (root / "satgrid" / "certify" / "verify.py").is_file():
            raise SystemExit(f"{root}: no satgrid checkout there (git worktree add {root} "
                             "COMMIT)")
    print(f"# bench_verify: {machine()}; {utc_stamp()}")
    print(f"# old: {base}; new: {newer}; CPU seconds, best of {a.rounds}")
    print(f"{'instance':34} {'old cpu':>8} {'new cpu':>8} {'ratio':>6} {'old proc':>9} "
          f"{'new proc':>9} {'ratio':>6} {'old wall':>9} {'new wall':>9}  goal <= {GOAL}x")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for name in a.only or SEEDS:
            folder = Path(tmp) / name
            r = subprocess.run([sys.executable, "-m", "satgrid", "solve", instance(name),
                                "--unique", "--certify", str(folder)], capture_output=True,
                               text=True, env=dict(os.environ, PYTHONPATH=str(newer)),
                               cwd=newer, timeout=1800)
            if not (folder / "manifest.json").is_file():
                raise SystemExit(f"{name}: certify failed: {r.stderr.strip()[-300:]}")
            old = min((timed(base, folder) for _ in range(a.rounds)), key=lambda t: t[0])
            new = min((timed(newer, folder) for _ in range(a.rounds)), key=lambda t: t[0])
            if not new[3].startswith("verified: ") or "recompiled" not in new[3]:
                raise SystemExit(f"{name}: the new verify did not recompile: {new[3]}")
            ratio = new[0] / old[0] if old[0] else float("inf")
            pratio = new[1] / old[1] if old[1] else float("inf")
            worst = max(worst, ratio, pratio)
            print(f"{name:34} {old[0]:8.3f} {new[0]:8.3f} {ratio:5.2f}x {old[1]:9.3f} "
                  f"{new[1]:9.3f} {pratio:5.2f}x {old[2]:9.2f} {new[2]:9.2f}  "
                  f"{'met' if max(ratio, pratio) <= GOAL else 'NOT met'}", flush=True)
    print(f"# worst ratio {worst:.2f}x: goal {'met' if worst <= GOAL else 'NOT met'}")


if __name__ == "__main__":
    main()
