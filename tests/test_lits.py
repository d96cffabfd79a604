"""LITS: published puzzles solved, proven unique, judged by the referee and
compared with their published answers; a contradictory instance; the
referee catching each broken rule; malformed files."""

import pytest
from conftest import INST, assert_error_at, assert_unsat, cli_error, load1, solved_unique

from satgrid import api
from satgrid.puzzles.lits import check as referee


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
