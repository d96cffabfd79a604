"""Speed-up of the Dask runners (satgrid.cluster) over the serial run, on this machine.

Three workloads, each run serially and then on a LocalCluster of ``--workers``
processes (default 2) in the same process, the results compared for equality:

* a collection of distinct hard Sudokus: the 95 of top95 turned into variants
  (digits relabelled, rows permuted within bands and bands among themselves,
  the same for columns and stacks, sometimes transposed) until N distinct
  grids (50,000; ``--quick`` 5,000), each answer compared with the published
  solution transformed the same way (decode and referee check included);
* a family of DIMACS files: ``family sudoku order=3 count=2000 --dimacs``
  (``--quick`` 200), every file compared byte for byte;
* a count: the 161,280 Latin squares of order 5 (``--quick``: with the
  corner given, 32,256), serial count against ``count --split 6``.

Then the Dask overhead per task (no-op tasks through the same scheduler) and
a projection, from the measured per-puzzle cost and per-task overhead, of
where the speed-up flattens as workers grow.

    python bench/bench_cluster.py [--quick] [--workers 2]

Times on a shared 2-core machine are noisy: the ratios, measured back to back
in one process, are the figures to read.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import pickle
import random
import sys
import tempfile
import time

from _common import ROOT, machine, utc_stamp  # noqa: F401  (ROOT puts the checkout on sys.path)

from satgrid.pipeline.families import generate
from satgrid.cluster import connect, count_split, solve_collection, write_family
from satgrid.cluster.client import DEFAULT_CHUNK_SIZE
from satgrid.cluster.tasks import in_order, submit_chunks
from satgrid.pipeline import collection as serial
from satgrid.pipeline.load import loads
from satgrid.pipeline.run import count

TOP95 = "/work/shared/benchmarks/sudoku-top95"


def _line(text: str) -> list[list[int]]:
    return [[0 if ch in ".0" else int(ch) for ch in text[r * 9:(r + 1) * 9]] for r in range(9)]


def _axis(rng: random.Random) -> list[int]:
    bands = rng.sample(range(3), 3)
    return [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]


def variants(n: int, seed: int = 1) -> tuple[str, list[list[list[int]]]]:
    """``n`` distinct variants of top95 as collection text, and their solutions."""
    with open(TOP95 + ".txt") as fh:
        puzzles = [_line(l.strip()) for l in fh if l.strip()]
    with open(TOP95 + ".solutions") as fh:
        sols = [_line(l.strip()) for l in fh if l.strip()]
    rng = random.Random(seed)
    seen, lines, answers = set(), [], []
    while len(lines) < n:
        i = rng.randrange(len(puzzles))
        rows, cols, digits = _axis(rng), _axis(rng), [0] + rng.sample(range(1, 10), 9)
        flip = rng.random() < 0.5

        def move(g):
            out = [[digits[g[r][c]] for c in cols] for r in rows]
            return [list(x) for x in zip(*out)] if flip else out
        p = move(puzzles[i])
        key = "".join(str(v) if v else "." for row in p for v in row)
        if key in seen:
            continue
        seen.add(key)
        lines.append(key)
        answers.append(move(sols[i]))
    return "\n".join(lines) + "\n", answers


def strip(r: dict) -> dict:
    return {k: v for k, v in r.items() if k != "stats"}


def strip_times(r: dict) -> dict:
    """A result without its seconds (what may differ between equal runs)."""
    return {**r, "stats": {k: v for k, v in r.get("stats", {}).items() if k != "seconds"}}


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def _cpu() -> float:
    return time.process_time()


def cpu_of(client, fn):
    """``(result, wall seconds, this process's CPU seconds, the busiest worker's
    CPU seconds, all workers' CPU seconds)`` of ``fn()``. CPU time does not
    grow while a process waits for a core, so on a loaded machine it tells
    what an idle one would show."""
    before, c0 = client.run(_cpu), time.process_time()
    out, wall = timed(fn)
    mine, after = time.process_time() - c0, client.run(_cpu)
    spent = [after[w] - before[w] for w in after if w in before]
    return out, wall, mine, max(spent), sum(spent)


def cpu_line(serial_cpu: float, mine: float, busiest: float, total: float,
             cores: int = 2) -> str:
    """An idle machine's speed-up estimated from CPU time: the serial CPU over
    the longer of the busiest worker's and the whole cluster's CPU spread over
    the cores (this process holds the LocalCluster's scheduler too)."""
    bound = max(busiest, (total + mine) / cores, 1e-9)
    return (f"CPU seconds: serial {serial_cpu:.2f}; cluster: this process (client and "
            f"scheduler) {mine:.2f}, workers {total:.2f} in all, the busiest {busiest:.2f}; "
            f"on an idle {cores}-core machine the speed-up would be about "
            f"{serial_cpu / bound:.2f}x (serial over max(busiest, all / {cores}))")


def part_collection(client, n: int, workers: int) -> tuple[float, float]:
    text, answers = variants(n)
    puzzles = loads(text, "variants.txt")
    c0 = time.process_time()
    ser, t_ser = timed(lambda: list(serial.solve_collection(puzzles)))
    cpu_ser = time.process_time() - c0
    bad = sum(r.get("grid") != a for r, a in zip(ser, answers))
    chunks = -(-n // DEFAULT_CHUNK_SIZE)
    # the serial run cut into the cluster's sessions: the fair baseline, and
    # the one whose results (statistics included) the cluster's must equal
    again = loads(text, "variants.txt")
    cut, t_cut = timed(lambda: list(serial.solve_collection(again, chunk_size=DEFAULT_CHUNK_SIZE)))
    fresh = loads(text, "variants.txt")     # as the command line has them: not solved before
    par, t_par, *cpu = cpu_of(client, lambda: list(solve_collection(fresh, client=client)))
    busy = [sum(r["stats"]["seconds"] for r in rs) for rs in (ser, par)]
    same_stats = [strip_times(r) for r in cut] == [strip_times(r) for r in par]
    ser, par = [strip(r) for r in ser], [strip(r) for r in par]
    same = par == ser
    size_in = len(pickle.dumps(fresh[:1000])) / 1000
    size_out = len(pickle.dumps(ser[:1000])) / 1000
    print(f"\n## Collection: {n:,} distinct top95 variants (decode and referee check included)\n")
    print("| run | seconds | puzzles/s |\n|---|---:|---:|")
    print(f"| serial (one session) | {t_ser:.2f} | {n / t_ser:,.0f} |")
    print(f"| serial, sessions of {DEFAULT_CHUNK_SIZE} (`--chunk-size {DEFAULT_CHUNK_SIZE}`) "
          f"| {t_cut:.2f} | {n / t_cut:,.0f} |")
    print(f"| {workers} workers, {chunks} chunks of {DEFAULT_CHUNK_SIZE} | {t_par:.2f} | "
          f"{n / t_par:,.0f} |")
    print(f"\nspeed-up over the serial run with the same sessions: {t_cut / t_par:.2f}x; "
          f"identical to it, statistics included (seconds aside): {same_stats}; "
          f"goal 5,000 puzzles/s on {workers} workers: "
          f"{'met' if n / t_par >= 5000 else 'NOT met'} ({n / t_par:,.0f}/s)")
    print(f"\nspeed-up {t_ser / t_par:.2f}x; identical to the serial run (stats aside): {same}; "
          f"answers differing from the published solutions: {bad}; shipped per puzzle: "
          f"{size_in:.0f} bytes out, {size_out:.0f} bytes back")
    print(f"time inside the solver loop (sum of the results' stats.seconds): serial "
          f"{busy[0]:.2f} s, on the workers {busy[1]:.2f} s in all ({busy[1] / workers:.2f} s "
          f"per worker if spread evenly): the rest of the wall time is loading, shipping "
          f"and waiting for a core")
    print(cpu_line(cpu_ser, *cpu))
    return t_ser / n, t_par


def part_family(client, count_: int) -> None:
    params = {"order": 3, "count": count_}
    with tempfile.TemporaryDirectory() as d:
        a, b = os.path.join(d, "serial"), os.path.join(d, "cluster")
        c0 = time.process_time()
        want, t_ser = timed(lambda: generate("sudoku", params, seed=11, out=a, dimacs=True))
        cpu_ser = time.process_time() - c0
        got, t_par, *cpu = cpu_of(client, lambda: write_family(
            "sudoku", params, seed=11, out=b, dimacs=True, client=client))
        names = [os.path.basename(p) for p in want]
        match = filecmp.cmpfiles(a, b, names, shallow=False)[0]
    print(f"\n## Family: sudoku order=3 count={count_:,} --dimacs ({len(want):,} files)\n")
    print(f"serial {t_ser:.2f} s, cluster {t_par:.2f} s: speed-up {t_ser / t_par:.2f}x; "
          f"identical files: {len(match)} of {len(names)}; same paths in the same order: "
          f"{[os.path.basename(p) for p in got] == names}")
    print(cpu_line(cpu_ser, *cpu))


def part_count(client, quick: bool, k: int) -> None:
    first = ". . . . ." if not quick else "1 . . . ."
    text = ('puzzle = "sudoku"\nsize = 5\nbox = "1x5"\ngivens = """\n' + first + "\n"
            + "\n".join([". . . . ."] * 4) + '\n"""\n')
    [p] = loads(text, "latin5.toml")
    want = 32256 if quick else 161280
    c0 = time.process_time()
    ser, t_ser = timed(lambda: count(p)["count"])
    cpu_ser = time.process_time() - c0
    par, t_par, *cpu = cpu_of(client, lambda: count_split(p, k, client=client))
    cubes = sum(c["seconds"] for c in par["cubes"])
    print(f"\n## Count: Latin squares of order 5{' with the corner given' if quick else ''} "
          f"(known: {want:,})\n")
    print(f"serial {ser:,} in {t_ser:.2f} s; --split {k} ({2 ** k} cubes) {par['count']:,} in "
          f"{t_par:.2f} s: speed-up {t_ser / t_par:.2f}x; exact: {ser == par['count'] == want}; "
          f"largest cube {max(c['count'] for c in par['cubes']):,} solutions, "
          f"{max(c['seconds'] for c in par['cubes']):.2f} s")
    print(f"the cubes took {cubes:.2f} s in all (the split alone changes the work: "
          f"{cubes / t_ser:.2f} of the serial count's time), so the parallel part of the "
          f"speed-up is {cubes / t_par:.2f}x")
    print(cpu_line(cpu_ser, *cpu))


def _noop(x):
    return x


def part_overhead(client, per_puzzle: float, workers: int, tasks: int = 400) -> None:
    futures = submit_chunks(client, _noop, [(i,) for i in range(tasks)], prefix="noop")
    _, t = timed(lambda: list(in_order(futures)))
    per_task = t / tasks
    print(f"\n## Dask overhead per task\n\n{tasks} no-op tasks round trip: {t:.2f} s, "
          f"{per_task * 1e3:.2f} ms per task (scheduler, client and transfer; on {workers} "
          f"workers)")
    print("\n## Projection: where the speed-up flattens\n")
    print("The scheduler hands out tasks one at a time, so W workers stay busy while a "
          "chunk of s puzzles (s x c seconds) outlasts the W tasks' overhead: "
          "speed-up(W) = N c / (N c / W + (N / s) o) with c the per-puzzle cost and o the "
          f"per-task overhead measured here (c = {per_puzzle * 1e3:.3f} ms, "
          f"o = {per_task * 1e3:.2f} ms).\n")
    print("| chunk size s | W = 2 | 8 | 32 | 128 | 512 | flattens near W = s c / o |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for s in (100, 1000, 6250, 25000):
        cells = []
        for w in (2, 8, 32, 128, 512):
            cells.append(f"{1 / (1 / w + per_task / (s * per_puzzle)):.1f}")
        print(f"| {s:,} | " + " | ".join(cells) + f" | {s * per_puzzle / per_task:,.0f} |")


def _warm() -> None:
    import satgrid.cluster.collection  # noqa: F401  (what the first task imports)
    import satgrid.cluster.family  # noqa: F401
    import satgrid.cluster.split  # noqa: F401


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args(argv)
    n = 5000 if a.quick else 50000
    fam = 200 if a.quick else 2000
    print(f"# satgrid on Dask: speed-up over the serial run\n\n{machine()}; {utc_stamp()}; "
          f"{a.workers} worker processes (LocalCluster, one thread each)"
          + ("; --quick" if a.quick else ""))
    t0 = time.perf_counter()
    with connect(workers=a.workers) as client:
        startup = time.perf_counter() - t0
        _, warm = timed(lambda: client.run(_warm))
        print(f"\nLocalCluster start: {startup:.2f} s; satgrid imported on the workers: "
              f"{warm:.2f} s (paid once per cluster, not counted below)")
        per_puzzle, _ = part_collection(client, n, a.workers)
        part_family(client, fam)
        part_count(client, a.quick, 6)
        part_overhead(client, per_puzzle, a.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
