"""Forged certificates (issue 1/7): each file edited, swapped between
certificates, and the manifest's hashes recomputed so that the hash check
passes -- ``verify`` must refuse every one in one line naming what fails,
because it recompiles the instance and trusts nothing else in the folder.
Also the folder's files as symlinks, FIFOs, devices, deep JSON and oversized
files, and ``--certify`` into an existing folder or file.
"""

import hashlib
import json
import os
import shutil
import signal
from pathlib import Path

import pytest

from conftest import INST, load1, loads1, run_cli

from satgrid.certify import Certificate, certify_puzzle
from satgrid.certify import verify as verify_mod
from satgrid.certify.folder import write_folder
from satgrid.certify.verify import VerifyFailed, read_cnf
from satgrid.errors import SatgridError
from satgrid.modelling.model import Model, Solution
from satgrid.pipeline.run import add_solution, compile_puzzle

pytest.importorskip("dratify", reason="the certify extra (dratify) is not installed")

SUDOKU = INST / "sudoku-4x4.toml"
TEXT = SUDOKU.read_text()
#: the same puzzle without its given "1" (row 3): several solutions, among them
#: the 4x4's own, so the referee alone accepts that solution for this instance too
FEWER = TEXT.replace(". 1 4 .", ". . 4 .")
assert FEWER != TEXT


@pytest.fixture(autouse=True)
def _alarm():
    """Nothing here may hang (a FIFO read by the old code blocks forever)."""
    def boom(*_):
        raise TimeoutError("test took more than 30 s")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def certify_text(folder: Path, text: str, name: str = "puzzle.toml", mode="unique"):
    src = folder.parent / f"{folder.name}-{name}"
    src.write_text(text)
    res, cert = certify_puzzle(load1(src), mode, folder)
    return res, cert


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    base = tmp_path_factory.mktemp("forged")
    a = base / "a"
    res, _ = certify_text(a, TEXT)
    assert res["claim"] == "unique"
    fewer = base / "fewer"
    res, _ = certify_text(fewer, FEWER, mode="count")
    assert res["count"] > 1
    hooks = base / "hooks"
    res, _ = certify_puzzle(load1(INST / "hooks-example.toml"), "unique", hooks)
    assert res["stats"]["cuts"] > 0
    return {"a": a, "fewer": fewer, "hooks": hooks}


def copy(src: Path, tmp_path: Path, name="cert") -> Path:
    dst = tmp_path / name
    shutil.copytree(src, dst, symlinks=True)
    return dst


def rehash(folder: Path) -> None:
    """What a forger does after an edit: the manifest's hashes made to match."""
    man = json.loads((folder / "manifest.json").read_text())
    for ent in man["files"].values():
        p = folder / ent["name"]
        if p.is_file() and not p.is_symlink():
            ent["sha256"] = hashlib.sha256(p.read_bytes()).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(man))


def edit_manifest(folder: Path, fn) -> None:
    man = json.loads((folder / "manifest.json").read_text())
    fn(man)
    (folder / "manifest.json").write_text(json.dumps(man))


def refused(folder) -> str:
    with pytest.raises(VerifyFailed) as e:
        Certificate(folder).verify()
    msg = str(e.value)
    assert "\n" not in msg and msg
    return msg


# ----------------------------------------------------------- genuine ones
def test_genuine_certificates_verify_as_the_puzzle(certs):
    s = Certificate(certs["a"]).verify()
    assert s.startswith("verified: unique (puzzle instance.toml (sudoku) recompiled with "
                        "amo="), s
    assert Certificate(certs["fewer"]).verify().startswith("verified: exactly ")
    assert "its " in Certificate(certs["hooks"]).verify()


def test_the_manifest_records_what_a_recompile_needs(certs):
    man = json.loads((certs["a"] / "manifest.json").read_text())
    assert set(man["compile"]) == {"amo", "card", "pb", "connectivity"}
    assert man["kind"] == "sudoku"


