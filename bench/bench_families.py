"""Sizes of the generated families (variables and clauses by order), as exported.

Prints one Markdown table per family: the complete DIMACS each instance gets
(connectivity eager, givens as units), by order, with the time to generate and
compile. Deterministic: seed 0 everywhere.
"""

from __future__ import annotations

import tempfile
import time

from satgrid import api
from satgrid.pipeline.families import generate


def sizes(path: str) -> tuple[int, int]:
    [p] = api.load(path)
    m = api.compile_puzzle(p, api.Options(connectivity="eager"))
    return m.formula.nvars, m.formula.nclauses


def table(name: str, param: str, values, extra=None) -> None:
    print(f"\n### {name}\n")
    print(f"| {param} | variables | clauses | seconds |")
    print("|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as d:
        for v in values:
            t0 = time.perf_counter()
            params = {param: str(v), **(extra(v) if extra else {})}
            [path] = generate(name, params, seed=0, out=d)
            nv, nc = sizes(path)
            print(f"| {v} | {nv:,} | {nc:,} | {time.perf_counter() - t0:.2f} |", flush=True)


def main() -> int:
    print("Family sizes (complete DIMACS: eager connectivity, givens as units), seed 0")
    # sudoku: givens only add unit clauses; unique=0 keeps generation cheap for large orders
    table("sudoku", "order", [2, 3, 4, 5, 6, 7, 8], lambda o: {"unique": "0", "givens": str(o ** 4 // 3)})
    table("hooks", "n", [3, 4, 5, 6, 7, 8, 9, 10, 12])
    table("knights-tour", "n", [5, 6, 7, 8, 10])
    table("vertex-sums", "n", [3, 4, 5, 6, 8])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
