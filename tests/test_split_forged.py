"""Forged split-count certificates (``count --split K --certify DIR``): each
one is refused by ``satgrid verify DIR`` in one line naming what fails.

The cube folders are made here as a worker makes them
(:func:`satgrid.cluster.split.count_cubes` with ``certify=``, then the
cluster's ``split.json``), without a Dask cluster; tests/test_cluster.py
verifies one made by ``count --split --certify`` on a cluster. The true
count of puzzle A is 6, split over 3 variables into cubes of 1, 1, 0, 0, 0,
0, 2 and 2 solutions.
"""

import copy
import json
import os
import shutil
from pathlib import Path

import pytest

from satgrid.apps.cli import main
from satgrid.certify.split import verify_split
from satgrid.certify.verify import VerifyFailed
from satgrid.cluster.split import count_cubes, cubes, split_variables, write_index
from satgrid.modelling.model import Model
from satgrid.pipeline.load import load
from satgrid.pipeline.run import Options, compile_puzzle


def sudoku(rows):
    return ('puzzle = "sudoku"\nsize = 4\nbox = "2x2"\ngivens = """\n'
            + "\n".join(rows) + '\n"""\n')


A = sudoku(["1 2 3 4", "3 4 . .", ". . . .", ". . . ."])
B = sudoku(["1 2 3 4", ". . . .", ". . . .", ". . . ."])     # another puzzle, same shape


def certify(what, variables, folder, names=None):
    """What count --split --certify writes, for the cubes of ``variables``."""
    todo = cubes(variables)
    out = count_cubes(what, todo, Options(), certify=str(folder))
    write_index(folder, variables, names or [str(v) for v in variables],
                [(c, n) for c, (n, _, _) in zip(todo, out)])
    return [n for n, _, _ in out]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    d = tmp_path_factory.mktemp("split")
    (d / "a.toml").write_text(A)
    (d / "b.toml").write_text(B)
    [a], [b] = load(str(d / "a.toml")), load(str(d / "b.toml"))
    # the split chosen on the rules with the givens as units (the cubes of
    # 1, 1, 0, 0, 0, 0, 2 and 2 solutions these tests forge); Sudoku's own
    # compile leaves out what the givens eliminate, and its split differs
    p = copy.deepcopy(a)
    m = compile_puzzle(p, Options(), givens="none")
    m.clauses([[lit] for lit in p.givens(m)], "sudoku.givens")
    split = split_variables(m, 3)
    counts = certify(a, split, d / "good")
    certify(b, split, d / "other-puzzle")                 # the same cubes, puzzle B
    certify(a, split_variables(m, 2), d / "other-k")      # puzzle A split in 4
    others = [v for v in m.over if v not in split][:3]
    certify(a, others, d / "other-vars")                  # puzzle A split on other variables
    return d, split, counts


def copy_of(made, tmp_path):
    d, _, _ = made
    shutil.copytree(d / "good", tmp_path / "c", symlinks=True)
    return tmp_path / "c"


