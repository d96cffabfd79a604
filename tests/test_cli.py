"""The command line: exit codes, one-line errors, JSON shape (SPEC.md section 3)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances"


def run(*args, stdin=None, cwd=None):
    p = subprocess.run([sys.executable, "-m", "satgrid", *map(str, args)], capture_output=True,
                       text=True, input=stdin, cwd=cwd or ROOT, timeout=300)
    return p.returncode, p.stdout, p.stderr


def one_line_error(err):
    lines = [l for l in err.splitlines() if l.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_solve_json_shape():
    code, out, err = run("solve", INST / "sudoku-classic.toml", "--unique", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["puzzle"] == "sudoku" and d["status"] == "sat" and d["unique"] is True
    assert len(d["grid"]) == 9 and all(len(r) == 9 for r in d["grid"])
    assert set(d["stats"]) >= {"solver", "variables", "clauses", "rounds", "seconds"}
    assert d["stats"]["solver"] == "cadical195"


def test_missing_file_is_exit_2_one_line(tmp_path):
    code, out, err = run("solve", tmp_path / "nope.toml")
    assert code == 2
    assert "nope.toml" in one_line_error(err)


def test_malformed_toml_names_line_and_column(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('puzzle = "sudoku"\ngivens = """\n1 2\n')
    code, out, err = run("solve", bad)
    assert code == 2
    line = one_line_error(err)
    assert "bad.toml:" in line


def test_unknown_kind(tmp_path):
    bad = tmp_path / "k.toml"
    bad.write_text('puzzle = "chess"\n')
    code, _, err = run("solve", bad)
    assert code == 2 and "k.toml:1:1: unknown puzzle kind" in one_line_error(err)


def test_bad_option_is_one_line_exit_2():
    code, _, err = run("solve")
    assert code == 2
    one_line_error(err)
    code, _, err = run("encode", "atmost", "--n", "5", "--k", "2", "--encoding", "nonsense")
    assert code == 2 and "nonsense" in one_line_error(err)


def test_unsat_is_exit_1(tmp_path):
    f = tmp_path / "u.toml"
    f.write_text('puzzle = "sudoku"\ngivens = """\n1 1 . .\n. . . .\n. . . .\n. . . .\n"""\n')
    code, out, err = run("solve", f, "--json")
    assert code == 1, err
    assert json.loads(out)["status"] == "unsat"


