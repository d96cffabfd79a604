"""Certified answers (docs/certify.md): certificates verify, and tampering with
any part of one makes ``verify`` fail naming the part.

Every seed puzzle is certified and verified here, the big ones (hooks-8,
twenty-four-seven-2x2-2: several seconds of pure-Python proof checking
each) included; bench/bench_certify.py times them.
"""

import json
import shutil
import shutil as _sh
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import INST, load1, loads1, run_cli

from satgrid.certify import Certificate, certify_puzzle
from satgrid.certify.proof import CertifyRefused, certified_run
from satgrid.certify.verify import VerifyFailed, read_cnf, read_drat
from satgrid.modelling.model import Model

pytest.importorskip("dratify", reason="the certify extra (dratify) is not installed")

EMPTY_4X4 = 'puzzle = "sudoku"\nsize = 4\ngivens = """\n. . . .\n. . . .\n. . . .\n. . . .\n"""\n'


def cli(*args):
    code, out, err = run_cli(*args)
    return SimpleNamespace(returncode=code, stdout=out, stderr=err)


def make(tmp_path_factory, name, mode="unique"):
    p = load1(INST / name)
    d = tmp_path_factory.mktemp(name.replace(".", "-"))
    res, cert = certify_puzzle(p, mode, d)
    return p, res, cert


# --------------------------------------------------------------- verifying
@pytest.mark.parametrize("name", [
    "sudoku-classic.toml",                     # seed (Sudoku notebook)
    "vertex-sums-17-25-18-29.toml",            # seed (SqGrid): not unique, two solutions
    "knight-moves-4.toml",                     # seed (Knight Moves 4)
    "hooks-8.toml",                            # seed (Hooks 8)
    "twenty-four-seven-2x2-2.toml",            # seed (Twenty Four Seven 2x2 #2)
    "hooks-example.toml", "hooks-size-5.toml",  # lazy connectivity cuts
    "twenty-four-seven-2x2-2-top-left.toml",
    "sudoku-4x4.toml", "sudoku-6x6.toml", "sudoku-classic.txt", "knight-moves-example.toml",
])
def test_certificates_verify_and_agree_with_the_published_answer(tmp_path_factory, name):
    p, res, cert = make(tmp_path_factory, name)
    summary = cert.verify()
    assert summary.startswith("verified: "), summary
    if "unique" in p.expect:        # the [expect] table holds the published answer
        assert res["unique"] is p.expect["unique"]
        assert cert.claim == ("unique" if p.expect["unique"] else "not unique")
    if "answer" in p.expect:
        assert res["answer"] == p.expect["answer"]
    want = p.expected_solution()
    if want is not None and p.expect.get("unique") is not False:
        assert res.get("grid", res.get("grids")) == want
    sols = json.loads((cert.folder / "solutions.json").read_text())["solutions"]
    assert all(p.check(s["decoded"]) == [] for s in sols)


def test_a_contradictory_puzzle_has_a_verified_unsat(tmp_path):
    p = load1(INST / "sudoku-unsat-repeated-given.toml")
    assert p.expect.get("count") == 0
    res, cert = certify_puzzle(p, "unsat", tmp_path / "c")
    assert (res["status"], cert.claim, cert.count) == ("unsat", "unsat", 0)
    assert cert.verify().startswith("verified: no solution")


def test_the_288_grids_of_4x4_sudoku_count_verified(tmp_path):
    # 288 = the number of 4x4 Sudoku grids (4! * 12), known from outside
    (tmp_path / "empty-4x4.toml").write_text(EMPTY_4X4)
    p = load1(tmp_path / "empty-4x4.toml")
    res, cert = certify_puzzle(p, "count", tmp_path / "c")
    assert (res["count"], cert.claim, cert.count) == (288, "count", 288)
    summary = cert.verify()
    assert "exactly 288 solution(s)" in summary and "referee sudoku: 288 accepted" in summary
    grids = {json.dumps(s["decoded"]["grid"])
             for s in json.loads((cert.folder / "solutions.json").read_text())["solutions"]}
    assert len(grids) == 288


def test_a_count_over_the_cap_is_refused_before_the_proof():
    p = loads1(EMPTY_4X4, "empty-4x4.toml")
    from satgrid.pipeline.run import compile_puzzle
    m = compile_puzzle(p)
    with pytest.raises(CertifyRefused, match="more than 100 solutions"):
        certified_run(m.formula.clauses, m.formula.nvars, m.over, [], "count",
                      max_solutions=100)


