"""twenty-four-seven and twenty-four-seven-2x2: parsing and its errors, the
independent checker and the answers, the model (lazy and eager connectivity
agree; sizes with no solution), the published 2x2 #2 and our own instances."""

from pathlib import Path

import pytest

from satgrid import api
from satgrid.errors import InstanceError
from satgrid.puzzles.twentyfourseven import check as ck
from satgrid.puzzles.twentyfourseven import TwentyFourSeven

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"
TWO = INST / "twenty-four-seven-2x2-2.toml"
TOP_LEFT = INST / "twenty-four-seven-2x2-2-top-left.toml"


def load1(path):
    [p] = api.load(str(path))
    return p


def error_of(text, file="t.toml"):
    with pytest.raises(InstanceError) as e:
        api.loads(text, file)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def single(givens=None, size=None, **clues):
    t = 'puzzle = "twenty-four-seven"\n'
    if size is not None:
        t += f"size = {size}\n"
    if givens is not None:
        t += 'givens = """\n' + givens.strip("\n") + '\n"""\n'
    for side, v in clues.items():
        t += f'{side} = "{v}"\n'
    return t


@pytest.fixture(scope="module")
def solved_2x2():
    p = load1(TWO)
    return p, api.solve(p, unique=True)


# ------------------------------------------------------------------ parsing
def test_parse_2x2():
    p = load1(TWO)
    assert isinstance(p, TwentyFourSeven) and p.composite
    assert p.kind == "twenty-four-seven-2x2" and p.size == 7 and len(p.grids) == 4
    assert [g.name for g in p.grids] == ["top-left", "top-right", "bottom-left", "bottom-right"]
    g = p.grids[0]
    assert g.clues["top"] == [5, 4, 0, 0, 0, 7, 5]
    assert g.clues["right"] == [7, 4, 0, 0, 0, 7, 6]
    assert g.givens[0][2] == 4 and g.givens[5][3] == 1
    assert p.grids[3].clues["left"] == [1, 2, 3, 4, 5, 6, 7]
    assert (p.per_line, p.line_sum) == (4, 20)


def test_line_rules():
    assert ck.line_rules(7) == (4, 20)
    assert ck.line_rules(5) == (3, 11)
    assert ck.line_rules(11) == (6, 46)
    assert ck.line_rules(1) == (1, 1)
    for bad in (2, 3, 4, 6, 8, 9, 10):
        with pytest.raises(ValueError):
            ck.line_rules(bad)


@pytest.mark.parametrize("text, where, what", [
    (single(top="5 4 . . . 7"), ":2:", "expected 7 clues ('.' = none), found 6"),
    (single(top="5 4 . . . 7 x"), ":2:20:", "expected a number 1..7 or '.', found 'x'"),
    (single(left=". . 9 . . . ."), ":2:13:", "found '9'"),
    (single(size=6), ":2:1:", "size: 6 does not work"),
    (single(size='"7"'), ":2:1:", "expected a whole number"),
    (single(givens=". . 8 . . . .\n" + ". . . . . . .\n" * 6), ":3:5:",
     "expected a number 1..7, found 8"),
    (single(givens=". . . . . . .\n" * 6), ":8:1:", "expected 7 rows, found 6"),
    ('puzzle = "twenty-four-seven"\nbox = 3\n', ":2:1:", "unknown key 'box'"),
])
def test_malformed_single(text, where, what):
    msg = error_of(text)
    assert msg.startswith("t.toml:") and where in msg and what in msg, msg


def test_malformed_2x2_points_into_the_right_table():
    text = TWO.read_text()
    # third table's givens: make one token bad
    lines = text.split("\n")
    i = [k for k, l in enumerate(lines) if l.startswith("name = \"bottom-left\"")][0]
    j = i + 2                                       # first givens row of that table
    lines[j] = lines[j].replace("4", "0", 1)
    msg = error_of("\n".join(lines))
    assert f":{j + 1}:" in msg and "grids[3]: givens" in msg and "found 0" in msg, msg
    # an unknown key in the second table
    lines = text.split("\n")
    k = [k for k, l in enumerate(lines) if l.startswith("name = \"top-right\"")][0]
    lines.insert(k + 1, "colour = 1")
    msg = error_of("\n".join(lines))
    assert f":{k + 2}:1:" in msg and "grids[2]: unknown key 'colour'" in msg, msg
    # a bad clue in the fourth table
    lines = text.split("\n")
    b = [k for k, l in enumerate(lines) if l.startswith('bottom = ". 6 . 5 . 4 ."')][0]
    lines[b] = 'bottom = ". 6 . 5 . 4 . 3"'
    msg = error_of("\n".join(lines))
    assert f":{b + 1}:" in msg and "expected 7 clues ('.' = none), found 8" in msg, msg


