"""Sudoku: file formats and their errors, the checker, drawings, the model
(solved, checked, counted against numbers known from outside), collections
as one incremental session (the seed's interactive workflow: test_sudoku_workflow.py)."""

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import CLASSIC, CLASSIC_SOLUTION, grid_of
from satgrid import api
from satgrid.errors import InstanceError
from satgrid.modelling.model import Model
from satgrid.puzzles.sudoku import check as check_sudoku
from satgrid.puzzles.sudoku import Sudoku, format_grid, format_line, parse_box, parse_text

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"
BENCH = Path(os.environ.get("SATGRID_BENCHMARKS", ROOT.parent / "shared" / "benchmarks"))


def loads1(text, file="t.txt"):
    ps = api.loads(text, file)
    assert len(ps) == 1
    return ps[0]


def error_of(text, file="t.txt"):
    with pytest.raises(InstanceError) as e:
        api.loads(text, file)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


# ------------------------------------------------------------------ formats
def test_seed_files_hold_the_same_puzzle():
    [a] = api.load(str(INST / "sudoku-classic.toml"))
    [b] = api.load(str(INST / "sudoku-classic.txt"))
    assert a.kind == b.kind == "sudoku"
    assert a.grid == b.grid == grid_of(CLASSIC)
    assert a.box == b.box == (3, 3) and a.n == 9
    assert a.signature() == b.signature() == ("sudoku", 9, (3, 3))
    assert a.expect == {"unique": True} and b.expect == {}


@pytest.mark.parametrize("text", [
    "\n".join(CLASSIC),
    "\n".join(r.replace(".", "0") for r in CLASSIC) + "\n",
    "\n".join(" ".join(r) for r in CLASSIC),
    "# a comment\n\n" + "\r\n".join(CLASSIC) + "\r\n\n",
    "\n".join(f"{r[:3]} {r[3:6]} {r[6:]}" for r in CLASSIC),
    format_grid(grid_of(CLASSIC), (3, 3)),
    "\n".join(("------+-------+------\n" if i in (3, 6) else "")
              + " | ".join(" ".join(r[j:j + 3]) for j in (0, 3, 6)) for i, r in enumerate(CLASSIC)),
])
def test_text_grid_spellings(text):
    p = loads1(text)
    assert p.grid == grid_of(CLASSIC) and p.box == (3, 3)
    assert p.title == "" and p.file == "t.txt"


