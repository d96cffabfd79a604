"""Every ``--json`` output against docs/schema/result.schema.json: the golden
outputs, and live runs of solve, count, check, stats, dimacs, decode, encode and
family (puzzle files and formula files); and the schema refuses what is wrong."""

import copy
import json
from pathlib import Path

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra "
                                                      "(pip install -e '.[test]')")

from satgrid.apps.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "schema" / "result.schema.json").read_text())
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.solve.json"))


def validator(definition: str | None = None):
    """A validator for the whole schema, or for one of its ``$defs``."""
    schema = SCHEMA
    if definition is not None:
        schema = {k: v for k, v in SCHEMA.items() if k != "anyOf"}
        schema["$ref"] = f"#/$defs/{definition}"
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def check(obj, definition: str) -> None:
    errors = sorted(validator(definition).iter_errors(obj), key=str)
    assert not errors, f"{definition}: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
    assert validator().is_valid(obj)


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert len(GOLDEN) >= 15


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_solve_outputs(path):
    lines = path.read_text().splitlines()
    objs = [json.loads(l) for l in lines[1:] if l.startswith("{")]
    assert objs, f"{path.name}: no JSON line"
    for obj in objs:
        check(obj, "solve")


def run_json(capsys, *argv) -> tuple[int, list[dict]]:
    """``satgrid ARGV`` in this process: (exit status, the JSON objects printed)."""
    code = main([str(a) for a in argv])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]


LIVE = [  # (instance, expected exit of solve, also count and check): one file per kind and shape
    ("sudoku-4x4.toml", 0, True), ("sudoku-collection.txt", 0, True),
    ("sudoku-unsat-repeated-given.toml", 1, True), ("hooks-example.toml", 0, True),
    ("knight-moves-example.toml", 0, False), ("vertex-sums-17-25-18-29.toml", 0, False),
    ("twenty-four-seven-2x2-2.toml", 0, False)]


@pytest.mark.parametrize("name,want,more", LIVE)
def test_live_solve_count_check_stats(capsys, name, want, more):
    f = ROOT / "instances" / name
    code, objs = run_json(capsys, "solve", f, "--json", "--unique")
    assert code == want and objs
    for o in objs:
        check(o, "solve")
        assert o["status"] == ("sat" if want == 0 else "unsat")
        assert (o["unique"] is not None) == (o["status"] == "sat")
    if more:
        code, objs = run_json(capsys, "count", f, "--json", "--limit", "3")
        assert objs
        for o in objs:
            check(o, "count")
            if code != 0:  # a failing exit only for no solution or an incomplete count
                assert o["count"] == 0 or not o["complete"]
        code, objs = run_json(capsys, "check", f, "--json")
        for o in objs:
            check(o, "check")
            assert o["ok"] == (code == 0)
    code, [o] = run_json(capsys, "stats", f, "--json")
    check(o, "stats")
    assert o["total"]["clauses"] == sum(g["clauses"] for g in o["groups"].values())


def test_live_solve_all_and_limits(capsys):
    code, [o] = run_json(capsys, "solve", ROOT / "instances" / "hooks-example.toml",
                         "--all", "--limit", "2", "--json")
    check(o, "solve_all")
    code, [o] = run_json(capsys, "count", ROOT / "instances" / "sudoku-4x4.toml", "--json")
    check(o, "count")
    assert o == {"count": 1, "complete": True}


def test_live_dimacs_decode_encode_family(capsys, tmp_path):
    puzzle = ROOT / "instances" / "sudoku-4x4.toml"
    cnf = tmp_path / "s.cnf"
    code, [o] = run_json(capsys, "dimacs", puzzle, "-o", cnf, "--json")
    check(o, "dimacs")
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(cnf)).clauses) as s:
        assert s.solve()
        model = s.get_model()
    out = tmp_path / "s.out"
    out.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    code, [o] = run_json(capsys, "decode", puzzle, "--cnf", cnf, "--model", out, "--json")
    assert code == 0
    check(o, "solve")
    code, [o] = run_json(capsys, "encode", "atmost", "--n", "6", "--k", "2", "--json")
    check(o, "encode")
    code, [o] = run_json(capsys, "family", "hooks", "n=3", "-o", tmp_path / "fam", "--json")
    check(o, "family")