def edit(path: Path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def refused(folder, match, capsys=None):
    with pytest.raises(VerifyFailed, match=match) as e:
        verify_split(folder)
    assert "\n" not in str(e.value)
    return str(e.value)


def test_the_made_certificate_verifies_with_the_recomputed_count(made, capsys):
    d, split, counts = made
    assert counts == [1, 1, 0, 0, 0, 0, 2, 2]
    line = verify_split(d / "good")
    assert line.startswith("verified: exactly 6 solution(s), the sum of 8 certified cubes "
                           "over 3 split variables")
    assert main(["verify", str(d / "good")]) == 0
    assert capsys.readouterr().out.startswith("verified: exactly 6 solution(s)")


def test_a_cube_count_inflated_in_split_json(made, tmp_path):
    c = copy_of(made, tmp_path)
    edit(c / "split.json", lambda s: s["cubes"][6].update(count=1000))
    refused(c, r"split.json: cube-0006 counts 1000, but its certificate proves 2 solution")


def test_counts_inflated_consistently_everywhere_but_the_proof(made, tmp_path, capsys):
    # the forgery: split.json's cube counts and total add up to 1,004
    # (and the cube's own manifest says so too; the manifest is not hashed)
    c = copy_of(made, tmp_path)
    edit(c / "cube-0006" / "manifest.json", lambda m: m.update(count=1000))
    edit(c / "split.json", lambda s: (s["cubes"][6].update(count=1000), s.update(count=1004)))
    refused(c, r"^cube-0006: manifest.json: claim count \(count 1000\)")
    assert main(["verify", str(c)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("NOT verified: cube-0006:") and out.count("\n") == 1


def test_a_one_solution_cube_relabelled_sat_with_a_large_count(made, tmp_path):
    # claim 'sat' needs no proof: its manifest's count proves nothing, and the
    # old check added that field up (1 + 1000 + ... = 1006 verified)
    c = copy_of(made, tmp_path)
    edit(c / "cube-0000" / "manifest.json", lambda m: m.update(claim="sat", count=1001))
    edit(c / "split.json", lambda s: (s["cubes"][0].update(count=1001), s.update(count=1006)))
    refused(c, r"^cube-0000: its certificate claims 'sat', not a count")


def test_the_total_edited(made, tmp_path):
    c = copy_of(made, tmp_path)
    edit(c / "split.json", lambda s: s.update(count=1004))
    refused(c, r"^split.json: count 1004, but the certified cubes add up to 6$")


def test_a_cube_dropped(made, tmp_path):
    c = copy_of(made, tmp_path)
    edit(c / "split.json", lambda s: s.update(cubes=s["cubes"][:-1], count=4))
    refused(c, r"^split.json: 7 cubes, expected 8")


def test_a_cube_dropped_and_its_entry_pointed_at_another_folder(made, tmp_path):
    c = copy_of(made, tmp_path)
    edit(c / "split.json", lambda s: s["cubes"][2].update(folder="cube-0006"))
    refused(c, r"^split.json: cube entries 2 and 6 name one folder, cube-0006")


def test_overlapping_cubes(made, tmp_path):
    # an empty cube's folder replaced by a copy of a two-solution cube, split.json
    # made to agree (its cube and count): one pattern twice, one missing
    c = copy_of(made, tmp_path)
    shutil.rmtree(c / "cube-0002")
    shutil.copytree(c / "cube-0006", c / "cube-0002")
    cube6 = json.loads((c / "split.json").read_text())["cubes"][6]["cube"]
    edit(c / "split.json", lambda s: (s["cubes"][2].update(cube=cube6, count=2),
                                      s.update(count=8)))
    refused(c, r"^cube-0006: cube \[.*\] repeats cube-0002's \(cubes must not overlap\)")


def test_the_cube_of_an_entry_swapped(made, tmp_path):
    c = copy_of(made, tmp_path)
    def swap(s):
        s["cubes"][0]["cube"], s["cubes"][7]["cube"] = s["cubes"][7]["cube"], s["cubes"][0]["cube"]
    edit(c / "split.json", swap)
    refused(c, r"^split.json: the entry of cube-0000 says cube \[.*\], the folder holds cube")


@pytest.mark.parametrize("source, match", [
    ("other-puzzle", r"^cube-0003: its instance file differs from cube-0000's \(a cube of "
                     r"another puzzle\?\)"),
    ("other-k", r"^cube-0003: its cube \[.*\] is not a sign pattern of the split variables"),
    ("other-vars", r"^cube-0003: its cube \[.*\] is not a sign pattern of the split variables"),
])
def test_a_cube_folder_swapped_in(made, tmp_path, source, match):
    d, _, _ = made
    c = copy_of(made, tmp_path)
    shutil.rmtree(c / "cube-0003")
    shutil.copytree(d / source / "cube-0003", c / "cube-0003")
    refused(c, match)


def test_every_cube_from_another_puzzle_but_one(made, tmp_path):
    d, _, _ = made
    c = copy_of(made, tmp_path)
    for i in range(1, 8):
        shutil.rmtree(c / f"cube-{i:04d}")
        shutil.copytree(d / "other-puzzle" / f"cube-{i:04d}", c / f"cube-{i:04d}")
    refused(c, r"^cube-0001: its instance file differs from cube-0000's")


def test_the_split_variables_edited(made, tmp_path):
    d, split, _ = made
    c = copy_of(made, tmp_path)
    edit(c / "split.json", lambda s: s.update(split=[split[0], split[1], split[2] + 1]))
    refused(c, r"^cube-0000: its cube \[.*\] is not a sign pattern of the split variables")


def test_a_cube_folder_that_is_a_symlink(made, tmp_path):
    d, _, _ = made
    c = copy_of(made, tmp_path)
    shutil.rmtree(c / "cube-0005")
    os.symlink(d / "good" / "cube-0005", c / "cube-0005")
    refused(c, r"^cube-0005: expected a cube's certificate folder, found a symbolic link")


@pytest.mark.parametrize("text, match", [
    ("[" * 100000 + "]" * 100000, r"^split.json: JSON nested 100000 deep"),
    ('{"split": [1, 1], "cubes": [], "count": 0}', r"repeat one"),
    ('{"split": ' + json.dumps(list(range(1, 30))) + ', "cubes": [], "count": 0}',
     r"29 split variables, more than the 20"),
    ('{"split": [1], "cubes": [{"folder": "../good/cube-0000", "cube": [1], "count": 0},'
     '{"folder": "cube-0001", "cube": [-1], "count": 0}], "count": 0}',
     r"'folder' must be a plain folder name"),
    ('{"split": "x", "cubes": [], "count": 0}', r"'split' must be a list of variables"),
    ('{"split": [1], "cubes": [{"folder": "a", "cube": ["x"], "count": 0},'
     '{"folder": "b", "cube": [-1], "count": 0}], "count": 0}', r"entry 0 \(a\): expected 'cube'"),
    ('{"split": [1], "cubes": [{"folder": "a", "cube": [1], "count": 0},'
     '{"folder": "b", "cube": [-1], "count": 0}], "count": 6.0}', r"'count' must be an integer"),
])
def test_split_json_of_the_wrong_form(made, tmp_path, text, match):
    c = copy_of(made, tmp_path)
    (c / "split.json").write_text(text)
    refused(c, match)


def test_split_json_a_symlink(made, tmp_path):
    d, _, _ = made
    c = copy_of(made, tmp_path)
    (c / "split.json").unlink()
    os.symlink(d / "good" / "split.json", c / "split.json")
    refused(c, r"^split.json: expected a regular file, found a symbolic link")


# ------------------------------------------------------------------ a Model's split
def at_most_one_of_three(projected):
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(3)]
    m.at_most(xs, 1)
    if projected:
        m.projection = xs[1:]
    return m


def test_a_split_variable_outside_the_projection_is_refused(tmp_path):
    # over (x1, x2) the formula has 3 solutions; split on x0, which is not
    # projected, the cubes count (0,0) twice: 3 + 1 = 4 would be verified
    good = tmp_path / "good"
    assert certify(at_most_one_of_three(False), [1], good) == [3, 1]
    assert verify_split(good).startswith("verified: exactly 4 solution(s)")
    bad = tmp_path / "bad"
    assert certify(at_most_one_of_three(True), [1], bad) == [3, 1]
    refused(bad, r"^cube-0000: split variables \[1\] are not projection variables")


def test_a_model_cube_relabelled_in_its_manifest(tmp_path):
    # no instance to recompile: the cube is read against the formula's units
    c = tmp_path / "c"
    certify(at_most_one_of_three(False), [1], c)
    edit(c / "cube-0000" / "manifest.json", lambda m: m.update(cube=[1]))
    edit(c / "cube-0001" / "manifest.json", lambda m: m.update(cube=[-1]))
    edit(c / "split.json", lambda s: (s["cubes"][0].update(cube=[1]),
                                      s["cubes"][1].update(cube=[-1])))
    refused(c, r"^cube-0000: its compiled formula does not end with the cube \[1\]")
