"""satgrid on a real Dask cluster (docs/guide/cluster.md): a LocalCluster of 2
worker processes (one per module), and a scheduler and workers started as
separate processes from the command line. Results are compared with the
serial run and with counts known from outside: 161,280 Latin squares of
order 5 (OEIS A002860), 288 4x4 Sudoku grids (OEIS A107739)."""

import filecmp
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from satgrid.apps.cli import main  # noqa: E402
from satgrid.pipeline.families import generate  # noqa: E402
from satgrid.cluster import (check_collection, connect, count_split, solve_collection,  # noqa: E402
                             split_variables, verify_split, write_family)
from satgrid.cluster.split import cubes  # noqa: E402
from satgrid.cluster.tasks import in_order, submit_chunks  # noqa: E402
from satgrid.certify.verify import VerifyFailed  # noqa: E402
from satgrid.modelling.model import Model  # noqa: E402
from satgrid.pipeline import collection as serial  # noqa: E402
from satgrid.pipeline.load import load, loads  # noqa: E402
from satgrid.pipeline.run import compile_puzzle, compare_expect, count  # noqa: E402

from conftest import BENCH  # noqa: E402  (../shared/benchmarks, read in place)

TOP95 = BENCH / "sudoku-top95.txt"
#: the tests that read third-party sets: a user's clone has no ../shared
needs_bench = pytest.mark.skipif(not TOP95.exists(), reason="no shared benchmarks (../shared)")
ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
EMPTY4 = "....\n....\n....\n....\n"


def grid_toml(n, box, first_row=None):
    rows = [" ".join("." for _ in range(n))] * n
    if first_row:
        rows[0] = " ".join(str(v) if v else "." for v in first_row)
    return (f'puzzle = "sudoku"\nsize = {n}\nbox = "{box}"\ngivens = """\n'
            + "\n".join(rows) + '\n"""\n')


@pytest.fixture(scope="module")
def client():
    with connect(workers=2) as c:
        yield c


def strip(results):
    return [{k: v for k, v in r.items() if k != "stats"} for r in results]


# ------------------------------------------------------------------ collections
@needs_bench
def test_collection_is_the_serial_run(client):
    puzzles = load(str(TOP95))
    want = strip(serial.solve_collection(puzzles))
    got = list(solve_collection(puzzles, client=client, chunk_size=12))
    assert strip(got) == want and len(got) == 95
    assert all(r["status"] == "sat" for r in got)


@needs_bench
def test_same_chunks_same_bytes_statistics_included(client, capsys):
    """--chunk-size N cuts the serial run into the sessions the cluster's tasks
    are: the --json lines are then the same, conflicts and variables included
    (only the seconds differ); 1 and 2 workers and the serial run agree."""
    def run(*extra):
        assert main(["solve", str(TOP95), "--json", "--unique", "--chunk-size", "20", *extra]) == 0
        lines = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
        for r in lines:
            r["stats"] = {k: v for k, v in r["stats"].items()
                          if "time" not in k and "second" not in k}
        return lines
    serial_run = run()
    assert len(serial_run) == 95 and serial_run[0]["stats"]
    assert run("--scheduler", client.scheduler.address) == serial_run
    # a chunk boundary changes what the sessions learnt: the figures differ (so
    # the comparison above can fail)
    assert main(["solve", str(TOP95), "--json", "--unique"]) == 0
    whole = [json.loads(l)["stats"] for l in capsys.readouterr().out.splitlines()]
    assert [s.get("conflicts") for s in whole] != [s.get("conflicts") for s in
                                                    (r["stats"] for r in serial_run)]


@needs_bench
def test_the_command_lines_default_sessions_are_the_clusters(client, capsys, monkeypatch):
    """Without --chunk-size, serial solve and a cluster run cut a collection
    into the same sessions (DEFAULT_CHUNK_SIZE, set small here so that the
    95 puzzles make several): the same bytes, statistics included."""
    import satgrid.apps.commands as commands
    import satgrid.pipeline.collection as pc
    monkeypatch.setattr(pc, "DEFAULT_CHUNK_SIZE", 30)        # the cluster's default
    monkeypatch.setattr(commands, "DEFAULT_CHUNK_SIZE", 30)  # the command line's copy
    outs = []
    for extra in ([], ["--scheduler", client.scheduler.address]):
        assert main(["solve", str(TOP95), "--json", *extra]) == 0
        lines = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
        for r in lines:
            r["stats"].pop("seconds", None)
        outs.append(lines)
    assert outs[0] == outs[1] and len(outs[0]) == 95


