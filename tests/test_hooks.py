"""Hooks: layouts counted, published puzzles solved and checked, the checker's teeth."""

import itertools
import os
import re

import pytest

from satgrid import api
from satgrid.errors import InstanceError
from satgrid.puzzles import hooks
from satgrid.puzzles.hooks import check as check_hooks

HERE = os.path.dirname(os.path.abspath(__file__))
INST = os.path.join(HERE, "..", "instances")


def inst(name):
    return os.path.join(INST, name)


def load1(name):
    [p] = api.load(inst(name))
    return p


# The Hooks 8 example (published with the puzzle) and its layout, read by hand
# from the printed solution: the 5-hook is the left column and the bottom row,
# the 4-hook the right column and row 3, the 3-hook (holding the 4's) row 0 and
# column 3, the 2-hook (holding the 2's) row 2 and column 2, the 1 at (1, 1).
EXAMPLE_GRID = [[5, 4, 0, 4, 3],
                [0, 1, 2, 4, 0],
                [5, 2, 0, 4, 0],
                [0, 3, 0, 3, 0],
                [5, 5, 0, 5, 0]]
EXAMPLE_HOOKS = [[5, 3, 3, 3, 4],
                 [5, 1, 2, 3, 4],
                 [5, 2, 2, 3, 4],
                 [5, 4, 4, 4, 4],
                 [5, 5, 5, 5, 5]]


# ----------------------------------------------------------------- layouts
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_layouts_counted_through_the_model(n):
    """4^(n-1) distinct layouts, each a valid nested partition per the checker."""
    m, proj = hooks.layout_model(n)
    assert m.projection == proj
    layouts = set()
    for sol in m.solutions():
        lay = m.hook_layout.decode(sol)
        assert check_hooks.layout_problems(lay, n) == []
        layouts.add(tuple(map(tuple, lay)))
    assert len(layouts) == 4 ** (n - 1)
    assert m.session().complete


def test_layout_choices_are_symmetry_free():
    """Counting on the 2(n-1) free choices gives the same number as on membership."""
    m, _ = hooks.layout_model(4)
    assert m.count() == (64, True)
    m2, _ = hooks.layout_model(4)
    m2.projection = m2.hook_layout.choice_vars()
    assert m2.count() == (64, True)


def test_layout_checker_by_brute_force_n3():
    """Of the 504 labellings of a 3x3 grid with one 1, three 2's, five 3's, 16 are layouts."""
    cells = [(i, j) for i in range(3) for j in range(3)]
    valid = total = 0
    for one in cells:
        rest = [c for c in cells if c != one]
        for two in itertools.combinations(rest, 3):
            g = [[3] * 3 for _ in range(3)]
            g[one[0]][one[1]] = 1
            for i, j in two:
                g[i][j] = 2
            total += 1
            valid += not check_hooks.layout_problems(g, 3)
    assert (total, valid) == (504, 16)


def _brute_force_3x3(regions):
    """Every (grid, layout) of a 3x3 Hooks that the checker accepts, by enumeration."""
    from satgrid.modelling.geometry import components, windows
    layouts = [bench_layout(3, i) for i in range(16)]
    found = set()
    for perm in set(itertools.permutations([1, 2, 2, 3, 3, 3, 0, 0, 0])):
        g = [list(perm[r * 3:(r + 1) * 3]) for r in range(3)]
        filled = [(i, j) for i in range(3) for j in range(3) if g[i][j]]
        # cheap necessary conditions first; the checker decides
        if len(components(filled, 3, 3)) != 1 or any(all(g[i][j] for i, j in w)
                                                     for w in windows(3, 3, 2)):
            continue
        for lay in layouts:
            if not check_hooks.check(g, lay, size=3, regions=regions):
                found.add((tuple(map(tuple, g)), tuple(map(tuple, lay))))
    return found


