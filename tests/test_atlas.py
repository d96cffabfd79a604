"""The encoding atlas (satgrid/atlas/, the committed encodings/ folder).

The committed CSV files must be what the code measures today: a slice of the
sweep (n in {4, 16, 64}, every method and bound, sizes only) is regenerated
and compared row by row. Every row that states a formula must match its
measurement, the formulas are checked against the papers' closed forms, and
the claims the atlas's prose makes are checked against its own data.
"""

from __future__ import annotations

import contextlib
import doctest
import json
import os
import re
from pathlib import Path

import pytest
from itertools import product
from pysat.solvers import Solver

from satgrid import api, atlas
from satgrid.pipeline.families import FAMILIES, generate
from satgrid.atlas import sweep, timing_pages
from satgrid.atlas import __main__ as atlas_main
from satgrid.core.oracle import FIRST_FREE_SLICE
from satgrid.core import encodings as enc
from satgrid.apps.report import format_stats

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "encodings")
SLICE = (4, 16, 64)


def _committed(name):
    path = os.path.join(OUT, name)
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: run `make atlas` and commit encodings/")
    return atlas.read_csv(path)


@pytest.fixture(scope="module")
def meta():
    with open(os.path.join(OUT, "atlas.json"), encoding="utf-8") as fh:
        return json.load(fh)


@pytest.fixture(scope="module")
def card_rows():
    return _committed("cardinality.csv")


@pytest.fixture(scope="module")
def pb_rows():
    return _committed("pb.csv")


def _fields(fields, same_versions):
    return [f for f in fields if same_versions or f not in atlas.PYSAT_FIELDS]


def _compare(fresh, committed, fields):
    key = lambda r: (r["method"], int(r["n"]), int(r.get("k") or r.get("bound")))
    want = {key(r): {f: r[f] for f in fields} for r in committed if int(r["n"]) in SLICE}
    got = {key(r): {f: r[f] for f in fields} for r in fresh}
    assert sorted(got) == sorted(want), "the slice's rows differ from the committed CSV's"
    stale = [(k, {f: (want[k][f], got[k][f]) for f in fields if want[k][f] != got[k][f]})
             for k in sorted(got) if got[k] != want[k]]
    assert not stale, f"encodings/ is stale (run `make atlas`): {stale[:5]}"


# ------------------------------------------------------------ not stale
def test_cardinality_slice_matches_committed_csv(card_rows, meta):
    now = atlas.versions()
    same = now["python-sat"] == meta["versions"]["python-sat"]
    fresh = atlas.as_strings(atlas.sweep_cardinality(SLICE), atlas.CARD_FIELDS)
    assert len(fresh) == sum(1 for r in card_rows if int(r["n"]) in SLICE)
    _compare(fresh, card_rows, _fields(atlas.CARD_FIELDS, same))


def test_pb_slice_matches_committed_csv(pb_rows, meta):
    now = atlas.versions()
    same = now == meta["versions"]
    fresh = atlas.as_strings(atlas.sweep_pb(SLICE), atlas.PB_FIELDS)
    _compare(fresh, pb_rows, _fields(atlas.PB_FIELDS, same))
    if not atlas.have_pindakaas():
        assert all(r["pysat_note"] == atlas.NO_PINDAKAAS for r in fresh)


def test_committed_csv_is_canonical_and_sweep_is_deterministic(card_rows, pb_rows, meta):
    for name, fields in (("cardinality.csv", atlas.CARD_FIELDS), ("pb.csv", atlas.PB_FIELDS)):
        with open(os.path.join(OUT, name), encoding="utf-8", newline="") as fh:
            text = fh.read()
        rows = atlas.read_csv(os.path.join(OUT, name))
        assert atlas.csv_text(rows, fields) == text
    a = atlas.csv_text(atlas.sweep_cardinality((8, 32)), atlas.CARD_FIELDS)
    b = atlas.csv_text(atlas.sweep_cardinality((32, 8)), atlas.CARD_FIELDS)
    assert a == b
    # the committed sweep covers what atlas.json says, every method, in order
    assert sorted({int(r["n"]) for r in card_rows}) == meta["card_ns"] == list(atlas.CARD_NS)
    assert sorted({int(r["n"]) for r in pb_rows}) == meta["pb_ns"] == list(atlas.PB_NS)
    assert list(dict.fromkeys(r["method"] for r in card_rows)) == list(atlas.CARD_SWEEP_METHODS)
    assert list(dict.fromkeys(r["method"] for r in pb_rows)) == list(enc.PB_METHODS)


