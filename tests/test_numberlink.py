"""Numberlink (Arukone): published puzzles (Janko, with their published
solutions) solved, proven unique and checked by the referee, with lazy and
eager connectivity; counts known from outside; a contradictory instance; the
one-line errors of malformed files; the referee against corruptions."""

from __future__ import annotations

import random

import pytest
from conftest import (INST, assert_doctests, assert_error_at, assert_family_solves,
                      assert_unsat, cli_error, cli_unique, load1, solve_unique,
                      solved_as_published, text_grid)

from satgrid import api
from satgrid.puzzles import random_lines
from satgrid.puzzles.numberlink import Numberlink, check, formats, kind

PUBLISHED = ["numberlink-janko-01.toml", "numberlink-janko-02.toml",
             "numberlink-janko-03.toml", "numberlink-janko-100.toml"]
EAGER_TOO = PUBLISHED[:3]      # the 10x10 takes ~19 s eagerly: bench/bench_paths.py


@pytest.mark.parametrize("mode", ["lazy", "eager"])
@pytest.mark.parametrize("name", PUBLISHED)
def test_published_puzzles_unique_and_as_published(name, mode):
    p, res = solved_as_published(name, mode, EAGER_TOO,
                                 "eager on the 10x10 is a bench measurement (bench/bench_paths.py)")
    assert check.check(res["grid"], res["labels"], p.numbers) == []


@pytest.mark.parametrize("n,paths", [(2, 2), (3, 12), (4, 184)])
def test_one_corner_pair_counts_the_corner_paths(n, paths):
    """One pair in opposite corners, no other number: the lines are the
    simple corner-to-corner paths of the n x n grid (OEIS A007764)."""
    grid = [["."] * n for _ in range(n)]
    grid[0][0] = grid[n - 1][n - 1] = "1"
    for mode in ("lazy", "eager"):
        assert api.count(Numberlink(grid), api.Options(connectivity=mode))["count"] == paths


def test_fill_counts_hamiltonian_paths():
    """With ``fill`` the line of a lone pair visits every cell: Hamiltonian
    paths between opposite corners of the n x n grid (OEIS A001184:
    1, 0, 2, 0, 104; 0 for even n, where the two corners have one colour of
    the chessboard and a path through all n^2 cells ends on the other)."""
    for n, want in ((2, 0), (3, 2), (4, 0), (5, 104)):
        grid = [["."] * n for _ in range(n)]
        grid[0][0] = grid[n - 1][n - 1] = "1"
        assert api.count(Numberlink(grid, fill=True))["count"] == want, n


def test_contradictory_instance_is_unsat():
    assert_unsat("numberlink-unsat.toml")


def test_text_format_and_cli(tmp_path):
    src = load1(INST / "numberlink-janko-01.toml")
    f = text_grid(tmp_path / "janko01.arukone",
                  [["-" if t == "." else t for t in row] for row in src.numbers])
    [p] = api.load(str(f))
    assert isinstance(p, Numberlink) and p.numbers == src.numbers
    cli_unique(f)


@pytest.mark.parametrize("text,file,where,fragment", [
    ('puzzle = "numberlink"\nnumbers = """\n1 2\n2 1\n1 .\n"""\n', "t.toml", "t.toml:5:1",
     "third time"),
    ('puzzle = "numberlink"\nnumbers = """\n1 2\n. 1\n"""\n', "t.toml", "t.toml:3:3",
     "appears once"),
    ('puzzle = "numberlink"\nfill = "yes"\nnumbers = "1 1"\n', "t.toml", "t.toml:2:1",
     "true or false"),
    ('puzzle = "numberlink"\nnumbers = """\n1 1\n.\n"""\n', "t.toml", "t.toml:4:1",
     "expected 2 cells"),
    ('puzzle = "numberlink"\nnumbers = "1 1"\n[expect]\nsolution = """\ne x\n"""\n', "t.toml",
     "t.toml:5:3", "the sides a line leaves"),
    ("2 2\n1 1\n", "a.numberlink", "a.numberlink:2:1", "expected 2 rows"),
])
def test_malformed_files_give_one_positioned_line(text, file, where, fragment):
    assert_error_at(text, file, where, fragment)


def test_malformed_file_on_the_command_line(tmp_path):
    bad = 'puzzle = "numberlink"\nnumbers = """\n1 2\n. 1\n"""\n'
    assert ":3:3:" in cli_error(tmp_path / "bad.toml", bad)