def test_2x2_expected_solution_list(solved_2x2):
    _, res = solved_2x2
    rows = lambda g: "\n".join(" ".join(str(v) if v else "." for v in r) for r in g)  # noqa: E731
    text = TWO.read_text() + "solution = [\n" + ",\n".join(
        '"""\n' + rows(g) + '\n"""' for g in res["grids"]) + "\n]\n"
    p = api.loads(text, "two.toml")[0]
    assert p.expected_solution() == res["grids"]
    msg = error_of(TWO.read_text() + 'solution = ["""\n. .\n"""]\n')
    assert "solution: expected a list of four grids" in msg


def test_2x2_needs_four_grids():
    text = TWO.read_text()
    cut = text.index("[[grids]]\nname = \"bottom-right\"")
    msg = error_of(text[:cut] + "[expect]\nanswer = 1\n")
    assert "expected four [[grids]] tables, found 3" in msg
    msg = error_of('puzzle = "twenty-four-seven-2x2"\n')
    assert "expected four [[grids]]" in msg


# ------------------------------------------------------------------ checker
def test_checker_and_answers(solved_2x2):
    p, res = solved_2x2
    for sub, g in zip(p.grids, res["grids"]):
        assert ck.check(g, 7, sub.givens, sub.clues) == []
    assert ck.answer_2x2(res["grids"]) == 8520


def test_answer_by_hand():
    # empty groups: a 2x2 block (4) and an L of 3 on a 3x3 ... by hand
    g = [[0, 0, 1],
         [0, 0, 1],
         [1, 1, 0]]
    assert ck.answer(g) == 4 * 1
    g = [[0, 1, 0],
         [1, 1, 1],
         [0, 1, 0]]
    assert ck.answer(g) == 1
    g = [[0, 1, 0],
         [0, 1, 0],
         [0, 1, 1]]
    assert ck.answer(g) == 3 * 2
    a = [[1, 0], [2, 3]]
    b = [[0, 4], [1, 1]]
    assert ck.answer_2x2([a, b, a, b]) == 2 ** 2 + 8 ** 2 + 6 ** 2 + 8 ** 2


def _corrupt(grid, f):
    g = [row[:] for row in grid]
    f(g)
    return g


def _first_clue_cell(g, side, i):
    from satgrid.modelling.geometry import sight_line
    return next((r, c) for r, c in sight_line(side, i, 7) if g[r][c])


@pytest.mark.parametrize("change, expect", [
    (lambda g: g[0].__setitem__(next(c for c in range(7) if g[0][c] == 7), 6), "appears"),
    (lambda g: g[0].reverse(), "clue"),
    (lambda g: [row.__setitem__(c, 0) for row in g for c in range(7)], "appears"),
    (lambda g: g[0].__setitem__(next(c for c in range(7) if not g[0][c]), 1),
     "numbers, expected 4"),
])
def test_checker_rejects_corrupted_grids(solved_2x2, change, expect):
    p, res = solved_2x2
    sub = p.grids[0]
    bad = _corrupt(res["grids"][0], change)
    problems = ck.check(bad, 7, sub.givens, sub.clues)
    assert problems and any(expect in q for q in problems), problems


def test_checker_rejects_disconnected_and_full_squares():
    from satgrid.modelling.geometry import neighbours, windows
    assert any("appears 0 times" in q for q in ck.check([[0] * 7 for _ in range(7)], 7))
    sol = load1(TOP_LEFT).expected_solution()
    # move a number into an empty cell with no filled neighbour: two groups
    filled = [(r, c) for r in range(7) for c in range(7) if sol[r][c]]
    lonely = [(r, c) for r in range(7) for c in range(7) if not sol[r][c]
              and not any(sol[a][b] for a, b in neighbours((r, c), 7))]
    assert lonely
    (fr, fc), (er, ec) = filled[0], lonely[0]
    moved = _corrupt(sol, lambda g: (g[er].__setitem__(ec, g[fr][fc]), g[fr].__setitem__(fc, 0)))
    assert any("groups, expected one" in q for q in ck.check(moved, 7))
    # fill the empty cell of a window with three numbers: a full 2x2 square
    win = next(w for w in windows(7) if sum(1 for r, c in w if sol[r][c]) == 3)
    er, ec = next((r, c) for r, c in win if not sol[r][c])
    full = _corrupt(sol, lambda g: g[er].__setitem__(ec, 3))
    assert any("completely filled" in q for q in ck.check(full, 7))