@needs_bench
def test_check_of_a_collection_is_the_serial_check(client):
    puzzles = load(str(TOP95))[:30]
    published = serial.published_solutions(str(TOP95), load(str(TOP95)))[:30]
    want = [compare_expect(p, published=s)[:2] for p, s in zip(puzzles, published)]
    got = [(ok, bad) for ok, bad, _ in check_collection(puzzles, published=published,
                                                         client=client, chunks=3)]
    assert got == want and all(ok for ok, _ in got)
    # a wrong published solution is a mismatch on the cluster too
    bad = [list(map(list, published[0]))] + published[1:3]
    bad[0][0][0] = bad[0][0][0] % 9 + 1
    res = list(check_collection(puzzles[:3], published=bad, client=client, chunks=2))
    assert [ok for ok, _, _ in res] == [False, True, True]


@needs_bench
def test_cli_solve_and_check_print_what_the_serial_run_prints(client, capsys):
    addr = client.scheduler.address
    outs = []
    for extra in ([], ["--scheduler", addr, "--chunk-size", "7"]):
        assert main(["solve", str(TOP95), "--json", *extra]) == 0
        outs.append([json.loads(l) for l in capsys.readouterr().out.splitlines()])
    assert strip(outs[0]) == strip(outs[1]) and len(outs[0]) == 95
    texts = []
    for extra in ([], ["--scheduler", addr]):
        assert main(["solve", str(BENCH / "sudoku-hardest.txt"), "--unique", *extra]) == 0
        # the [solver: ...] line is the stats: times, conflicts, and the session's variables
        texts.append(re.sub(r"\n\[cadical195: .*\]", "", capsys.readouterr().out))
    assert texts[0] == texts[1] and texts[0].count("(sudoku): sat") > 5
    assert texts[0].count("unique: yes") == texts[0].count("(sudoku): sat")
    checks = []
    for extra in ([], ["--scheduler", addr]):
        assert main(["check", str(BENCH / "sudoku-hardest.txt"), "--json", *extra]) == 0
        checks.append(capsys.readouterr().out)
    assert checks[0] == checks[1] and '"ok": true' in checks[0]


@needs_bench
def test_a_chunk_over_its_time_limit_is_reported_not_waited_for(client, capsys):
    puzzles = load(str(TOP95))[:8]
    res = list(solve_collection(puzzles, client=client, chunks=2, chunk_time_limit=0))
    assert [r["status"] for r in res] == ["unknown"] * 8
    assert all(r["stats"]["over_time"] for r in res)
    assert main(["solve", str(TOP95), "--scheduler", client.scheduler.address,
                 "--chunk-time-limit", "0"]) == 3
    err = capsys.readouterr().err
    assert "ran over its time limit" in err and "Traceback" not in err


def test_closing_the_stream_cancels_what_is_left(client):
    futures = submit_chunks(client, time.sleep, [(0,)] + [(1 + i / 100,) for i in range(4)],
                            prefix="sleep")     # the running ones end within a second
    it = in_order(futures)
    assert next(it) == (0, None)
    it.close()                      # what Ctrl-C does to the loop that reads it
    deadline = time.time() + 10
    while time.time() < deadline and not all(f.status == "cancelled" for f in futures[1:]):
        time.sleep(0.05)
    assert [f.status for f in futures[1:]] == ["cancelled"] * 4


def relabelled_collection(copies):
    """The repository's five Sudokus, each with its digits relabelled ``copies``
    ways: distinct puzzles (distinct chunk keys), no file from outside."""
    lines = [l for l in (ROOT / "instances/sudoku-collection.txt").read_text().splitlines()
             if l and not l.startswith("#")]
    out = []
    for k in range(copies):
        table = str.maketrans("123456789", "123456789"[k:] + "123456789"[:k])
        out += [l.translate(table) for l in lines]
    return loads("\n".join(out) + "\n", "relabelled.txt")


