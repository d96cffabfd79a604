"""Regions and shapes: Nurikabe, Hitori, LITS and polyomino tilings.

Part 1, the kinds: each published instance of the kinds built on
``Model.regions`` / ``Model.place`` / ``Model.connected`` (Nurikabe, Hitori,
LITS) plus generated Hitori grids (``satgrid family hitori``), solved with
uniqueness (``solve --unique``) with lazy connectivity cuts and with the
eager layered encoding: wall and CPU seconds, clauses, CEGAR rounds and cuts.

Part 2, the baseline: the same Nurikabe and LITS puzzles (Wikipedia's, which
are grilops' examples too) on grilops 0.10 over z3: a model written here
with grilops' SymbolGrid / RegionConstrainer / ShapeConstrainer (grilops'
own examples are not installed with it), solved and proven unique with its
``solve`` and ``is_unique``. Skipped, with a line saying so, when grilops or
z3 cannot be imported (``pip install -e '.[bench]'``).

Part 3, counts known from outside: the tilings of the 3x20, 4x15, 5x12 and
6x10 rectangles by the twelve free pentominoes (2, 368, 1010, 2339 up to
symmetry; 8, 1472, 4040, 9356 in all), counted with ``Model.place`` and the
session's projected enumeration, and 6x10 with the X pentomino's centre
held in one quadrant (2339: the four symmetries of the rectangle move the
centre between the quadrants, none fixes a tiling). Minutes; ``--quick``
counts 3x20 only.

Usage::

    .venv/bin/python bench/bench_regions.py [--quick] [--repeat 1]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from _common import instance, machine, solve_unique, utc_stamp
from satgrid import api
from satgrid.pipeline.families import generate
from satgrid.modelling.model import Model
from satgrid.modelling.shapes import PENTOMINOES

INSTANCES = ["nurikabe-wikipedia.toml", "nurikabe-pzprjs-5x5.txt", "hitori-wikipedia.toml",
             "lits-wikipedia.toml"]
HITORI_SIDES = (12, 16, 20)
#: (rows, cols, tilings in all, tilings up to symmetry)
PENTOMINO_BOXES = [(3, 20, 8, 2), (4, 15, 1472, 368), (5, 12, 4040, 1010), (6, 10, 9356, 2339)]


def part1(paths, repeat):
    print("| instance | connectivity | wall s | CPU s | clauses | CEGAR rounds | cuts | unique |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for path in paths:
        for mode in ("lazy", "eager"):
            runs = [solve_unique(path, api.Options(connectivity=mode)) for _ in range(repeat)]
            p, res, _, _ = runs[-1]
            assert res["status"] == "sat" and p.check(res) == [], path
            st = res["stats"]
            print(f"| {path.rsplit('/', 1)[-1]} | {mode} "
                  f"| {statistics.median(r[2] for r in runs):.3f} "
                  f"| {statistics.median(r[3] for r in runs):.3f} | {st['clauses']:,} "
                  f"| {st.get('rounds', 0)} | {st.get('cuts', 0)} | {res['unique']} |")


# ------------------------------------------------------------------ grilops
def grilops_nurikabe(clues):
    """Nurikabe on grilops (our formulation with its API): regions are the
    maximal one-colour groups; each white one is rooted at its clue."""
    import grilops  # optional: the bench extra
    from grilops.geometry import Point
    from grilops.regions import RegionConstrainer
    from z3 import And, Implies, Int, Not, Or  # optional: the bench extra
    h, w = len(clues), len(clues[0])
    lat = grilops.get_rectangle_lattice(h, w)
    sym = grilops.SymbolSet([("B", "#"), ("W", ".")])
    sg = grilops.SymbolGrid(lat, sym)
    rc = RegionConstrainer(lat, solver=sg.solver)
    s = sg.solver
    roots = [lat.point_to_index(Point(r, c)) for r in range(h) for c in range(w) if clues[r][c]]
    sea = Int("sea")
    total = sum(v for row in clues for v in row)
    for p in lat.points:
        v = clues[p.y][p.x]
        if v:
            s.add(sg.cell_is(p, sym.W), rc.region_size_grid[p] == v,
                  rc.region_id_grid[p] == lat.point_to_index(p))
        s.add(Implies(sg.cell_is(p, sym.W), Or(*[rc.region_id_grid[p] == i for i in roots])))
        s.add(Implies(sg.cell_is(p, sym.B), And(rc.region_id_grid[p] == sea,
                                                 rc.region_size_grid[p] == h * w - total)))
        for n in sg.edge_sharing_neighbors(p):
            s.add((sg.grid[p] == n.symbol) == (rc.region_id_grid[p] == rc.region_id_grid[n.location]))
    for r in range(h - 1):
        for c in range(w - 1):
            s.add(Not(And(*[sg.cell_is(Point(y, x), sym.B)
                            for y in (r, r + 1) for x in (c, c + 1)])))
    return sg, lambda: [[int(sg.solved_grid()[Point(r, c)] == sym.B) for c in range(w)]
                        for r in range(h)]


def grilops_lits(regions):
    """LITS on grilops (our formulation with its API): one tetromino instance
    per region through ShapeConstrainer, shaded cells connected through a
    RegionConstrainer, no 2x2, equal shapes never touching across regions."""
    import grilops  # optional: the bench extra
    from grilops.geometry import Point, Vector
    from grilops.regions import RegionConstrainer
    from grilops.shapes import Shape, ShapeConstrainer
    from z3 import And, If, Implies, Int, Not, Or  # optional: the bench extra
    h, w = len(regions), len(regions[0])
    lat = grilops.get_rectangle_lattice(h, w)
    sym = grilops.SymbolSet([("W", " "), "L", "I", "T", "S"])
    sg = grilops.SymbolGrid(lat, sym)
    pics = [[(0, 0), (1, 0), (2, 0), (2, 1)], [(0, 0), (1, 0), (2, 0), (3, 0)],
            [(0, 0), (0, 1), (0, 2), (1, 1)], [(0, 1), (0, 2), (1, 0), (1, 1)]]
    sc = ShapeConstrainer(lat, [Shape([Vector(r, c) for r, c in cells]) for cells in pics],
                          solver=sg.solver, allow_rotations=True, allow_reflections=True,
                          allow_copies=True)
    s = sg.solver
    for p in lat.points:
        t = sc.shape_type_grid[p]
        s.add(If(t == -1, sg.cell_is(p, sym.W), sg.grid[p] == t + 1))
    names = sorted({v for row in regions for v in row})
    for name in names:
        pts = [Point(r, c) for r in range(h) for c in range(w) if regions[r][c] == name]
        inst = Int(f"inst-{name}")
        s.add(Or(*[inst == lat.point_to_index(p) for p in pts]))
        s.add(*[Or(sc.shape_instance_grid[p] == -1, sc.shape_instance_grid[p] == inst)
                for p in pts])
        s.add(Or(*[sc.shape_instance_grid[p] == inst for p in pts]))
    for p in lat.points:
        for n in sg.edge_sharing_neighbors(p):
            q = n.location
            if regions[p.y][p.x] != regions[q.y][q.x]:
                s.add(Implies(sc.shape_type_grid[p] != -1,
                              sc.shape_type_grid[p] != sc.shape_type_grid[q]))
            else:      # one instance per region: shaded neighbours in a region agree
                s.add(Implies(And(sc.shape_instance_grid[p] != -1,
                                  sc.shape_instance_grid[q] != -1),
                              sc.shape_instance_grid[p] == sc.shape_instance_grid[q]))
    rc = RegionConstrainer(lat, solver=s, complete=False)
    root = Int("root")
    s.add(root >= 0)           # -1 is grilops' "in no region"
    for p in lat.points:
        s.add((sc.shape_type_grid[p] != -1) == (rc.region_id_grid[p] == root))
    for r in range(h - 1):
        for c in range(w - 1):
            s.add(Not(And(*[sc.shape_type_grid[Point(y, x)] != -1
                            for y in (r, r + 1) for x in (c, c + 1)])))
    return sg, lambda: [[int(sg.solved_grid()[Point(r, c)] != sym.W) for c in range(w)]
                        for r in range(h)]


def part2():
    try:
        import grilops  # noqa: F401  (optional: the bench extra)
        import z3  # noqa: F401  (optional: the bench extra)
    except ImportError:
        print("grilops or z3 is not installed (pip install -e '.[bench]'): baseline skipped")
        return
    print("| puzzle | grilops solve s | grilops unique s | unique | same grid as satgrid |")
    print("|---|---:|---:|---|---|")
    for name, build in (("nurikabe-wikipedia.toml", lambda p: grilops_nurikabe(p.clues)),
                        ("lits-wikipedia.toml", lambda p: grilops_lits(p.regions))):
        [p] = api.load(instance(name))
        sg, grid = build(p)
        t0 = time.perf_counter()
        ok = sg.solve()
        t1 = time.perf_counter()
        got = grid() if ok else None
        unique = sg.is_unique() if ok else None
        t2 = time.perf_counter()
        same = got == api.solve(p)["grid"]
        print(f"| {name} | {t1 - t0:.2f} | {t2 - t1:.2f} | {unique} | {same} |")


# ------------------------------------------------------------------ pentominoes
def pentomino_count(rows, cols, quadrant=False):
    m = Model()
    p = m.place(PENTOMINOES, [(r, c) for r in range(rows) for c in range(cols)],
                counts={k: 1 for k in PENTOMINOES})
    if quadrant:       # the X's centre (its third cell in reading order) in the top-left
        m.clauses([[-l] for (name, cells), l in p.lits.items() if name == "X"
                   and not (cells[2][0] < rows / 2 and cells[2][1] < cols / 2)])
    m.projection = list(p.lits.values())
    t0 = time.perf_counter()
    n, complete = m.count()
    return n, complete, time.perf_counter() - t0, len(p.lits)


def part3(quick):
    print("| rectangle | placements | tilings counted | known | seconds |")
    print("|---|---:|---:|---:|---:|")
    for rows, cols, known, _ in PENTOMINO_BOXES[:1] if quick else PENTOMINO_BOXES:
        n, complete, secs, placements = pentomino_count(rows, cols)
        assert complete and n == known, (rows, cols, n)
        print(f"| {rows}x{cols} | {placements:,} | {n:,} | {known:,} | {secs:.1f} |")
    if not quick:
        n, complete, secs, placements = pentomino_count(6, 10, quadrant=True)
        assert complete and n == 2339, n
        print(f"| 6x10, X in one quadrant | {placements:,} | {n:,} | 2,339 | {secs:.1f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    print(f"# bench_regions: {machine()}; {utc_stamp()}\n")
    with tempfile.TemporaryDirectory() as tmp:
        sides = HITORI_SIDES[:1] if args.quick else HITORI_SIDES
        generated = [generate("hitori", {"n": str(n)}, seed=1, out=tmp)[0] for n in sides]
        print("## Part 1: solve --unique, lazy cuts against the eager encoding\n")
        part1([instance(n) for n in INSTANCES] + generated, args.repeat)
    print("\n## Part 2: grilops (z3) on the same puzzles\n")
    part2()
    print("\n## Part 3: pentomino tilings\n")
    part3(args.quick)


if __name__ == "__main__":
    main()