def test_other_encoding_options_recompile_too(tmp_path):
    src = tmp_path / "p.toml"
    src.write_text(TEXT)
    from satgrid.pipeline.run import Options
    opts = Options(amo="ladder", card="totalizer", connectivity="eager")
    res, cert = certify_puzzle(load1(src), "unique", tmp_path / "c", opts)
    s = cert.verify()
    assert "amo=ladder card=totalizer" in s and "connectivity=eager" in s


# ------------------------------------------------------------- swaps
def test_an_instance_swapped_in_from_another_certificate_is_refused(certs, tmp_path):
    # the old verify said "verified: unique" here: the solution is valid for
    # the instance with fewer givens, which has several solutions
    d = copy(certs["a"], tmp_path)
    shutil.copy(certs["fewer"] / "instance.toml", d / "instance.toml")
    rehash(d)
    msg = refused(d)
    assert msg.startswith("formula.cnf"), msg
    assert "recompiled" in msg


def test_a_whole_other_certificate_with_this_instance_is_refused(certs, tmp_path):
    # everything of the puzzle with fewer givens, but this instance: claims "count" of it
    d = copy(certs["fewer"], tmp_path)
    shutil.copy(certs["a"] / "instance.toml", d / "instance.toml")
    rehash(d)
    assert refused(d).startswith("formula.cnf")


