"""GBD hashes (satgrid.io.dimacs.gbd) equal gbdc's, on satgrid's files and others'.

``gbdc`` (the Global Benchmark Database's extension module) is the reference
when it is installed; without it the hash is checked against its definition
(MD5 of the normalised clause text), computed here independently.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import lzma
import random
import subprocess
import sys

import pytest

from satgrid.errors import DimacsError
from satgrid.io.dimacs import gbd
from satgrid.io.dimacs.gbd import gbd_hash, gbd_hash_bytes

try:
    import gbdc
except ImportError:      # optional: the reference implementation
    gbdc = None

ODD = ["p cnf 2 2\n1 2 0\nc x\n-1 0\n", "p cnf 2 2\r\n1\t2 0\r\n-1 0\r\n", "p cnf 2 1\n+1 2 0\n",
       "p cnf 0 0\n", "p cnf 1 2\n0\n1 0\n", "p cnf 2 1\n1 2 0 c hi\n", "p cnf 2 1\n1 2 0",
       "p cnf 2 1\n1 2 0\nc end", "p cnf 2 1\n1 -0\n", "p cnf 2 1\n   c x\n1 2 0\n",
       "c only a comment\n", "p cnf 3 2\n1 -2\n3 0 -1 2"]


def reference(text: str) -> str:
    """The definition, written out independently: integer tokens of the
    non-comment, non-header lines, single spaces, a closing 0 if missing."""
    toks = []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0][0] in "cp":
            continue
        for w in words:
            if w[0] in "cp":
                break
            toks.append(w.lstrip("+"))
    if text and not text[-1].isspace() and toks:   # gbdc drops a last number nothing ends
        toks.pop()
    if toks and toks[-1] != "0":
        toks.append("0")
    return hashlib.md5(" ".join(toks).encode()).hexdigest()


def random_cnf(rng: random.Random) -> str:
    n = rng.randint(1, 40)
    cls = [[rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(rng.randint(1, 6))]
           for _ in range(rng.randint(1, 400))]
    return f"c random\np cnf {n} {len(cls)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in cls)


@pytest.mark.parametrize("text", ODD)
def test_odd_layouts_hash_as_defined(tmp_path, text):
    f = tmp_path / "f.cnf"
    f.write_text(text)
    assert gbd_hash(f) == gbd_hash_bytes(text.encode()) == reference(text)
    if gbdc is not None:
        assert gbd_hash(f) == gbdc.gbdhash(str(f))


def test_compressed_files_hash_as_their_content(tmp_path):
    rng = random.Random(7)
    for i in range(8):
        text = random_cnf(rng).encode()
        want = reference(text.decode())
        for name, data in (("p.cnf", text), ("p.cnf.gz", gzip.compress(text)),
                           ("p.cnf.xz", lzma.compress(text)), ("p.cnf.bz2", bz2.compress(text))):
            f = tmp_path / f"{i}-{name}"
            f.write_bytes(data)
            assert gbd_hash(f) == want, name
            if gbdc is not None:
                assert gbdc.gbdhash(str(f)) == want, name


def test_lines_split_across_reads(tmp_path, monkeypatch):
    """A literal or a comment cut by the read boundary hashes the same."""
    text = random_cnf(random.Random(3)).replace("0\n", "0\nc a comment line here\n", 5)
    f = tmp_path / "f.cnf"
    f.write_text(text)
    for step in (1, 2, 3, 7, 64):
        monkeypatch.setattr(gbd, "_STEP", step)
        assert gbd_hash(f) == reference(text), step


def test_layout_does_not_matter_content_does():
    a = "p cnf 3 2\n1 -2 3 0\n-1 2 0\n"
    assert gbd_hash_bytes(a.encode()) == gbd_hash_bytes(b"c x\np cnf 9 9\n1 -2\n3 0 -1   2 0\n")
    assert gbd_hash_bytes(a.encode()) != gbd_hash_bytes(b"p cnf 3 2\n-1 2 0\n1 -2 3 0\n")
    assert gbd_hash_bytes(a.encode()) != gbd_hash_bytes(b"p cnf 3 2\n-2 1 3 0\n-1 2 0\n")


def test_satgrid_and_pysat_and_cnfgen_files(tmp_path):
    from pysat.formula import CNF
    from satgrid.modelling.model import Model
    m = Model()
    xs = [m.bool(f"x{i}") for i in range(8)]
    m.exactly(xs, 3)
    ours = tmp_path / "ours.cnf"
    m.formula.to_dimacs(ours)
    clauses = [list(c) for c in CNF(from_file=str(ours)).clauses]
    theirs = tmp_path / "pysat.cnf"
    CNF(from_clauses=clauses).to_file(str(theirs))
    assert gbd_hash(ours) == gbd_hash(theirs) == reference(ours.read_text())
    cnfgen = pytest.importorskip("cnfgen")
    php = tmp_path / "php.cnf"
    php.write_text(cnfgen.PigeonholePrinciple(4, 3).to_dimacs())
    assert gbd_hash(php) == reference(php.read_text())
    if gbdc is not None:
        for f in (ours, theirs, php):
            assert gbd_hash(f) == gbdc.gbdhash(str(f))


def test_a_bad_token_is_one_positioned_line(tmp_path):
    f = tmp_path / "bad.cnf"
    f.write_text("p cnf 2 1\n1 x2 0\n")
    with pytest.raises(DimacsError) as e:
        gbd_hash(f)
    assert str(e.value).startswith(f"{f}:2:3:") and "\n" not in str(e.value)


def test_cli_prints_hash_and_name(tmp_path):
    f = tmp_path / "a.cnf"
    f.write_text("p cnf 1 1\n1 0\n")
    g = tmp_path / "b.cnf"
    g.write_text("p cnf 1 1\n1 x\n")
    run = subprocess.run([sys.executable, "-m", "satgrid", "gbd", str(f)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout == f"{reference('1 0')}  {f}\n"
    bad = subprocess.run([sys.executable, "-m", "satgrid", "gbd", str(f), str(g)], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout.startswith(reference("1 0"))
    assert bad.stderr.count("\n") == 1 and f"{g}:2:3" in bad.stderr
