"""Run every benchmark script in bench/ in turn (``make bench``).

Each script prints its own figures and ratios against a baseline measured in
the same process; this runner only sequences them and prints, at the end,
which ones reported an unmet goal (non-zero exit status).
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
            results.append((name, None, 0.0))
            continue
        print(f"\n== {name}", flush=True)
        t0 = time.perf_counter()
        code = subprocess.call([sys.executable, str(path)])
        results.append((name, code, time.perf_counter() - t0))
    print("\n== summary")
    for name, code, secs in results:
        state = "missing" if code is None else ("goals met" if code == 0 else f"exit {code}: see above")
        print(f"{name:28s} {secs:8.1f} s  {state}")
    return 0 if all(c == 0 for _, c, _ in results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
