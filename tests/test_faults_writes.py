"""Faults of issue [2/9], group 4 and the write failures of group 6: what
``-o`` may replace, special nodes written to rather than replaced, one line
naming the target with exit status 4, and SIGTERM during a write leaving no
temporary file (subprocesses, a 50 MB write)."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from satgrid.errors import OutputError
from satgrid.io.fileio import atomic_write_chunks, atomic_write_text, check_target

ROOT = Path(__file__).resolve().parents[1]
SUDOKU = ROOT / "instances" / "sudoku-4x4.toml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "satgrid", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120, env=ENV)


def temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def write_failure(proc, target) -> str:
    """Exit 4 and one line naming ``target`` (never the hidden temporary file)."""
    assert proc.returncode == 4, (proc.returncode, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"satgrid: {target}: "), proc.stderr
    assert ".tmp" not in lines[0] and "internal error" not in lines[0]
    return lines[0]


# --------------------------------------------------------- existing outputs
@pytest.mark.parametrize("cmd", [
    ["dimacs", SUDOKU, "-o", "{out}"],
    ["encode", "atmost", "--n", "5", "--k", "2", "-o", "{out}"],
    ["solve", SUDOKU, "--svg", "{out}"],
])
def test_existing_output_replaced_only_with_force(tmp_path, cmd):
    out = tmp_path / "out.file"
    out.write_text("precious\n")
    args = [str(a).replace("{out}", str(out)) for a in cmd]
    line = write_failure(run(*args), out)
    assert "exists; use --force to replace it" in line
    assert out.read_text() == "precious\n"
    proc = run(*args, "--force")
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() != "precious\n"
    assert temporaries(tmp_path) == []


def test_new_output_needs_no_force(tmp_path):
    out = tmp_path / "new.cnf"
    assert run("dimacs", SUDOKU, "-o", out).returncode == 0
    assert out.read_text().startswith("c ")


def test_force_is_documented_per_command():
    for cmd in ("dimacs", "encode", "solve"):
        assert "--force" in run(cmd, "--help").stdout
    for cmd in (("sudoku",), ("family", "sudoku"), ("dimacs",)):    # dimacs --each DIR
        assert "always replaced" in " ".join(run(*cmd, "--help").stdout.split())


# ----------------------------------------------------------- special nodes
def test_symlink_is_written_through(tmp_path):
    real = tmp_path / "real.cnf"
    real.write_text("old\n")
    link = tmp_path / "link.cnf"
    link.symlink_to(real)
    assert run("dimacs", SUDOKU, "-o", link, "--force").returncode == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text().startswith("c ")
    assert temporaries(tmp_path) == []


def test_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "target.txt")
    atomic_write_text(link, "hello\n")
    assert link.is_symlink() and (tmp_path / "target.txt").read_text() == "hello\n"


def test_fifo_is_written_to_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    proc = run("dimacs", SUDOKU, "-o", fifo)     # not a regular file: no --force needed
    reader.join(30)
    assert proc.returncode == 0, proc.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert got and got[0].startswith(b"c ") and b"\np cnf 64 " in got[0]


def test_character_device_is_written_to_not_replaced():
    before = os.stat("/dev/null")
    atomic_write_text("/dev/null", "nothing\n")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_full_device_is_exit_4_naming_it():
    line = write_failure(run("dimacs", SUDOKU, "-o", "/dev/full"), "/dev/full")
    assert "No space left on device" in line


def test_dash_is_standard_output():
    proc = run("encode", "atmost", "--n", "4", "--k", "1", "-o", "-")
    assert proc.returncode == 0 and "p cnf" in proc.stdout


@pytest.mark.parametrize("args", [["dimacs", SUDOKU, "-o", "-"], ["solve", SUDOKU],
                                  ["encode", "atmost", "--n", "4", "--k", "1"]],
                         ids=["dimacs -o -", "solve", "encode"])
def test_standard_output_on_a_full_disk_is_exit_4(args):
    """``> /dev/full``: standard output cannot be written. The old code said
    'internal error: OSError' with exit 2."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "satgrid", *map(str, args)], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120, env=ENV)
    assert proc.returncode == 4, proc.stderr
    assert proc.stderr.splitlines() == [
        f"satgrid: cannot write the output: {os.strerror(errno.ENOSPC)}"]