def bench_layout(n, index):
    """Layout of choice word ``index``, built by hand (as in bench/bench_hooks.py)."""
    lay = [[0] * n for _ in range(n)]
    top = left = 0
    for k in range(n, 1, -1):
        t, l = (index >> 2 * (n - k)) & 1, (index >> 2 * (n - k) + 1) & 1
        row, col = (top if t else top + k - 1), (left if l else left + k - 1)
        for j in range(left, left + k):
            lay[row][j] = k
        for i in range(top, top + k):
            lay[i][col] = k
        top, left = top + t, left + l
    lay[top][left] = 1
    return lay


@pytest.mark.parametrize("regions", [None, "aab abb bbb"])
def test_model_solutions_equal_brute_force_3x3(regions):
    """The model's solutions are exactly the checker-approved (grid, layout) pairs."""
    rows = [list(r) for r in regions.split()] if regions else None
    text = 'puzzle = "hooks"\nsize = 3\n'
    if rows:
        text += 'regions = """\n' + "\n".join(" ".join(r) for r in rows) + '\n"""\n'
    [p] = api.loads(text, "brute.toml")
    res = api.solve_all(p)
    assert res["complete"]
    model = {(tuple(map(tuple, s["grid"])), tuple(map(tuple, s["hooks"])))
             for s in res["solutions"]}
    assert len(model) == res["count"]
    brute = _brute_force_3x3(rows)
    assert brute and model == brute


# ------------------------------------------------------------ the checker
def test_checker_accepts_the_published_example():
    p = load1("hooks-example.toml")
    decoded = {"grid": EXAMPLE_GRID, "hooks": EXAMPLE_HOOKS}
    assert p.check(decoded) == []
    assert check_hooks.empty_areas(EXAMPLE_GRID) == [4, 3, 1, 1, 1]
    assert p.answer(decoded) == 12 == p.expect["answer"]
    assert p.expected_solution() == EXAMPLE_GRID


def _corrupt(grid, changes):
    g = [row[:] for row in grid]
    for (i, j), v in changes.items():
        g[i][j] = v
    return g


@pytest.mark.parametrize("what,grid_changes,hook_changes,message", [
    ("swapped value", {(0, 1): 3, (0, 4): 4}, {}, "holds 2 different numbers"),
    ("broken hook", {}, {(0, 1): 1, (1, 1): 3}, "hooks 1..2 do not form a 2 x 2 square"),
    ("disconnected", {(4, 1): 0, (4, 2): 5}, {}, "filled cells form 2 groups"),
    ("full 2x2", {(2, 2): 2}, {}, "2x2 square at (1, 1) is full"),
    ("given", {(0, 1): 0, (0, 2): 4}, {}, "given 4 at (0,1)"),
])
def test_checker_rejects_corrupted_example(what, grid_changes, hook_changes, message):
    p = load1("hooks-example.toml")
    decoded = {"grid": _corrupt(EXAMPLE_GRID, grid_changes),
               "hooks": _corrupt(EXAMPLE_HOOKS, hook_changes)}
    problems = p.check(decoded)
    assert any(message in s for s in problems), (what, problems)


def test_checker_rejects_unequal_regions_and_counts():
    # the 1 removed: its count, its hook and its region all break
    p = load1("hooks-example.toml")
    g = _corrupt(EXAMPLE_GRID, {(1, 1): 0})            # the 1 removed
    problems = p.check({"grid": g, "hooks": EXAMPLE_HOOKS})
    assert any("number 1 appears 0 times" in s for s in problems)
    assert any("region sums differ" in s for s in problems)
    assert any("hook 1 holds 0 different numbers" in s for s in problems)


# ------------------------------------------------------------------ solving
def test_example_solves_uniquely_to_the_published_grid():
    p = load1("hooks-example.toml")
    res = api.solve(p, unique=True)
    assert res["status"] == "sat"
    assert res["grid"] == p.expected_solution()
    assert res["hooks"] == EXAMPLE_HOOKS
    assert p.check(res) == []
    assert res["answer"] == 12
    assert res["unique"] is True


