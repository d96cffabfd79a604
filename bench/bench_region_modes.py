"""Region puzzles and large connectivity, by connectivity mode, whole runs.

Each puzzle is solved with ``satgrid solve FILE --unique --time-limit T`` in
a fresh process (start-up and compile included), once per mode asked for:
the default (no flag) and ``--connectivity propagate`` / ``eager``. Prints a
markdown table: wall seconds (``>T`` when the limit was reached: exit 3),
the answer's uniqueness, the solver's own seconds, CEGAR rounds and cuts.

The puzzles: Janko's Fillomino nos. 15, 17, 21, 27, 31 (as transcribed in
the puzzlekit dataset, SmilingWayne/PuzzleSolver), noqx's 13x13 Fillomino
whose solution has regions larger than every clue (issue 29), puz.link's
45x31 Slitherlink (a public gallery's preset), and generated Hitori and
Slitherlink (``satgrid family``, seed 1).

Usage::

    .venv/bin/python bench/bench_region_modes.py [--limit 60] [--modes default,propagate]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, machine, utc_stamp

JANKO = {
    15: "10 10\n- - - - - - - - - -\n- - 7 - - - - 4 - -\n4 - 7 - 6 4 - 3 - 2\n- - 4 - 3 5 - 4 - -\n"
        "- - 4 - - - - 2 - -\n- - 3 - - - - 4 - -\n- - 3 - 3 7 - 3 - -\n2 - 4 - 5 9 - 4 - 3\n"
        "- - 4 - - - - 2 - -\n- - - - - - - - - -",
    17: "10 10\n3 - - - 6 - - - 2 7\n2 - - - 5 1 - - - -\n- - - - - - - 4 7 -\n3 3 4 5 - - - - 3 7\n"
        "- - - - - - - - - -\n- - - - - - - - - -\n2 3 - - - - 4 1 3 7\n- 4 5 - - - - - - -\n"
        "- - - - 4 2 - - - 4\n2 5 - - - 3 - - - 3",
    21: "9 9\n- 4 - - - - - - -\n- 4 - - - - 3 2 1\n- 7 - - - - - - -\n- - - 4 6 3 - - -\n"
        "- - - 5 5 4 - - -\n- - - 5 6 5 - - -\n- - - - - - - 4 -\n4 5 6 - - - - 5 -\n- - - - - - - 6 -",
    27: "13 13\n1 - - 8 - - - - - - - 5 -\n- - - 2 - - 3 4 5 - 1 - 1\n- - - 1 - - - - - - 2 6 -\n"
        "6 8 4 - - 2 - 3 - - - - -\n- - - - 4 - - - 4 - - 7 -\n- - - 3 - 2 4 1 - 4 - 4 -\n"
        "- 2 - - - - - - - - - 2 -\n- 4 - 3 - 2 1 6 - 2 - - -\n- 3 - - 3 - - - 4 - - - -\n"
        "- - - - - 8 - 4 - - 5 2 3\n- 3 8 - - - - - - 1 - - -\n4 - 2 - 1 8 1 - - 2 - - -\n"
        "- 8 - - - - - - - 3 - - 3",
    31: "10 10\n- - - 6 - - - - - -\n- - - 3 - - - - - -\n- - - 6 - 6 - - - -\n- - - 2 - 3 7 3 6 7\n"
        "- - 2 3 - - - - - -\n- - - - - - 6 5 - -\n1 6 4 6 5 - 2 - - -\n- - - - 4 - 3 - - -\n"
        "- - - - - - 5 - - -\n- - - - - - 4 - - -",
}
URLS = {
    "fillomino-noqx-13x13.url": "https://puzz.link/p?fillomino/13/13/i3j3k3h1g3g1h3k3j3k3j3j331g1g3"
    "h1g31j3p3j1j3p3j13g1h3g1g133j3j3k3j3k3h1g3g1h3k3j3i",
    "slitherlink-45x31.url": "https://puzz.link/p?slither/45/31/h33cg8dgbdgba6cddgadk30bk6djc21dgd"
    "ddg328dk31di21ag7bgbcgcb8ddg6dg10ci32ck5bjd22dg23ddj8ck23di02bg8cgd7cddgdcg6cg22di13cjb02cgddb"
    "g22ccj8dk3388bgbdgcc6cadgcdg8cgck8dja32bgbddg22dcj01ai12dg6bgdcgcc6cb17bg13di11bk7cjc11bgahaj6d"
    "k12ai31cg8cgdchbagcdg6bg21ci31ck6aibcag22bdj7dk02bi10ddgcb7ccdgbag8bg13di8bjb22dgcdcg13dbj8ai20"
    "dg7dgcdgbd7bdcgd31ai21dk7djd22dgcddi6dk21ci21cg7cgccgdbhcdg8dg33di30ck7bjbhdg21bdj5ck21ci02ag81"
    "ca6bdcgcdg5cg23bi23djc12cgcdag22cbj8ckdg5dgccgdd7cdbgdcg8620bk7cjd21bgbddg22cbj20di23dg8cgcagdd7"
    "cag6cg21ci02ak8cjd11dg31ddj7dk12ai02ag8agd6ddagcdg6dg20ci31dk722dgcdag21cdj7dk30bkbagcd8bdagbcg8"
    "bg20b",
}
FAMILIES = [("hitori", ["n=60"]), ("slitherlink", ["rows=60", "cols=60"])]


def run(path: Path, flags: list[str], limit: float) -> tuple[str, str]:
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "satgrid", "solve", str(path), "--unique",
                        "--time-limit", str(limit), *flags], capture_output=True, text=True,
                       cwd=ROOT, timeout=limit * 3 + 60)
    wall = time.perf_counter() - t0
    tail = (p.stdout.strip().splitlines() or [""])[-1]
    unique = "yes" if "unique: yes" in p.stdout else ("no" if "unique: no" in p.stdout else "-")
    stats = re.search(r"\[(.*)\]", tail)
    if p.returncode == 3:
        return f">{limit:g} ({wall:.1f})", "unknown"
    return f"{wall:.2f}", f"{unique}; {stats.group(1) if stats else p.stderr.strip()[:80]}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--modes", default="default,propagate")
    ap.add_argument("--extra", nargs="*", default=[], help="more puzzle files")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-region-modes-"))
    files = []
    for no, text in JANKO.items():
        f = tmp / f"fillomino-janko-{no}.fillomino"
        f.write_text(text + "\n")
        files.append(f)
    for name, url in URLS.items():
        (tmp / name).write_text(url + "\n")
        files.append(tmp / name)
    for kind, params in FAMILIES:
        subprocess.run([sys.executable, "-m", "satgrid", "family", kind, *params, "-o", str(tmp),
                        "--seed", "1", "--quiet"], cwd=ROOT, check=True, capture_output=True)
    files += sorted(tmp.glob("hitori-*.toml")) + sorted(tmp.glob("slitherlink-*.toml"))
    files += [Path(x) for x in a.extra]
    print(f"{machine()}; {utc_stamp()}; --time-limit {a.limit:g}\n")
    print("| puzzle | mode | wall s | unique; solver stats |")
    print("|---|---|---:|---|")
    for f in files:
        for mode in a.modes.split(","):
            flags = [] if mode == "default" else ["--connectivity", mode]
            wall, what = run(f, flags, a.limit)
            print(f"| {f.name} | {mode} | {wall} | {what} |", flush=True)


if __name__ == "__main__":
    main()
