"""Fillomino and Nurikabe from outside the project, unique-proven, against a baseline tree.

Each puzzle is solved with uniqueness (``api.solve(..., unique=True)``,
load and compile included, in a fresh process per puzzle so that no run
warms the next) by the checkout and, with ``--baseline DIR``, by another
tree of satgrid (for instance ``git archive HEAD~1 | tar -x -C /tmp/base``)
in the same run, puzzle by puzzle. Every answer found is checked by the
kind's referee, and the two trees' answers (grid and uniqueness) must agree
or the line says so.

The puzzles (sources in ``PUZZLES``): Janko's Fillomino nos. 15, 17, 21, 27,
31 and noqx's three Fillomino examples (``bench_region_modes.py`` has the
first six), a 10x10 from a blog (pzprxs); semiexp's (cspuz) Nurikabe
10x10, a 30x20 from a puzzle hunt's puzz.link link, 10x10s from a puzzle
app's list and a blog, the instances/ files of both kinds, and generated ones (``FAMILIES``,
seeds 1 and 2: not unique, the time to a second solution). Nurikabe
URLs are decoded here (number16) into TOML instances. Left out: noqx's
Nurikabe 19x12 and an app's 10x10-a, which hold '?' clues (the kind takes
numbers only), and a contest 10x10 whose URL holds 6 clues in 36 cells
(cut short: unsat as read).

Usage::

    .venv/bin/python bench/bench_region_speed.py [--limit 60] [--baseline DIR] [--clingo] [--only NAME,...]
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

from _common import ROOT, machine, utc_stamp
from bench_region_modes import JANKO, URLS
from satgrid.puzzles import puzzlink

#: (name, puz.link URL, where it was published or collected)
NURIKABE_URLS = [
    ("nurikabe-cspuz-10x10", "https://puzz.link/p?nurikabe/10/10/zj7n7j9n7t7i7n7zj",
     "semiexp's cspuz test (twitter.com/semiexp/status/1222541993638678530)"),
    ("nurikabe-hunt-30x20", "https://puzz.link/p?nurikabe/30/20/h4gbh7i-12j2m8h3r4u1i2zufgczger1h6l"
     "1zr2t1j3kal2zzj1m3zjdk3l1h4u2o3k3zq3t5i1keq9r3zk3g7zczj-10zz3g2j1r3g8j2p4h-10rcj1g5k1",
     "a puzzle hunt's page (AGE LIMIT), its puzz.link link"),
    ("nurikabe-app-10x10-b", "https://puzz.link/p?nurikabe/10/10/n2n2u2k2g2l2r2k2n2s2n-16",
     "a daily-puzzle app's list (pzprxs)"),
    ("nurikabe-app-10x10-c", "https://puzz.link/p?nurikabe/10/10/8i1h2g5p2zi5j22k4zh1p6g1h2i7",
     "a daily-puzzle app's list (pzprxs)"),
    ("nurikabe-blog-10x10", "https://puzz.link/p?nurikabe/10/10/l1h4s4n4l2kbn6k2l2n5s2h1l",
     "a blog's puzzle (2014-03-09)"),
]
FILLOMINO_URLS = [
    ("fillomino-noqx-15x15", "https://puzz.link/p?fillomino/15/15/h1o5i8g2m6g3g7i3h4h1i1g6g4h2g3h4g2"
     "i5h2i4h3l4k5m4m6k7o7k7m3m2k5l3h4i3h3i-10g4h4g1h3g7g1i8h4h3i2g2g2m8g6i1o1h",
     "noqx's example (two solutions, both referee-checked)"),
    ("fillomino-noqx-15x15-b", "https://puzz.link/p?fillomino/15/15/h1o5i8g2m6g3g7i3h4h1i1g6g4h2g3h"
     "4g2i5h2i4h3l4h1h5m4h2g2h6k7h3i3h7k7h2g2h3m2h1h5l3h4i3h3i-10g4h4g1h3g7g1i8h4h3i2g2g2m8g6i1o1h",
     "noqx's test list (the variant marked test: false)"),
    ("fillomino-noqx-9x9", "https://puzz.link/p?fillomino/9/9/rb-134k-13i-13i7k5h-13k-13h8k6i-13i-13"
     "k9-13am2j", "noqx's example"),
    ("fillomino-blog-10x10", "https://puzz.link/p?fillomino/10/10/5g13h53g1p2h1h4h35g4g44g1g2i1h3l3"
     "h2i5g5g54g1g62h4h6h1p5g23h32g6", "a blog's puzzle (2014-03-09)"),
]
#: generated puzzles (``satgrid family``, seeds 1 and 2; not promised unique)
FAMILIES = [("fillomino", ["rows=15", "cols=15", "largest=9", "shown=30"]), ("nurikabe", ["n=20"])]
INSTANCES = ["fillomino-janko-1.toml", "fillomino-janko-2.toml", "fillomino-janko-13.toml",
             "nurikabe-wikipedia.toml", "nurikabe-pzprjs-5x5.txt"]

CLINGO = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/bench")
from satgrid import api
from clingo_genres import GENRES, run_clingo
[p] = api.load(sys.argv[2])
claim, dt, dec = run_clingo(GENRES[p.kind], p, float(sys.argv[3]))
ok = None if dec is None else p.check(dec) == []
status = {"unique": "sat", "several": "sat", "sat, unique unknown": "sat"}.get(claim, claim)
print(json.dumps({"s": dt, "status": status, "unique": {"unique": True, "several": False}.get(claim),
                  "grid": dec and dec["grid"], "ok": ok}))
"""