# ------------------------------------------------------------ formulas
def _check_formula_rows(rows):
    checked = 0
    for r in rows:
        if r["formula_aux"] == "" or r["aux"] == "":
            assert r["formula_match"] == ""
            continue
        assert (r["aux"], r["clauses"]) == (r["formula_aux"], r["formula_clauses"]), r
        assert r["formula_match"] == "yes"
        checked += 1
    return checked


def test_rows_with_a_formula_match_the_measurement(card_rows, pb_rows):
    assert _check_formula_rows(card_rows) > 250
    assert _check_formula_rows(pb_rows) > 10
    fresh = atlas.as_strings(atlas.sweep_cardinality((5, 12, 100), pysat=False), atlas.CARD_FIELDS)
    assert _check_formula_rows(fresh) > 50
    fresh = atlas.as_strings(atlas.sweep_pb((5, 12, 100), pysat=False), atlas.PB_FIELDS)
    assert _check_formula_rows(fresh) >= 6


def _batcher(m):
    return 1 if m == 1 else (m * m - m + 4) * 2 ** (m - 2) - 1


def test_measured_sizes_equal_the_papers_closed_forms(card_rows, pb_rows):
    """Closed forms written out here from the papers, not taken from the code."""
    seen = set()
    for r in card_rows:
        if r["clauses"] == "":
            continue
        m, n, k = r["method"], int(r["n"]), int(r["k"])
        aux, cls = int(r["aux"]), int(r["clauses"])
        lits = int(r["literals"])
        if m == "pairwise":
            assert (aux, cls, lits) == (0, n * (n - 1) // 2, n * (n - 1))
        elif m == "bitwise":
            b = (n - 1).bit_length()
            assert (aux, cls, lits) == (b, n * b, 2 * n * b)
        elif m == "ladder":
            assert (aux, cls) == (n - 1, 3 * n - 4)
        elif m == "seqcounter-knuth":   # Knuth 7.2.2.2 (18)-(19)
            assert (aux, cls) == (k * (n - k), (n - k - 1) * k + (n - k) * (k + 1))
        elif m == "seqcounter":         # Sinz 2005, LTSEQ (SPEC.md section 4)
            assert (aux, cls) == (k * (n - 1), 2 * n * k + n - 3 * k - 1)
        elif m == "sortnetwork":        # Batcher 1968, n = 2^m, half comparators
            c = _batcher(n.bit_length() - 1)
            assert (aux, cls) == (2 * c, 3 * c + 1)
        else:
            continue
        seen.add(m)
    assert seen == {"pairwise", "bitwise", "ladder", "seqcounter", "seqcounter-knuth", "sortnetwork"}
    assert "seqcounter-sinz" not in {r["method"] for r in card_rows}      # an alias, not a row
    for r in pb_rows:
        if r["method"] != "swc" or r["clauses"] == "":
            continue
        w = atlas.pb_weights(int(r["n"]))
        K = int(r["bound"])
        units = sum(1 for x in w if x > K)
        m = len(w) - units
        if sum(x for x in w if x <= K) > K:   # Hölldobler, Manthey, Steinke 2012
            assert (int(r["aux"]), int(r["clauses"])) == (K * (m - 1), units + 2 * m * K + m - 3 * K - 1)


# ------------------------------------------------------------ the prose
def _by(rows, key):
    out = {}
    for r in rows:
        if r["clauses"] != "":
            out.setdefault(key(r), {})[r["method"]] = int(r["clauses"])
    return out


def test_claims_of_the_front_page_hold_in_the_data(card_rows, pb_rows):
    """The method paragraphs (atlas.METHOD_TEXT) state these; keep them true."""
    cells = _by(card_rows, lambda r: (int(r["n"]), r["k_rule"]))
    for (n, rule), got in cells.items():
        rules = rule.split(" = ")
        if "2" in rules and "1" not in rules:       # seqcounter-knuth smallest at k = 2
            assert got["seqcounter-knuth"] == min(got.values()), (n, rule, got)
        if "cardnetwork" in got and "sortnetwork" in got:
            assert got["cardnetwork"] <= got["sortnetwork"]
        if "seqcounter" in got and "seqcounter-knuth" in got:
            assert got["seqcounter-knuth"] <= got["seqcounter"]
        if rules[0] == "1" and 8 <= n <= 32:          # commander: smallest for 8..32 inputs
            assert got["commander"] == min(got.values()), (n, got)
        if rules[0] == "1" and n >= 64:               # product: fewest clauses for long AMO lists
            assert got["product"] == min(got.values()), (n, got)
        if n >= 64 and ("n/10" in rules or "n/2" in rules) and "mtotalizer" in got:
            assert got["mtotalizer"] == min(got.values()), (n, rule, got)
    for (n, rule), got in _by(pb_rows, lambda r: (int(r["n"]), r["bound_rule"])).items():
        if "bdd" in got and rule == "W/2":                # bdd smallest at W/2 ...
            assert got["bdd"] == min(got.values()), (n, rule, got)
        if "bdd" in got and rule == "W/10" and not 64 <= n <= 256:   # ... and mostly at W/10
            assert got["bdd"] == min(got.values()), (n, rule, got)
        if "gtotalizer" in got and rule == "W/10" and 64 <= n <= 256:
            assert got["gtotalizer"] == min(got.values()), (n, rule, got)
        if "bdd" in got and "swc" in got:
            assert got["swc"] >= got["bdd"]
        if "gtotalizer" in got and "swc" in got:        # between bdd and swc
            assert got["swc"] >= got["gtotalizer"], (n, rule, got)


def test_propagation_check_tells_arc_consistent_from_not():
    ok, total = atlas.arc_consistency("seqcounter", nmax=6)
    assert ok == total > 0
    ok, total = atlas.arc_consistency("seqcounter-knuth", nmax=6)
    assert ok == total > 0
    ok, total = atlas.arc_consistency("bdd", nmax=5)
    assert ok == total > 0
    ok, total = atlas.arc_consistency("mtotalizer", nmax=8)   # the README says "not"
    assert ok < total


# ------------------------------------------------------------ budget, helpers
def test_combinations_over_budget_are_reported_not_built():
    [row] = atlas.sweep_cardinality((4096,), methods=("pairwise",), pysat=False)[:1]
    assert (row["k"], row["clauses"], row["formula_clauses"]) == (1, "", 4096 * 4095 // 2)
    assert row["note"].startswith("not built") and str(4096 * 4095 // 2) in row["note"]
    # bdd has no formula: skipped by extrapolating the previous n
    rows = atlas.sweep_pb((4, 8, 16, 32, 64), methods=("bdd",), pysat=False, budget=2000)
    skipped = [r for r in rows if r["note"].startswith("not built")]
    built = [r for r in rows if r["clauses"] != ""]
    assert skipped and built and all(r["clauses"] == "" for r in skipped)
    assert max(int(r["n"]) for r in built) < 64
    assert all("expected" in r["note"] for r in skipped)
    # gtotalizer has its recurrence: skipped by it, which is shown
    rows = atlas.sweep_pb((4, 8, 16, 32, 64), methods=("gtotalizer",), pysat=False, budget=1500)
    skipped = [r for r in rows if r["note"].startswith("not built")]
    assert skipped and all("by the formula" in r["note"] and int(r["formula_clauses"]) > 1500
                           for r in skipped)
    assert all(int(r["clauses"]) <= 1500 for r in rows if r["clauses"] != "")
    rows = atlas.sweep_cardinality((8,), methods=("ladder",), pysat=True)
    assert [r["note"] for r in rows if r["k"] != 1] == ["at-most-one only (bound 1)"] * 2


def test_bounds_and_weights():
    assert atlas.card_bounds(4) == [(1, "1 = n/10"), (2, "2 = n/2")]
    assert atlas.card_bounds(100) == [(1, "1"), (2, "2"), (10, "n/10"), (50, "n/2")]
    w = atlas.pb_weights(50)
    assert w[:10] == atlas.pb_weights(10) and set(w) <= set(range(1, 11)) and len(set(w)) > 5
    assert atlas.pb_bounds([10] * 10) == [(10, "W/10"), (50, "W/2")]
    failures, tried = doctest.testmod(sweep)
    assert tried >= 2 and failures == 0
    for module in (atlas.constraints, atlas.distribute, atlas.timing):
        failures, tried = doctest.testmod(module)
        assert tried >= 2 and failures == 0, module.__name__


# ------------------------------------------------------------ puzzles, main
def test_puzzle_table_uses_api_sizes_and_records_failures(tmp_path):
    path = os.path.join(ROOT, "instances", "sudoku-classic.toml")
    dims = (("amo", "at most one", ("pairwise", "ladder", "no-such-encoding")),
            ("card", "cardinality", ("seqcounter", "totalizer")))
    [e] = atlas.puzzle_table([path], time_limit=20, dimensions=dims)
    amo, card = e["dimensions"]
    assert amo["applicable"] and not card["applicable"]   # Sudoku has no bound above 1
    bad = amo["choices"][2]
    assert bad["sizes"] is None and bad["solve"] is None and "EncodingError" in bad["error"]
    [p] = api.load(path)
    for ch in amo["choices"][:2]:
        want = api.sizes(p, api.Options(amo=ch["value"], card="seqcounter-knuth", pb="bdd"))
        assert ch["sizes"]["groups"] == want["groups"]
        assert ch["solve"]["status"] == "sat"
    assert all(ch["solve"] is None for ch in card["choices"])
    out = tmp_path / "puzzles.md"
    atlas.write_puzzles_markdown([e], str(out), time_limit=20, when="DATE", machine="MACHINE")
    text = out.read_text()
    assert format_stats(amo["choices"][1]["sizes"]) in text
    assert "error: EncodingError" in text
    assert "MACHINE" in text and "DATE" in text and "`card`" in text


def test_main_writes_every_page(tmp_path):
    out = tmp_path / "atlas"
    assert atlas.main(["--out", str(out), "--ns", "4,8", "--pb-ns", "4,8", "--no-puzzles",
                       "--no-plots", "--no-timing"]) == 0
    names = set(os.listdir(out))
    assert {"README.md", "cardinality.md", "pb.md", "cardinality.csv", "pb.csv",
            "atlas.json"} <= names
    readme = (out / "README.md").read_text()
    assert "[cardinality.md](cardinality.md)" in readme and "Sinz" in readme
    # SPEC.md section 4: `seqcounter` is Sinz's; Knuth's is `seqcounter-knuth`
    for line in readme.splitlines():
        if line.startswith('<a id="seqcounter"></a>'):
            assert "k(n-1) aux, 2nk + n - 3k - 1 clauses" in line and "C. Sinz" in line
        if line.startswith('<a id="seqcounter-knuth"></a>'):
            assert "k(n-k) aux" in line and "Knuth" in line
    assert readme.count('<a id="seqcounter"></a>') == readme.count('<a id="seqcounter-knuth"></a>') == 1
    assert "seqcounter-sinz`]" not in readme and '<a id="seqcounter-sinz">' not in readme
    first = (out / "cardinality.csv").read_bytes()
    atlas.main(["--out", str(out), "--ns", "4,8", "--pb-ns", "4,8", "--no-puzzles", "--no-plots",
                "--no-timing"])
    assert (out / "cardinality.csv").read_bytes() == first
    assert (out / "README.md").read_text() == readme


def test_committed_puzzle_tables_match_todays_models():
    """encodings/puzzles.md must be regenerated when a puzzle's model changes:
    the fewest-variables column of each kind's default row (pb = bdd, or the
    pairwise at-most-one for Sudoku) equals what the model compiles to now."""
    root = Path(__file__).resolve().parents[1]
    text = (root / "encodings" / "puzzles.md").read_text()
    for rel in atlas.SEED_INSTANCES:
        [p] = api.load(str(root / rel))
        total = api.sizes(p)["total"]
        m = re.search(rf"^\| {re.escape(p.kind)} \| `(pb|amo)` \| .*?\| `(bdd|pairwise)` \((\d+)\) \|",
                      text, re.M)
        assert m, p.kind
        assert int(m.group(3)) == total["variables"], (p.kind, m.group(0))


# ------------------------------------------------------------ at_least, exactly
def _sinz(n, k):            # Sinz 2005, LTSEQ: k(n-1) aux, 2nk + n - 3k - 1 clauses
    return k * (n - 1), 2 * n * k + n - 3 * k - 1


def _knuth(n, k):           # Knuth 7.2.2.2 (18)-(19)
    return k * (n - k), (n - k - 1) * k + (n - k) * (k + 1)


@pytest.mark.parametrize("constraint", ["at_least", "exactly"])
def test_constraint_sizes_match_the_formula(constraint):
    """Every built at_least / exactly row equals its composed formula, and the
    formula equals closed forms written out here from the papers."""
    rows = atlas.as_strings(atlas.sweep_cardinality((5, 12, 33, 100), pysat=False,
                                                    constraint=constraint), atlas.CARD_FIELDS)
    assert _check_formula_rows(rows) > 60
    assert {r["method"] for r in rows if r["formula_match"] == "yes"} >= set(
        enc.AMO_METHODS + enc.CARD_METHODS)
    closed = 0
    for r in rows:
        if r["clauses"] == "":
            continue
        m, n, k = r["method"], int(r["n"]), int(r["k"])
        got = (int(r["aux"]), int(r["clauses"]))
        if constraint == "at_least":          # at_most over the negations, bound n - k
            want = {"seqcounter": _sinz, "seqcounter-knuth": _knuth}.get(m)
            if want is not None and k < n - 1:
                assert got == want(n, n - k), r
                closed += 1
            if m == "pairwise":               # k = n - 1: at most one false
                assert (k, got) == (n - 1, (0, n * (n - 1) // 2))
                closed += 1
        else:
            if m in ("seqcounter", "seqcounter-knuth"):
                f = _sinz if m == "seqcounter" else _knuth
                up = (0, 1) if k == n - 1 else f(n, k)
                down = (0, 1) if k == 1 else f(n, n - k)
                assert got == (up[0] + down[0], up[1] + down[1]), r
                closed += 1
            if m == "pairwise":               # exactly one: the AMO plus OR(x)
                assert got == (0, n * (n - 1) // 2 + 1) and k in (1, n - 1)
                closed += 1
            if m == "ladder" and k == 1:      # 3n-4 clauses and the clause OR(x)
                assert got == (n - 1, 3 * n - 3)
                closed += 1
    assert closed > 20


def _models_on_inputs(clauses, n):
    """Every assignment of the inputs 1..n that extends to a model of ``clauses``."""
    out = set()
    with Solver(name="m22", bootstrap_with=clauses) as s:
        while s.solve():
            ins = tuple(s.get_model()[i] > 0 for i in range(n))
            out.add(ins)
            s.add_clause([-(i + 1) if v else i + 1 for i, v in enumerate(ins)])
    return out


def test_measured_constraints_mean_what_they_say():
    """The clauses the atlas sizes encode the constraint: the input assignments
    of their models are exactly those with the right number of inputs true."""
    n = 6
    build = {"at_least": enc.at_least, "exactly": enc.exactly}
    for constraint, fn in build.items():
        for k, _ in atlas.constraint_bounds(n, constraint):
            want = {bits for bits in product([False, True], repeat=n)
                    if (sum(bits) >= k if constraint == "at_least" else sum(bits) == k)}
            for m in enc.AMO_METHODS + enc.CARD_METHODS:
                if m in enc.AMO_METHODS and not atlas.constraints.amo_bound(constraint, n, k):
                    continue
                cl = fn(list(range(1, n + 1)), k, enc.VarCounter(n), m)
                assert _models_on_inputs(cl, n) == want, (constraint, m, k)


@pytest.mark.parametrize("constraint", ["at_least", "exactly"])
def test_constraint_slices_match_committed_csv(constraint, meta):
    name = atlas.CONSTRAINT_FILES[constraint][0] + ".csv"
    committed = _committed(name)
    same = atlas.versions()["python-sat"] == meta["versions"]["python-sat"]
    fresh = atlas.as_strings(atlas.sweep_cardinality(SLICE, constraint=constraint),
                             atlas.CARD_FIELDS)
    _compare(fresh, committed, _fields(atlas.CARD_FIELDS, same))
    assert _check_formula_rows(committed) > 150
    assert sorted({int(r["n"]) for r in committed}) == meta["card_ns"]
    assert meta["constraint_bounds"][constraint] == atlas.BOUND_RULES[constraint]


# ------------------------------------------------------------ the cluster
def _files(folder):
    out = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            out[os.path.relpath(path, folder)] = Path(path).read_bytes()
    return out


def test_cluster_runs_write_the_serial_files(tmp_path, monkeypatch):
    """On a LocalCluster of 2 worker processes, reached by --scheduler ADDRESS
    and by --workers 2, the atlas writes the same bytes as the serial run:
    sizes of the three constraints and PB, propagation, the study's counts
    and pages; only the seconds differ."""
    distributed = pytest.importorskip("distributed")
    serial, remote, local = tmp_path / "serial", tmp_path / "remote", tmp_path / "local"
    quick = ["--quick", "--quiet", "--no-plots"]
    assert atlas.main(quick + ["--out", str(serial)]) == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        assert atlas.main(quick + ["--out", str(remote), "--scheduler",
                                   cluster.scheduler_address]) == 0
        # --workers N asks connect() for a LocalCluster of N: this one stands in
        asked = []

        @contextlib.contextmanager
        def fake_connect(**kw):
            asked.append(kw)
            with distributed.Client(cluster) as client:
                yield client
        monkeypatch.setattr(atlas_main, "connect", fake_connect)
        assert atlas.main(quick + ["--out", str(local), "--workers", "2"]) == 0
        assert asked == [{"workers": 2, "scheduler": None}]
    a, b, c = _files(serial), _files(remote), _files(local)
    assert set(a) == set(b) == set(c)
    assert {"cardinality-at-least.csv", "cardinality-exactly.csv", "timing.csv",
            "timing-seconds.csv", "timing.md"} <= set(a)
    seconds = {"timing-seconds.csv", "timing-seconds.md"}
    for name in sorted(set(a) - seconds):
        assert a[name] == b[name] == c[name], name
    # the seconds files hold the same runs in the same order
    strip = lambda files: [line.rsplit(",", 2)[0]
                           for line in files["timing-seconds.csv"].decode().splitlines()]
    assert strip(a) == strip(b) == strip(c)
    assert "on a Dask cluster of 2 workers" in b["timing-seconds.md"].decode()


def test_run_units_keeps_order_and_reports_each_unit():
    units = [atlas.Unit(f"pow-{i}", pow, (i, 2)) for i in range(5)]
    seen = []
    assert atlas.run_units(units, on_done=lambda u: seen.append(u.name)) == [0, 1, 4, 9, 16]
    assert seen == [u.name for u in units]


# ------------------------------------------------------------ the solve-time study
def test_study_counts_are_deterministic_and_refereed():
    """Each run is refereed; a solve's counts are a function of its inputs (the
    same unit run twice gives the same counts, seconds aside)."""
    units = atlas.prepare_units(atlas.QUICK, ROOT)
    prepared = atlas.run_units(units)
    assert [p["kind"] for p in prepared] == ["sudoku", "sudoku", "vertex-sums", "vertex-sums"]
    assert prepared[0]["dimensions"] == {"amo": list(atlas.timing.DIMENSIONS["amo"])}
    # Vertex Sums' sums are a decision diagram over the cells (72faa3a): --pb does not apply
    assert set(prepared[2]["dimensions"]) == {"amo"}
    solves = atlas.solve_units(prepared, atlas.QUICK, solvers=("cadical195", "glucose4"))
    rows = atlas.result_rows(solves, atlas.run_units(solves))
    assert len(rows) == 2 * 2 * 7 + 2 * 2 * 7
    assert all(r["status"] == "sat" and r["checked"] == "yes" for r in rows)
    # every count read: CaDiCaL's "lucky" phases may answer without a decision,
    # and count no propagation then (Vertex Sums' decision diagrams, 72faa3a)
    assert any(r["conflicts"] > 0 for r in rows)
    assert all(r["propagations"] > 0 or (r["solver"] == "cadical195" and r["decisions"] == 0)
               for r in rows)
    assert all(r["propagations"] > 0 for r in rows if r["solver"] == "glucose4")
    again = [atlas.solve_one(*u.args) for u in solves[::7]]
    keys = ("status", "variables", "clauses", "conflicts", "decisions", "propagations")
    assert [{k: r[k] for k in keys} for r in again] == [{k: r[k] for k in keys}
                                                         for r in rows[::7]]
    # a lower conflict limit stops the hardest run: reported unknown, not solved
    # (CaDiCaL's: it stops at the budget's conflict; Glucose looks at it between restarts)
    hard = max((r for r in rows if r["solver"] == "cadical195"), key=lambda r: r["conflicts"])
    assert hard["conflicts"] >= 2
    u = solves[rows.index(hard)]
    got = atlas.solve_one(*u.args[:5], max(1, hard["conflicts"] // 4))
    assert got["status"] == "unknown" and got["checked"] == ""
    s = atlas.summarise(rows)
    assert len(s) == len(rows) // 2 and all(x["solved"] == x["runs"] == 2 for x in s)
    for x in s:
        c = x["conflicts"]
        assert c["min"] <= c["median"] <= c["max"]


def test_a_solve_stopped_by_the_conflict_limit_counts_the_same_every_time():
    """The study's limit keeps a solve in one budget slice of the Session: a run
    that hits it reports the same counts each time (beyond one slice the slices
    follow the clock, and CaDiCaL's counts were seen to differ run to run)."""
    assert atlas.CONFLICT_LIMIT <= FIRST_FREE_SLICE
    [(name, text)] = [atlas.timing.instance_text("knights-tour", (("n", 6),), 1)]
    keys = ("status", "conflicts", "decisions", "propagations", "restarts")
    runs = [atlas.solve_one(text, name, "amo", "seqcounter-knuth", "cadical195", 3000)
            for _ in range(2)]
    assert runs[0]["status"] == "unknown" and runs[0]["conflicts"] >= 3000
    assert {k: runs[0][k] for k in keys} == {k: runs[1][k] for k in keys}


def test_study_instances_are_the_family_command_files(tmp_path):
    [path] = generate("vertex-sums", {"n": "3", "clues": "2"}, seed=2, out=str(tmp_path))
    name, text = atlas.timing.instance_text("vertex-sums", (("n", 3), ("clues", 2)), 2)
    assert os.path.basename(path) == name and Path(path).read_text() == text


def test_committed_study_covers_every_kind_and_matches_its_pages(meta):
    """encodings/timing.csv: every family and the two repository-only kinds,
    both solvers, every encoding of each dimension that applies, every
    run refereed; timing.md is what its rows summarise to."""
    rows = atlas.read_csv(os.path.join(OUT, "timing.csv"))
    kinds = {r["kind"] for r in rows}
    assert kinds >= {"sudoku", "hooks", "knight-moves", "vertex-sums", "hitori", "nurikabe",
                     "slitherlink", "masyu", "numberlink", "lits", "twenty-four-seven"}
    studied = {w["workload"].split()[0] for w in meta["timing"]["workloads"]}
    assert studied >= set(FAMILIES), "a family the study leaves out"
    assert {r["solver"] for r in rows} == {"cadical195", "glucose4"}
    assert all(r["checked"] == "yes" for r in rows if r["status"] == "sat")
    assert all(r["status"] in ("sat", "unsat", "unknown") for r in rows)
    for (kind, dim) in {(r["kind"], r["dimension"]) for r in rows}:
        encs = {r["encoding"] for r in rows if (r["kind"], r["dimension"]) == (kind, dim)}
        assert encs == set(atlas.timing.DIMENSIONS[dim]), (kind, dim)
    ints = ("seed", "variables", "clauses", "literals", "conflicts", "decisions",
            "propagations", "restarts", "rounds", "cuts")
    typed = [{**r, **{k: int(r[k]) for k in ints if r[k] != ""}} for r in rows]
    assert atlas.timing_csv(typed) == Path(OUT, "timing.csv").read_text()
    study = [atlas.Workload(w["workload"], (), tuple(w["seeds"]))
             for w in meta["timing"]["workloads"]]
    plots = sorted(p for p in os.listdir(os.path.join(OUT, "plots")) if p.startswith("timing-"))
    page = timing_pages.counts_page(atlas.summarise(typed), study,
                                    conflict_limit=meta["timing"]["conflict_limit"], plots=plots)
    assert page == Path(OUT, "timing.md").read_text()


def test_bad_cluster_options_exit_2_with_one_line(capsys):
    for argv in (["--workers", "0"], ["--solvers", "nosuch"], ["--seeds", "0"],
                 ["--conflict-limit", "0"], ["--conflict-limit", "1000000"],
                 ["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]):
        with pytest.raises(SystemExit) as e:
            atlas.main(["--quick", "--out", "/nonexistent/never"] + argv)
        assert e.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err[-1].startswith("python -m satgrid.atlas: error: ") and "Traceback" not in err
