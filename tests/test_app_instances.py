"""The instance files the workbench offers (``satgrid app``, its Instance
menu, ``GET /api/instances``): a folder named with ``--instances``, refused
when it does not exist or holds no instance file; by default the example
instances shipped in the package (the repository's ``instances/`` and every
kind folder's ``examples/``), so that an installed copy run outside the
repository offers them too: a wheel is built, its listing checked, and the
server it holds run from a temporary directory.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import INST, ROOT, one_line_error

from satgrid import api
from satgrid.apps import web
from satgrid.errors import SatgridError, UsageError

SUFFIXES = (".toml", ".txt")


def shipped_files() -> dict[str, str]:
    """name -> path in the wheel of every instance file the repository holds
    for the workbench: instances/ and the kinds' examples/."""
    out = {p.name: f"satgrid/apps/web/instances/{p.name}"
           for p in sorted(INST.iterdir()) if p.suffix in SUFFIXES and p.is_file()}
    for p in sorted((ROOT / "satgrid" / "puzzles").glob("*/examples/*")):
        if p.suffix in SUFFIXES and p.is_file():
            out.setdefault(p.name, p.relative_to(ROOT).as_posix())
    return out


def repo_path(name: str):
    """Where the shipped file ``name`` is in the repository."""
    path = shipped_files()[name]
    return INST / name if path.startswith("satgrid/apps/web/instances/") else ROOT / path


def offered_files() -> set[str]:
    """The shipped files the menu offers: those that load (a broken one is
    left out of the menu, as /api/instances says; a kind being added may have one)."""
    out = set()
    for name in shipped_files():
        try:
            api.load(str(repo_path(name)))
        except SatgridError:
            continue
        out.add(name)
    assert {"hooks-8.toml", "sudoku-collection.txt"} <= out
    assert any(shipped_files()[n].startswith("satgrid/puzzles/") for n in out)
    return out


def listing(url: str) -> list[dict]:
    with urllib.request.urlopen(url + "api/instances", timeout=120) as r:
        return json.loads(r.read())["instances"]


# ------------------------------------------------------- --instances DIR
@pytest.mark.parametrize("make", ["missing", "empty"])
def test_a_folder_without_instances_is_refused_in_one_line(tmp_path, make):
    folder = tmp_path / "nonexistent"
    if make == "empty":
        folder.mkdir()
        (folder / "notes.md").write_text("not an instance\n")
    # (before the check, the server started and served an empty menu: the time-out fails it)
    p = subprocess.run([sys.executable, "-m", "satgrid", "app", "--port", "0", "--instances",
                        str(folder)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    code, out, err = p.returncode, p.stdout, p.stderr
    line = one_line_error(err)
    assert code == 2 and str(folder) in line and out == ""
    assert ("no such folder" if make == "missing" else "no instance files") in line
    with pytest.raises(UsageError):
        web.Workbench(instances=str(folder))


def test_a_named_folder_offers_its_files_only(tmp_path):
    shutil.copy(INST / "hooks-8.toml", tmp_path / "mine.toml")
    srv = web.make_server("127.0.0.1", 0, web.Workbench(instances=str(tmp_path)))
    web.start_in_thread(srv)
    try:
        assert [i["name"] for i in listing(srv.url)] == ["mine.toml"]
    finally:
        srv.shutdown()
        srv.server_close()


# ------------------------------------------------- the packaged default
def test_the_default_offers_every_shipped_example():
    expected = shipped_files()
    srv = web.make_server("127.0.0.1", 0, web.Workbench())
    web.start_in_thread(srv)
    try:
        got = listing(srv.url)
        assert len({i["name"] for i in got}) == len(got)
        # every file of instances/ and examples/ that loads
        assert {i["name"] for i in got} == offered_files()
        for name in ("hooks-8.toml", "sudoku-collection.txt", "araf-unsat.toml"):
            if name not in expected:
                continue
            with urllib.request.urlopen(srv.url + f"api/instance?name={name}", timeout=60) as r:
                text = json.loads(r.read())["text"]
            assert text == repo_path(name).read_text(encoding="utf-8")
    finally:
        srv.shutdown()
        srv.server_close()


def build_wheel(tmp_path) -> zipfile.ZipFile:
    """A wheel of the working tree built by pip (in a copy: the build leaves
    nothing in the repository)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "satgrid", src / "satgrid", symlinks=True, ignore=skip)
    shutil.copytree(INST, src / "instances", ignore=skip)
    out = tmp_path / "wheel"
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                        str(src)], capture_output=True, text=True, timeout=600)
    if p.returncode and re.search(r"No matching distribution|Could not find a version|"
                                  r"connection|Network", p.stderr, re.I):
        pytest.skip(f"pip cannot fetch the build backend here: {p.stderr.strip()[-200:]}")
    assert p.returncode == 0, p.stderr
    [whl] = out.glob("satgrid-*.whl")
    return zipfile.ZipFile(whl)


def test_an_installed_copy_run_elsewhere_offers_the_examples(tmp_path):
    whl = build_wheel(tmp_path)
    names = set(whl.namelist())
    expected = shipped_files()
    missing = sorted(path for path in expected.values() if path not in names)
    assert not missing, f"not in the wheel: {missing}"
    assert {"satgrid/apps/web/static/index.html", "satgrid/apps/web/static/favicon.svg"} <= names
    # the installed copy, run from a directory with no instances/ in it
    site = tmp_path / "site"
    whl.extractall(site)
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run([sys.executable, "-c", "import satgrid; print(satgrid.__file__)"],
                           capture_output=True, text=True, cwd=cwd, env=env, timeout=60)
    assert where.stdout.strip().startswith(str(site)), where
    proc = subprocess.Popen([sys.executable, "-m", "satgrid", "app", "--port", "0"], cwd=cwd,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        m = re.match(r"satgrid workbench on (http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
        assert m, proc.stderr.read() if proc.poll() is not None else "no first line"
        assert {i["name"] for i in listing(m.group(1))} == offered_files()
    finally:
        proc.kill()
        proc.communicate(timeout=30)


def answered() -> list[str]:
    """The shipped files whose [expect] table holds the puzzle's answer."""
    names = []
    for name in shipped_files():
        try:
            puzzles = api.load(str(repo_path(name)))
        except SatgridError:   # a kind being added; its own tests say why
            continue
        if len(puzzles) == 1 and "answer" in puzzles[0].expect:
            names.append(name)
    return names


def test_every_answer_comes_with_the_solve():
    """The page shows ``answer`` for every kind that has one: each shipped
    instance's published answer comes back from /api/solve, one by one
    (the lone solve) and all at once (solved together as a batch)."""
    names = answered()
    assert {"hooks-8.toml", "knight-moves-4.toml"} <= set(names)
    srv = web.make_server("127.0.0.1", 0, web.Workbench())
    web.start_in_thread(srv)

    def solve(name, unique):
        with urllib.request.urlopen(srv.url + f"api/instance?name={name}", timeout=60) as r:
            body = {**json.loads(r.read()), "unique": unique, "sizes": False}
        req = urllib.request.Request(srv.url + "api/solve", json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read())

    try:
        with ThreadPoolExecutor(len(names)) as pool:
            batch = dict(zip(names, pool.map(lambda n: solve(n, False), names)))
        for name in names:
            [p] = api.load(str(repo_path(name)))
            for r in (batch[name], solve(name, True)):
                assert r["status"] == "sat" and r["answer"] == p.expect["answer"], (name, r["answer"])
    finally:
        srv.shutdown()
        srv.server_close()