def kill_a_worker_holding(client, prefix, busy, timeout=30):
    """SIGKILL the worker that holds a finished, not yet collected result whose
    key starts with ``satgrid-PREFIX``, with the other worker kept busy for 3 s
    (so the scheduler's second run of the chunk cannot end at once); return
    once this client sees the result lost. ``busy`` keeps the sleeps' futures."""
    pids = client.run(os.getpid)
    deadline = time.time() + timeout
    held = []
    while time.time() < deadline and not held:
        held = [(k, ws[0]) for k, ws in client.who_has().items()
                if str(k).startswith(f"satgrid-{prefix}") and ws]
        time.sleep(0.02)
    assert held, "no finished chunk waited on a worker"
    key, worker = held[0]
    busy += [client.submit(time.sleep, 3, workers=[w], pure=False)
             for w in pids if w != worker]
    time.sleep(0.2)
    os.kill(pids[worker], signal.SIGKILL)
    while time.time() < deadline and client.futures[key].status != "lost":
        time.sleep(0.01)
    assert client.futures[key].status == "lost"
    return key


def test_a_chunk_whose_worker_dies_before_it_is_collected_is_run_again(client):
    """A worker SIGKILLed while it holds a finished chunk's result (the client
    reading an earlier chunk): the future goes 'lost', the scheduler runs the
    chunk again, and the collection is the serial run's (this was 'chunk N
    failed on its worker: NoneType: None', exit 2)."""
    puzzles = relabelled_collection(6)
    want = strip(serial.solve_collection(puzzles))
    killed, busy = [], []

    def on_chunk(i, bounds, results):     # the loop waits here: the other chunks wait too
        if not killed:
            killed.append(kill_a_worker_holding(client, "solve-chunk", busy))
    got = list(solve_collection(puzzles, client=client, chunk_size=3, on_chunk=on_chunk))
    assert killed and strip(got) == want and len(got) == 30


# ------------------------------------------------------------------ families
@pytest.mark.parametrize("ship", [None, True])
def test_a_family_is_the_serial_family(client, tmp_path, ship):
    params = {"order": 2, "count": 23, "unique": 1}
    want = generate("sudoku", params, seed=7, out=str(tmp_path / "serial"), dimacs=True)
    got = write_family("sudoku", params, seed=7, out=str(tmp_path / "cluster"), dimacs=True,
                       ship=ship, client=client, chunks=5)
    assert [os.path.basename(p) for p in got] == [os.path.basename(p) for p in want]
    assert len(want) == 46
    names = [os.path.basename(p) for p in want]
    match, mismatch, errors = filecmp.cmpfiles(tmp_path / "serial", tmp_path / "cluster",
                                               names, shallow=False)
    assert (len(match), mismatch, errors) == (46, [], [])


def test_cli_family_on_the_cluster(client, tmp_path, capsys):
    args = ["family", "sudoku", "order=3", "count=6", "--seed", "3", "--dimacs"]
    assert main([*args, "-o", str(tmp_path / "a")]) == 0
    serial_out = capsys.readouterr().out
    assert main([*args, "-o", str(tmp_path / "b"), "--scheduler", client.scheduler.address,
                 "--ship"]) == 0
    assert capsys.readouterr().out == serial_out.replace(str(tmp_path / "a"), str(tmp_path / "b"))
    names = sorted(os.listdir(tmp_path / "a"))
    assert filecmp.cmpfiles(tmp_path / "a", tmp_path / "b", names, shallow=False)[0] == names


# ------------------------------------------------------------------ split counts
def test_cubes_are_disjoint_and_cover():
    cs = cubes([4, 9, 2])
    assert len(cs) == 8 and len({tuple(c) for c in cs}) == 8
    assert all(sorted(map(abs, c)) == [2, 4, 9] for c in cs)
    assert cs[0] == [-4, -9, -2] and cs[-1] == [4, 9, 2]