def test_model_api_latin_squares(tmp_path):
    # 576 Latin squares of order 4 (known from outside), and uniqueness with givens
    m = Model()
    x = [[m.int(f"x[{r},{c}]", range(1, 5)) for c in range(4)] for r in range(4)]
    for row in x:
        m.permutation(row, range(1, 5), group="latin.row")
    for col in zip(*x):
        m.permutation(col, range(1, 5), group="latin.column")
    assert m.count(certify=tmp_path / "n") == (576, True)
    assert "exactly 576" in Certificate(tmp_path / "n").verify()
    for r, c, v in [(0, 0, 1), (0, 1, 2), (0, 2, 3), (1, 0, 2), (1, 1, 1), (2, 2, 1),
                    (2, 0, 3), (3, 3, 1)]:
        m.clause([x[r][c].lit(v)], group="givens")
    u = m.is_unique(certify=tmp_path / "u")
    cert = Certificate(tmp_path / "u")
    assert u is (cert.claim == "unique")
    assert cert.verify().startswith("verified: ")


def test_model_api_refuses_limits(tmp_path):
    m = Model()
    a = m.bool("a")
    with pytest.raises(CertifyRefused):
        m.count(limit=3, certify=tmp_path / "x")
    with pytest.raises(CertifyRefused):
        m.is_unique([a], certify=tmp_path / "x")


# --------------------------------------------------------------- tampering
@pytest.fixture(scope="module")
def hooks_cert(tmp_path_factory):
    """A certificate with cuts and a proof that unit propagation alone does not settle."""
    p, res, cert = make(tmp_path_factory, "hooks-example.toml")
    assert cert.claim == "unique" and res["stats"]["cuts"] > 0
    return cert.folder


def copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / "cert"
    shutil.copytree(src, dst)
    return dst


def fails(folder) -> str:
    with pytest.raises(VerifyFailed) as e:
        Certificate(folder).verify()
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines()


def text_proof(folder: Path) -> list[str]:
    """The proof as text DRAT lines (the certificate holds CaDiCaL's binary DRAT;
    verify reads both, and tells them apart by their bytes)."""
    steps, _ = read_drat(folder / "proof.drat")
    return [("d " if k == "d" else "") + " ".join(map(str, lits + [0])) for k, lits in steps]


