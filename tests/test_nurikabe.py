"""Nurikabe: published puzzles solved, proven unique and judged by the
referee; the expected (published) shading; a contradictory instance; the
referee catching each broken rule; malformed files."""

import random

import networkx as nx
import pytest
from conftest import (INST, assert_error_at, assert_unsat, cli_error, load1, loads1,
                      solved_unique, url_solved_as_file)

from satgrid import api
from satgrid.modelling.connectivity import ConnectivityCuts
from satgrid.puzzles.nurikabe import check as referee
from satgrid.puzzles.nurikabe.formats import parse_url, to_url
from satgrid.puzzles.nurikabe.kind import Nurikabe
from satgrid.puzzles.nurikabe.kind import _sea

PUBLISHED = ["nurikabe-wikipedia.toml", "nurikabe-pzprjs-5x5.txt"]


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
@pytest.mark.parametrize("name", PUBLISHED)
def test_published_puzzles(name, connectivity):
    p, res = solved_unique(name, connectivity)
    assert p.check({"grid": res["grid"]}) == []
    assert res["grid"] == p.expected_solution()


def test_contradictory_instance_is_unsat():
    assert_unsat("nurikabe-unsat-wikipedia-8.toml")


def test_referee_catches_each_rule():
    clues = [[2, 0, 0], [0, 0, 0], [0, 0, 2]]
    assert referee.check([[0, 0, 1], [1, 1, 1], [1, 0, 0]], clues) == []
    msgs = referee.check([[1, 0, 1], [1, 1, 1], [1, 0, 0]], clues)
    assert "clue 2 at (0, 0) is shaded" in msgs
    assert "island at (0, 1) holds 0 clues, expected 1" in msgs
    assert referee.check([[0, 0, 0], [1, 1, 1], [1, 0, 0]], clues) == [
        "island at (0, 0) has 3 cells, its clue says 2"]
    assert referee.check([[0, 1, 1], [1, 1, 1], [1, 1, 1]], [[1, 0, 0]] + [[0] * 3] * 2) == [
        "2x2 square at (0, 1) is all shaded", "2x2 square at (1, 0) is all shaded",
        "2x2 square at (1, 1) is all shaded"]
    assert referee.check([[1, 0, 1]], [[0, 1, 0]]) == ["shaded cells form 2 groups, expected one"]


def test_render_text_and_svg():
    p = load1(INST / "nurikabe-pzprjs-5x5.txt")
    res = api.solve(p)
    assert p.render({"grid": res["grid"]}).split("\n")[0].split() == [".", "5", "#", "#", "#"]
    assert p.render_svg({"grid": res["grid"]}).startswith("<svg")


@pytest.mark.parametrize("text,file,where", [
    ('puzzle = "nurikabe"\nclues = """\n2 . x\n"""\n', "t.toml", "t.toml:3:5:"),
    ('puzzle = "nurikabe"\nclues = """\n2 . .\n. .\n"""\n', "t.toml", "t.toml:4:"),
    ('puzzle = "nurikabe"\ncolour = 1\nclues = "1"\n', "t.toml", "t.toml:2:1:"),
    ('puzzle = "nurikabe"\n', "t.toml", "t.toml:1:1:"),
    ("pzprv3/nurikabe/2/2/1 . /. ? /", "t.txt", "t.txt:1:28:"),
    ("pzprv3/nurikabe/2/2/1 . /", "t.txt", "t.txt:1:"),
])
def test_malformed_files_give_one_line(text, file, where):
    assert_error_at(text, file, where)


def test_malformed_file_on_the_command_line(tmp_path):
    line = cli_error(tmp_path / "bad.toml", 'puzzle = "nurikabe"\nclues = """\n2 . 0\n"""\n')
    assert line.endswith("clues: expected a number 1..3, found 0")


def test_dash_is_an_empty_cell():
    p = loads1('puzzle = "nurikabe"\nclues = """\n1 -\n- -\n"""\n')
    assert p.clues == [[1, 0], [0, 0]]