def test_split_variables_are_projection_variables_spread_out():
    [p] = loads(EMPTY4, "e.txt")
    m = compile_puzzle(p)
    vs = split_variables(m, 5)
    assert len(set(vs)) == 5 and set(vs) <= set(m.over)
    binary = {frozenset(map(abs, c)) for c in m.formula.iter_clauses() if len(c) == 2}
    assert not any(frozenset((a, b)) in binary for a in vs for b in vs if a != b)


def test_latin_squares_of_order_5_split_count(client, tmp_path):
    (tmp_path / "latin5.toml").write_text(grid_toml(5, "1x5"))
    [p] = load(str(tmp_path / "latin5.toml"))
    res = count_split(p, 5, client=client)
    assert (res["count"], res["complete"]) == (161280, True)       # OEIS A002860
    assert len(res["cubes"]) == 32 and sum(c["count"] for c in res["cubes"]) == 161280


def test_4x4_sudoku_split_count_is_the_serial_count(client):
    [p] = loads(EMPTY4, "e.txt")
    assert count(p)["count"] == 288                                # OEIS A107739
    for k in (0, 1, 4):
        assert count_split(p, k, client=client)["count"] == 288
    assert count_split(p, 3, client=client, limit=100)["count"] == 100


def latin_model(n):
    m = Model()
    x = [[m.int(f"x[{r},{c}]", range(1, n + 1)) for c in range(n)] for r in range(n)]
    for row in x:
        m.permutation(row, range(1, n + 1), group="latin.row")
    for col in zip(*x):
        m.permutation(col, range(1, n + 1), group="latin.column")
    return m


def test_split_count_of_a_model_of_ones_own(client, tmp_path):
    # 576 Latin squares of order 4 (OEIS A002860), from a Model and from a builder
    assert count_split(latin_model(4), 3, client=client)["count"] == 576
    res = count_split(latin_model(3), 2, client=client, certify=str(tmp_path / "c"))
    assert res["count"] == 12 and verify_split(tmp_path / "c").startswith("verified: exactly 12")


def test_split_count_certified_cube_by_cube(client, tmp_path, capsys):
    (tmp_path / "e4.toml").write_text(grid_toml(4, "2x2"))
    cert = tmp_path / "cert"
    assert main(["count", str(tmp_path / "e4.toml"), "--split", "2", "--scheduler",
                 client.scheduler.address, "--certify", str(cert)]) == 0
    assert "288 solution(s)" in capsys.readouterr().out
    assert main(["verify", str(cert)]) == 0
    assert "exactly 288 solution(s), the sum of 4 certified cubes" in capsys.readouterr().out
    split = json.loads((cert / "split.json").read_text())
    split["cubes"] = split["cubes"][1:]                           # a cube left out
    (cert / "split.json").write_text(json.dumps(split))
    with pytest.raises(VerifyFailed, match=r"^split.json: 3 cubes, expected 4 \(every sign"):
        verify_split(cert)


def test_split_count_with_lazy_connectivity(client, tmp_path):
    # a planted Numberlink with many solutions (paths connected by CEGAR cuts)
    [path] = generate("numberlink", {"rows": 5, "cols": 5, "pairs": 3}, seed=1,
                      out=str(tmp_path))
    [p] = load(path)
    want = count(p)
    res = count_split(p, 4, client=client)
    assert want["complete"] and want["count"] > 100
    assert (res["count"], res["complete"]) == (want["count"], True)


class KillFirstCube(distributed.WorkerPlugin):
    """Kills its worker process (SIGKILL) when the first cube task starts."""

    def __init__(self, marker):
        self.marker = marker

    def transition(self, key, start, finish, **kw):
        name = key if isinstance(key, str) else str(key)
        if finish == "executing" and "satgrid-cube" in name:
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_workers_cube_is_retried_and_counted_once(client, tmp_path):
    import cloudpickle
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    marker = tmp_path / "killed"
    before = set(client.run(os.getpid).values())
    client.register_plugin(KillFirstCube(str(marker)), name="kill-first-cube")
    try:
        [p] = loads(EMPTY4, "e.txt")
        res = count_split(p, 3, client=client)
    finally:
        client.unregister_worker_plugin("kill-first-cube")
    assert marker.exists() and int(marker.read_text()) in before    # a worker did die
    assert (res["count"], len(res["cubes"])) == (288, 8)