def test_live_formula_files(capsys, tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text("c p show 1 2 0\np cnf 3 2\n1 -2 0\n2 3 0\n")
    code, [o] = run_json(capsys, "solve", cnf, "--json")
    check(o, "formula_solve")
    code, [o] = run_json(capsys, "count", cnf, "--json")
    check(o, "formula_count")
    code, [o] = run_json(capsys, "stats", cnf, "--json")
    check(o, "formula_stats")
    unsat = tmp_path / "u.cnf"
    unsat.write_text("p cnf 1 2\n1 0\n-1 0\n")
    code, [o] = run_json(capsys, "solve", unsat, "--json")
    check(o, "formula_solve")
    assert o["status"] == "unsat" and o["model"] is None


# ------------------------------------------------ the schema is not vacuous
GOOD = json.loads((ROOT / "tests" / "golden" / "hooks-8.toml.solve.json")
                  .read_text().splitlines()[1])


def broken(change):
    o = copy.deepcopy(GOOD)
    change(o)
    return o


@pytest.mark.parametrize("bad", [
    broken(lambda o: o.update(status="maybe")),
    broken(lambda o: o.pop("grid")),                       # sat without a grid
    broken(lambda o: o.update(status="unsat")),             # unsat with a grid
    broken(lambda o: o.pop("stats")),
    broken(lambda o: o["stats"].update(variables=-1)),
    broken(lambda o: o["stats"].pop("solver")),
    broken(lambda o: o.update(answer="680")),
    broken(lambda o: o.update(unique="yes")),
    broken(lambda o: o["grid"][0].__setitem__(0, "5")),
    broken(lambda o: o.update(grid=[])),
    broken(lambda o: o.update(grid=[["5", "4"], ["1", "2"]])),      # digits as labels
    broken(lambda o: o.update(grid=[["I", "I"], [1, 2]])),          # labels and numbers mixed
], ids=["status", "no-grid", "unsat-grid", "no-stats", "negative", "no-solver", "answer-text",
        "unique-text", "cell-text", "empty-grid", "digit-labels", "mixed-rows"])
def test_the_solve_definition_refuses_wrong_output(bad):
    check(GOOD, "solve")
    assert not validator("solve").is_valid(bad)


def test_interrupted_outputs():
    """What solve --all and count print when interrupted (exit 130/143)."""
    check({"count": 7, "complete": False, "interrupted": True}, "count")
    assert not validator("count").is_valid({"count": 7, "complete": True, "interrupted": True})
    part = {"puzzle": "sudoku", "file": "x", "status": "unknown", "count": 1, "complete": False,
            "solutions": [{"grid": [[1]], "answer": None}], "interrupted": True}
    check(part, "solve_all")
    assert not validator("solve_all").is_valid({k: v for k, v in part.items()
                                                if k != "interrupted"})   # no stats then


def test_other_definitions_refuse_wrong_output():
    assert not validator("count").is_valid({"count": -1, "complete": True})
    assert not validator("count").is_valid({"count": 3})
    assert not validator("check").is_valid({"puzzle": "sudoku", "file": "x", "ok": False,
                                            "mismatches": [], "answer": None, "unique": None})
    assert not validator("stats").is_valid({"puzzle": "sudoku", "file": "x", "groups": {},
                                            "total": {"variables": 1, "clauses": 1},
                                            "encodings": {}, "lazy": []})
    assert not validator("formula_solve").is_valid({
        "format": "dimacs", "file": "x", "status": "sat", "model": None, "assumptions": [],
        "stats": {"solver": "cadical195", "variables": 1, "clauses": 1}})
