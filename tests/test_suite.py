"""Benchmark suites (satgrid.suite, ``satgrid suite``): statuses proved, GBD
hashes, byte-for-byte regeneration, the same bytes on a Dask cluster."""

from __future__ import annotations

import csv
import filecmp
import importlib
import json
import lzma
import os
import shutil
import subprocess
import sys
import time

import pytest

from satgrid.errors import SatgridError
from satgrid.io.dimacs.gbd import gbd_hash
from satgrid.pipeline.load import loads
from satgrid.pipeline.run import compile_puzzle, Options
from satgrid.suite import build_suite, families_of, replay
from satgrid.suite.build import Plan, build_instance
from satgrid.suite.calibrate import calibrate, scale_params
from satgrid.suite.reference import ReferenceSolver

calibrate_mod = importlib.import_module("satgrid.suite.calibrate")   # the module (the package exports the function)
HAVE_CADICAL = shutil.which("cadical") is not None
REF = "cadical" if HAVE_CADICAL else "pysat:cadical195"


def assert_same_bytes(a, b, files):
    """Each of ``files`` (relative) is the same bytes in the folders ``a`` and ``b``."""
    for f in files:
        assert filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False), f


def instance_files(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder) for d, _, fs in os.walk(folder)
                  for f in fs if f.endswith(".cnf.xz"))


@pytest.fixture(scope="module")
def small_suite(tmp_path_factory):
    out = tmp_path_factory.mktemp("suite")
    return build_suite(["hitori", "slitherlink"], str(out), band=(0.0, 5.0), count=1,
                       solver=REF, proof_seconds=120.0 if HAVE_CADICAL else 0.0)


def test_every_status_is_proved(small_suite):
    s = small_suite
    assert {i.status for i in s.instances} <= {"sat", "unsat"}
    for i in s.instances:
        path = os.path.join(s.out, i.file)
        text = lzma.decompress(open(path, "rb").read()).decode()
        clauses = [list(map(int, l.split()[:-1])) for l in text.splitlines()
                   if l and l[0] not in "cp"]
        if i.status == "sat":
            # the model satisfies every clause of the file itself (read here, independently)
            true = set(i.model)
            assert all(true.intersection(c) for c in clauses), i.file
        else:
            assert i.plan.variant == "uniq"
            assert i.proof == ("checked" if HAVE_CADICAL else "unchecked")
    # each seed: the puzzle (sat) and, the family's puzzles being solvable, its uniq variant
    assert sum(i.plan.variant == "sat" for i in s.instances) == 2
    assert all(i.status == "sat" for i in s.instances if i.plan.variant == "sat")


def test_a_uniq_instance_is_unsat_exactly_when_the_puzzle_is_unique(small_suite):
    """Checked by an independent count of the puzzle's solutions (the Session)."""
    from satgrid.pipeline.families import instances
    for i in small_suite.instances:
        if i.plan.variant != "uniq":
            continue
        fname, text = instances(i.plan.family, dict(i.plan.params), seed=i.plan.seed)[0]
        p = loads(text, fname)[0]
        m = compile_puzzle(p, Options())
        n, _ = m.count(limit=2)
        assert (i.status == "unsat") == (n == 1), (i.file, n)


def test_meta_csv_rows_are_the_files_and_their_hashes(small_suite):
    s = small_suite
    rows = list(csv.DictReader(open(os.path.join(s.out, "meta.csv"))))
    assert [r["filename"] for r in rows] == instance_files(s.out)
    for r in rows:
        assert r["hash"] == gbd_hash(os.path.join(s.out, r["filename"]))
        assert r["result"] in ("sat", "unsat") and r["author"] == "satgrid"
        assert r["family"] in ("hitori", "slitherlink") and r["params"]
    for fam in ("hitori", "slitherlink"):
        readme = open(os.path.join(s.out, fam, "README.md")).read()
        assert readme.startswith(f"# {fam}:") and "## The puzzle's rules" in readme
    plan = json.load(open(os.path.join(s.out, "suite.json")))
    assert set(plan["families"]) == {"hitori", "slitherlink"}
    assert "satgrid suite --replay" in open(os.path.join(s.out, "README.md")).read()


def test_replay_is_byte_for_byte(small_suite, tmp_path):
    again = replay(os.path.join(small_suite.out, "suite.json"), str(tmp_path / "again"))
    files = instance_files(small_suite.out)
    assert instance_files(again.out) == files
    assert_same_bytes(small_suite.out, again.out,
                      files + ["meta.csv", "suite.json", "hitori/README.md"])