RUN = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import importlib
import networkx  # noqa: F401  (imported lazily by the model: an import, not solving)
from satgrid import api
importlib.import_module("satgrid.puzzles." + sys.argv[2].rsplit("/", 1)[-1].split("-")[0])
t0 = time.perf_counter()
[p] = api.load(sys.argv[2])
res = api.solve(p, api.Options(time_limit=float(sys.argv[3])), unique=True)
dt = time.perf_counter() - t0
ok = p.check(res) == [] if res.get("status") == "sat" else None
st = res.get("stats", {})
print(json.dumps({"s": dt, "status": res.get("status"), "unique": res.get("unique"),
                  "grid": res.get("grid"), "ok": ok, "clauses": st.get("clauses"),
                  "cuts": st.get("cuts", 0)}))
"""


def nurikabe_toml(url: str, source: str) -> str:
    u = puzzlink.read(url, "<url>", ("nurikabe",))
    cells, _ = puzzlink.decode_number16(u, u.rows * u.cols)
    rows = [" ".join(str(v) if v else "." for v in cells[r * u.cols:(r + 1) * u.cols])
            for r in range(u.rows)]
    return f'puzzle = "nurikabe"\nsource = "{source}; {url}"\nclues = """\n' \
        + "\n".join(rows) + '\n"""\n'


def files(tmp: Path) -> list[Path]:
    out = []
    for no, text in JANKO.items():
        out.append(tmp / f"fillomino-janko-{no}.fillomino")
        out[-1].write_text(text + "\n")
    for name, url in URLS.items():
        if name.startswith("fillomino"):
            out.append(tmp / name)
            out[-1].write_text(url + "\n")
    for name, url, _ in FILLOMINO_URLS:
        out.append(tmp / f"{name}.url")
        out[-1].write_text(url + "\n")
    for name, url, source in NURIKABE_URLS:
        out.append(tmp / f"{name}.toml")
        out[-1].write_text(nurikabe_toml(url, source))
    out += [ROOT / "instances" / n for n in INSTANCES]
    for kind, params in FAMILIES:
        for seed in (1, 2):
            subprocess.run([sys.executable, "-m", "satgrid", "family", kind, *params, "-o",
                            str(tmp / "family"), "--seed", str(seed), "--quiet"], cwd=ROOT,
                           check=True, capture_output=True)
    out += sorted((tmp / "family").glob("*.toml"))
    return out


def run(tree: Path, f: Path, limit: float, script: str = RUN) -> dict:
    t0 = time.perf_counter()
    try:
        p = subprocess.run([sys.executable, "-c", script, str(tree), str(f), str(limit)],
                           capture_output=True, text=True, timeout=limit * 2 + 30)
    except subprocess.TimeoutExpired:
        return {"s": time.perf_counter() - t0, "status": "killed"}
    if p.returncode:
        return {"s": time.perf_counter() - t0, "status": "error: " + p.stderr.strip()[-200:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def cell(r: dict, limit: float) -> str:
    if r["status"] != "sat":
        return f">{limit:g} ({r['status']})" if r["status"] in ("unknown", "killed") \
            else r["status"]
    what = "unique" if r["unique"] else ("NOT unique" if r["unique"] is False else "?")
    return f"{r['s']:.2f} {what}" + ("" if r["ok"] else " REFEREE FAILED")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--baseline", help="another satgrid tree to run the same puzzles")
    ap.add_argument("--only", default="", help="comma-separated name fragments")
    ap.add_argument("--clingo", action="store_true",
                    help="also clingo on bench/asp/<kind>.lp (two models asked; grounding counted)")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-region-speed-"))
    todo = [f for f in files(tmp)
            if not a.only or any(x in f.name for x in a.only.split(","))]
    trees = [("now", ROOT)] + ([("baseline", Path(a.baseline).resolve())] if a.baseline else [])
    trees += [("clingo", ROOT)] if a.clingo else []
    print(f"{machine()}; {utc_stamp()}; in-process seconds (load, compile, solve, "
          f"uniqueness; imports not counted: satgrid's, networkx's, the kind's), fresh process each; limit {a.limit:g} s\n")
    print("| puzzle | " + " | ".join(n for n, _ in trees) + " | clauses now | agree |")
    print("|---|" + "---:|" * len(trees) + "---:|---|")
    times = {n: [] for n, _ in trees}
    for f in todo:
        got = {n: run(t, f, a.limit, CLINGO if n == "clingo" else RUN) for n, t in trees}
        for n, r in got.items():
            times[n].append((f.name.split("-")[0], r["s"] if r["status"] == "sat" else a.limit))
        res = list(got.values())
        done = [r for r in res if r["status"] == "sat" and r["unique"] is not None]
        agree = "-" if len(done) < 2 else (
            "yes" if all((r["grid"], r["unique"]) == (done[0]["grid"], done[0]["unique"])
                         for r in done if r["unique"]) and len({r["unique"] for r in done}) == 1
            else "**NO**")
        print(f"| {f.name} | " + " | ".join(cell(r, a.limit) for r in res)
              + f" | {got['now'].get('clauses') or 0:,} | {agree} |", flush=True)
    for kind in ("fillomino", "nurikabe"):
        line = []
        for n, ts in times.items():
            xs = [t for k, t in ts if k == kind]
            if xs:
                line.append(f"{n}: median {statistics.median(xs):.2f} s, max {max(xs):.2f} s, "
                            f"{sum(x < 1 for x in xs)}/{len(xs)} under 1 s")
        if line:
            print(f"\n{kind}: " + "; ".join(line))


if __name__ == "__main__":
    main()