@pytest.mark.parametrize("clues", [
    [[2, 0, 0], [0, 0, 0], [0, 0, 2]],
    [[3, 0, 0], [0, 0, 0], [0, 0, 4]],          # 2 shaded cells, no shading: none found
    [[0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 3]],
    [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]],   # none either
    [[0, 0, 0], [0, 0, 0], [0, 0, 7]],          # 2 shaded cells side by side
    [[0, 0, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0], [2, 0, 0, 0]],
    [[5, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 5]],
    [[0, 0, 0, 0, 0], [0, 1, 0, 3, 0], [0, 0, 0, 0, 0]],
])
def test_solutions_equal_brute_force(clues):
    """Every shading the referee accepts, found by trying them all, is a
    solution of the model and no other (islands by layers, their reach
    around other numbers, the implied sea pieces, the lazy stream)."""
    rows, cols = len(clues), len(clues[0])
    free = [(r, c) for r in range(rows) for c in range(cols) if not clues[r][c]]
    want = []
    for bits in range(1 << len(free)):
        grid = [[0] * cols for _ in range(rows)]
        for i, (r, c) in enumerate(free):
            grid[r][c] = bits >> i & 1
        if referee.check(grid, clues) == []:
            want.append(grid)
    p = api.loads('puzzle = "nurikabe"\nclues = """\n' + "\n".join(
        " ".join(str(k) if k else "." for k in row) for row in clues) + '\n"""\n', "t.toml")[0]
    got = [s["grid"] for s in api.solve_all(p)["solutions"]]
    assert sorted(got) == sorted(want), (clues, len(got), len(want))


def test_sea_pieces_are_every_small_connected_set():
    """The sea clauses made from the shapes' offsets are those of growing every
    connected set of up to 4 cells cell by cell, less the always-true ones (a
    number in the set, a never-white cell beside it); the estimate counts them."""
    h, w = 4, 5
    white = {(r, c): 1 + r * w + c for r in range(h) for c in range(w)}
    numbers, never = {(1, 1): 2}, {(3, 4), (0, 4)}
    can = set(white) - never

    def near(v):
        return {(v[0] + a, v[1] + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))} & set(white)
    level, want = {frozenset([v]) for v in white}, set()
    for size in range(1, 5):
        if size > 1:
            level = {S | {x} for S in level for u in S for x in near(u) - S}
        for S in level:
            ring = set().union(*map(near, S)) - S
            if not S & set(numbers) and ring <= can:
                want.add(frozenset([white[v] for v in S] + [-white[v] for v in ring]))
    got = _sea(h, w, white, can, numbers, 4)
    assert len(got) == len(want) == _sea(h, w, None, can, numbers, 4)
    assert {frozenset(c) for c in got} == want


def test_spread_cuts_keep_every_connected_set_with_the_anchor():
    """The stream's cuts spread over a cut-off part (ConnectivityCuts with
    ``spread``, anchored as Nurikabe's stream is) are false on the model
    they cut and true on every connected set holding the anchor (2 x 4 grid,
    every subset as the model)."""
    g = nx.grid_2d_graph(2, 4)
    nodes = sorted(g)
    lits = {v: i + 1 for i, v in enumerate(nodes)}
    anchor = (0, 0)

    def connected(S):
        if not S:
            return True
        seen, todo = {min(S)}, [min(S)]
        for u in todo:
            for x in g[u]:
                if x in S and x not in seen:
                    seen.add(x)
                    todo.append(x)
        return seen == S
    good = [S for bits in range(1 << 8)
            if anchor in (S := {v for i, v in enumerate(nodes) if bits >> i & 1}) and connected(S)]
    spread = 0
    for bits in range(1 << 8):
        model = [lits[v] if bits >> i & 1 else -lits[v] for i, v in enumerate(nodes)]
        cuts = ConnectivityCuts(lits, g, anchors=[anchor], spread=True)
        plain = ConnectivityCuts(lits, g, anchors=[anchor]).violated(model)
        got = cuts.violated(model)
        spread += len(got) - len(plain)
        for c in got:
            assert not set(c) & set(model)
            assert all(any((l > 0) == (nodes[abs(l) - 1] in S) for l in c) for S in good)
    assert spread > 0


def test_url_round_trips_on_random_boards():
    """parse_url(to_url(p)) gives p's numbers back, wide numbers and long
    runs of empty cells included (number16's '-' and 'z')."""
    rng = random.Random(7)
    for _ in range(200):
        rows, cols = rng.randint(1, 12), rng.randint(1, 30)
        clues = [[rng.choice([0, 0, 0, 0, rng.randint(1, 300)]) for _ in range(cols)]
                 for _ in range(rows)]
        url = to_url(Nurikabe(clues))
        assert parse_url(url, "u.txt")[0].clues == clues, url


def test_a_url_solves_as_its_file():
    """The shipped pzprjs 5x5 given as its puzz.link URL: the same answer."""
    p, q = url_solved_as_file("nurikabe-pzprjs-5x5.txt", to_url)
    assert q.clues == p.clues


@pytest.mark.parametrize("url,what", [
    ("https://puzz.link/p?nurikabe/3/2/2i.g", "row 2, column 2: expected an island's size "
                                              "(a number >= 1), found a ? clue"),
    ("https://puzz.link/p?nurikabe/3/2/2i0g", "found 0"),
    ("https://puzz.link/p?nurikabe/3/2/2i1gg", "expected the end of the URL"),
])
def test_malformed_urls_give_one_line(url, what):
    assert_error_at(url, "u.txt", "u.txt:1:", what)