def test_referee_rejects_corruptions():
    nums = [list("1.1"), list("2.2")]
    links = [[2, 10, 8], [2, 10, 8]]
    labels = [list("111"), list("222")]
    assert check.check(links, labels, nums) == []
    assert any("labelled" in m for m in check.check(links, [list("121"), list("222")], nums))
    crossed = [list("1.2"), list("2.1")]
    assert any("joins" in m for m in check.check(links, labels, crossed))
    # a loop with no number beside a line
    nums3 = [list("1.1"), list("..."), list("...")]
    links3 = [[2, 10, 8], [6, 12, 0], [3, 9, 0]]
    labels3 = [list("111"), list("..."), list("...")]
    assert any("joins 0 numbers" in m for m in check.check(links3, labels3, nums3))
    assert check.check(links, labels, nums, fill=True) == []
    assert any("not on a line" in m for m in check.check(links3, labels3, nums3, fill=True))


def test_rendering():
    p = load1(INST / "numberlink-janko-01.toml")
    res = solve_unique(p)
    assert p.render(res).count("\n") == p.rows - 1
    assert p.render_svg(res).startswith("<svg")


def test_docstring_examples():
    assert_doctests(check, formats, kind, examples=2)


@pytest.mark.parametrize("seed", [1, 2])
def test_family_instances_solve_and_pass_the_referee(tmp_path, seed):
    """`satgrid family numberlink`: deterministic by seed, satisfiable, and every
    solution found passes the referee (api.solve verifies it)."""
    assert_family_solves("numberlink", tmp_path, seed)