def test_the_same_bytes_on_a_dask_cluster(small_suite, tmp_path):
    pytest.importorskip("distributed")
    on = replay(os.path.join(small_suite.out, "suite.json"), str(tmp_path / "dask"), workers=2)
    assert_same_bytes(small_suite.out, on.out, instance_files(small_suite.out) + ["meta.csv"])


def test_calibration_moves_the_size_toward_the_band(tmp_path):
    """An easy band is met at the family's default; a band that no small
    Hitori reaches makes the calibration grow the board."""
    s = build_suite(["hitori"], str(tmp_path / "a"), band=(0.0, 30.0), count=1, solver=REF)
    assert s.calibrations[0].in_band and s.calibrations[0].params == {"n": 8}
    c = build_suite(["hitori"], str(tmp_path / "b"), band=(2.0, 3.0), count=1, solver=REF,
                    calibration_seconds=6.0).calibrations[0]
    scales = [p["scale"] for p in c.probes]
    assert scales[0] == 8 and len(scales) >= 2 and scales[1] > 8


def test_a_probe_whose_generation_is_too_slow_is_stopped_at_the_budget():
    """Reducing a 64 x 64 Sudoku while unique takes far longer than 2 s: the
    probe is killed at the calibration's budget, recorded with its own
    status, and the calibration ends near the budget instead of after it."""
    t0 = time.perf_counter()
    c = calibrate("sudoku", (0.0, 1.0), ReferenceSolver(REF), base={"count": 1}, start=8,
                  budget=2.0)
    took = time.perf_counter() - t0
    assert c.probes[0]["scale"] == 8 and c.probes[0]["status"] == "over-budget"
    assert c.probes[0]["seconds"] is None and not c.in_band
    assert 2.0 <= took < 4.0, took


def test_a_probe_past_the_cap_counts_as_too_hard(monkeypatch):
    """Stopped at its cap (here 2 x the band's top) a probe is too costly, and the
    search moves down; Sudoku's box side (2..8) moves by one."""
    monkeypatch.setattr(calibrate_mod, "PROBE_CAP", 2.0)
    c = calibrate("sudoku", (0.0, 1.0), ReferenceSolver(REF), base={"count": 1}, start=5,
                  budget=20.0)
    assert [p["scale"] for p in c.probes][:2] == [5, 4]
    assert c.probes[0]["status"] == "too-costly"
    assert c.in_band or c.probes[-1]["status"] == "too-costly"


def test_a_size_past_the_clause_limit_is_too_large():
    """A 10 x 10 knight's tour encoded eagerly is past the clause limit: the
    probe says so and the search moves down instead of stopping the suite."""
    c = calibrate("knights-tour", (0.0, 30.0), ReferenceSolver(REF), start=10, budget=30.0)
    assert c.probes[0]["scale"] == 10 and c.probes[0]["status"] == "too-large"
    assert c.probes[1]["scale"] < 10


@pytest.mark.skipif(not HAVE_CADICAL, reason="the cadical binary")
def test_the_binary_budget_is_process_time(tmp_path):
    """Eleven pigeons in ten holes take CaDiCaL far more than a second: the
    answer is unknown at the budget of process time, however long the wall
    clock ran on a loaded machine."""
    n, m = 11, 10
    v = lambda i, j: i * m + j + 1
    cls = [[v(i, j) for j in range(m)] for i in range(n)]
    cls += [[-v(a, j), -v(b, j)] for j in range(m) for a in range(n) for b in range(a + 1, n)]
    f = tmp_path / "php.cnf"
    f.write_text(f"p cnf {n * m} {len(cls)}\n" + "".join(" ".join(map(str, c)) + " 0\n"
                                                        for c in cls))
    ans = ReferenceSolver("cadical").solve(str(f), 1.0)
    assert ans.status == "unknown" and ans.seconds == 1.0


def test_the_scale_parameters():
    assert scale_params("sudoku") == ["order"]
    assert scale_params("slitherlink") == ["rows", "cols"]
    assert scale_params("hitori") == ["n"]


def test_a_wrong_model_is_refused(tmp_path, monkeypatch):
    """The status is never taken on trust: a model that breaks the puzzle is an error."""
    ref = ReferenceSolver(REF)
    real = ref.solve

    def lying(path, seconds, proof_dir=None):
        ans = real(path, seconds, proof_dir)
        ans.model = [-l for l in ans.model]
        return ans
    monkeypatch.setattr(ref, "solve", lying)
    with pytest.raises(SatgridError, match="model is wrong"):
        build_instance(Plan("hitori", (("n", 5),), 1), str(tmp_path), ref, 30)


