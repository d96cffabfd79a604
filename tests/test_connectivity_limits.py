"""Connectivity within bounds: the lazy cuts' fallback encoding is built only
when it is small (the layered encoding of n nodes without a size bound has
about 2 n^2 clauses: 35.7 M for a 65 x 65 Hitori, minutes and 21 GB), and a
run under ``--time-limit`` stops near its limit (it ran 3x over, building
that encoding after its 30th round)."""

from __future__ import annotations

import time

import networkx as nx
from conftest import run_cli

from satgrid.modelling.connectivity import cuts as cuts_mod
from satgrid.modelling.connectivity.cuts import ConnectivityCuts
from satgrid.modelling.model import Model

# puzz.link's 45 x 31 Slitherlink (a preset of a public solver's gallery)
SLITHER_45x31 = (
    "https://puzz.link/p?slither/45/31/h33cg8dgbdgba6cddgadk30bk6djc21dgdddg328dk31di21ag7bgbcgcb8"
    "ddg6dg10ci32ck5bjd22dg23ddj8ck23di02bg8cgd7cddgdcg6cg22di13cjb02cgddbg22ccj8dk3388bgbdgcc6cadgc"
    "dg8cgck8dja32bgbddg22dcj01ai12dg6bgdcgcc6cb17bg13di11bk7cjc11bgahaj6dk12ai31cg8cgdchbagcdg6bg21c"
    "i31ck6aibcag22bdj7dk02bi10ddgcb7ccdgbag8bg13di8bjb22dgcdcg13dbj8ai20dg7dgcdgbd7bdcgd31ai21dk7djd"
    "22dgcddi6dk21ci21cg7cgccgdbhcdg8dg33di30ck7bjbhdg21bdj5ck21ci02ag81ca6bdcgcdg5cg23bi23djc12cgcda"
    "g22cbj8ckdg5dgccgdd7cdbgdcg8620bk7cjd21bgbddg22cbj20di23dg8cgcagdd7cag6cg21ci02ak8cjd11dg31ddj7d"
    "k12ai02ag8agd6ddagcdg6dg20ci31dk722dgcdag21cdj7dk30bkbagcd8bdagbcg8bg20b")


def _two_far_cells(n: int):
    """An n x n grid whose corners are both in the set: cuts alone take many rounds."""
    g = nx.grid_2d_graph(n, n)
    m = Model()
    on = {v: m.bool(f"x{v}") for v in g}
    m.clause([on[0, 0]])
    m.clause([on[n - 1, n - 1]])
    return m, g, on


def test_a_small_fallback_is_built_a_large_one_never():
    built = []

    def fallback():
        built.append(1)
        return []
    small = ConnectivityCuts({0: 1, 1: 2, 2: 3}, nx.path_graph(3), fallback=fallback,
                             switch_after=1)
    small.violated([1, -2, 3])
    assert built == [1] and small.switched
    n = 1 + int((cuts_mod.FALLBACK_MAX_CLAUSES / 2) ** 0.5)     # 2 n^2 over the ceiling
    g = nx.path_graph(n)
    big = ConnectivityCuts({v: v + 1 for v in g}, g, fallback=fallback, switch_after=1)
    model = [1] + [-(v + 1) for v in range(1, n - 1)] + [n]
    for _ in range(3):
        assert big.violated(model)
    assert built == [1] and not big.switched
    told = ConnectivityCuts({v: v + 1 for v in g}, g, fallback=fallback, switch_after=1,
                            fallback_clauses=10)                 # a depth bound known
    told.violated(model)
    assert built == [1, 1]


def test_cuts_alone_still_connect_a_large_grid():
    """Past the ceiling the cuts go on and find a connected answer."""
    m, g, on = _two_far_cells(30)
    m.connected(on, g, mode="lazy")
    sol = m.solve()
    true = [v for v in g if sol[on[v]]]
    assert nx.is_connected(g.subgraph(true))


def test_large_slitherlink_keeps_its_time_limit(tmp_path):
    """The 45 x 31 Slitherlink under --time-limit 5 ends within the limit
    and a few seconds of start-up (it ran 100 s and more, 3 GB, building the
    fallback), solved or 'unknown' with exit 3."""
    path = tmp_path / "slither.url"
    path.write_text(SLITHER_45x31 + "\n")
    t0 = time.monotonic()
    code, out, err = run_cli("solve", path, "--unique", "--time-limit", "5")
    wall = time.monotonic() - t0
    assert code in (0, 3), err
    assert wall < 5 + 4, wall
    if code == 0:
        assert "unique: yes" in out