def test_format_grid_round_trips_every_size():
    for n, box in [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3)),
                   (12, (3, 4)), (16, (4, 4)), (25, (5, 5))]:
        g = [[((r * box[1] + r // box[0] + c) % n + 1) if (r + c) % 3 else 0 for c in range(n)]
             for r in range(n)]
        text = format_grid(g, box)
        p = loads1(text, f"g{n}.txt")
        assert (p.grid, p.box) == (g, box), (n, box)


def test_box_from_separators_and_toml():
    six = "1 2 3 | 4 5 6\n. . . | . . .\n------+------\n. . . | . . .\n" \
          ". . . | . . .\n------+------\n. . . | . . .\n. . . | . . ."
    assert loads1(six).box == (2, 3)
    msg = error_of(six.replace("|", " ").replace("------+------", ""))
    assert msg.startswith("t.txt:1:1:") and "6x6" in msg and "box" in msg
    body = 'givens = """\n' + "\n".join(". " * 6 for _ in range(6)) + '\n"""\n'
    for spec in ('"2x3"', "[2, 3]", '"2 x 3"'):
        p = loads1(f'puzzle = "sudoku"\nbox = {spec}\n' + body, "s.toml")
        assert p.box == (2, 3) and p.n == 6
    assert loads1('puzzle = "sudoku"\nbox = "3x2"\n' + body, "s.toml").box == (3, 2)
    assert parse_box("2x3", 6) == (2, 3)
    with pytest.raises(ValueError):
        parse_box("3x3", 6)


def test_collection_format():
    lines = ["".join(r) for r in CLASSIC]
    one = "".join(lines)
    other = one.replace("5", "0", 1)
    text = f"# two puzzles\n{one}\n\n{other}\n# end\n"
    ps = api.loads(text, "c.txt")
    assert [p.title for p in ps] == ["line 2", "line 4"]
    assert all(p.file == "c.txt" and p.n == 9 for p in ps)
    assert ps[0].grid == grid_of(CLASSIC) and ps[1].grid[0][0] == 0
    assert format_line(ps[0].grid) == one.replace("0", ".")
    # 4x4 (16 characters), 16x16 and 25x25 with letters for 10..n
    [p4] = api.loads("1..4.4.3....2..1\n", "c4.txt")
    assert p4.n == 4 and p4.grid[0] == [1, 0, 0, 4]
    g16 = "G" + "." * 254 + "a"
    [p16] = api.loads(g16 + "\n", "c16.txt")
    assert p16.n == 16 and p16.grid[0][0] == 16 and p16.grid[15][15] == 10
    [p25] = api.loads("P" + "0" * 624, "c25.txt")
    assert p25.n == 25 and p25.grid[0][0] == 25 and p25.box == (5, 5)


@pytest.mark.parametrize("text,where,fragment", [
    # text grids
    ("53..7..x.\n" + "\n".join(CLASSIC[1:]), "t.txt:1:8:", "expected a digit 1-9"),
    ("\n".join(CLASSIC[:4] + ["8...6..3"] + CLASSIC[5:]), "t.txt:5:9:", "row 5: expected 9 cells, found 8"),
    ("\n".join(CLASSIC[:2] + ["6..195...1"] + CLASSIC[3:]), "t.txt:3:10:", "expected 9 cells, found 10"),
    ("\n".join(CLASSIC[:8]), "t.txt:8:1:", "expected 9 rows"),
    ("\n".join(CLASSIC + ["........."]), "t.txt:10:1:", "row 10 is one too many"),
    ("1.3.\n..2.\n.1.5\n...4\n", "t.txt:3:4:", "expected a digit 1-4"),
    ("# only a comment\n\n", "t.txt:1:1:", "found no puzzle"),
    ("\n".join(" ".join(["1"] * 12) for _ in range(11)) + "\n" + "1 " * 11 + "x",
     "t.txt:12:23:", "expected a number 1-12"),
    ("\n".join(" ".join(["17"] * 16) for _ in range(16)), "t.txt:1:1:", "expected a number 1-16"),
    ("\n".join("1" * 12 for _ in range(12)), "t.txt:1:1:", "separated by white space"),
    # collections
    ("." * 81 + "\n" + "." * 80 + "\n", "t.txt:2:81:", "expected 81 characters"),
    ("." * 81 + "\n" + "." * 82 + "\n", "t.txt:2:82:", "found 82"),
    ("." * 40 + "x" + "." * 40, "t.txt:1:41:", "expected a digit 1-9"),
    ("." * 81 + "\n" + "." * 40 + " " + "." * 40, "t.txt:2:41:", "found white space"),
    ("." * 81 + "\n" + "." * 81 + " # trailing", "t.txt:2:82:", "expected 81 characters"),
    ("." * 15 + "5", "t.txt:1:16:", "expected a digit 1-4"),
    ("." * 255 + "H", "t.txt:1:256:", "1-9 or A-G (10-16)"),
    # TOML
    ('puzzle = "sudoku"\ngivens = """\n1 2 . .\n. . x .\n. . . .\n. . . .\n"""\n', "t.toml:4:5:",
     "givens: expected a digit 1-4"),
    ('puzzle = "sudoku"\ngivens = """\n1 2 . .\n. . .\n. . . .\n. . . .\n"""\n', "t.toml:4:6:",
     "givens: row 2: expected 4 cells, found 3"),
    ('puzzle = "sudoku"\nsize = 9\ngivens = """\n1 2 . .\n. . . .\n. . . .\n. . . .\n"""\n',
     "t.toml:", "expected 9"),
    ('puzzle = "sudoku"\nbox = "3x3"\ngivens = """\n' + ". . . . . .\n" * 6 + '"""\n', "t.toml:2:1:",
     "do not tile a 6x6 grid"),
    ('puzzle = "sudoku"\nbox = "2by3"\ngivens = """\n' + ". . . . . .\n" * 6 + '"""\n', "t.toml:2:1:",
     "expected \"HxW\""),
    ('puzzle = "sudoku"\ngivens = """\n' + ". . . . . .\n" * 6 + '"""\n', "t.toml:2:1:",
     "box = \"HxW\""),
    ('puzzle = "sudoku"\ngivns = """\n1 . . .\n"""\n', "t.toml:2:1:", "unknown key 'givns'"),
    ('puzzle = "sudoku"\n', "t.toml:1:1:", "expected a 'givens' grid"),
    ('puzzle = "sudoku"\ngivens = 5\n', "t.toml:2:1:", "givens: expected a grid"),
    ('puzzle = "sudoku"\ngivens = "1 . . ."\n', "t.toml:2:", "expected 4 rows"),
    ('puzzle = "sudoku"\ngivens = """\n' + ". . . .\n" * 4 + '"""\n[expect]\nanswer = 3\n',
     "t.toml:9:1:", "no answer number"),
    ('puzzle = "sudoku"\ngivens = """\n' + ". . . .\n" * 4 + '"""\n[expect]\nsolution = """\n'
     "1 2 3 4\n3 4 1 2\n2 1 . 3\n4 3 2 1\n\"\"\"\n", "t.toml:", "complete grid"),
    ('puzzle = "sudoku"\ngivens = """\n' + ". . . .\n" * 4 + '"""\n[expect]\nunique = "yes"\n',
     "t.toml:9:1:", "unique: expected true or false"),
])
def test_bad_input_is_one_line_with_position(text, where, fragment):
    file = where.split(":")[0]
    msg = error_of(text, file)
    assert msg.startswith(where), msg
    assert fragment in msg, msg


def test_toml_array_givens_and_solution():
    p = loads1('puzzle = "sudoku"\ngivens = [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, ".", 0], '
               '[0, 0, 0, 4]]\n', "a.toml")
    assert p.grid[0] == [1, 0, 0, 0] and p.grid[3] == [0, 0, 0, 4]
    with pytest.raises(InstanceError) as e:
        api.loads('puzzle = "sudoku"\ngivens = [[1, 0, 0, 9], [0, 0, 0, 0], [0, 0, 0, 0], '
                  '[0, 0, 0, 0]]\n', "a.toml")
    assert str(e.value).startswith("a.toml:2:1:") and "found 9" in str(e.value)


# ----------------------------------------------------------------- checker
def test_checker_accepts_the_published_solution_and_rejects_corruptions():
    box, given = (3, 3), grid_of(CLASSIC)
    assert check_sudoku.check(CLASSIC_SOLUTION, box, given) == []
    g = [row[:] for row in CLASSIC_SOLUTION]
    g[0][2], g[0][3] = g[0][3], g[0][2]          # swap in a row: columns and boxes break
    probs = check_sudoku.check(g, box, given)
    assert any(p.startswith("column 2:") for p in probs)   # 0-based, as SPEC
    assert any(p.startswith("box 0 (rows 0-2, columns 0-2):") for p in probs)
    assert not any(p.startswith("row") for p in probs)
    g = [row[:] for row in CLASSIC_SOLUTION]
    g[0][0], g[0][1] = g[0][1], g[0][0]          # swap two givens
    assert "cell (0,0): the given 5 was changed to 3" in check_sudoku.check(g, box, given)
    g = [row[:] for row in CLASSIC_SOLUTION]
    g[4][4] = 10
    assert check_sudoku.check(g, box) == ["cell (4,4): expected a number 1..9, found 10"]
    assert check_sudoku.check(CLASSIC_SOLUTION[:8], box)[0] == "expected 9 rows, found 8"
    # a relabelled Latin square that is not a Sudoku: rows and columns fine, boxes not
    latin = [[(r + c) % 9 + 1 for c in range(9)] for r in range(9)]
    probs = check_sudoku.check(latin, box)
    assert probs and all(p.startswith("box") for p in probs)


def test_checker_rejects_every_change_of_a_unique_solution():
    # the classic puzzle has one solution, so any other grid must be rejected,
    # by the reference referee and by the kind's verdict (the quick test of
    # check_fast first, then the reference), with the same messages
    import random
    rng = random.Random(7)
    given = grid_of(CLASSIC)
    puzzle = Sudoku(given, file="t")
    for _ in range(300):
        g = [row[:] for row in CLASSIC_SOLUTION]
        for _ in range(rng.choice([1, 2, 3])):
            r, c = rng.randrange(9), rng.randrange(9)
            if rng.random() < 0.5:
                r2, c2 = rng.randrange(9), rng.randrange(9)
                g[r][c], g[r2][c2] = g[r2][c2], g[r][c]
            else:
                g[r][c] = rng.randrange(1, 10)
        probs = check_sudoku.check(g, (3, 3), given)
        assert (probs == []) == (g == CLASSIC_SOLUTION), (g, probs)
        assert (check_sudoku.check(g, (3, 3)) == []) == (g == CLASSIC_SOLUTION) or probs
        assert puzzle.check({"grid": g}) == probs


def test_reference_referee_reads_the_rules_not_the_row_type():
    # the reference accepts any list or tuple rows (the quick test, tuned for
    # exact lists and tuples, says no and leaves the verdict to it); before it
    # was split off, the quick test's no made a valid grid "not a valid solution"
    class Rows(list):
        pass
    given = grid_of(CLASSIC)
    grid = Rows(Rows(row) for row in CLASSIC_SOLUTION)
    assert check_sudoku.check(grid, (3, 3), given) == []
    assert Sudoku(given, file="t").check({"grid": grid}) == []
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
    assert "cell (0,0): the given 5 was changed to 3" in check_sudoku.check(grid, (3, 3), given)



def test_the_fast_path_stands_beside_the_reference_not_inside_it():
    # the reference referee never consults the quick test; both read nothing
    # but the standard library (and the referees' shared grid helpers)
    import ast
    import sys
    from satgrid.puzzles.sudoku import check_fast
    for mod, allowed in ((check_sudoku, {"referee"}), (check_fast, set())):
        tree = ast.parse(Path(mod.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else \
                    [node.module or a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top in allowed, (mod.__name__, name)

# --------------------------------------------------------------- drawings
def test_text_and_svg_drawings():
    [p] = api.load(str(INST / "sudoku-classic.toml"))
    text = p.render({"grid": CLASSIC_SOLUTION})
    lines = text.splitlines()
    assert lines[0] == "5 3 4 | 6 7 8 | 9 1 2"
    assert lines[3] == "------+-------+------" and len(lines) == 11
    assert loads1(text).grid == CLASSIC_SOLUTION          # the drawing reads back
    assert p.render_puzzle().splitlines()[0] == "5 3 . | . 7 . | . . ."
    svg = p.render_svg({"grid": CLASSIC_SOLUTION})
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(ns + "text")]
    assert texts == [str(v) for row in CLASSIC_SOLUTION for v in row]
    thick = [l for l in root.iter(ns + "line") if l.get("stroke-width") == "3"]
    assert len(thick) == 2 * 2 * 9      # two inner box lines each way, nine cell edges each


# ----------------------------------------------------------------- solving
def test_classic_solved_unique_and_checked():
    for name in ("sudoku-classic.toml", "sudoku-classic.txt"):
        [p] = api.load(str(INST / name))
        r = api.solve(p, unique=True)
        assert r["status"] == "sat" and r["unique"] is True
        assert r["grid"] == CLASSIC_SOLUTION
        assert p.check({"grid": r["grid"]}) == []
    [p] = api.load(str(INST / "sudoku-classic.toml"))
    ok, bad, _ = api.compare_expect(p)
    assert ok, bad


@pytest.mark.parametrize("amo", ["pairwise", "ladder"])
def test_decode_rejects_broken_models(amo):
    # pairwise: the cells' literals are one block of ids; ladder puts
    # auxiliary variables between cells: two decoding paths, same answers
    # (the rules alone, givens assumed: a puzzle built alone puts every cell
    # literal first, whatever the method)
    from satgrid.errors import SatgridError
    [p] = api.load(str(INST / "sudoku-classic.toml"))
    m = api.compile_puzzle(p, api.Options(amo=amo), givens="none")
    assert (p._table.block is not None) == (amo == "pairwise")
    sol = m.solve(p.givens(m))
    assert p.decode(sol)["grid"] == CLASSIC_SOLUTION
    lits = p._table.lits
    for broken in ("two values", "no value", "both"):
        model = list(sol.model)
        cell = lits[40]
        true = next(l for l in cell if model[l - 1] > 0)
        other = next(l for l in cell if l != true)
        if broken != "no value":
            model[other - 1] = other
        if broken != "two values":   # "both": the count of true literals stays 81
            victim = lits[41] if broken == "both" else cell
            t = next(l for l in victim if model[l - 1] > 0 and l != other)
            model[t - 1] = -t
        with pytest.raises(SatgridError):
            p._table.grid(model)


def test_model_shape_and_groups():
    [p] = api.load(str(INST / "sudoku-classic.toml"))
    m = api.compile_puzzle(p, api.Options(amo="pairwise"), givens="none")
    sizes = m.sizes()
    # 729 one-hot literals; 4 * 81 exactly-one constraints of 9 literals,
    # pairwise: 1 + 36 clauses each
    assert m.formula.nvars == 729
    for g in ("sudoku.cell", "sudoku.row", "sudoku.column", "sudoku.box"):
        assert sizes[g].clauses == 81 * 37, g
    assert m.formula.lookup("x[8,8]=9") == 729


def exactly_one_methods():
    from satgrid.core import encodings
    return list(encodings.AMO_METHODS) + list(encodings.CARD_METHODS)


@pytest.mark.parametrize("method", exactly_one_methods())
def test_every_amo_encoding_gives_the_unique_solution(method):
    [p] = api.load(str(INST / "sudoku-classic.toml"))
    r = api.solve(p, api.Options(amo=method), unique=True)
    assert r["grid"] == CLASSIC_SOLUTION and r["unique"] is True


def test_repeated_given_is_unsat_not_a_parse_error():
    [p] = api.load(str(INST / "sudoku-unsat-repeated-given.toml"))
    r = api.solve(p)
    assert r["status"] == "unsat" and r["answer"] is None
    # the same givens in a collection session: unsat under assumptions, and the
    # session stays usable for the next puzzle
    [q] = api.load(str(INST / "sudoku-classic.txt"))
    [u] = parse_text("".join(format_line(p.grid)), "c.txt")
    res = list(api.solve_collection([u, q]))
    assert [r["status"] for r in res] == ["unsat", "sat"]
    assert res[1]["grid"] == CLASSIC_SOLUTION


def test_count_4x4_sudoku_grids_is_288():
    # 288 = number of 4x4 Sudoku grids (OEIS A107739, n=2)
    [p] = api.loads("....\n....\n....\n....\n", "empty4.txt")
    c = api.count(p)
    assert (c["count"], c["complete"]) == (288, True)


def latin_model(n, reduced=False):
    m = Model()
    x = [[m.int(f"L[{r},{c}]", range(1, n + 1), group="latin.cell") for c in range(n)]
         for r in range(n)]
    for i in range(n):
        m.permutation(x[i], range(1, n + 1), group="latin.row")
        m.permutation([x[r][i] for r in range(n)], range(1, n + 1), group="latin.column")
    if reduced:
        m.clauses([[x[0][i].lit(i + 1)] for i in range(n)] + [[x[i][0].lit(i + 1)] for i in range(n)],
                  group="latin.reduced")
    return m


@pytest.mark.parametrize("n,reduced,known", [
    (3, False, 12), (4, False, 576),          # OEIS A002860
    (4, True, 4), (5, True, 56),              # reduced Latin squares, OEIS A000315
])
def test_latin_square_counts(n, reduced, known):
    assert latin_model(n, reduced).count() == (known, True)


def test_6x6_instance_unique():
    [p] = api.load(str(INST / "sudoku-6x6.toml"))
    assert p.box == (2, 3)
    ok, bad, r = api.compare_expect(p)
    assert ok, bad
    assert r["unique"] is True and p.check(r) == []


def test_own_instances_meet_their_expectations():
    names = sorted(f.name for f in INST.glob("sudoku-*.toml"))
    assert {"sudoku-4x4.toml", "sudoku-6x6.toml", "sudoku-16x16.toml"} <= set(names)
    for name in names:
        [p] = api.load(str(INST / name))
        if not p.expect:
            continue
        ok, bad, r = api.compare_expect(p)
        assert ok, (name, bad)
        if r["status"] == "sat":
            assert p.check(r) == []
        else:  # an instance that expects no solution (count = 0)
            assert p.expect.get("count") == 0 and r["status"] == "unsat"


def test_own_collection_each_unique():
    ps = api.load(str(INST / "sudoku-collection.txt"))
    assert len(ps) >= 3 and len({p.signature() for p in ps}) == 1
    res = list(api.solve_collection(ps, unique=True))
    assert all(r["status"] == "sat" and r["unique"] is True for r in res)
    assert all(p.check(r) == [] for p, r in zip(ps, res))


def read_set(name):
    txt, sol = BENCH / f"{name}.txt", BENCH / f"{name}.solutions"
    if not (txt.exists() and sol.exists()):
        pytest.skip(f"{txt} not found (third-party benchmark data, not shipped with satgrid)")
    puzzles = api.load(str(txt))
    solutions = [l.strip() for l in sol.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return puzzles, solutions


def test_top95_in_one_session_matches_published_solutions():
    puzzles, solutions = read_set("sudoku-top95")
    assert len(puzzles) == len(solutions) == 95
    results = list(api.solve_collection(puzzles))
    for p, r, want in zip(puzzles, results, solutions):
        assert r["status"] == "sat", p.title
        assert format_line(r["grid"]) == want, p.title


def test_benchmark_16x16_matches_published_solution():
    f = BENCH / "sudoku-16x16-1.toml"
    if not f.exists():
        pytest.skip(f"{f} not found (third-party benchmark data)")
    [p] = api.load(str(f))
    r = api.solve(p)
    assert r["grid"] == p.expected_solution()


def test_docstring_examples():
    import doctest
    from satgrid.puzzles.sudoku import check_fast, formats, kind
    for mod in (kind, formats, check_sudoku, check_fast):
        res = doctest.testmod(mod)
        assert res.failed == 0 and res.attempted > 0, mod.__name__


# ------------------------------------------------------------ solver tuning
def test_sudoku_sessions_get_the_kinds_tuning_under_the_users_options():
    [p] = api.load(str(Path(__file__).resolve().parents[1] / "instances" / "sudoku-classic.toml"))
    assert type(p).tuning == {"chrono": 0}
    res = api.solve(p)
    assert res["status"] == "sat" and res["_model"].session().options == {"chrono": 0}
    res = api.solve(p, api.Options(solver_options={"chrono": 1, "seed": 7}))
    assert res["_model"].session().options == {"chrono": 1, "seed": 7}
    # a solver without options gets none (the tuning is CaDiCaL's) ...
    res = api.solve(p, api.Options(solver="glucose4"))
    assert res["status"] == "sat" and res["_model"].session().options == {}
    # ... and the user's options for it are refused, not dropped
    from satgrid.errors import SolverError
    with pytest.raises(SolverError, match="takes no options"):
        api.solve(p, api.Options(solver="glucose4", solver_options={"chrono": 0}))


SOL6 = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 1, 2, 3], [2, 3, 1, 5, 6, 4],
        [5, 6, 4, 2, 3, 1], [3, 1, 2, 6, 4, 5], [6, 4, 5, 3, 1, 2]]


@pytest.mark.parametrize("amo", ["pairwise", "ladder"])
def test_build_given_keeps_every_solution(amo):
    # a puzzle compiled alone (build_given: the givens' eliminations left
    # out of the rules) has the solutions of the rules with its givens
    # assumed: few givens (several solutions), clashing givens, a cell left
    # without a candidate, a 6x6 with 2x3 boxes
    import random
    rng = random.Random(7)
    sol4 = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    cases = [([[v if rng.random() < 0.3 else 0 for v in row] for row in sol4], None)
             for _ in range(10)]
    cases += [([[1, 0, 0, 1], [0] * 4, [0] * 4, [0] * 4], None),      # a row's clash
              ([[1, 2, 3, 0], [0, 0, 0, 4], [0] * 4, [0] * 4], None),  # (0,3) has no value
              ([[v if (r + c) % 3 else 0 for c, v in enumerate(row)]
                for r, row in enumerate(SOL6)], (2, 3))]
    for grid, box in cases:
        p = Sudoku(grid, box)
        rules = api.compile_puzzle(p, api.Options(amo=amo), givens="none")
        want = sorted(str(p.decode(s)["grid"]) for s in rules.solutions(assumptions=p.givens(rules)))
        alone = api.compile_puzzle(p, api.Options(amo=amo))
        got = sorted(str(p.decode(s)["grid"]) for s in alone.solutions())
        assert got == want, grid
        assert alone.formula.nvars <= rules.formula.nvars
        assert alone.formula.nclauses < rules.formula.nclauses
    assert str(SOL6) in got


def test_a_blank_compiled_alone_is_the_shared_rules():
    # nothing to eliminate: the same clauses in the same order as build
    # (the generators fill a blank from a seed: the same grids as before)
    p = Sudoku.blank(9)
    alone = api.compile_puzzle(p)
    rules = api.compile_puzzle(p, givens="none")
    assert alone.formula.nclauses == rules.formula.nclauses == 4 * 81 * 37
    assert alone.formula.clauses == rules.formula.clauses