def test_unknown_names_and_bad_plans_are_one_line(tmp_path):
    with pytest.raises(SatgridError, match="no family of 'nosuch'"):
        families_of(["nosuch"])
    with pytest.raises(SatgridError, match="unknown reference solver"):
        ReferenceSolver("glucose")
    bad = tmp_path / "suite.json"
    bad.write_text('{"version": 1, "families": {"nosuch": {}}}')
    with pytest.raises(SatgridError, match="not a suite plan"):
        replay(str(bad), str(tmp_path / "x"))
    r = subprocess.run([sys.executable, "-m", "satgrid", "suite", "hitori", "-o", str(tmp_path),
                        "--target-seconds", "9..3"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "LO < HI" in r.stderr


@pytest.fixture(scope="module")
def selected_suite(tmp_path_factory):
    out = tmp_path_factory.mktemp("selected")
    return build_suite(["tents"], str(out), band=(0.02, 30.0), keep=3, solver=REF,
                       calibration_seconds=30.0, starts={"tents": 22})


def test_selection_keeps_only_instances_solved_in_the_band(selected_suite):
    """Every kept instance was solved inside the band, its file is the only
    one left, and every seed tried, kept or not, is in times.csv."""
    s = selected_suite
    lo, hi = s.plan["band"]
    assert 1 <= len(s.instances) <= 3
    assert all(i.status in ("sat", "unsat") and lo <= i.seconds <= hi for i in s.instances)
    assert instance_files(s.out) == sorted(i.file for i in s.instances)
    [sel] = s.selections
    kept = {(u["seed"], v) for u in sel.units for v in u["variants"]}
    assert kept == {(i.plan.seed, i.plan.variant) for i in s.instances}
    with open(os.path.join(s.out, "times.csv"), newline="") as fh:
        rows = [r["filename"] for r in csv.DictReader(fh)]
    assert sum(r.startswith("selection:tents:") for r in rows) >= len(sel.units)


def test_a_selected_suite_replays_byte_for_byte(selected_suite, tmp_path):
    """suite.json names each kept seed with its parameters and variants: the
    replay writes exactly those files, the same bytes."""
    again = replay(os.path.join(selected_suite.out, "suite.json"), str(tmp_path / "again"))
    files = instance_files(selected_suite.out)
    assert instance_files(again.out) == files
    assert_same_bytes(selected_suite.out, again.out,
                      files + ["meta.csv", "suite.json", "tents/README.md"])


def test_the_selection_walks_up_from_seeds_that_are_too_easy(tmp_path):
    """A band no 4x4 Hitori reaches keeps nothing, and the size grows by one
    after every two seeds that were all below it."""
    from satgrid.suite.select import EASY_RUN, select
    sel = select("hitori", {"n": 4}, (100.0, 200.0), ReferenceSolver(REF), str(tmp_path),
                 keep=1, tries=2 * EASY_RUN + 1)
    assert sel.units == [] and instance_files(str(tmp_path)) == []
    assert [t["params"]["n"] for t in sel.tried] == [4] * EASY_RUN + [5] * EASY_RUN + [6]


def test_a_unit_with_unknown_variants_is_not_a_plan(tmp_path):
    bad = tmp_path / "suite.json"
    bad.write_text(json.dumps({"version": 1, "band": [0, 1], "solver": REF, "time_limit": 2,
                               "families": {"hitori": {"params": {"n": 5}, "seeds": [1], "units": [
                                   {"seed": 1, "params": {"n": 5}, "variants": ["proof"]}]}}}))
    with pytest.raises(SatgridError, match="variants among sat, uniq"):
        replay(str(bad), str(tmp_path / "x"))
    bad.write_text(json.dumps({"version": 1, "band": [0, 1], "solver": REF, "time_limit": 2,
                               "families": {"hitori": {"params": {"n": 5}, "seeds": [1], "units": [
                                   {"seed": 1, "params": {"n": 5, "zz": 3}, "variants": ["sat"]}]}}}))
    with pytest.raises(SatgridError, match="has no parameter 'zz'"):
        replay(str(bad), str(tmp_path / "y"))


def test_a_selected_suite_on_a_dask_cluster_writes_the_serial_files(tmp_path):
    """With --keep and --workers the seeds are built on the cluster's workers:
    where every solve lands in the band (its low end 0) the kept files, and
    meta.csv, are the serial run's, byte for byte."""
    pytest.importorskip("distributed")
    args = dict(band=(0.0, 30.0), keep=3, solver=REF, calibration_seconds=30.0)
    serial = build_suite(["hitori"], str(tmp_path / "serial"), **args)
    on = build_suite(["hitori"], str(tmp_path / "dask"), workers=2, **args)
    files = instance_files(serial.out)
    assert len(files) == 3 and instance_files(on.out) == files
    assert_same_bytes(serial.out, on.out, files + ["meta.csv", "suite.json"])


def test_a_stopped_selection_goes_on_where_it_was(tmp_path, monkeypatch):
    """The selection's state is saved after every seed: a run stopped after
    its first seed (here an interrupt raised by the second) keeps that
    seed's files, and the same command goes on from the second seed without
    calibrating again, to the same files as an unbroken run."""
    select_mod = importlib.import_module("satgrid.suite.select")
    args = dict(band=(0.0, 30.0), keep=3, solver=REF, calibration_seconds=30.0)
    whole = build_suite(["hitori"], str(tmp_path / "whole"), **{**args, "keep": 4})
    real, calls = select_mod.try_seed, []

    def stopped(*a):
        calls.append(a[3])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a)
    monkeypatch.setattr(select_mod, "try_seed", stopped)
    run_mod = importlib.import_module("satgrid.suite.run")
    monkeypatch.setattr(run_mod, "try_seed", stopped)
    out = str(tmp_path / "again")
    with pytest.raises(KeyboardInterrupt):
        build_suite(["hitori"], out, **args)
    assert len(instance_files(out)) == 2 and calls == [1, 2]
    with open(os.path.join(out, "hitori", "selection.json")) as fh:
        assert [u["seed"] for u in json.load(fh)["selection"]["units"]] == [1]
    monkeypatch.setattr(run_mod, "calibrate", None)      # not called again
    again = build_suite(["hitori"], out, **{**args, "keep": 4})
    assert calls == [1, 2, 2]
    assert instance_files(out) == instance_files(whole.out)
    assert_same_bytes(whole.out, out, instance_files(out) + ["meta.csv", "suite.json"])
    assert len(again.instances) == 4


def test_a_selection_made_with_another_band_is_not_continued(tmp_path):
    out = str(tmp_path / "s")
    build_suite(["hitori"], out, band=(0.0, 30.0), keep=1, solver=REF, calibration_seconds=30.0)
    with pytest.raises(SatgridError, match="made with another band"):
        build_suite(["hitori"], out, band=(0.0, 20.0), keep=1, solver=REF)


def test_a_size_the_family_refuses_is_skipped_not_fatal(tmp_path):
    """Killer Sudoku refuses a prime side (its boxes would be rows): the
    calibration and the selection record 'refused' and take the next size,
    where a 10..60 s suite of ten families used to stop whole at n = 17."""
    from satgrid.suite.select import select
    ref = ReferenceSolver(REF)
    c = calibrate("killersudoku", (0.0, 30.0), ref, start=5, budget=60.0)
    assert [(p["scale"], p["status"]) for p in c.probes][:1] == [(5, "refused")]
    assert c.probes[1]["scale"] == 6 and c.in_band and c.params["n"] == 6
    sel = select("killersudoku", {"n": 5, "largest": 4}, (0.0, 30.0), ref, str(tmp_path),
                 keep=1, tries=2)
    assert sel.tried[0]["results"] == "refused" and sel.tried[1]["params"]["n"] == 6
    assert len(sel.instances) == 1


def test_a_size_past_the_clause_limit_is_a_ceiling_not_fatal(tmp_path, monkeypatch):
    """A seed whose formula is past the clause limit (Killer Sudoku n = 18:
    68 M clauses estimated) came back from the child as an error that
    stopped a whole 10..60 s suite. It is 'too-large' now: the walk goes
    down and never climbs to that size again, while seeds go on."""
    import io
    import types
    from satgrid.errors import LimitError
    from satgrid.suite.select import EASY_RUN, select
    select_mod = importlib.import_module("satgrid.suite.select")

    def too_many(*a):
        raise LimitError("killersudoku: about 68,015,930 clauses estimated")
    monkeypatch.setattr(select_mod, "seed_unit", too_many)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(
        {"family": "killersudoku", "params": {"n": 18}, "enc": {}, "seed": 1, "out": "x",
         "ref": REF, "seconds": 1.0, "proof_seconds": 0.0})))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    select_mod.unit_main()
    monkeypatch.undo()
    assert json.loads(out.getvalue())["too_large"].startswith("killersudoku: about 68")

    def run(fam, p, enc, seed, out, ref, hi, limit, proof):   # every size from 6 is too large
        if p["n"] >= 6:
            return "too-large"
        name = f"s{seed}.cnf.xz"
        open(os.path.join(out, name), "w").close()
        plan = types.SimpleNamespace(variant="sat")
        return [types.SimpleNamespace(status="sat", seconds=0.01, conflicts=0, plan=plan,
                                      file=name, gbd=name)]
    sel = select("hitori", {"n": 4}, (100.0, 200.0), ReferenceSolver(REF), str(tmp_path),
                 keep=1, tries=4 * EASY_RUN + 1, run=run)
    sizes = [t["params"]["n"] for t in sel.tried]
    assert sizes == [4] * EASY_RUN + [5] * EASY_RUN + [6] + [5] * (2 * EASY_RUN)
    assert [t["results"] for t in sel.tried if t["params"]["n"] == 6] == ["too-large"]