def test_count_json():
    code, out, err = run("count", INST / "vertex-sums-17-25-18-29.toml", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert set(d) == {"count", "complete"} and d["complete"] is True and d["count"] >= 1


def test_encode_dimacs_and_json(tmp_path):
    code, out, err = run("encode", "atmost", "--n", "6", "--k", "2", "--encoding", "seqcounter")
    assert code == 0, err
    header = [l for l in out.splitlines() if l.startswith("p ")]
    assert header and header[0].split()[:2] == ["p", "cnf"]
    code, out, err = run("encode", "atmost", "--n", "10", "--k", "3", "--encoding", "seqcounter-knuth",
                         "--json")
    d = json.loads(out)
    # Knuth's irredundant sequential counter (PySAT's): k(n-k) auxiliaries
    assert d["auxiliary"] == 3 * 7 and d["variables"] == 10 + 21


@pytest.mark.parametrize("encoding, aux, clauses", [
    # SPEC.md section 4: seqcounter is Sinz 2005, k(n-1) aux, 2nk + n - 3k - 1 clauses
    ("seqcounter", 10 * 999, 2 * 1000 * 10 + 1000 - 3 * 10 - 1),
    ("seqcounter-sinz", 10 * 999, 2 * 1000 * 10 + 1000 - 3 * 10 - 1),
    # Knuth 7.2.2.2 (18)-(19): k(n-k) aux, (n-k-1)k + (n-k)(k+1) clauses
    ("seqcounter-knuth", 10 * 990, 989 * 10 + 990 * 11),
    (None, 10 * 999, 2 * 1000 * 10 + 1000 - 3 * 10 - 1),      # the default is seqcounter
])
def test_encode_seqcounter_sizes(encoding, aux, clauses):
    assert (aux, clauses) in ((9990, 20969), (9900, 20780))
    extra = ["--encoding", encoding] if encoding else []
    code, out, err = run("encode", "atmost", "--n", "1000", "--k", "10", *extra, "--json")
    assert code == 0, err
    d = json.loads(out)
    assert (d["auxiliary"], d["clauses"]) == (aux, clauses), d
    assert d["variables"] == 1000 + aux


def test_encode_seqcounter_sinz_alias_gives_the_same_bytes(tmp_path):
    outs = []
    for name in ("seqcounter", "seqcounter-sinz"):
        code, out, err = run("encode", "exactly", "--n", "12", "--k", "5", "--encoding", name,
                             "-o", tmp_path / f"{name}.cnf")
        assert code == 0, err
        text = (tmp_path / f"{name}.cnf").read_bytes()
        cmd = [l for l in text.splitlines(True) if l.startswith(b"c command line: ")]
        assert len(cmd) == 1 and name.encode() in cmd[0]
        outs.append(text.replace(cmd[0], b""))      # only the echoed command line differs
    assert outs[0] == outs[1] and b"c encoding: exactly = seqcounter\n" in outs[0]
    code, out, err = run("encode", "atmost", "--n", "5", "--k", "2", "--encoding", "seqcounter-Sinz")
    assert code == 2 and "seqcounter-knuth" in one_line_error(err)


def test_sqgrid_seed_command():
    code, out, err = run("sqgrid", "17", "25", "18", "29")
    assert code == 0, err
    assert "17" in out and "29" in out
    code, _, err = run("sqgrid", "17", "x")
    assert code == 2 and "x" in one_line_error(err)


def test_stats_table():
    code, out, err = run("stats", INST / "sudoku-classic.toml", "--card", "ladder")
    assert code == 0, err
    assert "sudoku.row" in out and "total" in out and "ladder" in out


def test_time_limit_gives_exit_3():
    # a zero limit stops before the first SAT call: status unknown, exit 3
    code, out, err = run("solve", INST / "hooks-8.toml", "--time-limit", "0", "--json")
    assert code == 3, err
    d = json.loads(out)
    assert d["status"] == "unknown" and d["answer"] is None
    code, out, err = run("count", INST / "vertex-sums-4x4.toml", "--time-limit", "0", "--json")
    assert code == 3 and json.loads(out) == {"count": 0, "complete": False}


@pytest.mark.parametrize("entry,why", [('answer = "680"', "answer: expected a whole number"),
                                       ("unique = 1", "unique: expected true or false"),
                                       ("colour = 3", "colour: not known")])
def test_expect_table_is_validated_for_every_kind(tmp_path, entry, why):
    for name in ("hooks-example.toml", "knight-moves-example.toml", "twenty-four-seven-2x2-2.toml"):
        text = (INST / name).read_text().split("[expect]")[0] + "[expect]\n" + entry + "\n"
        f = tmp_path / name
        f.write_text(text)
        code, _, err = run("check", f)
        line = one_line_error(err)
        assert code == 2 and why in line, line
        assert f":{text.count(chr(10))}:1:" in line  # the line of the offending key


def test_solvers_table_refusals_match_session():
    code, out, err = run("solvers", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["kissat404"]["assumptions"] is False and d["cadical195"]["interrupt"] is False
    assert d["cadical195"]["time_limit"] is True
    # what the table says is what the session does: assumptions on Kissat are refused
    code, _, err = run("solve", INST / "sudoku-classic.toml", "--solver", "kissat404", "--unique")
    assert code == 2 and "kissat" in one_line_error(err).lower()


def test_solve_all_reports_completeness():
    code, out, err = run("solve", INST / "vertex-sums-4x4.toml", "--all", "--limit", "3", "--json")
    d = json.loads(out)
    assert code == 0 and d["count"] == 3 and d["complete"] is False
    code, out, err = run("solve", INST / "vertex-sums-17-25-18-29.toml", "--all", "--json")
    d = json.loads(out)
    assert code == 0 and d["complete"] is True and d["count"] == len(d["solutions"]) >= 1
    code, out, _ = run("count", INST / "vertex-sums-17-25-18-29.toml", "--json")
    assert json.loads(out)["count"] == d["count"]


def test_unique_no_shows_a_different_valid_second_solution(tmp_path):
    f = tmp_path / "two.toml"
    f.write_text('puzzle = "sudoku"\ngivens = """\n1 2 . .\n. . 1 2\n2 1 . .\n. . 2 1\n"""\n')
    code, out, err = run("solve", f, "--unique", "--json")
    d = json.loads(out)
    assert code == 0 and d["unique"] is False
    assert d["second"]["grid"] != d["grid"]
    from satgrid.puzzles.sudoku.check import check
    assert check(d["second"]["grid"], (2, 2)) == [] and check(d["grid"], (2, 2)) == []


def test_check_count_zero_accepts_an_unsat_instance_and_rejects_a_solvable_one(tmp_path):
    code, out, err = run("check", INST / "sudoku-unsat-repeated-given.toml")
    assert code == 0, out + err
    f = tmp_path / "c.toml"
    f.write_text((INST / "sudoku-classic.toml").read_text().replace("unique = true", "count = 0"))
    code, out, _ = run("check", f)
    assert code == 1 and "expected none" in out


def test_solver_options_on_the_command_line():
    inst = str(ROOT / "instances" / "sudoku-classic.toml")
    code, out, err = run("solve", inst, "--solver-option", "chrono=0", "--solver-option", "seed=3",
                         "--json")
    assert code == 0 and json.loads(out)["status"] == "sat"
    for args, words in [(("--solver-option", "chrono"), "expected NAME=INTEGER"),
                        (("--solver-option", "chrono=x"), "expected NAME=INTEGER"),
                        (("--solver-option", "nope=1"), "unknown cadical195 option 'nope'"),
                        (("--solver-option", "chrono=9"), "in 0..2, got 9"),
                        (("--solver", "minisat22", "--solver-option", "chrono=0"),
                         "solver minisat22 takes no options")]:
        code, out, err = run("solve", inst, *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, (args, err)
    code, out, err = run("solvers", "--options", "--json")
    listed = json.loads(out)
    assert code == 0 and "cadical195" in listed["solvers"]
    assert listed["options"]["chrono"] == {"min": 0, "max": 2, "help": listed["options"]["chrono"]["help"]}


@pytest.mark.parametrize("command", ["solve", "count"])
def test_certify_on_a_dimacs_file_is_refused(tmp_path, command):
    """``--certify`` certifies puzzle answers; on a formula file it used to do
    nothing at all (no folder, exit 10). Now one line, exit 2, no folder."""
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 1\n1 2 0\n")
    code, out, err = run(command, "--certify", tmp_path / "cert", cnf)
    assert code == 2 and out == ""
    assert one_line_error(err) == (f"satgrid: --certify applies to puzzle files; {cnf} is a "
                                   "formula (DIMACS/iCNF) file")
    assert not (tmp_path / "cert").exists()
