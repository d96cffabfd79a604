"""Run every benchmark script in bench/ in turn (``make bench``).

Each script prints its own figures and ratios against a baseline measured in
the same process; this runner only sequences them and prints, at the end,
each script's exit status (bench_dimacs.py exits 1 while a goal is unmet;
the others print their goals as "met" / "NOT met" lines, collected below).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ORDER = ["bench_dimacs.py", "bench_encodings.py", "bench_connectivity.py", "bench_sudoku.py",
         "bench_hooks.py", "bench_knight_moves.py", "bench_twentyfourseven.py",
         "bench_families.py"]


def main(argv: list[str]) -> int:
    names = argv or ORDER
    results = []
    for name in names:
        path = HERE / name
        if not path.exists():
            print(f"== {name}: missing", flush=True)
            results.append((name, None, 0.0, []))
            continue
        print(f"\n== {name}", flush=True)
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, str(path)], stdout=subprocess.PIPE, text=True)
        goals = []
        for line in p.stdout:
            print(line, end="", flush=True)
            if "goal" in line.lower() and ("met" in line.lower()):
                goals.append(line.strip())
        code = p.wait()
        results.append((name, code, time.perf_counter() - t0, goals))
    print("\n== summary")
    for name, code, secs, goals in results:
        state = "missing" if code is None else f"exit {code}"
        print(f"{name:28s} {secs:8.1f} s  {state}")
        for g in goals:
            print(f"    {g}")
    return 0 if all(c == 0 for _, c, _, _ in results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
