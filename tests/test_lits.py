"""LITS: published puzzles solved, proven unique, judged by the referee and
compared with their published answers; a contradictory instance; the
referee catching each broken rule; malformed files."""

import itertools
import random

import pytest
from conftest import (INST, assert_error_at, assert_unsat, cli_error, load1, solved_unique,
                      url_solved_as_file)

from satgrid import api
from satgrid.puzzles.lits import check as referee
from satgrid.puzzles.lits.formats import parse_url, to_url
from satgrid.puzzles.lits.kind import Lits
from satgrid.puzzles.rooms import rooms_from_labels


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
@pytest.mark.parametrize("name", ["lits-wikipedia.toml", "lits-pzprjs-4x4.txt"])
def test_published_puzzles(name, connectivity):
    p, res = solved_unique(name, connectivity)
    assert p.check({"grid": res["grid"]}) == []
    assert res["grid"] == p.expected_solution()
    # the letters drawn are the referee's names of the shapes
    shapes = res["shapes"]
    assert all((s != ".") == bool(v) for row, grow in zip(shapes, res["grid"])
               for s, v in zip(row, grow))


def test_contradictory_instance_is_unsat():
    assert_unsat("lits-unsat-3x4.toml")


def test_referee_catches_each_rule():
    regions = [["a", "a", "b", "b"], ["a", "a", "b", "b"], ["a", "a", "b", "b"]]
    good = [[1, 0, 1, 0], [1, 0, 1, 1], [1, 1, 1, 0]]         # an L in a, a T in b
    assert referee.letter({(0, 0), (1, 0), (2, 0), (2, 1)}) == "L"
    assert referee.letter({(0, 0), (0, 1), (1, 1), (1, 2)}) == "S"
    assert referee.letter({(0, 0), (0, 1), (1, 0), (1, 1)}) is None       # O is not allowed
    assert referee.check(good, regions) == []
    same = [[1, 0, 0, 1], [1, 0, 0, 1], [1, 1, 1, 1]]         # two L's touching
    assert "two L tetrominoes touch at (2, 1)" in referee.check(same, regions)
    square = [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]]
    msgs = referee.check(square, regions)
    assert "region a: its shaded cells are no L, I, T or S" in msgs
    assert "region b has 0 shaded cells, expected 4" in msgs
    apart = [[1, 0, 0, 1], [1, 0, 0, 1], [1, 0, 0, 1]]
    assert "shaded cells form 2 groups, expected one" in referee.check(apart, regions)


def test_render():
    p = load1(INST / "lits-pzprjs-4x4.txt")
    res = api.solve(p)
    assert p.render(res).split("\n")[3].split() == ["I", "I", "I", "I"]
    assert "<svg" in p.render_svg(res)


@pytest.mark.parametrize("text,file,where", [
    ('puzzle = "lits"\nregions = """\na a\na\n"""\n', "t.toml", "t.toml:4:1:"),
    ('puzzle = "lits"\n', "t.toml", "t.toml:1:1:"),
    ('puzzle = "lits"\nregions = "a a a a"\n[expect]\nsolution = "# # # x"\n', "t.toml",
     "t.toml:4:"),
    ("pzprv3/lits/1/4/x/0 0 0 0 /", "t.txt", "t.txt:1:17:"),
    ("pzprv3/lits/1/4/1/0 0 0 0 /# # # ? /", "t.txt", "t.txt:1:34:"),
])
def test_malformed_files_give_one_line(text, file, where):
    assert_error_at(text, file, where)


def test_malformed_file_on_the_command_line(tmp_path):
    line = cli_error(tmp_path / "bad.toml", 'puzzle = "lits"\nregion = "a"\n')
    assert "unknown key 'region'" in line



def _random_regions(rng, rows: int, cols: int) -> list[list[str]]:
    """A random map of connected regions of about 5 to 8 cells (some smaller)."""
    label = [[None] * cols for _ in range(rows)]
    free = [(r, c) for r in range(rows) for c in range(cols)]
    k = 0
    while free:
        region, want = [rng.choice(free)], rng.choice([5, 6, 7, 8])
        label[region[0][0]][region[0][1]] = k
        while len(region) < want:
            grow = [(r + dr, c + dc) for r, c in region
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and label[r + dr][c + dc] is None]
            if not grow:
                break
            r, c = rng.choice(grow)
            label[r][c] = k
            region.append((r, c))
        free = [x for x in free if label[x[0]][x[1]] is None]
        k += 1
    return [[chr(65 + v) for v in row] for row in label]


def test_solution_counts_equal_a_plain_enumeration():
    """One tetromino per region as at least one placement and at most four
    covered cells: on random region maps satgrid counts every shading the
    referee accepts, no more (the referee judges every choice of four cells
    per region: any other shading breaks its count rule)."""
    rng = random.Random(3)
    solvable = 0
    for rows, cols in [(3, 4)] * 10 + [(4, 4)] * 10 + [(4, 5)] * 10:
        regions = _random_regions(rng, rows, cols)
        members = {}
        for r, row in enumerate(regions):
            for c, name in enumerate(row):
                members.setdefault(name, []).append((r, c))
        plain = 0
        for choice in itertools.product(*(itertools.combinations(m, 4)
                                          for m in members.values())):
            on = {x for four in choice for x in four}
            grid = [[int((r, c) in on) for c in range(cols)] for r in range(rows)]
            plain += referee.check(grid, regions) == []
        [p] = api.loads('puzzle = "lits"\nregions = """\n'
                        + "\n".join(" ".join(row) for row in regions) + '\n"""\n')
        got = api.count(p)
        assert got["complete"] and got["count"] == plain, regions
        solvable += plain > 0
    assert solvable >= 3                         # the comparison is not of zeros


def test_url_round_trips_on_random_maps():
    """parse_url(to_url(p)) gives p's regions back (numbered by first cell)."""
    rng = random.Random(5)
    for _ in range(200):
        rows, cols = rng.randint(1, 9), rng.randint(2, 12)
        labels = [[str(rng.randint(0, 3)) for _ in range(cols)] for _ in range(rows)]
        want = [[str(k) for k in row] for row in rooms_from_labels(labels)]
        assert parse_url(to_url(Lits(labels)), "u.txt")[0].regions == want


@pytest.mark.parametrize("name", ["lits-wikipedia.toml", "lits-pzprjs-4x4.txt"])
def test_a_url_solves_as_its_file(name):
    url_solved_as_file(name, to_url)


@pytest.mark.parametrize("url,what", [
    ("https://puzz.link/p?lits/4/2/900zz", "expected the end of the URL"),
    ("https://puzz.link/p?lits/4/2/", "expected the room borders"),
])
def test_malformed_urls_give_one_line(url, what):
    assert_error_at(url, "u.txt", "u.txt:1:", what)
