"""Issue [2/9], bounded work, for the six kinds added after the seeds
(slitherlink, masyu, numberlink, nurikabe, lits, hitori): each estimates its
clauses from the header before building (``Puzzle.estimate_clauses``, with the
size helpers :func:`satgrid.modelling.paths.estimate_lines`,
:func:`satgrid.modelling.regions.estimate_regions`, :func:`satgrid.modelling.shapes.estimate_place`
and :mod:`satgrid.core.encodings.estimate`), and a grid too large for the ceiling is
refused before anything is built, in one line naming the estimate and the limit.

Measured on every instance in instances/, lazy connectivity with three
choices of encodings and eager with the default ones (not the two eager
builds of over 2 million clauses, BIG_EAGER, whose ratio measured 1.0): the
estimate is never below the clauses built and at most :data:`FACTOR` times
them (the largest ratio seen is 2.9, Numberlink's two-pair 3x3 with eager
connectivity; the path estimate sizes every pair's path over the whole grid,
other numbers' cells included).
"""

from __future__ import annotations

import collections
import os
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest

from satgrid.errors import LimitError
from satgrid.modelling.model import Model
from satgrid.modelling.paths import grid_degrees
from satgrid.pipeline.load import load
from satgrid.pipeline.run import Options, compile_puzzle
from satgrid.puzzles.hitori.kind import Hitori
from satgrid.puzzles.lits.kind import LETTERS, Lits
from satgrid.puzzles.masyu.kind import Masyu
from satgrid.puzzles.numberlink.kind import Numberlink
from satgrid.puzzles.nurikabe.kind import Nurikabe
from satgrid.puzzles.slitherlink.kind import Slitherlink
from satgrid.modelling.shapes import estimate_place

ROOT = Path(__file__).resolve().parents[1]
KINDS = ["slitherlink", "masyu", "numberlink", "nurikabe", "lits", "hitori"]
#: the estimate is at most this many times the clauses built (measured: 2.9)
FACTOR = 4
#: eager, over 2 million clauses each (5 s to build): their smaller siblings stand in
BIG_EAGER = {"slitherlink-janko-659.toml", "masyu-janko-139.toml"}
ENCODINGS = {"default": {}, "ladder-totalizer": {"amo": "ladder", "card": "totalizer"},
             "bitwise-cardnetwork": {"amo": "bitwise", "card": "cardnetwork"}}


def instances(kind):
    out = sorted(p for p in (ROOT / "instances").iterdir() if p.name.startswith(kind + "-"))
    assert out, kind
    return out


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
@pytest.mark.parametrize("kind", KINDS)
def test_estimate_bounds_the_clauses_built(kind, connectivity):
    for path in instances(kind):
        p = load(str(path))[0]
        for name, enc in ENCODINGS.items():
            if connectivity == "eager" and (name != "default" or path.name in BIG_EAGER):
                continue   # eager builds once, with the default encodings, the biggest not
            est = p.estimate_clauses(Model(connectivity=connectivity, **enc))
            built = compile_puzzle(p, Options(connectivity=connectivity, max_clauses=10 ** 12,
                                              **enc)).formula.nclauses
            assert built <= est <= FACTOR * built, (path.name, name, built, est)


def test_grid_degrees_are_the_grid_graphs():
    for rows, cols in [(1, 1), (1, 7), (2, 2), (3, 5), (8, 8)]:
        g = nx.grid_2d_graph(rows, cols)
        assert grid_degrees(rows, cols) == dict(collections.Counter(d for _, d in g.degree()))


def test_placement_bound_without_counting_is_above_the_count():
    """Past ``exact_up_to`` cells every orientation is assumed to fit at every
    offset: no smaller than the count made on the board itself."""
    for path in instances("lits"):
        p = load(str(path))[0]
        regions = collections.defaultdict(list)
        for r, row in enumerate(p.regions):
            for c, name in enumerate(row):
                regions[name].append((r, c))
        for cells in regions.values():
            counted = estimate_place("pairwise", "seqcounter", LETTERS, cells, cover="at-most",
                                     total=1)
            bounded = estimate_place("pairwise", "seqcounter", LETTERS, cells, cover="at-most",
                                     total=1, exact_up_to=0)
            assert counted <= bounded, (path.name, counted, bounded)


def huge(kind, n=3000):
    """An n x n puzzle made in memory (the readers stop at 100 rows, Hitori's excepted)."""
    dots = [[None] * n for _ in range(n)]
    if kind == "slitherlink":
        return Slitherlink(dots)
    if kind == "masyu":
        return Masyu([["."] * n for _ in range(n)])
    if kind == "numberlink":
        grid = [["."] * n for _ in range(n)]
        grid[0][0] = grid[n - 1][n - 1] = "1"
        return Numberlink(grid)
    if kind == "nurikabe":
        clues = [[0] * n for _ in range(n)]
        clues[n // 2][n // 2] = n * n // 2
        return Nurikabe(clues, file="<huge>")
    if kind == "lits":
        return Lits([["a"] * n for _ in range(n)], file="<huge>")
    return Hitori([[1] * n for _ in range(n)], file="<huge>")


@pytest.mark.parametrize("kind", KINDS)
def test_a_3000x3000_grid_is_refused_before_building(kind):
    p = huge(kind)
    t = time.perf_counter()
    with pytest.raises(LimitError, match=r"about [\d,]+ clauses estimated, more than the limit "
                                         r"of 50,000,000 \(raise it with --max-clauses N\)"):
        compile_puzzle(p, Options())
    assert time.perf_counter() - t < 10, kind


def run(*args):
    return subprocess.run([sys.executable, "-m", "satgrid", *map(str, args)], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})


def grid_file(tmp_path, kind, n=100):
    key = {"slitherlink": "clues", "masyu": "pearls", "numberlink": "numbers",
           "nurikabe": "clues", "lits": "regions", "hitori": "numbers"}[kind]
    cell = {"lits": "a", "hitori": "1"}.get(kind, ".")
    rows = [[cell] * n for _ in range(n)]
    if kind == "numberlink":
        rows[0][0] = rows[n - 1][n - 1] = "1"
    if kind == "nurikabe":
        rows[0][0] = "2"
    f = tmp_path / f"{kind}.toml"
    f.write_text(f'puzzle = "{kind}"\n{key} = """\n'
                 + "\n".join(" ".join(r) for r in rows) + '\n"""\n')
    return f


def one_line_error(proc, status):
    assert proc.returncode == status, (proc.returncode, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


@pytest.mark.parametrize("kind", KINDS)
def test_cli_refuses_100x100_eager_with_estimate_and_limit(tmp_path, kind):
    """The readers' largest grid, eager: refused with exit 3 before building
    (lazy it fits the default ceiling; a lower --max-clauses refuses it)."""
    f = grid_file(tmp_path, kind)
    line = one_line_error(run("stats", f, "--connectivity", "eager"), 3)
    assert f"{f}: {kind}: about " in line
    assert "clauses estimated, more than the limit of 50,000,000" in line
    if kind == "hitori":
        line = one_line_error(run("stats", f, "--max-clauses", "1000"), 3)
        assert "more than the limit of 1,000 (raise it with --max-clauses N)" in line
