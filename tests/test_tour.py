"""The README's tour and the guide's command blocks, run as a new user runs
them: in a copy of the repository's tracked files with nothing beside it (no
``../shared``), one line at a time, each exiting as its comment says
(issue [6/7]: the tour's sixth command named a file the repository does not
ship). A file a command uses either ships with the repository or is made by
an earlier command of the same page.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
#: the pages whose ``sh`` blocks are run, in order, each in its own fresh copy
PAGES = ["README.md", "docs/guide/getting-started.md", "docs/certify.md"]
#: lines that set up the machine (make demo is CI's own check) or start the workbench
#: (a server: tests/test_app_*.py run it)
SETUP = re.compile(r"^\s*(make |\. \.venv/bin/activate|satgrid app\b)")
#: exit statuses a line may have besides 0: an external solver's SAT/UNSAT (10/20),
#: satgrid's "unsat" (1) where the line's comment says so
OTHER_OK = {"cadical": {10, 20}}


def commands(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        if m.group(1) != "sh":
            continue
        for line in m.group(2).splitlines():
            if line.strip() and not SETUP.match(line):
                out.append(line)
    return out


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    """The tracked files of the repository (what a clone holds), nothing beside them."""
    top = tmp_path_factory.mktemp("clone")
    dest = top / "satgrid-clone"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file() and not rel.startswith(("tests/golden/", "encodings/")):
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    assert not (top / "shared").exists()
    return dest


def run_line(line: str, cwd: Path) -> tuple[int, str]:
    shim = cwd / ".bin"
    shim.mkdir(exist_ok=True)
    exe = shim / "satgrid"
    exe.write_text(f"#!/bin/sh\nexec {sys.executable} -m satgrid \"$@\"\n")
    exe.chmod(0o755)
    env = {**os.environ, "PATH": f"{shim}:{os.environ['PATH']}"}
    r = subprocess.run(["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=300)
    return r.returncode, r.stdout + r.stderr


@pytest.mark.parametrize("page", PAGES)
def test_every_command_of_the_page_runs_on_a_fresh_clone(page, checkout, tmp_path):
    work = tmp_path / "w"
    shutil.copytree(checkout, work)
    lines = commands(page)
    assert lines, page
    for line in lines:
        first = line.split()[0]
        if first != "satgrid" and shutil.which(first) is None:
            continue                      # an external solver this machine lacks
        code, out = run_line(line, work)
        ok = {0} | OTHER_OK.get(first, set())
        if "unsat" in line.partition("#")[2]:
            ok |= {1}
        assert code in ok, f"{page}: `{line}` exited {code}: {out[-600:]}"


def test_the_docs_name_no_file_outside_the_repository():
    """No page points a user at the development machine or files it does not ship."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    bad = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for pat in (r"/work/", r"\.\./shared", r"\bSPEC\.md\b", r"\blatin5\.toml\b"):
            for m in re.finditer(pat, text):
                bad.append(f"{page.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}: "
                           f"{m.group()}")
    assert not bad, bad