def test_tampered_proof_line_is_named(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    lines = text_proof(d)
    sol = set(json.loads((d / "solutions.json").read_text())["solutions"][0]["true"])
    # the first added lemma becomes a unit clause saying a variable true in the
    # solution is false: not implied by unit propagation
    i = next(k for k, l in enumerate(lines) if not l.startswith("d") and l.strip() != "0")
    lines[i] = f"-{min(sol)} 0"
    (d / "proof.drat").write_text("\n".join(lines) + "\n")
    msg = fails(d)
    assert f"proof.drat line {i + 1}:" in msg and "neither RUP nor RAT" in msg


def test_a_proof_without_the_empty_clause_fails(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    lines = [l for l in text_proof(d) if l.strip() != "0"]
    (d / "proof.drat").write_text("\n".join(lines) + "\n")
    assert "never derives the empty clause" in fails(d)


def test_tampered_formula_clause_is_named(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    lines = lines_of(d / "formula.cnf")
    sol = set(json.loads((d / "solutions.json").read_text())["solutions"][0]["true"])
    cnf = read_cnf(d / "formula.cnf")
    # a compiled clause with two literals, one true in the solution: drop the true one
    k = next(k for k, c in enumerate(cnf.clauses)
             if len(c) == 2 and sum((l > 0) == (abs(l) in sol) for l in c) == 1)
    c = cnf.clauses[k]
    keep = [l for l in c if (l > 0) != (abs(l) in sol)]
    lines[cnf.lines[k] - 1] = f"{keep[0]} 0"
    (d / "formula.cnf").write_text("\n".join(lines) + "\n")
    msg = fails(d)
    # the recompiled instance names the clause first (before the solution falsifies it)
    assert msg.startswith(f"formula.cnf line {cnf.lines[k]}: compiled clause {k + 1} is "
                          f"{keep[0]} 0, but the instance recompiled with ")


def test_tampered_cut_justification_is_named(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    cuts = json.loads((d / "cuts.json").read_text())
    cut = cuts["cuts"][0]
    cut["separator"] = cut["separator"][:-1]           # one separator node fewer
    (d / "cuts.json").write_text(json.dumps(cuts))
    msg = fails(d)
    line = read_cnf(d / "formula.cnf").lines[cut["clause"] - 1]
    assert f"formula.cnf line {line}: cut clause {cut['clause']} is not the clause" in msg


def test_a_cut_whose_separator_does_not_separate_is_named(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    cuts = json.loads((d / "cuts.json").read_text())
    cnf = read_cnf(d / "formula.cnf")
    cut = cuts["cuts"][0]
    con = cuts["constraints"][cut["constraint"]]
    lit = {json.dumps(v): l for v, l in zip(con["nodes"], con["literals"])}
    # drop a separator node from the justification and from the clause alike
    gone = cut["separator"].pop()
    lines = lines_of(d / "formula.cnf")
    k = cut["clause"] - 1
    lines[cnf.lines[k] - 1] = " ".join(str(l) for l in cnf.clauses[k]
                                       if l != lit[json.dumps(gone)]) + " 0"
    (d / "formula.cnf").write_text("\n".join(lines) + "\n")
    (d / "cuts.json").write_text(json.dumps(cuts))
    msg = fails(d)
    assert "cut 0" in msg and "does not separate" in msg


def test_tampered_solution_cell_is_named(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    sols = json.loads((d / "solutions.json").read_text())
    grid = sols["solutions"][0]["decoded"]["grid"]
    r, c = next((r, c) for r in range(len(grid)) for c in range(len(grid)) if grid[r][c])
    grid[r][c] = 0
    (d / "solutions.json").write_text(json.dumps(sols))
    assert fails(d).startswith("solutions.json: solution 1")


def test_a_referee_valid_but_different_solution_is_caught_by_the_model_link(tmp_path_factory,
                                                                            tmp_path):
    # two solutions of the vertex-sum square: swapping their decoded grids keeps
    # each referee-valid, so only the link to the model can catch it
    p, res, cert = make(tmp_path_factory, "vertex-sums-17-25-18-29.toml")
    d = copy(cert.folder, tmp_path)
    sols = json.loads((d / "solutions.json").read_text())
    s = sols["solutions"]
    s[0]["decoded"], s[1]["decoded"] = s[1]["decoded"], s[0]["decoded"]
    (d / "solutions.json").write_text(json.dumps(sols))
    msg = fails(d)
    assert msg.startswith("solutions.json: solution 1: cell") and "in the model" in msg


def test_tampered_hash_and_untracked_change_are_named(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    man = json.loads((d / "manifest.json").read_text())
    man["files"]["cuts"]["sha256"] = "0" * 64
    (d / "manifest.json").write_text(json.dumps(man))
    assert fails(d) == "manifest.json: the SHA-256 of cuts.json does not match the file"
    d2 = copy(hooks_cert, tmp_path / "b")
    with open(d2 / "solutions.json", "a") as f:
        f.write("\n\n")             # still the same JSON, but not the file that was hashed
    assert fails(d2) == "manifest.json: the SHA-256 of solutions.json does not match the file"
    d3 = copy(hooks_cert, tmp_path / "c")
    (d3 / "proof.drat").write_text("\n".join(text_proof(d3)) + "\n")   # the same proof, as text
    assert fails(d3) == "manifest.json: the SHA-256 of proof.drat does not match the file"


def test_claim_must_match_the_solutions(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    man = json.loads((d / "manifest.json").read_text())
    man["claim"], man["count"] = "unsat", 0
    (d / "manifest.json").write_text(json.dumps(man))
    assert "claim unsat" in fails(d)


# ------------------------------------------------------------ command line
def test_cli_solve_count_verify(tmp_path, hooks_cert):
    d = tmp_path / "c"
    r = cli("solve", str(INST / "sudoku-4x4.toml"), "--unique", "--certify", str(d))
    assert r.returncode == 0 and "unique: yes" in r.stdout and "certificate:" in r.stdout
    r = cli("verify", str(d))
    assert r.returncode == 0 and r.stdout.startswith("verified: unique")
    r = cli("solve", str(INST / "sudoku-unsat-repeated-given.toml"), "--certify",
                str(tmp_path / "u"))
    assert r.returncode == 1
    assert cli("verify", str(tmp_path / "u")).returncode == 0
    bad = copy(hooks_cert, tmp_path / "t")
    (bad / "proof.drat").write_text("0\n")
    r = cli("verify", str(bad))
    assert r.returncode == 1 and len(r.stdout.strip().splitlines()) == 1
    r = cli("count", str(INST / "sudoku-4x4.toml"), "--certify", str(tmp_path / "n"),
                "--limit", "5")
    assert r.returncode == 2 and "--limit" in r.stderr and len(r.stderr.splitlines()) == 1
    r = cli("verify", str(tmp_path / "nowhere"))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1


def test_verify_formula_and_proof_of_a_certificate(hooks_cert):
    r = cli("verify", "--formula", str(hooks_cert / "formula.cnf"),
                "--proof", str(hooks_cert / "proof.drat"))
    assert r.returncode == 0 and "is unsatisfiable" in r.stdout


@pytest.mark.external
@pytest.mark.skipif(_sh.which("cadical") is None, reason="Debian's cadical is not installed "
                    "(make solvers)")
def test_external_cadical_binary_drat(tmp_path):
    cnf, proof = tmp_path / "u.cnf", tmp_path / "u.drat"
    assert cli("dimacs", str(INST / "sudoku-unsat-repeated-given.toml"), "-o",
                   str(cnf)).returncode == 0
    r = subprocess.run(["cadical", "-q", str(cnf), str(proof)], capture_output=True, text=True)
    assert r.returncode == 20
    assert proof.read_bytes()[:1] in (b"a", b"d")          # binary DRAT (cadical's default)
    r = cli("verify", "--formula", str(cnf), "--proof", str(proof))
    assert r.returncode == 0, r.stdout + r.stderr
    # a satisfiable formula has no refutation: cadical's (empty) proof must not verify
    sat = tmp_path / "s.cnf"
    cli("dimacs", str(INST / "sudoku-4x4.toml"), "-o", str(sat))
    subprocess.run(["cadical", "-q", str(sat), str(tmp_path / "s.drat")], capture_output=True)
    r = cli("verify", "--formula", str(sat), "--proof", str(tmp_path / "s.drat"))
    assert r.returncode == 1 and "NOT verified" in r.stdout


def test_malformed_files_fail_in_one_line(hooks_cert, tmp_path):
    d = copy(hooks_cert, tmp_path)
    man = json.loads((d / "manifest.json").read_text())
    man["files"]["cuts"] = {"name": "../../etc/passwd", "sha256": "0"}
    (d / "manifest.json").write_text(json.dumps(man))
    assert "plain file name" in fails(d)
    d2 = copy(hooks_cert, tmp_path / "b")
    (d2 / "cuts.json").write_text(json.dumps({"constraints": [{"nodes": 3}], "cuts": []}))
    assert fails(d2).startswith("cuts.json: constraint 0")
    d3 = copy(hooks_cert, tmp_path / "c")
    (d3 / "solutions.json").write_text("[1, 2]")
    assert fails(d3).startswith("solutions.json: expected")


def test_a_nurikabe_with_many_cuts_between_solves_verifies(tmp_path):
    """semiexp's 10x10 Nurikabe adds about 1,600 cuts between the searches'
    solves: the search solver's own incremental DRAT log was rejected by
    dratify and drat-trim (a step neither RUP nor RAT once the cuts were in),
    so a certificate's proof is a fresh refutation of the final formula."""
    f = tmp_path / "cspuz.txt"
    f.write_text("https://puzz.link/p?nurikabe/10/10/zj7n7j9n7t7i7n7zj\n")
    p = load1(f)
    res, cert = certify_puzzle(p, "unique", tmp_path / "c")
    assert res["unique"] is True and cert.claim == "unique"
    assert cert.verify().startswith("verified: ")


def test_the_incremental_proof_path_verifies_where_nothing_loses_its_justification(tmp_path):
    # fresh=False: the search solver's own log (no cut made a lemma unjustified here)
    from satgrid.certify.folder import write_folder
    from satgrid.pipeline.run import compile_puzzle
    for name in ("hooks-example.toml", "sudoku-unsat-repeated-given.toml"):
        m = compile_puzzle(load1(INST / name))
        run = certified_run(m.formula.clauses, m.formula.nvars, m.over, m.connections,
                            "unique", fresh=False)
        assert run.proof is not None and run.claim in ("unique", "unsat")
        write_folder(run, tmp_path / name, m.formula)
        assert Certificate(tmp_path / name).verify().startswith("verified: ")
