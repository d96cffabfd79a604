"""Run every benchmark of bench/ in turn, each in its own process (``make bench``).

Each script prints its own figures, with the baseline it is measured against
timed in the same run; this runner adds a header per script with the command,
the machine and the date, and a closing summary of wall time and exit status.
``--quick`` passes each script's reduced option where it has one (for a smoke
run; the figures in RESULTS.md come from full runs). ``--only NAME`` (repeat)
runs a subset, by the script's name without ``bench_`` and ``.py``.

Usage: ``python bench/run_all.py [--quick] [--only sudoku] [--only dimacs] ...``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from _common import machine, utc_stamp

HERE = os.path.dirname(os.path.abspath(__file__))

#: script -> (arguments of a full run, arguments of a quick run)
SCRIPTS = {
    "dimacs": ([], ["--clauses", "200000", "--vars", "30000", "--rounds", "1"]),
    "encodings": ([], []),
    "sudoku": ([], ["--rounds", "1"]),
    "connectivity": ([], ["--quick"]),
    "hooks": ([], ["--seconds", "20"]),
    "knight_moves": ([], ["--no-baseline"]),
    "twentyfourseven": ([], ["--quick"]),
    "compile": ([], ["--quick"]),
    "families": ([], []),
    "certify": ([], []),
    "paths": ([], ["--quick"]),
    "session_memory": ([], ["--quick"]),
    "collection_overhead": ([], ["--quick"]),
    "startup": ([], ["--quick"]),
    "cluster": ([], ["--quick"]),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="each script's reduced run")
    ap.add_argument("--only", action="append", choices=sorted(SCRIPTS), metavar="NAME",
                    help=f"run only these ({', '.join(SCRIPTS)}); repeatable")
    a = ap.parse_args(argv)
    names = a.only or list(SCRIPTS)
    print(f"# bench/run_all.py{' --quick' if a.quick else ''}: {utc_stamp()}; {machine()}\n")
    summary = []
    for name in names:
        full, quick = SCRIPTS[name]
        cmd = [sys.executable, os.path.join(HERE, f"bench_{name}.py"), *(quick if a.quick else full)]
        print(f"## bench_{name}.py {' '.join(cmd[2:])}".rstrip(), flush=True)
        t0 = time.perf_counter()
        code = subprocess.call(cmd)
        seconds = time.perf_counter() - t0
        summary.append((name, code, seconds))
        print(f"\n[bench_{name}.py: exit {code}, {seconds:.1f} s]\n", flush=True)
    print("| script | exit | seconds |\n|---|---|---|")
    for name, code, seconds in summary:
        print(f"| bench_{name}.py | {code} | {seconds:.1f} |")
    return max((code for _, code, _ in summary), default=0)


if __name__ == "__main__":
    sys.exit(main())