def test_checker_given_and_shape():
    p = load1(TOP_LEFT)
    sol = p.expected_solution()
    givens = [row[:] for row in p.grids[0].givens]
    givens[6][6] = 6 if sol[6][6] != 6 else 5
    assert any("given" in q for q in ck.check(sol, 7, givens))
    assert ck.check(sol[:6], 7) == ["expected a 7x7 grid"]
    eight = _corrupt(sol, lambda g: g[0].__setitem__(0, 8))
    assert any("is not 0..7" in q for q in ck.check(eight, 7))


# ------------------------------------------------------------------ solving
def test_2x2_published_answer_and_uniqueness(solved_2x2):
    p, res = solved_2x2
    assert res["status"] == "sat"
    assert res["answer"] == 8520
    assert res["unique"] is True
    assert p.check(res) == []
    assert len(res["grids"]) == 4 and all(len(g) == 7 for g in res["grids"])


def test_single_grid_instance_matches_the_2x2(solved_2x2):
    _, res2 = solved_2x2
    p = load1(TOP_LEFT)
    res = api.solve(p, unique=True)
    assert res["grid"] == res2["grids"][0] == p.expected_solution()
    assert res["unique"] is True
    assert res["answer"] == ck.answer(res2["grids"][0]) == 1024
    ok, bad, _ = api.compare_expect(p)
    assert ok, bad


def test_projection_is_the_value_literals(solved_2x2):
    p, res = solved_2x2
    m = res["_model"]
    names = {m.formula.name(v) for v in m.projection}
    assert len(m.projection) == 4 * 49 * 8
    assert "g1.x[0,0]=0" in names and "g4.x[6,6]=7" in names


def test_size_one_and_size_five():
    # size 1: the single 1
    p = api.loads(single(size=1), "s1.toml")[0]
    assert api.count(p)["count"] == 1
    res = api.solve(p, unique=True)
    assert res["grid"] == [[1]] and res["unique"] is True and res["answer"] == 1
    # size 5: no grid at all. Independent evidence: an exhaustive plain-Python
    # search (bench/bench_twentyfourseven.py --brute 5) finds 49272 grids with the
    # counts, lines and 2x2 rule, none of them connected.
    p = api.loads(single(size=5), "s5.toml")[0]
    c = api.count(p)
    assert c == {**c, "count": 0, "complete": True}


def _relaxed_top_left():
    """The top-left grid with all givens but the first dropped: several solutions."""
    p = load1(TOP_LEFT)
    g = p.grids[0].givens
    cells = [(r, c) for r in range(7) for c in range(7) if g[r][c]]
    for r, c in cells[1:]:
        g[r][c] = 0
    return p


def test_lazy_and_eager_connectivity_agree():
    p = _relaxed_top_left()
    lazy = api.compile_puzzle(p, api.Options(connectivity="lazy"))
    eager = api.compile_puzzle(p, api.Options(connectivity="eager"))
    assert lazy.lazy and not eager.lazy
    a = sorted(map(str, (p.decode(s)["grid"] for s in lazy.solutions())))
    b = sorted(map(str, (p.decode(s)["grid"] for s in eager.solutions())))
    assert a == b and len(a) > 1
    for s in lazy.solutions(limit=3):
        assert p.check(p.decode(s)) == []


def test_generated_instance_unique_both_ways():
    p = load1(INST / "twenty-four-seven-generated-1.toml")
    assert all(v == 0 for row in p.grids[0].givens for v in row)
    ok, bad, res = api.compare_expect(p)
    assert ok, bad
    assert res["unique"] is True and res["answer"] == ck.answer(res["grid"])
    assert ck.check(res["grid"], 7, None, p.grids[0].clues) == []
    eager = api.count(p, api.Options(connectivity="eager"))
    assert (eager["count"], eager["complete"]) == (1, True)


def test_render_places_clues():
    p = load1(TOP_LEFT)
    text = p.render({"grid": p.expected_solution()})
    lines = text.split("\n")
    assert len(lines) == 9
    assert lines[0].split() == ["5", "4", "7", "5"]
    assert lines[1].split() == ["5", "5", "4", "4", ".", ".", "7", ".", "7"]
    p2 = load1(TWO)
    assert "bottom-right" in p2.render({"grids": [p.expected_solution()] * 4})


