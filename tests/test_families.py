"""Generated families: deterministic by seed, solvable, checked (issue 6/7)."""

import hashlib
from pathlib import Path

import pytest

from satgrid import api
from satgrid.errors import SatgridError
from satgrid.pipeline.families import generate
from satgrid.puzzles.sudoku.family import full_sudoku


def digest(paths):
    return [hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in paths]


def test_full_sudoku_grids_are_valid():
    import random
    from satgrid.puzzles.sudoku.check import check
    for order in (2, 3, 4, 5):
        g = full_sudoku(order, random.Random(order))
        assert check(g, (order, order)) == []


def test_sudoku_family_unique_and_deterministic(tmp_path):
    a = generate("sudoku", {"order": "3", "count": "2"}, seed=5, out=str(tmp_path / "a"))
    b = generate("sudoku", {"order": "3", "count": "2"}, seed=5, out=str(tmp_path / "b"))
    c = generate("sudoku", {"order": "3", "count": "2"}, seed=6, out=str(tmp_path / "c"))
    assert digest(a) == digest(b) and digest(a) != digest(c)
    for path in a:
        [p] = api.load(path)
        ok, bad, res = api.compare_expect(p)
        assert ok, bad
        assert res["unique"] is True
        givens = sum(1 for row in p.grid for v in row if v)
        # a unique 9x9 puzzle keeps at least 17 givens; the reduction removes most
        assert 17 <= givens < 40


def test_sudoku_family_with_a_number_of_givens(tmp_path):
    [path] = generate("sudoku", {"order": "4", "givens": "200", "unique": "0"}, seed=1, out=str(tmp_path))
    [p] = api.load(path)
    text = Path(path).read_text()
    grid = text.split('givens = """\n')[1].split('"""')[0].split()
    assert sum(t != "." for t in grid) == 200
    assert api.solve(p)["status"] == "sat"


@pytest.mark.parametrize("n", [3, 4])
def test_unconstrained_hooks(tmp_path, n):
    [path] = generate("hooks", {"n": str(n)}, out=str(tmp_path))
    [p] = api.load(path)
    assert api.solve(p)["status"] == "sat"


def test_knights_tour_family(tmp_path):
    [path, cnf] = generate("knights-tour", {"n": "5"}, out=str(tmp_path), dimacs=True)
    [p] = api.load(path)
    r = api.solve(p)
    assert r["status"] == "sat"
    labels = sorted(v for row in r["grid"] for v in row if v)
    assert labels == list(range(1, 26)) and r["grid"][0][0] == 1
    assert Path(cnf).read_text().startswith("c generator: satgrid")
    [path] = generate("knights-tour", {"n": "4"}, out=str(tmp_path))
    assert api.solve(api.load(path)[0])["status"] == "unsat"  # no open tour on 4x4


def test_vertex_sums_family(tmp_path):
    [path] = generate("vertex-sums", {"n": "4", "clues": "5"}, seed=3, out=str(tmp_path))
    [p] = api.load(path)
    assert api.solve(p)["status"] == "sat"


def test_family_errors(tmp_path):
    with pytest.raises(SatgridError, match="unknown family"):
        generate("chess", {}, out=str(tmp_path))
    with pytest.raises(SatgridError, match="order"):
        generate("sudoku", {"order": "x"}, out=str(tmp_path))
    with pytest.raises(SatgridError, match="unknown parameter"):
        generate("hooks", {"size": "3"}, out=str(tmp_path))


def test_hitori_family_is_solvable_and_deterministic(tmp_path):
    a = generate("hitori", {"n": "9"}, seed=2, out=str(tmp_path / "a"))
    b = generate("hitori", {"n": "9"}, seed=2, out=str(tmp_path / "b"), dimacs=True)
    assert digest(a) == digest(b[:1])
    [p] = api.load(a[0])
    res = api.solve(p)
    assert res["status"] == "sat" and p.check({"grid": res["grid"]}) == []


@pytest.mark.parametrize("n", [2, 5, 9])
def test_nurikabe_family_is_solvable_and_deterministic(tmp_path, n):
    a = generate("nurikabe", {"n": str(n)}, seed=4, out=str(tmp_path / "a"))
    b = generate("nurikabe", {"n": str(n)}, seed=4, out=str(tmp_path / "b"), dimacs=True)
    assert digest(a) == digest(b[:1])
    [p] = api.load(a[0])
    res = api.solve(p)
    assert res["status"] == "sat" and p.check({"grid": res["grid"]}) == []
