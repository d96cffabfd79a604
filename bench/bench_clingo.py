"""satgrid against clingo (ASP) per genre, on the same puzzles in the same run.

Usage:  .venv/bin/python bench/bench_clingo.py [--kinds K ...] [--timeout S] [--quick]

For every genre with an ASP program in ``bench/asp/<kind>.lp`` (written for
this bench from the rules, Numberlink's for bench_numberlink.py; see each
file's header for its facts), each
puzzle is solved twice with its uniqueness proven:

* satgrid, in process: ``api.solve(p, api.Options(time_limit=S), unique=True)``
  (compile, solve, second solve; the referee checks the answer);
* clingo, in process (``clingo`` from PyPI): the kind's facts written from the
  Puzzle object (``bench/clingo_genres.py``), the program grounded and two
  models asked for, projected on the answer atoms; the time limit holds the
  search (``SolveHandle.wait``), grounding is not interruptible.

The two must agree: the same claim (unique, several, unsat) and, when
unique, the same answer cell by cell (loops as link grids, shadings as 0/1
grids, numbers, Shikaku's rectangles as partitions); and satgrid's referee
(``Puzzle.check``) must accept clingo's answer, which makes the ASP programs
a trustworthy baseline. Seconds are wall clock; clingo's include parsing and
grounding, satgrid's include compiling. Each genre's first puzzle is solved
once untimed on both sides first (imports, first calls); a solved puzzle is
dropped and the garbage collected before each timed solve (late in a
long run without that, a 15x15 Slitherlink that takes 0.05 s alone took
0.40-0.76 s, and a 15x15 Yin-Yang 0.67-0.89 s).

The puzzles of a genre: the kind folder's ``examples/``, the instances of
that kind in ``instances/`` and ``../shared/instances/`` (at most 3 of a
collection), the extra puzzles below (with their sources), and, unless
``--quick``, generated instances of the kind's family at 10x10 and 15x15
(``satgrid.pipeline.families.instances``, seeds 1 and 2; a family that
cannot generate at a size is reported and skipped).

Prints one row per puzzle, then the table per genre: puzzles, how many
agree, how many both prove unique, the medians, and clingo/satgrid min and
median over the puzzles both sides decided. Exit 1 if any puzzle disagrees
or the referee refuses a clingo answer.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

from _common import ROOT, machine, utc_stamp
from clingo_genres import GENRES, have_clingo, run_clingo

from satgrid import api
from satgrid.errors import SatgridError
from satgrid.pipeline import families

#: puzzles from outside the project, by kind: (name, the puzzle's text, its source)
EXTRA = {
    "fillomino": [(
        "noqx-13x13",
        "https://puzz.link/p?fillomino/13/13/i3j3k3h1g3g1h3k3j3k3j3j331g1g3h1g31j3p3j1j3p3j1"
        "3g1h3g1g133j3j3k3j3k3h1g3g1h3k3j3i",
        "noqx's examples; issue [4/7]: every clue 1 or 3, unclued regions larger than 3")],
}

#: family parameters per kind at 10x10 and 15x15 (the default density otherwise; the
#: Fillomino family finds no filling at 10x10 below largest=6 nor at 15x15 below 10)
FAMILY = {
    "sudoku": ("sudoku", [{"order": 3}, {"order": 4}]),
    "fillomino": ("fillomino", [{"rows": 10, "cols": 10, "largest": 6, "shown": 60},
                                {"rows": 15, "cols": 15, "largest": 10, "shown": 60}]),
}
for _k in ("slitherlink", "masyu", "numberlink", "lightup", "kurodoko", "tapa", "shikaku",
           "nonogram", "nurimisaki", "tents", "araf", "pentominous", "statuepark",
           "rippleeffect", "suguru"):
    FAMILY[_k] = (_k, [{"rows": 10, "cols": 10}, {"rows": 15, "cols": 15}])
FAMILY["rippleeffect"][1][1]["largest"] = 9       # rooms of 5 do not fill a 15x15
for _k in ("hitori", "nurikabe", "norinori", "starbattle", "heyawake", "aqre", "yinyang",
           "kurotto"):
    FAMILY[_k] = (_k, [{"n": 10}, {"n": 15}])

SHARED = ROOT.parent / "shared" / "instances"


def shipped(kinds) -> dict[str, list]:
    """kind -> [(name, Puzzle)] of the kind folders' examples and the
    instance folders (a collection: its first 3)."""
    out = {k: [] for k in kinds}
    files = []
    for k in kinds:
        files += sorted((ROOT / "satgrid" / "puzzles" / k / "examples").glob("*"))
    files += sorted((ROOT / "instances").glob("*")) + sorted(SHARED.glob("*"))
    for f in files:
        if not f.is_file():
            continue
        try:
            ps = api.load(str(f))
        except (SatgridError, ValueError, OSError):
            continue
        for i, p in enumerate(ps[:3]):
            if p.kind in out:
                where = "shared/" if SHARED in f.parents else ""
                out[p.kind].append((where + f.name + (f"#{i + 1}" if len(ps) > 1 else ""), p))
    return out


def generated(kind: str, seeds=(1, 2)) -> tuple[list, list[str]]:
    """[(name, Puzzle)] of the kind's family at the sizes of FAMILY, and the
    notes of those it could not generate."""
    if kind not in FAMILY:
        return [], []
    name, sizes = FAMILY[kind]
    out, notes = [], []
    for params in sizes:
        for seed in seeds:
            try:
                files = families.instances(name, params, seed=seed)
            except SatgridError as e:
                notes.append(f"{kind}: family {params} seed {seed} not generated ({e})")
                continue
            fname, text = files[0]
            out += [(f"family:{fname}", p) for p in api.loads(text, fname)[:1]]
    return out, notes


def run_satgrid(p, limit: float) -> tuple[str, float, dict]:
    """(claim, seconds, result) of one solve with uniqueness."""
    t = time.perf_counter()
    res = api.solve(p, api.Options(time_limit=limit), unique=True)
    dt = time.perf_counter() - t
    claim = {True: "unique", False: "several"}.get(res.get("unique"), res["status"])
    if res["status"] == "sat" and res.get("unique") is None:
        claim = "sat, unique unknown"
    return claim, dt, res


DECIDED = ("unique", "several", "unsat")


def verdict(genre, p, sclaim: str, sres: dict, cclaim: str, dec) -> tuple[str, str]:
    """(agree, referee): ``yes``/``NO``/``-`` (a side undecided) and what
    satgrid's referee says of clingo's answer (``ok``, ``REFUSED``, ``-``)."""
    ref = "-"
    if dec is not None:
        try:
            ref = "ok" if not p.check(dec) else "REFUSED"
        except (KeyError, TypeError, ValueError, IndexError):
            ref = "?"
    if sclaim not in DECIDED or cclaim not in DECIDED:
        return "-", ref
    if sclaim != cclaim:
        return "NO", ref
    if sclaim == "unique" and genre.key(dec) != genre.key(sres):
        return "NO", ref
    return "yes", ref


def slower(rows) -> list:
    """The rows where satgrid is more than 2x slower than clingo, or
    undecided where clingo decided."""
    return [r for r in rows if (r[5] is not None and r[5] < 0.5)
            or (r[0] not in DECIDED and r[2] in DECIDED)]


def goals(table) -> None:
    """The issue's goals that this bench measures (on a quiet machine):
    every Fillomino and Nurikabe unique-proven in under 1 s and at least as
    fast as the baseline on the median; no puzzle more than 2x slower."""
    for kind in ("fillomino", "nurikabe"):
        rows = dict(table).get(kind)
        if not rows:
            continue
        uniq = [r for r in rows if r[2] == "unique" or r[0] == "unique"]
        fast = [r for r in uniq if r[0] == "unique" and r[1] < 1.0]
        ratios = [r[5] for r in rows if r[5] is not None]
        med = statistics.median(ratios) if ratios else None
        print(f"goal {kind}: unique-proven in under 1 s: {len(fast)} of {len(uniq)}; "
              f"median clingo / satgrid {'-' if med is None else f'{med:.2f}'} "
              f"({'met' if med is not None and med >= 1 else 'NOT met'}: at least 1)")
    slow = [(k, r) for k, rows in table for r in slower(rows)]
    print(f"goal no puzzle more than 2x slower than clingo: {len(slow)} are")
    for k, r in slow:
        print(f"  {k} {r[6]}: satgrid {r[0]} {r[1]:.3f} s, clingo {r[2]} {r[3]:.3f} s")


def size(p) -> str:
    if isinstance(getattr(p, "rows", None), int):
        return f"{p.rows}x{p.cols}"
    return f"{p.n}x{p.n}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", choices=sorted(GENRES), metavar="KIND",
                    help=f"genres to run (default all: {' '.join(GENRES)})")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per side and puzzle")
    ap.add_argument("--quick", action="store_true", help="shipped puzzles only (no families)")
    a = ap.parse_args()
    if not have_clingo():
        print("clingo is not installed (pip install clingo): nothing to compare")
        return 0
    kinds = a.kinds or list(GENRES)
    print(f"# bench_clingo.py, {utc_stamp()}, {machine()}; "
          f"timeout {a.timeout:g} s per side{', quick' if a.quick else ''}")
    pool = shipped(kinds)
    notes: list[str] = []
    for k in kinds:
        pool[k] += [(name, api.loads(text, name + ".txt")[0]) for name, text, _ in EXTRA.get(k, [])]
        if not a.quick:
            more, why = generated(k)
            pool[k] += more
            notes += why
    print("| kind | puzzle | size | satgrid | s | clingo | s | clingo / satgrid | agree | "
          "referee on clingo |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    table, bad = [], 0
    for k in kinds:
        genre, rows = GENRES[k], []
        if pool[k]:
            _, first = pool[k][0]
            run_satgrid(first, a.timeout)             # first calls off the clock
            run_clingo(genre, first, a.timeout)
        while pool[k]:
            name, p = pool[k].pop(0)        # a solved puzzle (and its model) is let go
            gc.collect()                    # the last puzzle's garbage off the clock
            sc, st, sres = run_satgrid(p, a.timeout)
            gc.collect()
            cc, ct, dec = run_clingo(genre, p, a.timeout)
            agree, ref = verdict(genre, p, sc, sres, cc, dec)
            bad += agree == "NO" or ref == "REFUSED"
            both = sc in DECIDED and cc in DECIDED
            ratio = ct / st if both and st > 0 else None
            print(f"| {k} | {name} | {size(p)} | {sc} | {st:.3f} | {cc} | {ct:.3f} | "
                  f"{'-' if ratio is None else f'{ratio:.2f}'} | {agree} | {ref} |", flush=True)
            rows.append((sc, st, cc, ct, agree, ratio, name))
        table.append((k, rows))
    print()
    print("| kind | puzzles | agree | both unique | satgrid median | clingo median | "
          "clingo / satgrid, min / median | satgrid over 2x slower | "
          "undecided (satgrid / clingo) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k, rows in table:
        if not rows:
            print(f"| {k} | 0 | - | - | - | - | - | - | - |")
            continue
        done = [r for r in rows if r[5] is not None]
        med = lambda xs: f"{statistics.median(xs):.3f} s" if xs else "-"   # noqa: E731
        ratios = [r[5] for r in done]
        rr = f"{min(ratios):.2f} / {statistics.median(ratios):.2f}" if ratios else "-"
        print(f"| {k} | {len(rows)} | {sum(r[4] == 'yes' for r in rows)} | "
              f"{sum(r[0] == r[2] == 'unique' for r in rows)} | {med([r[1] for r in done])} | "
              f"{med([r[3] for r in done])} | {rr} | {len(slower(rows))} | "
              f"{sum(r[0] not in DECIDED for r in rows)} / "
              f"{sum(r[2] not in DECIDED for r in rows)} |")
    goals(table)
    for n in notes:
        print(f"note: {n}")
    print(f"\nmedians and ratios over the puzzles both sides decided; "
          f"{'all agree' if not bad else f'{bad} DISAGREE or refused'}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