def test_hooks8_solves_uniquely_with_the_published_answer():
    p = load1("hooks-8.toml")
    res = api.solve(p, unique=True)
    assert res["status"] == "sat"
    assert check_hooks.check(res["grid"], res["hooks"], regions=p.regions,
                             givens=p.given) == []
    assert res["answer"] == 680 == p.expect["answer"]
    assert res["unique"] is True
    st = res["stats"]
    assert st["rounds"] >= 1 and st["cuts"] >= 1       # connectivity came from cuts
    # With the layout fixed, exchanging any two different values breaks a
    # rule: otherwise that grid would be a second solution.
    grid, lay = res["grid"], res["hooks"]
    cells = [(i, j) for i in range(9) for j in range(9)]
    for a, b in itertools.combinations(cells, 2):
        if grid[a[0]][a[1]] != grid[b[0]][b[1]]:
            g = _corrupt(grid, {a: grid[b[0]][b[1]], b: grid[a[0]][a[1]]})
            assert p.check({"grid": g, "hooks": lay}), (a, b)


@pytest.mark.parametrize("name", ["hooks-example.toml", "hooks-8.toml"])
def test_eager_connectivity_gives_the_same_solution(name):
    """The complete CNF (what DIMACS export writes) agrees with the lazy cuts."""
    p = load1(name)
    lazy = api.solve(p, unique=True)
    eager = api.solve(p, api.Options(connectivity="eager"), unique=True)
    assert not eager["_model"].lazy and eager["stats"]["rounds"] == 0
    assert eager["grid"] == lazy["grid"] and eager["hooks"] == lazy["hooks"]
    assert eager["unique"] is True and lazy["unique"] is True
    assert eager["_model"].sizes()["hooks.connected"].clauses > 0


@pytest.mark.parametrize("card,pb", [("totalizer", "swc"), ("cardnetwork", "gtotalizer"),
                                     ("sortnetwork", "bdd")])
def test_other_encodings_agree_on_the_example(card, pb):
    p = load1("hooks-example.toml")
    res = api.solve(p, api.Options(card=card, pb=pb), unique=True)
    assert res["grid"] == EXAMPLE_GRID and res["hooks"] == EXAMPLE_HOOKS
    assert res["unique"] is True
    enc = res["_model"].formula.encodings
    assert enc["hooks.region-sum"] == "decision diagram"      # --pb no longer applies


def test_numbers_rule_size_versus_room():
    p = load1("hooks-size-5.toml")
    assert p.numbers == "size"
    res = api.solve(p, unique=True)
    assert res["status"] == "sat" and res["unique"] is True
    assert res["grid"] == p.expected_solution()
    assert res["answer"] == p.expect["answer"] == 24
    for i in range(5):
        for j in range(5):
            v = res["grid"][i][j]
            assert v in (0, res["hooks"][i][j])              # k sits in the k-hook

    # the same instance under the room rule: more grids, some breaking "size"
    p.numbers = "room"
    sols = api.solve_all(p)
    assert sols["complete"] and sols["count"] == 5
    size_ok = [s for s in sols["solutions"]
               if not check_hooks.check(s["grid"], s["hooks"], regions=p.regions,
                                        givens=p.given, numbers="size")]
    assert [s["grid"] for s in size_ok] == [res["grid"]]

    # the published example puts the 4's in the 3-hook: not allowed under "size"
    problems = check_hooks.check(EXAMPLE_GRID, EXAMPLE_HOOKS, numbers="size")
    assert any('hook 3 holds 4, expected 3' in s for s in problems)
    ex = load1("hooks-example.toml")
    ex.numbers = "size"
    assert api.solve(ex)["status"] == "unsat"


def test_room_rule_is_enforced_by_the_model():
    """No solution puts a number in a hook too small for it (checked by the model's domains)."""
    p = load1("hooks-example.toml")
    api.compile_puzzle(p)
    for k in range(1, 6):
        num = p._num[k]
        assert max(num.values) == min(5, 2 * k - 1)