EXAMPLES = sorted((INST.parent / "satgrid" / "puzzles" / "numberlink" / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_published_15x15_examples_unique_and_as_published(path):
    """Janko's 15x15 Arukone of the kind's examples: unique, equal to the
    published solution, accepted by the referee."""
    p = load1(path)
    assert (p.rows, p.cols) == (15, 15)
    res = solve_unique(p)
    assert res["status"] == "sat" and res["unique"] is True
    assert res["grid"] == p.expected_solution()
    assert check.check(res["grid"], res["labels"], p.numbers) == []


def _brute_force_count(numbers, fill: bool) -> int:
    """Line sets of a small board by enumeration of every subset of the grid's
    edges, judged here without the model: degree 1 at a number, 0 or 2
    elsewhere (2 everywhere with ``fill``), and every component a path
    joining two equal numbers (so no loop, no number joined to another)."""
    rows, cols = len(numbers), len(numbers[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    edges = [((r, c), (r + dr, c + dc)) for r, c in cells for dr, dc in ((0, 1), (1, 0))
             if r + dr < rows and c + dc < cols]
    count = 0
    for mask in range(1 << len(edges)):
        used = [e for i, e in enumerate(edges) if mask >> i & 1]
        nb = {v: [] for v in cells}
        for u, v in used:
            nb[u].append(v)
            nb[v].append(u)
        ok = True
        for (r, c) in cells:
            d, t = len(nb[(r, c)]), numbers[r][c]
            if (t != "." and d != 1) or (t == "." and d not in ((2,) if fill else (0, 2))):
                ok = False
                break
        if not ok:
            continue
        seen = set()
        for v in cells:
            if v in seen or not nb[v]:
                continue
            comp, stack = [], [v]
            seen.add(v)
            while stack:
                x = stack.pop()
                comp.append(x)
                for y in nb[x]:
                    if y not in seen:
                        seen.add(y)
                        stack.append(y)
            ends = [numbers[r][c] for r, c in comp if numbers[r][c] != "."]
            if len(ends) != 2 or ends[0] != ends[1]:
                ok = False
                break
        count += ok
    return count


def _random_board(rng, rows, cols, pairs):
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2 * pairs)
    grid = [["."] * cols for _ in range(rows)]
    for i, (r, c) in enumerate(cells):
        grid[r][c] = str(i // 2 + 1)
    return grid


@pytest.mark.parametrize("seed", range(12))
def test_counts_equal_brute_force_on_small_boards(seed):
    """The number of line sets the model admits equals the enumeration of all
    edge subsets, with and without ``fill``, in every connectivity mode (the
    loops refused by cuts, by eager layers, by the propagator)."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3)])
    grid = _random_board(rng, rows, cols, rng.choice([1, 2, 3]))
    for fill in (False, True):
        want = _brute_force_count(grid, fill)
        for mode in ("lazy", "eager", "propagate"):
            got = api.count(Numberlink(grid, fill=fill), api.Options(connectivity=mode))
            assert (got["count"], got["complete"]) == (want, True), (grid, fill, mode)


def test_loop_beside_a_line_is_refused():
    """A 2 x 4 board with a pair in the first column: the lines go round 0,
    1, 2 or 3 columns (4 line sets). Beside the direct link, loops round
    columns 1-2, 2-3 or 1-3 satisfy every degree; they are refused."""
    grid = [list("1..."), list("1...")]
    assert _brute_force_count(grid, False) == 4
    for mode in ("lazy", "eager", "propagate"):
        assert api.count(Numberlink(grid), api.Options(connectivity=mode))["count"] == 4


@pytest.mark.parametrize("seed", range(4))
def test_unique_answer_equals_brute_force_on_small_boards(seed):
    """``solve --unique`` seeks the answers among taut line sets (the kind's
    ``taut`` assumption) and a detour of the first: its verdict is still
    "one answer" exactly when the enumeration of all edge subsets finds one."""
    rng = random.Random(100 + seed)
    for _ in range(5):
        rows, cols = rng.choice([(3, 3), (2, 4), (2, 5)])
        grid = _random_board(rng, rows, cols, rng.choice([1, 2, 3]))
        want = _brute_force_count(grid, False)
        res = api.solve(Numberlink(grid), unique=True)
        assert res["status"] == ("sat" if want else "unsat"), grid
        if want:
            assert res["unique"] is (want == 1), (grid, want)


@pytest.mark.parametrize("rows,unique", [(["1 1", ". ."], False), (["1 . 1"], True),
                                         (["1 . 1", ". . ."], False),
                                         (["1 2", "1 2"], True)])
def test_a_detour_of_the_only_taut_answer_is_a_second_answer(rows, unique):
    """The only taut answer of '1 1' over an empty row is the direct link;
    the line round the row below is a second answer (a detour), shown and
    accepted by the referee."""
    grid = [r.split() for r in rows]
    assert (_brute_force_count(grid, False) == 1) is unique
    res = api.solve(Numberlink(grid), unique=True)
    assert res["unique"] is unique
    if not unique:
        assert res["second"]["grid"] != res["grid"]
        assert check.check(res["second"]["grid"], res["second"]["labels"], grid) == []


@pytest.mark.parametrize("seed", range(2))
def test_unique_answer_with_lean_runs_equals_brute_force(seed):
    """The second search assumes ``lean`` (no run of free cells between two
    cells of one colour) only when no free set lies beside two cells of one
    line of the first answer: on 2 x 6 boards, where such runs fit, the
    verdict is still the brute force's."""
    rng = random.Random(300 + seed)
    for _ in range(6):
        grid = _random_board(rng, 2, 6, rng.choice([1, 2]))
        want = _brute_force_count(grid, False)
        res = api.solve(Numberlink(grid), unique=True)
        assert res["status"] == ("sat" if want else "unsat"), grid
        if want:
            assert res["unique"] is (want == 1), (grid, want)


def test_open_free_set_is_found_beside_a_line():
    """``_detours``: a free cell beside two cells of one line (not joined by
    an edge) makes the answer open; a line with free cells beside it at one
    cell each does not."""
    numbers = [list("1.1"), list("...")]
    bend = [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 2), (0, 2))]
    assert kind._detours(bend, 2, 3, numbers) == (False, True)
    numbers = [list("1..."), list("...1")]
    corner = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((0, 3), (1, 3))]
    assert kind._detours(corner, 2, 4, numbers) == (True, True)
    numbers = [list("12"), list("12"), list("..")]
    assert kind._detours([((0, 0), (1, 0)), ((0, 1), (1, 1))], 3, 2, numbers) == (False, False)


@pytest.mark.parametrize("seed", range(3))
def test_unique_verdict_with_pockets_and_spikes_equals_the_count(seed):
    """The searches assume ``lean``, which keeps a free cell inside a
    corner only below it and makes a corner opening downwards hold another
    line's corner or a number (``_spikes``): an answer with the fewest edges
    and, of those, the free cells earliest in reading order, has them.
    On boards made of random walks (4x4 to 7x7, where corners and pockets
    fit; most with several answers, a few unique), ``solve --unique`` still
    says "one answer" exactly when counting without any assumption finds
    one (the count is the brute force's on small boards, above), and a
    second answer is found wherever there is one."""
    rng = random.Random(500 + seed)
    verdicts = []
    for _ in range(80):
        rows, cols = rng.choice([(4, 4), (5, 5), (5, 6), (6, 6), (7, 7)])
        walks = random_lines.random_paths(rows, cols, rng.choice([2, 3, 4, 5, 7]), rng)
        grid = [["."] * cols for _ in range(rows)]
        for k, walk in enumerate(walks, 1):
            for r, c in (walk[0], walk[-1]):
                grid[r][c] = str(k)
        want = api.count(Numberlink(grid), limit=2)["count"]
        res = api.solve(Numberlink(grid), unique=True)
        assert res["status"] == "sat" and res["unique"] is (want == 1), (grid, want)
        verdicts.append(want == 1)
    assert verdicts.count(False) > 40