def test_edited_givens_are_refused(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    (d / "instance.toml").write_text(TEXT.replace("4 . . .", "4 . . 3"))
    rehash(d)
    assert refused(d).startswith(("formula.cnf", "instance.toml"))


# ----------------------------------------------------------- the manifest
@pytest.mark.parametrize("edit, start", [
    (lambda m: m["compile"].update(amo="ladder"), "formula.cnf"),
    (lambda m: m["compile"].update(amo="nonsense"), "manifest.json: the instance does not "
                                                    "compile"),
    (lambda m: m.pop("compile"), "manifest.json: no 'compile' options"),
    (lambda m: m["compile"].update(extra="1"), "manifest.json: 'compile' must name"),
    (lambda m: m.update(kind="hooks"), "instance.toml: the instance is a sudoku puzzle"),
    (lambda m: m["files"].pop("instance"), "manifest.json: a certificate of a sudoku puzzle "
                                           "must carry its instance"),
    (lambda m: m.update(cube=[1]), "formula.cnf"),
    (lambda m: m.update(cube=["x"]), "manifest.json: 'cube'"),
])
def test_edited_manifest_entries_are_refused(certs, tmp_path, edit, start):
    d = copy(certs["a"], tmp_path)
    edit_manifest(d, edit)
    msg = refused(d)
    assert msg.startswith(start), msg


def test_an_edited_connectivity_mode_is_refused(certs, tmp_path):
    d = copy(certs["hooks"], tmp_path)
    edit_manifest(d, lambda m: m["compile"].update(connectivity="eager"))
    assert refused(d).startswith("formula.cnf")


# ------------------------------------------------------------ formula.cnf
def test_a_dropped_compiled_clause_is_refused_even_with_consistent_ranges(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    cnf = read_cnf(d / "formula.cnf")
    lines = (d / "formula.cnf").read_text().splitlines()
    n = len(cnf.clauses)
    # drop the last compiled clause (a given) and keep the header and ranges consistent
    man = json.loads((d / "manifest.json").read_text())
    a2 = man["clauses"]["compiled"][1]
    del lines[cnf.lines[a2 - 1] - 1]
    lines = [l.replace(f"p cnf {cnf.nvars} {n}", f"p cnf {cnf.nvars} {n - 1}") for l in lines]
    (d / "formula.cnf").write_text("\n".join(lines) + "\n")
    for k in ("compiled", "cuts", "blocking"):
        lo, hi = man["clauses"][k]
        man["clauses"][k] = [lo if k == "compiled" else lo - 1, hi - 1]
    (d / "manifest.json").write_text(json.dumps(man))
    rehash(d)
    assert refused(d).startswith("formula.cnf")


def test_renamed_variables_are_refused(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    text = (d / "formula.cnf").read_text()
    lines = text.splitlines()
    i = next(i for i, l in enumerate(lines) if l.startswith("c varname "))
    j = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("c varname "))
    vi, ni = lines[i].split(" ", 3)[2:]
    vj, nj = lines[j].split(" ", 3)[2:]
    lines[i], lines[j] = f"c varname {vi} {nj}", f"c varname {vj} {ni}"
    (d / "formula.cnf").write_text("\n".join(lines) + "\n")
    rehash(d)
    assert refused(d).startswith(f"formula.cnf: variable {vi} is named")


# ---------------------------------------------------------- solutions.json
def test_an_edited_projection_is_refused(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    sols = json.loads((d / "solutions.json").read_text())
    sols["projection"] = sols["projection"][:-1]
    (d / "solutions.json").write_text(json.dumps(sols))
    rehash(d)
    assert refused(d).startswith("solutions.json: the projection")


def test_a_decoded_solution_must_be_the_instances_decoding(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    sols = json.loads((d / "solutions.json").read_text())
    sols["solutions"][0]["decoded"]["note"] = "forged"      # the referee ignores extra keys
    (d / "solutions.json").write_text(json.dumps(sols))
    rehash(d)
    assert refused(d).startswith("solutions.json: solution 1: the decoded solution is not")


# ---------------------------------------------------------------- cuts.json
def _cuts(d):
    return json.loads((d / "cuts.json").read_text())


def test_an_edited_graph_is_refused(certs, tmp_path):
    # a literal of a node no cut uses: the old verify never looked at it
    d = copy(certs["hooks"], tmp_path)
    cuts = _cuts(d)
    con = cuts["constraints"][0]
    used = {json.dumps(n) for c in cuts["cuts"] for n in [c["a"], c["b"], *c["separator"]]}
    k = next(k for k, n in enumerate(con["nodes"]) if json.dumps(n) not in used)
    con["literals"][k] = -con["literals"][k]
    (d / "cuts.json").write_text(json.dumps(cuts))
    rehash(d)
    assert refused(d) .startswith("cuts.json: constraint 0: its literals are not those")


@pytest.mark.parametrize("part", ["edges", "nodes", "name"])
def test_other_graph_edits_are_refused(certs, tmp_path, part):
    d = copy(certs["hooks"], tmp_path)
    cuts = _cuts(d)
    con = cuts["constraints"][0]
    if part == "edges":
        con["edges"] = con["edges"][1:]
    elif part == "nodes":
        con["nodes"] = con["nodes"][::-1]
    else:
        con["name"] = "forged"
    (d / "cuts.json").write_text(json.dumps(cuts))
    rehash(d)
    assert refused(d).startswith(f"cuts.json: constraint 0: its {part}")


def test_a_dropped_constraint_is_refused(certs, tmp_path):
    d = copy(certs["hooks"], tmp_path)
    cuts = _cuts(d)
    cuts["constraints"].append(cuts["constraints"][0])
    (d / "cuts.json").write_text(json.dumps(cuts))
    rehash(d)
    assert refused(d).startswith("cuts.json: 2 connectivity constraints")


# --------------------------------------------------------------- cube folders
def _cube_folder(folder: Path, cube: list[int]) -> int:
    """A cube folder as count --split --certify writes it: the instance's
    formula plus the cube's unit clauses, ``cube`` in the manifest."""
    p = load1(SUDOKU.parent / "sudoku-4x4.toml")
    src = folder.parent / "fewer.toml"
    src.write_text(FEWER)
    p = load1(src)
    m = compile_puzzle(p)
    m.clauses([[lit] for lit in cube], "split.cube")
    run = m.certified_run("count")
    dec = [{k: v for k, v in add_solution({}, p, Solution(x)).items() if k != "answer"}
           for x in run.models]
    write_folder(run, folder, m.formula, decoded=dec, instance=("fewer.toml", FEWER),
                 kind=p.kind, extra={"cube": list(cube)})
    return run.count


def test_a_cube_folder_verifies_and_a_forged_cube_is_refused(tmp_path):
    p = loads1(FEWER)
    v = compile_puzzle(p).over[0]
    n = _cube_folder(tmp_path / "c", [v])
    s = Certificate(tmp_path / "c").verify()
    assert s.startswith(f"verified: cube [{v}]: exactly {n} solution(s)"), s
    d = copy(tmp_path / "c", tmp_path, "forged")
    edit_manifest(d, lambda m: m.update(cube=[-v]))
    assert refused(d).startswith("formula.cnf")


# -------------------------------------------------------- Model certificates
def test_a_model_certificate_says_it_is_about_the_formula_only(tmp_path):
    m = Model()
    a, b = m.bool("a"), m.bool("b")
    m.clauses([[a, b], [-a, -b]])
    assert m.count(certify=tmp_path / "n") == (2, True)
    s = Certificate(tmp_path / "n").verify()
    assert s.startswith("verified: exactly 2 solution(s) (formula certificate, no instance: "
                        "a claim about formula.cnf and the graphs of cuts.json only, not "
                        "about a puzzle;")


def test_model_certify_into_an_existing_file_is_satgrids_error(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    m = Model()
    m.bool("a")
    with pytest.raises(SatgridError) as e:
        m.is_unique(certify=f)
    assert not isinstance(e.value, FileExistsError) and "\n" not in str(e.value)
    assert f.read_text() == "x"


# ------------------------------------------------------------- file safety
@pytest.mark.parametrize("name, target", [("proof.drat", "/dev/zero"),
                                          ("formula.cnf", "/dev/urandom"),
                                          ("solutions.json", "/dev/zero")])
def test_symlinks_to_devices_are_refused(certs, tmp_path, name, target):
    d = copy(certs["a"], tmp_path)
    (d / name).unlink()
    os.symlink(target, d / name)
    msg = refused(d)
    assert "symbolic link" in msg and name in msg


def test_a_fifo_proof_is_refused_without_blocking(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    (d / "proof.drat").unlink()
    os.mkfifo(d / "proof.drat")
    msg = refused(d)
    assert "proof.drat" in msg and "FIFO" in msg


def test_deep_json_is_refused_in_one_line(certs, tmp_path):
    d = copy(certs["a"], tmp_path)
    (d / "solutions.json").write_text("[" * 10_000 + "]" * 10_000)
    rehash(d)
    assert refused(d).startswith("solutions.json: JSON nested 10000 deep")
    (d / "manifest.json").write_text('{"a": ' + "[" * 5000 + "]" * 5000 + "}")
    assert refused(d).startswith("manifest.json: JSON nested 5001 deep")


def test_files_over_the_ceiling_are_refused_before_reading(certs, tmp_path, monkeypatch):
    d = copy(certs["a"], tmp_path)
    size = (d / "proof.drat").stat().st_size
    monkeypatch.setattr(verify_mod, "MAX_PROOF_BYTES", size - 1)
    msg = refused(d)
    assert "proof.drat" in msg and "ceiling" in msg


def test_cli_verify_of_device_paths_is_one_line(tmp_path):
    code, out, err = run_cli("verify", "--formula", "/dev/urandom", "--proof", "/dev/zero")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "regular file" in err


# ------------------------------------------------------ --certify's folder
def test_certify_into_a_non_empty_folder_needs_force(tmp_path):
    d = tmp_path / "c"
    d.mkdir()
    (d / "keep.txt").write_text("mine")
    for cmd in (["solve", str(SUDOKU), "--unique"], ["count", str(SUDOKU)]):
        code, out, err = run_cli(*cmd, "--certify", str(d))
        assert code == 2 and len(err.strip().splitlines()) == 1 and "--force" in err
        assert sorted(p.name for p in d.iterdir()) == ["keep.txt"]
    code, out, err = run_cli("count", str(SUDOKU), "--certify", str(d), "--force")
    assert code == 0 and (d / "manifest.json").is_file()
    assert run_cli("verify", str(d))[0] == 0
    f = tmp_path / "file"
    f.write_text("x")
    code, out, err = run_cli("solve", str(SUDOKU), "--unique", "--certify", str(f))
    assert code == 2 and f.read_text() == "x"


# ------------------------------------------- a wrong answer, forged end to end
def test_a_forged_unique_of_a_puzzle_with_two_solutions_is_refused(tmp_path_factory, tmp_path):
    """The old verify said "verified: unique" for this puzzle with two solutions:
    a "cut" excluding the second one, justified by a graph of the forger's own
    (two nodes, no edge), a matching DRAT proof, everything rehashed."""
    from pysat.solvers import Solver
    p = load1(INST / "vertex-sums-17-25-18-29.toml")
    src = tmp_path_factory.mktemp("vs") / "c"
    res, cert = certify_puzzle(p, "unique", src)
    assert cert.claim == "not unique"
    d = copy(src, tmp_path)
    cnf = read_cnf(d / "formula.cnf")
    man = json.loads((d / "manifest.json").read_text())
    sols = json.loads((d / "solutions.json").read_text())
    s1, s2 = (set(s["true"]) for s in sols["solutions"])
    proj = sols["projection"]
    x, y = next((x, y) for x in proj for y in proj
                if x < y and x in s2 and y in s2 and not (x in s1 and y in s1))
    a = man["clauses"]["compiled"][1]
    cut = [-x, -y]
    block = [-v if v in s1 else v for v in proj]
    clauses = cnf.clauses[:a] + [cut, block]
    with Solver(name="glucose4", bootstrap_with=clauses, with_proof=True) as s:
        assert s.solve() is False                   # the forged formula is unsatisfiable
        proof = s.get_proof()
    lines = [f"c varname {v} {n}" for v, n in sorted(cnf.names.items())]
    lines += [f"p cnf {cnf.nvars} {len(clauses)}"] + [" ".join(map(str, c + [0])) for c in clauses]
    (d / "formula.cnf").write_text("\n".join(lines) + "\n")
    (d / "proof.drat").write_text("\n".join(proof) + "\n")
    (d / "cuts.json").write_text(json.dumps({
        "constraints": [{"name": "forged", "nodes": ["a", "b"], "literals": [x, y],
                         "edges": []}],
        "cuts": [{"clause": a + 1, "constraint": 0, "a": "a", "b": "b", "separator": []}]}))
    sols["solutions"] = sols["solutions"][:1]
    (d / "solutions.json").write_text(json.dumps(sols))
    man.update(claim="unique", count=1)
    man["clauses"] = {"compiled": [1, a], "cuts": [a + 1, a + 1], "blocking": [a + 2, a + 2]}
    man["files"]["proof"] = {"name": "proof.drat", "sha256": ""}
    (d / "manifest.json").write_text(json.dumps(man))
    rehash(d)
    assert refused(d).startswith("cuts.json: 1 connectivity constraints, but the instance "
                                 "recompiled")


def test_a_puzzle_without_its_own_instance_file_is_refused_up_front(tmp_path):
    # a certificate that verify could not recompile is not made (it used to be,
    # and verified without a referee, or never)
    from satgrid.certify.proof import CertifyRefused
    from satgrid.pipeline.load import load, loads
    with pytest.raises(CertifyRefused, match="holds 5 puzzles"):
        certify_puzzle(load(str(INST / "sudoku-collection.txt"))[2], "unique", tmp_path / "a")
    with pytest.raises(CertifyRefused, match="cannot be read"):
        certify_puzzle(loads(TEXT, "nowhere.toml")[0], "unique", tmp_path / "b")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
