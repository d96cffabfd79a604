"""Hitori: published puzzles solved, proven unique and judged by the
referee (and the pzprjs puzzle against its own answer); a contradictory
instance; the referee catching each broken rule; malformed files."""

import importlib
import itertools
import random

import pytest
from conftest import (INST, assert_error_at, assert_unsat, cli_error, load1, solved_unique,
                      url_solved_as_file)

from satgrid import api
from satgrid.puzzles.hitori import check as referee
from satgrid.puzzles.hitori.formats import parse_url, to_url
from satgrid.puzzles.hitori.kind import Hitori


@pytest.mark.parametrize("connectivity", ["lazy", "eager"])
@pytest.mark.parametrize("name", ["hitori-wikipedia.toml", "hitori-pzprjs-4x4.txt"])
def test_published_puzzles(name, connectivity):
    p, res = solved_unique(name, connectivity)
    assert p.check({"grid": res["grid"]}) == []
    if p.expected_solution() is not None:
        assert res["grid"] == p.expected_solution()


def test_contradictory_instance_is_unsat():
    assert_unsat("hitori-unsat-2x2.toml")


def test_referee_catches_each_rule():
    numbers = [[1, 1, 2], [2, 3, 1], [3, 2, 2]]
    assert referee.check([[1, 0, 0], [0, 0, 0], [0, 0, 1]], numbers) == []
    assert referee.check([[0, 0, 0], [0, 0, 0], [0, 0, 1]], numbers) == ["row 0: 1 unshaded twice"]
    assert "shaded cells touch at (1, 2)" in referee.check(
        [[1, 0, 0], [0, 0, 1], [0, 0, 1]], numbers)
    assert referee.check([[0, 1, 0], [1, 0, 0], [0, 0, 0]], [[1, 1, 1], [1, 2, 3], [2, 3, 1]])[-1] \
        == "unshaded cells form 2 groups, expected one"
    assert referee.check([[0, 0, 0], [0, 0, 0], [0, 0, 1]],
                         [[1, 2, 3], [2, 3, 1], [3, 1, 1]]) == []


def test_render():
    p = load1(INST / "hitori-pzprjs-4x4.txt")
    res = api.solve(p)
    assert p.render({"grid": res["grid"]}).split("\n")[0].split() == ["#", "1", "#", "4"]
    assert "<svg" in p.render_svg({"grid": res["grid"]})


@pytest.mark.parametrize("text,file,where", [
    ('puzzle = "hitori"\nnumbers = """\n1 2\n2 x\n"""\n', "t.toml", "t.toml:4:3:"),
    ('puzzle = "hitori"\nnumbers = """\n1 2\n2\n"""\n', "t.toml", "t.toml:4:1:"),
    ('puzzle = "hitori"\n', "t.toml", "t.toml:1:1:"),
    ('puzzle = "hitori"\nnumbers = "1"\n[expect]\nsolution = "x"\n', "t.toml", "t.toml:4:"),
    ("pzprv3/hitori/2/2/1 2 /2 1 /# x /. . /", "t.txt", "t.txt:1:31:"),
    ("pzprv3/hitori/two/2/", "t.txt", "t.txt:1:15:"),
])
def test_malformed_files_give_one_line(text, file, where):
    assert_error_at(text, file, where)


def test_malformed_file_on_the_command_line(tmp_path):
    line = cli_error(tmp_path / "bad.txt", "pzprv3/hitori/2/2/1 2 /2 0 /\n")
    assert "expected a whole number >= 1, found '0'" in line



#: a 2x2 puzzle per shading kind, as its referee takes it
SHADING = {"hitori": [[1, 2], [2, 1]], "lits": [[0, 0], [0, 0]], "nurikabe": [[0, 0], [0, 0]]}


@pytest.mark.parametrize("module", sorted(SHADING))
@pytest.mark.parametrize("bad", [True, 1.0, False, 0.0])
def test_the_referee_takes_the_ints_0_and_1_only(module, bad):
    # True == 1 and 1.0 == 1 in Python: a referee comparing with (0, 1) took them as cells
    check = importlib.import_module(f"satgrid.puzzles.{module}.check").check
    out = check([[bad, 0], [0, 0]], SHADING[module])
    assert any("expected 0" in p for p in out), out



def test_solution_counts_equal_a_plain_enumeration():
    """The redundant ``walls`` clauses (a cell, a domino or a star walled in
    by shaded cells) remove no answer: on small grids, including those too
    small for them, satgrid counts every shading the referee accepts, no more."""
    rng = random.Random(7)
    solvable = 0
    for rows, cols in [(1, 4), (1, 6), (2, 2), (2, 3), (3, 3), (3, 4), (2, 6), (1, 2), (1, 3), (2, 1),
                       (1, 12)]:
        for _ in range(5):
            numbers = [[rng.randint(1, cols) for _ in range(cols)] for _ in range(rows)]
            plain = sum(referee.check([list(b[r * cols:(r + 1) * cols]) for r in range(rows)],
                                      numbers) == []
                        for b in itertools.product((0, 1), repeat=rows * cols))
            [p] = api.loads('puzzle = "hitori"\nnumbers = """\n'
                            + "\n".join(" ".join(map(str, row)) for row in numbers) + '\n"""\n')
            got = api.count(p)
            assert got["complete"] and got["count"] == plain, numbers
            solvable += plain > 0
    assert solvable >= 10                        # the comparison is not of zeros


def test_url_round_trips_on_random_boards():
    """parse_url(to_url(p)) gives p's numbers back: one digit below 36,
    '-' and two digits up to 1295."""
    rng = random.Random(11)
    for _ in range(200):
        rows, cols = rng.randint(1, 10), rng.randint(1, 30)
        nums = [[rng.choice([rng.randint(1, 35), rng.randint(1, 1295)]) for _ in range(cols)]
                for _ in range(rows)]
        url = to_url(Hitori(nums))
        assert parse_url(url, "u.txt")[0].numbers == nums, url


@pytest.mark.parametrize("name", ["hitori-wikipedia.toml", "hitori-pzprjs-4x4.txt"])
def test_a_url_solves_as_its_file(name):
    p, q = url_solved_as_file(name, to_url)
    assert q.numbers == p.numbers


@pytest.mark.parametrize("url,what", [
    ("https://puzz.link/p?hitori/2/2/12.1", "found '.' (a cell without its number)"),
    ("https://puzz.link/p?hitori/2/2/12@1", "found '@' (a cell without its number)"),
    ("https://puzz.link/p?hitori/2/2/1201", "found '0'"),
    ("https://puzz.link/p?hitori/2/2/12-001", "found '-00'"),
    ("https://puzz.link/p?hitori/2/2/121", "expected 4 numbers (2 x 2), found 3"),
    ("https://puzz.link/p?hitori/2/2/12111", "expected the end of the URL"),
])
def test_malformed_urls_give_one_line(url, what):
    assert_error_at(url, "u.txt", "u.txt:1:", what)
