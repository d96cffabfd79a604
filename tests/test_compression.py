"""Compression by magic bytes on every reader, by suffix on every writer, and
``-`` for standard input and output (satgrid.io.compression, satgrid.io.fileio).

Every writer x every codec: written twice, the bytes are identical; the
decompressed bytes are the plain writer's; reading the file back and writing
it again gives the same bytes. Readers find the codec by content, not name.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from satgrid import Formula
from satgrid.apps.cli import main
from satgrid.io.compression import codec_of_data, codec_of_name, compress, decompress
from satgrid.io.dimacs import (dimacs_text, icnf_text, parse_dimacs, read_dimacs, read_icnf, read_solver_output,
                            write_dimacs, write_icnf)
from satgrid.errors import DimacsError, InstanceError
from satgrid.io.fileio import atomic_write_chunks, atomic_write_text
from satgrid.pipeline.load import load, read_data

ROOT = Path(__file__).resolve().parents[1]
SATGRID = [sys.executable, "-m", "satgrid"]
SUFFIXES = {"": None, ".gz": gzip.decompress, ".xz": lzma.decompress, ".bz2": bz2.decompress}


def _formula() -> Formula:
    f = Formula(description="compression test")
    xs = [f.var(f"x{i}") for i in range(1, 31)]
    with f.group("g"):
        f.add_clauses([[xs[i], -xs[(i * 7 + 3) % 30], xs[(i * 11 + 5) % 30]] for i in range(30)])
    return f


def _plain_decompress(suffix: str, raw: bytes) -> bytes:
    fn = SUFFIXES[suffix]
    return raw if fn is None else fn(raw)


def _run(args, stdin: bytes | None = None, cwd=None):
    return subprocess.run(SATGRID + list(args), input=stdin, capture_output=True, cwd=cwd,
                          timeout=120)


# ------------------------------------------------------------- the codecs
@pytest.mark.parametrize("codec", [None, "gzip", "xz", "bzip2"])
def test_codec_round_trip_and_magic(codec):
    data = b"p cnf 2 1\n1 -2 0\n" * 50
    packed = compress(data, codec)
    assert codec_of_data(packed) == codec
    assert decompress(packed) == data
    assert compress(data, codec) == packed          # deterministic
    # the standard library's own decompressors agree
    if codec:
        assert {"gzip": gzip, "xz": lzma, "bzip2": bz2}[codec].decompress(packed) == data


def test_codec_names_and_empty_streams():
    assert [codec_of_name(n) for n in ("a.cnf", "a.cnf.gz", "a.cnf.xz", "a.cnf.bz2", "-")] == \
        [None, "gzip", "xz", "bzip2", None]
    for codec in ("gzip", "xz", "bzip2"):
        assert decompress(compress(b"", codec)) == b""
    # text that merely starts like bzip2 is text
    assert codec_of_data(b"BZh is not bzip2") is None


def test_corrupt_and_oversized_data_is_one_clear_error():
    good = compress(b"p cnf 1 1\n1 0\n", "xz")
    with pytest.raises(ValueError, match="not a valid xz file"):
        decompress(good[:-8])
    with pytest.raises(ValueError, match="more than 10 bytes"):
        decompress(compress(b"x" * 100, "bzip2"), limit=10)
    with pytest.raises(DimacsError) as e:
        parse_dimacs(good[:-8], "cut.cnf.xz")
    assert str(e.value).startswith("cut.cnf.xz: not a valid xz file")


@pytest.mark.parametrize("codec", ["gzip", "xz", "bzip2"])
def test_trailing_garbage_is_refused_padding_is_not(codec, tmp_path):
    """An .xz (or .bz2) with bytes after its last stream was read as if they
    were not there (exit 0); gzip refused them. Every codec now refuses them;
    several streams, and the NUL padding gzip and xz allow, still read."""
    one, two = compress(b"p cnf 2 1\n", codec), compress(b"1 2 0\n", codec)
    assert decompress(one + two) == b"p cnf 2 1\n1 2 0\n"
    for junk in (b"garbage", b"\n", one[:5]):
        with pytest.raises(ValueError, match=f"not a valid {codec} file"):
            decompress(one + two + junk)
    if codec != "bzip2":
        assert decompress(one + two + b"\0" * 8) == b"p cnf 2 1\n1 2 0\n"
    f = tmp_path / "f.cnf"
    f.write_bytes(one + two + b"garbage")
    proc = _run(["solve", str(f)])
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr.decode().splitlines() == [
        f"satgrid: {f}: not a valid {codec} file (trailing data after the end of the "
        "compressed stream, 7 bytes)"]


@pytest.mark.parametrize("codec", ["gzip", "xz", "bzip2"])
def test_a_bomb_is_decompressed_in_bounded_pieces(codec):
    """The ceiling is checked piece by piece (1 MB): a bomb takes the limit
    plus a piece, whatever it expands to. The old reader asked for ``limit +
    1`` bytes at once and peaked at 2.3-3 times the limit (a MemoryError on
    the 1 GiB ceiling where 1.5 GB was free)."""
    limit = 16 << 20

    def peak(data, limit=None):
        tracemalloc.start()
        try:
            decompress(data, limit)
        except ValueError as e:
            assert f"more than {limit} bytes" in str(e)
        finally:
            top = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        return top
    state = peak(compress(b"x", codec))      # the codec's own tables (xz: its dictionary)
    used = peak(compress(b"\0" * (64 << 20), codec), limit) - state
    assert used < 1.5 * limit, used / limit


# ---------------------------------------------- every writer x every codec
def _write_dimacs(f, path):
    write_dimacs(f, path, command_line="cmd", kind="k")


def _write_icnf(f, path):
    write_icnf(f, [[1, -2], [], [30]], path, command_line="cmd")


def _write_text(f, path):
    atomic_write_text(path, dimacs_text(f))


def _write_chunks(f, path):
    atomic_write_chunks(path, [b"chunk one\n", memoryview(b"chunk two\n")])


WRITERS = {"write_dimacs": (_write_dimacs, lambda f: dimacs_text(f, command_line="cmd", kind="k")),
           "write_icnf": (_write_icnf, lambda f: icnf_text(f, [[1, -2], [], [30]],
                                                           command_line="cmd")),
           "atomic_write_text": (_write_text, lambda f: dimacs_text(f)),
           "atomic_write_chunks": (_write_chunks, lambda f: "chunk one\nchunk two\n")}


@pytest.mark.parametrize("suffix", list(SUFFIXES))
@pytest.mark.parametrize("writer", list(WRITERS))
def test_every_writer_every_codec_is_deterministic_and_round_trips(tmp_path, writer, suffix):
    write, text = WRITERS[writer]
    f = _formula()
    a, b = tmp_path / f"a.cnf{suffix}", tmp_path / f"b.cnf{suffix}"
    write(f, a)
    write(f, b)
    raw = a.read_bytes()
    assert raw == b.read_bytes()
    assert codec_of_data(raw) == codec_of_name(a)
    assert _plain_decompress(suffix, raw).decode() == text(f)
    if writer in ("write_dimacs", "atomic_write_text"):
        back = Formula.from_dimacs(read_dimacs(a))
        assert back.clauses == f.clauses
        c = tmp_path / f"c.cnf{suffix}"
        write(back if writer == "atomic_write_text" else f, c)
        assert c.read_bytes() == raw          # read back, written again: the same bytes
    if writer == "write_icnf":
        d, sets = read_icnf(a)
        assert d.clauses == f.clauses and sets == [[1, -2], [], [30]]
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]   # no temp files


@pytest.mark.parametrize("suffix", [".gz", ".xz", ".bz2"])
def test_cli_outputs_compress_by_suffix(tmp_path, suffix, capsys):
    toml = str(ROOT / "instances/sudoku-classic.toml")
    out, plain = tmp_path / f"h.cnf{suffix}", tmp_path / "h.cnf"
    assert main(["dimacs", toml, "-o", str(out), "--no-varnames"]) == 0
    assert main(["dimacs", toml, "-o", str(plain), "--no-varnames"]) == 0
    assert codec_of_data(out.read_bytes()) == codec_of_name(out)
    assert read_dimacs(out).clauses == read_dimacs(plain).clauses
    model = tmp_path / f"m.out{suffix}"
    assert main(["solve", str(out), "--model-out", str(model)]) == 10
    assert codec_of_data(model.read_bytes()) == codec_of_name(model)
    printed = capsys.readouterr().out
    assert _plain_decompress(suffix, model.read_bytes()).decode() in printed
    assert read_solver_output(model).status == "sat"


# ------------------------------------------------------------ the readers
@pytest.mark.parametrize("codec", ["gzip", "xz", "bzip2"])
def test_readers_find_the_codec_by_content_not_name(tmp_path, codec):
    text = (ROOT / "instances/sudoku-classic.toml").read_bytes()
    odd = tmp_path / "puzzle.toml"                 # a compressed file without the suffix
    odd.write_bytes(compress(text, codec))
    [p] = load(str(odd))
    assert p.kind == "sudoku"
    cnf = tmp_path / "f.cnf"
    cnf.write_bytes(compress(b"p cnf 2 2\n1 2 0\n-1 0\n", codec))
    assert read_dimacs(cnf).clauses == [[1, 2], [-1]]
    out = tmp_path / "o.txt"
    out.write_bytes(compress(b"s SATISFIABLE\nv -1 2 0\n", codec))
    assert read_solver_output(out).model == [-1, 2]
    # and a plain file named .gz is read as plain text
    plain = tmp_path / "plain.cnf.gz"
    plain.write_bytes(b"p cnf 1 1\n1 0\n")
    assert read_dimacs(plain).clauses == [[1]]


def test_bad_compressed_puzzle_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_bytes(compress(b'puzzle = "sudoku"\n' * 20, "gzip")[:-5])
    with pytest.raises(InstanceError, match="not a valid gzip file"):
        read_data(str(bad))
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a valid gzip file" in err


# ------------------------------------------------------- stdin and stdout
def test_pipeline_dimacs_to_stdout_into_solve_from_stdin(tmp_path):
    toml = str(ROOT / "instances/sudoku-classic.toml")
    first = _run(["dimacs", toml, "-o", "-"])
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(b"c generator: satgrid")
    assert not (tmp_path / "-").exists() and not Path("-").exists()
    assert b"wrote" not in first.stdout                 # the report goes to stderr
    second = _run(["solve", "-"], stdin=first.stdout)
    assert second.returncode == 10, second.stderr
    lines = second.stdout.decode().splitlines()
    assert lines[0] == "s SATISFIABLE" and lines[-1] == "v 0"
    # the same through an xz-compressed stdin
    third = _run(["solve", "-", "--json"], stdin=lzma.compress(first.stdout))
    assert third.returncode == 0, third.stderr
    assert b'"status": "sat"' in third.stdout


def test_shell_pipeline(tmp_path):
    if shutil.which("sh") is None:
        pytest.skip("no sh")
    toml = ROOT / "instances/sudoku-classic.toml"
    cmd = (f"{sys.executable} -m satgrid dimacs {toml} -o - | "
           f"{sys.executable} -m satgrid solve - --model-out - | head -1")
    r = subprocess.run(cmd, shell=True, capture_output=True, timeout=120, cwd=tmp_path)
    assert r.stdout.decode().splitlines()[0] == "s SATISFIABLE"
    assert os.listdir(tmp_path) == []
    # an xz file in, the solver's answer through a pipe into decode's --model -
    cnf = tmp_path / "s.cnf.xz"
    cmd = (f"{sys.executable} -m satgrid dimacs {toml} -o {cnf} && "
           f"{sys.executable} -m satgrid solve {cnf} | "
           f"{sys.executable} -m satgrid decode {toml} --cnf {cnf} --model - --json")
    r = subprocess.run(cmd, shell=True, capture_output=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert b'"status": "sat"' in r.stdout and codec_of_data(cnf.read_bytes()) == "xz"


def test_puzzle_and_formula_from_stdin(monkeypatch, capsys):
    text = (ROOT / "instances/sudoku-classic.toml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(gzip.compress(text))))
    assert main(["solve", "-", "--json"]) == 0
    assert '"status": "sat"' in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        b"c hello\np cnf 3 2\n1 2 0\n-3 0\n")))
    assert main(["stats", "-"]) == 0
    out = capsys.readouterr().out
    assert "<stdin>" in out and out.splitlines()[-1].split() == ["total", "3", "2", "3"]


def test_model_out_to_stdout(monkeypatch, capsysbinary):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"p cnf 2 2\n1 2 0\n-1 0\n")))
    assert main(["solve", "-", "--model-out", "-"]) == 10
    assert capsysbinary.readouterr().out.decode() == "s SATISFIABLE\nv -1 2\nv 0\n" * 2