def test_a_closed_pipe_is_quiet():
    proc = subprocess.Popen([sys.executable, "-m", "satgrid", "solve", "--quiet",
                             ROOT / "instances" / "sudoku-collection.txt"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    proc.stdout.close()                      # the reader is gone before the first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0 and err == ""


# ---------------------------------------------- two writers of one new name
def test_a_new_output_is_created_exclusively(tmp_path):
    """Two commands that both found ``out`` missing (check_target without
    --force) write it: the second is refused, the first file is kept. The old
    code renamed over it, and one output was silently lost."""
    out = tmp_path / "out.txt"
    check_target(out, force=False)           # this command: out is missing
    out.write_text("first\n")                # another process writes it meanwhile
    with pytest.raises(OutputError, match="exists .*use --force"):
        atomic_write_text(out, "second\n")
    assert out.read_text() == "first\n" and temporaries(tmp_path) == []
    check_target(out, force=True)            # --force: replaced
    atomic_write_text(out, "third\n")
    assert out.read_text() == "third\n"
    with pytest.raises(OutputError, match="exists"):
        atomic_write_text(out, "fourth\n", replace=False)
    assert out.read_text() == "third\n"


def test_exclusive_write_to_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "target.txt")
    check_target(link, force=False)
    atomic_write_text(link, "x\n")
    assert link.is_symlink() and (tmp_path / "target.txt").read_text() == "x\n"


def test_two_concurrent_writers_of_one_new_name(tmp_path):
    """The issue's case: two ``satgrid dimacs -o same-new-file`` at once, ten
    times; each time exactly one succeeds and the other exits 4."""
    out = tmp_path / "same.cnf"
    cmd = [sys.executable, "-m", "satgrid", "dimacs", str(SUDOKU), "-o", str(out)]
    for _ in range(10):
        out.unlink(missing_ok=True)
        procs = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  env=ENV) for _ in range(2)]
        statuses = sorted(p.wait(timeout=120) for p in procs)
        errs = [p.stderr.read().decode() for p in procs]
        assert statuses == [0, 4], errs
        assert "use --force" in "".join(errs) and temporaries(tmp_path) == []


# ------------------------------------------------------------ write failures
def test_missing_folder_is_exit_4(tmp_path):
    out = tmp_path / "missing" / "f.cnf"
    line = write_failure(run("dimacs", SUDOKU, "-o", out), out)
    assert "no such folder" in line


def test_folder_as_target_is_exit_4(tmp_path):
    line = write_failure(run("dimacs", SUDOKU, "-o", tmp_path), tmp_path)
    assert "is a folder" in line


def test_full_disk_keeps_the_old_file_and_names_the_target(tmp_path):
    target = tmp_path / "f.txt"
    target.write_text("old\n")

    def chunks():
        yield b"x" * 1000
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    with pytest.raises(OutputError) as e:
        atomic_write_chunks(target, chunks())
    assert str(e.value) == f"{target}: cannot write: {os.strerror(errno.ENOSPC)}"
    assert e.value.exit_status == 4 and isinstance(e.value, OSError)
    assert target.read_text() == "old\n" and temporaries(tmp_path) == []


def test_python_callers_still_get_the_os_error_class(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic_write_text(tmp_path / "missing" / "x", "x")
    with pytest.raises(IsADirectoryError):
        atomic_write_text(tmp_path, "x")
    with pytest.raises(OutputError, match="exists; use --force"):
        check_target(__file__, force=False)
    check_target(__file__, force=True)
    check_target("-", force=False)


# ------------------------------------------------------------------ SIGTERM
WRITER = textwrap.dedent("""
    import signal, sys, time
    sys.path.insert(0, {root!r})
    from satgrid.io.fileio import atomic_write_chunks
    if sys.argv[2] == "handler":          # as the command line does (exit 143)
        from satgrid.core import interrupts
        interrupts.raise_on_sigterm()
    def chunks():
        for i in range(50):               # 50 MB, slowly enough to be caught half-way
            yield b"c" * (1 << 20)
            time.sleep(0.05)
    try:
        atomic_write_chunks(sys.argv[1], chunks())
    except KeyboardInterrupt:
        sys.exit(143)
""")


@pytest.mark.parametrize("mode", ["default", "handler"])
def test_sigterm_during_a_50mb_write_leaves_no_temporary_file(tmp_path, mode):
    target = tmp_path / "big.cnf"
    target.write_text("old\n")
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(root=str(ROOT)))
    proc = subprocess.Popen([sys.executable, str(script), str(target), mode])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        tmps = [tmp_path / t for t in temporaries(tmp_path)]
        if tmps and tmps[0].stat().st_size > (5 << 20):   # well into the write
            break
        time.sleep(0.02)
    else:
        proc.kill()
        pytest.fail("the writer never got going")
    proc.send_signal(signal.SIGTERM)
    status = proc.wait(60)
    assert status == (-signal.SIGTERM if mode == "default" else 143)
    assert temporaries(tmp_path) == []
    assert target.read_text() == "old\n"
