"""What a newcomer trips over (issue [6/7]): each fixed the way a user would
expect, each checked here by what the user sees."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = str(ROOT / "instances" / "sudoku-classic.toml")


def satgrid(*args, cwd=None):
    r = subprocess.run([sys.executable, "-m", "satgrid", *args], capture_output=True, text=True,
                       cwd=cwd)
    return r.returncode, r.stdout, r.stderr


@pytest.mark.parametrize("args,wanted", [
    (["solve", "--uniqe", CLASSIC], "satgrid: unrecognized arguments: --uniqe; did you mean --unique?"),
    (["solve", CLASSIC, "--card", "totaliser"], "; did you mean totalizer?"),
    (["count", CLASSIC, "--tim-limit", "3"], "did you mean --time-limit?"),
])
def test_usage_errors_say_satgrid_once_and_suggest(args, wanted):
    code, out, err = satgrid(*args)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert wanted in err and "satgrid: satgrid" not in err


def test_a_usage_error_names_its_command():
    code, _, err = satgrid("solve", CLASSIC, "--card", "nosuchthing")
    assert code == 2 and err.startswith("satgrid: solve: argument --card: invalid choice")
    assert "did you mean" not in err          # nothing close: no guess


@pytest.mark.parametrize("args,wanted", [
    (["--limit", "3"], "--limit N counts the solutions of --all"),
    (["--all", "--unique"], "--unique is for a single answer"),
])
def test_options_that_would_be_ignored_are_refused(args, wanted):
    code, out, err = satgrid("solve", CLASSIC, *args)
    assert code == 2 and out == "" and wanted in err


def test_limit_with_all_still_works():
    code, out, _ = satgrid("solve", CLASSIC, "--all", "--limit", "1")
    assert code == 0 and "1 solution(s)" in out


@pytest.mark.parametrize("length,side", [(80, 9), (82, 9), (15, 4)])
def test_a_one_line_sudoku_of_the_wrong_length(tmp_path, length, side):
    f = tmp_path / "s.txt"
    f.write_text("1" * length + "\n")
    code, _, err = satgrid("solve", str(f))
    assert code == 2
    assert err == (f"satgrid: {f}:1:{min(length, side * side) + 1}: expected {side * side} "
                   f"characters (a {side}x{side} puzzle on one line), found {length}\n")


def test_solvers_help_says_what_it_lists():
    code, out, _ = satgrid("solvers", "--help")
    assert code == 0 and "probed" in out and "propagator" in out


def test_the_sudoku_help_names_the_file_it_writes():
    _, out, _ = satgrid("sudoku", "--help")
    assert "my.solution.txt" in " ".join(out.split())


def test_puzzles_print_as_what_they_are():
    from satgrid import api
    p = api.load(str(ROOT / "instances" / "hooks-8.toml"))[0]
    assert repr(p) == f"<Hooks 'Hooks 8' (hooks) from {ROOT / 'instances' / 'hooks-8.toml'}>"


def test_model_count_reads_like_api_count():
    from satgrid import api
    from satgrid.modelling.model import Model
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(3)]
    m.at_most(xs, 1)
    c = m.count()
    assert c == (4, True) and (c.count, c.complete) == (4, True)
    p = api.load(CLASSIC)[0]
    res = api.count(p)
    assert {k: res[k] for k in c._asdict()} == {"count": 1, "complete": True}
    assert set(c._asdict()) <= set(res)


def test_verify_of_a_proof_says_what_dratify_checked(tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 1 2\n1 0\n-1 0\n")
    proof = tmp_path / "p.drat"
    proof.write_text("0\n")
    code, out, _ = satgrid("verify", "--formula", str(cnf), "--proof", str(proof))
    assert code == 0 and "0 checked" not in out and "unit propagation alone" in out


def test_encode_of_a_pb_name_suggests_weights():
    code, _, err = satgrid("encode", "atmost", "--n", "4", "--k", "2", "--encoding", "bdd")
    assert code == 2 and "--weights" in err and "linear()" not in err


def test_the_ctrl_c_tests_pass_when_started_with_sigint_ignored():
    """`nohup make test &` starts the tests with SIGINT ignored; the Ctrl-C
    tests still see their signal (conftest.py gives it back)."""
    r = subprocess.run(["bash", "-c", f'trap "" INT; exec {sys.executable} -m pytest -q '
                        "-p no:cacheprovider tests/test_faults_session.py -k "
                        "test_sigint_during_solve_reaches_the_caller --timeout 120"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and " passed" in r.stdout, r.stdout[-800:]


def test_no_test_can_hang():
    """pytest-timeout is configured for the whole suite."""
    import tomllib
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert 0 < conf["tool"]["pytest"]["ini_options"]["timeout"] <= 900
    assert any(d.startswith("pytest-timeout") for d in
               conf["project"]["optional-dependencies"]["test"])