def test_a_formula_kept_once_is_not_kept_again(tmp_path):
    """The unconstrained Hooks grid does not depend on its seed: a 10..60 s
    suite kept 26 Hooks files with 5 distinct GBD hashes. A seed whose
    formulas are all kept already keeps nothing and counts as too easy (the
    size moves on), so every kept instance is a distinct formula."""
    import types
    from satgrid.suite.select import EASY_RUN, select

    def run(fam, p, enc, seed, out, ref, hi, limit, proof):   # the same formula per size
        got = []
        for variant in ("sat", "uniq"):
            name = f"n{p['n']}-s{seed}-{variant}.cnf.xz"
            open(os.path.join(out, name), "w").close()
            got.append(types.SimpleNamespace(status="sat", seconds=1.0, conflicts=0, file=name,
                                             gbd=f"{p['n']}-{variant}",
                                             plan=types.SimpleNamespace(variant=variant)))
        return got
    sel = select("hitori", {"n": 4}, (0.0, 2.0), ReferenceSolver(REF), str(tmp_path),
                 keep=4, tries=1 + EASY_RUN + 1, run=run)
    assert [t["params"]["n"] for t in sel.tried] == [4] * (1 + EASY_RUN) + [5]
    assert [i.gbd for i in sel.instances] == ["4-sat", "4-uniq", "5-sat", "5-uniq"]
    assert sorted(os.listdir(tmp_path)) == sorted(i.file for i in sel.instances)