# ------------------------------------------------------------------ a real cluster
@pytest.fixture(scope="module")
def processes(tmp_path_factory):
    """``dask scheduler`` and ``dask worker`` (2 processes) started from the command line."""
    d = tmp_path_factory.mktemp("dask")
    sfile = d / "scheduler.json"
    procs = [subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1",
                               "--port", "0", "--no-dashboard", "--scheduler-file", str(sfile)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=d)]
    deadline = time.time() + 30
    while not sfile.exists() and time.time() < deadline:
        time.sleep(0.1)
    procs.append(subprocess.Popen([str(BIN / "dask"), "worker", "--scheduler-file", str(sfile),
                                   "--nworkers", "2", "--nthreads", "1", "--no-dashboard",
                                   "--host", "127.0.0.1"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=d))
    addr = json.loads(sfile.read_text())["address"]
    try:
        with distributed.Client(addr, timeout=30) as c:
            c.wait_for_workers(2, timeout=60)
            yield addr, c
    finally:
        for proc in reversed(procs):        # the workers first, then the scheduler
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def satgrid(*args, timeout=120):
    return subprocess.run([str(BIN / "satgrid"), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


@needs_bench
def test_command_line_cluster_same_as_serial(processes, tmp_path):
    addr, _ = processes
    (tmp_path / "e4.toml").write_text(grid_toml(4, "2x2"))
    for args in (["count", tmp_path / "e4.toml", "--json"],
                 ["check", BENCH / "sudoku-named.txt", "--json"],
                 ["family", "sudoku", "order=2", "count=9", "--seed", "4", "--dimacs", "-o"]):
        outs = []
        for i, extra in enumerate(([], ["--split", 3] if args[0] == "count" else [])):
            tail = [tmp_path / f"fam{i}"] if args[0] == "family" else []
            where = ["--scheduler", addr] if i else []
            r = satgrid(*args, *tail, *where, *extra)
            assert r.returncode == 0, r.stderr
            outs.append(r.stdout.replace(str(tmp_path / "fam1"), str(tmp_path / "fam0")))
        assert outs[0] == outs[1]
        if args[0] == "count":
            assert outs[0] == '{"count": 288, "complete": true}\n'
    names = sorted(os.listdir(tmp_path / "fam0"))
    assert len(names) == 18
    assert filecmp.cmpfiles(tmp_path / "fam0", tmp_path / "fam1", names, shallow=False)[0] == names


def test_killing_a_worker_process_mid_count_keeps_the_total(processes, tmp_path):
    addr, c = processes
    # Latin squares of order 5 with one corner given: 161,280 / 5 = 32,256 (relabelling)
    (tmp_path / "latin.toml").write_text(grid_toml(5, "1x5", [1, 0, 0, 0, 0]))
    run = subprocess.Popen([str(BIN / "satgrid"), "count", str(tmp_path / "latin.toml"),
                            "--split", "4", "--scheduler", addr, "--json"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    pids = c.run(os.getpid)
    victim = None
    deadline = time.time() + 30
    while victim is None and time.time() < deadline:
        busy = [w for w, keys in c.processing().items() if keys]
        victim = pids.get(busy[0]) if busy else None
        time.sleep(0.02)
    assert victim is not None
    os.kill(victim, signal.SIGKILL)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert json.loads(out) == {"count": 32256, "complete": True}


def test_ctrl_c_cancels_and_prints_what_finished(processes, tmp_path):
    addr, c = processes
    (tmp_path / "latin5.toml").write_text(grid_toml(5, "1x5"))
    run = subprocess.Popen([str(BIN / "satgrid"), "count", str(tmp_path / "latin5.toml"),
                            "--split", "6", "--scheduler", addr],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.time() + 30
    while time.time() < deadline and not any(c.processing().values()):
        time.sleep(0.02)
    time.sleep(0.5)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    m = re.fullmatch(r".*latin5.toml \(sudoku\): at least (\d+) solution\(s\) "
                     r"\(incomplete: interrupted\)\n", out, re.S)
    assert m and int(m.group(1)) < 161280
    assert "of 64 cubes finished" in err and "Traceback" not in err
    deadline = time.time() + 60                 # the cancelled cubes leave the cluster
    while time.time() < deadline and (any(c.processing().values()) or c.who_has()):
        time.sleep(0.1)
    assert not any(c.processing().values())


def test_ctrl_c_at_a_terminal_reaches_the_client_alone(tmp_path):
    # a terminal's Ctrl-C goes to the whole process group: the LocalCluster's
    # workers must leave it to satgrid (no traceback from each of them)
    psutil = pytest.importorskip("psutil")
    (tmp_path / "latin5.toml").write_text(grid_toml(5, "1x5"))
    run = subprocess.Popen([str(BIN / "satgrid"), "count", str(tmp_path / "latin5.toml"),
                            "--split", "6", "--workers", "2"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, cwd=ROOT, start_new_session=True)
    deadline = time.time() + 60       # the workers imported satgrid and are counting
    busy = []
    while time.time() < deadline and len(busy) < 2:
        busy = []
        for k in psutil.Process(run.pid).children(recursive=True):
            try:                        # started, imported satgrid, solving
                if "spawn" in " ".join(k.cmdline()) and k.cpu_times().user > 1.5:
                    busy.append(k)
            except psutil.Error:        # a helper process that just ended
                pass
        time.sleep(0.1)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "incomplete: interrupted" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert len(err.strip().splitlines()) == 1 and "cubes finished" in err, err


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("args, msg", [
    (["count", "instances/sudoku-4x4.toml", "--split", "2"], "--split: the cubes are counted"),
    (["solve", "instances/sudoku-4x4.toml", "--workers", "0"], "--workers must be a positive"),
    (["solve", "instances/sudoku-4x4.toml", "--workers", "2", "--scheduler", "tcp://x:1"],
     "not several"),
    (["solve", "instances/sudoku-collection.txt", "--chunk-time-limit", "3"], "only with --workers"),
    (["solve", "instances/sudoku-collection.txt", "--scheduler", "not a url"],
     "--scheduler: expected an address such as tcp://127.0.0.1:8786, found 'not a url'"),
    (["count", "instances/sudoku-4x4.toml", "--split", "2", "--scheduler",
      "tcp://127.0.0.1:99999"],
     "port 99999 is not in 1..65535"),
    (["solve", "instances/sudoku-collection.txt", "--scheduler", "foo://h:1"],
     "unknown address scheme 'foo'"),
    (["count", "instances/sudoku-4x4.toml", "--split", "2", "--workers", "2", "--certify",
      "instances"], "--certify: instances is not empty; use --force"),
    (["count", "instances/sudoku-4x4.toml", "--split", "2", "--workers", "2", "--certify",
      "instances/sudoku-4x4.toml"], "exists and is not a folder"),
])
def test_bad_cluster_options_are_one_line_exit_2(args, msg, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert msg in err and len(err.strip().splitlines()) == 1


def test_without_dask_one_line_exit_2(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["solve", "instances/sudoku-collection.txt", "--workers", "2"]) == 2
    err = capsys.readouterr().err
    assert "needs Dask" in err and len(err.strip().splitlines()) == 1


class _NoIteration(list):
    """A collection that may be sliced but never walked whole (as a lazily read
    file of millions of lines must not be)."""

    def __iter__(self):
        raise AssertionError("the whole collection was materialised")


def test_a_sliceable_collection_is_cut_into_chunks_not_copied_whole(client):
    puzzles = list(relabelled_collection(2))
    want = strip(serial.solve_collection(puzzles))
    got = list(solve_collection(_NoIteration(puzzles), client=client, chunk_size=3))
    assert strip(got) == want
    published = [r["grid"] for r in want]
    checked = list(check_collection(_NoIteration(puzzles), published=_NoIteration(published),
                                    client=client, chunk_size=3))
    assert [ok for ok, _, _ in checked] == [True] * len(puzzles)