def test_build_is_deterministic_and_grouped():
    a = api.compile_puzzle(load1(TWO)).formula
    b = api.compile_puzzle(load1(TWO)).formula
    assert a.clauses == b.clauses
    assert {"twenty-four-seven-2x2.count", "twenty-four-seven-2x2.line-sum",
            "twenty-four-seven-2x2.2x2", "twenty-four-seven-2x2.clue"} <= set(a.sizes())


def test_doctests_of_the_checker():
    import doctest
    res = doctest.testmod(ck)
    assert res.failed == 0 and res.attempted >= 3


# ------------------------------------------------- redundant clauses (meaning)
def test_small_regions_are_the_fixed_polyominoes():
    from itertools import combinations

    from satgrid.modelling.geometry import neighbours, small_regions
    regions = [([divmod(i, 5) for i in s], [divmod(j, 5) for j in b])
               for s, b in small_regions(5, 3)]     # cell numbers r * 5 + c
    # independently: every set of 1..3 cells of the 5 x 5 grid that is connected
    cells = [(r, c) for r in range(5) for c in range(5)]

    def connected(s):
        s = set(s)
        seen, todo = set(), [next(iter(s))]
        while todo:
            a = todo.pop()
            if a not in seen:
                seen.add(a)
                todo.extend(b for b in neighbours(a, 5) if b in s)
        return seen == s

    want = {frozenset(s) for k in (1, 2, 3) for s in combinations(cells, k) if connected(s)}
    got = [frozenset(s) for s, _ in regions]
    assert len(got) == len(set(got)) and set(got) == want
    for s, border in regions:
        assert set(border) == {b for a in s for b in neighbours(a, 5)} - set(s)
    # fixed polyominoes placed in 7 x 7 (counts known from outside): 49, 84, 214, 572
    sizes = [len(s) for s, _ in small_regions(7, 4)]
    assert [sizes.count(k) for k in (1, 2, 3, 4)] == [49, 84, 214, 572]


def test_line_tables_against_enumeration():
    from itertools import product

    from satgrid.puzzles.twentyfourseven.kind import _line_tables
    for n in (5, 7):
        per_line, line_sum = ck.line_rules(n)
        lines = [t for t in product(range(1, n + 1), repeat=per_line) if sum(t) == line_sum]
        copies, forbidden = _line_tables(n)
        assert copies == {v: max(t.count(v) for t in lines) for v in range(1, n + 1)}
        held = {frozenset(t) for t in lines}
        for f in forbidden:
            assert not any(set(f) <= h for h in held)              # never held
            assert all(any(set(f) - {v} <= h for h in held) for v in f)  # minimal
        # every value set no line holds contains a forbidden set
        for mask in range(1, 1 << n):
            s = {v for v in range(1, n + 1) if mask >> (v - 1) & 1}
            if not any(s <= h for h in held):
                assert any(set(f) <= s for f in forbidden), s
    assert _line_tables(7)[0] == {1: 1, 2: 1, 3: 2, 4: 2, 5: 4, 6: 3, 7: 2}


OFF = dict(local=False, line_values=False, line_copies=False, clue_in_line=False,
           row_counts=False, implied_top_count=False)


@pytest.mark.parametrize("knobs", [{}, dict(cut_size=1), dict(cut_size=4),
                                   dict(line_values=True, line_copies=True,
                                        clue_in_line=True),
                                   dict(line_values=True, row_counts=True),
                                   dict(implied_top_count=True),
                                   dict(count_op="==", implied_top_count=True),
                                   dict(count_op=">=", implied_top_count=True)])
def test_redundant_clauses_keep_every_solution(monkeypatch, knobs):
    """The relaxed top-left grid has the same solutions with every redundant clause
    off (only the rules and the lazy connectivity cuts) as with the defaults ({})
    and other choices."""
    p = _relaxed_top_left()
    for k, v in OFF.items():
        monkeypatch.setattr(TwentyFourSeven, k, v)
    base = sorted(map(str, (p.decode(s)["grid"] for s in api.compile_puzzle(p).solutions())))
    monkeypatch.undo()
    for k, v in knobs.items():
        monkeypatch.setattr(TwentyFourSeven, k, v)
    other = sorted(map(str, (p.decode(s)["grid"] for s in api.compile_puzzle(p).solutions())))
    assert other == base and len(base) > 1