def test_a_margin_keeps_only_instances_clear_of_the_band_edges(tmp_path):
    """With a margin of 0.5 the band 0.5..2 keeps what was solved in
    0.75..1.33 s: 0.6 s is too easy (two in a row grow the size), 1.5 s
    too hard (the size goes down), 1.0 s kept; with no margin 0.6 s is kept."""
    import types
    from satgrid.suite.select import EASY_RUN, keep_band, select
    assert keep_band((10.0, 60.0), 0.15) == (11.5, 60 / 1.15)
    times = {4: 0.6, 5: 1.5, 6: 1.0}

    def run(fam, p, enc, seed, out, ref, hi, limit, proof):
        assert hi == 2.0                       # solves still stopped at the band's top
        name = f"n{p['n']}-s{seed}.cnf.xz"
        open(os.path.join(out, name), "w").close()
        return [types.SimpleNamespace(status="sat", seconds=times[p["n"]], conflicts=0,
                                      file=name, gbd=name,
                                      plan=types.SimpleNamespace(variant="sat"))]
    sel = select("hitori", {"n": 4}, (0.5, 2.0), ReferenceSolver(REF), str(tmp_path),
                 keep=1, tries=2 * EASY_RUN + 2, margin=0.5, run=run)
    assert [t["params"]["n"] for t in sel.tried] == [4] * EASY_RUN + [5] + [4] * EASY_RUN + [5]
    assert sel.instances == [] and os.listdir(tmp_path) == []
    times[5] = 1.0
    sel = select("hitori", {"n": 4}, (0.5, 2.0), ReferenceSolver(REF), str(tmp_path),
                 keep=1, tries=EASY_RUN + 1, margin=0.5, run=run)
    assert [(i.seconds, i.file) for i in sel.instances] == [(1.0, f"n5-s{EASY_RUN + 1}.cnf.xz")]
    os.makedirs(tmp_path / "x")
    sel = select("hitori", {"n": 4}, (0.5, 2.0), ReferenceSolver(REF), str(tmp_path / "x"),
                 keep=1, tries=1, run=run)
    assert [i.seconds for i in sel.instances] == [0.6]
    with pytest.raises(SatgridError, match="margin 2.0 leaves nothing of the band 10..60"):
        build_suite(["hitori"], str(tmp_path / "y"), band=(10.0, 60.0), keep=1, margin=2.0,
                    solver=REF)