def test_regions_that_cannot_share_the_total_are_unsat():
    text = ('puzzle = "hooks"\nsize = 3\nregions = """\na a b\na b b\nc c c\n"""\n')
    [p] = api.loads(text, "three.toml")                  # total 14, 3 regions
    assert api.solve(p)["status"] == "unsat"
    text2 = text.replace("c c c", "b b b")                # 2 regions of 7
    [p2] = api.loads(text2, "two.toml")
    res = api.solve(p2)
    assert res["status"] == "sat" and p2.check(res) == []


# ---------------------------------------------------------------- the model
def test_model_groups_and_projection():
    p = load1("hooks-8.toml")
    m = api.compile_puzzle(p)
    groups = m.sizes()
    for g in ("hooks.layout", "hooks.cell", "hooks.numbers", "hooks.hook-number",
              "hooks.count", "hooks.2x2", "hooks.region-sum"):
        assert groups[g].clauses > 0, g
    assert groups["hooks.2x2"].clauses == 64
    assert groups["hooks.hook-number"].literals <= 3 * groups["hooks.hook-number"].clauses
    assert len(m.projection) == 81 * 10 + 2 * 8
    assert [type(c).__name__ for c in m.lazy] == ["ConnectivityCuts"]


def test_compilation_is_deterministic():
    p = load1("hooks-example.toml")
    a = api.compile_puzzle(p, api.Options(connectivity="eager")).formula
    b = api.compile_puzzle(p, api.Options(connectivity="eager")).formula
    assert a.clauses == b.clauses and list(a.names()) == list(b.names())


def test_render_text_and_svg():
    p = load1("hooks-example.toml")
    decoded = {"grid": EXAMPLE_GRID, "hooks": EXAMPLE_HOOKS}
    text = p.render(decoded)
    assert text.splitlines()[0] == "5 4 . 4 3   5 3 3 3 4"
    assert len(text.splitlines()) == 5
    svg = p.render_svg(decoded)
    assert svg.startswith("<svg") and svg.endswith("</svg>\n")
    assert svg.count('stroke-width="3"') > 1                    # region borders
    assert svg == p.render_svg(decoded)


# ------------------------------------------------------------------ bad input
BAD = [
    ('puzzle = "hooks"\nsize = 2\ngivens = """\n. x\n. .\n"""\n',
     r"bad\.toml:4:3: givens: expected a number 1\.\.2"),
    ('puzzle = "hooks"\nsize = 2\ngivens = """\n. 3\n. .\n"""\n',
     r"bad\.toml:4:3: givens: expected a number 1\.\.2, found 3"),
    ('puzzle = "hooks"\nsize = 3\nregions = """\na a a\na a\na a a\n"""\n',
     r"bad\.toml:5:3: regions: row 2: expected 3 cells, found 2"),
    ('puzzle = "hooks"\nsize = 3\nnumbers = "big"\n',
     r"bad\.toml:3:1: numbers: expected one of 'room', 'size', found 'big'"),
    ('puzzle = "hooks"\nsize = "nine"\n', r"bad\.toml:2:1: size: expected a whole number"),
    ('puzzle = "hooks"\nsize = 3\nregion = "a"\n', r"bad\.toml:3:1: unknown key 'region'"),
    ('puzzle = "hooks"\ntitle = "no size"\n', r"bad\.toml:1:1: expected 'size'"),
    ('puzzle = "hooks"\nsize = 3\n[expect]\nsolution = """\n1 2\n"""\n',
     r"bad\.toml:\d+:\d+: solution: expected 3 rows"),
]


@pytest.mark.parametrize("text,pattern", BAD)
def test_malformed_instance_gives_one_line(text, pattern):
    with pytest.raises(InstanceError) as e:
        api.loads(text, "bad.toml")
    msg = str(e.value)
    assert "\n" not in msg
    assert re.match(pattern, msg), msg
