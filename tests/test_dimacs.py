"""DIMACS / iCNF writers and readers, solver-output reader (satgrid.io.dimacs)."""

from __future__ import annotations

import gzip
import os
import random
import shutil
import subprocess
import sys
import textwrap

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

import satgrid
from satgrid import Formula
from satgrid.io.dimacs import (DimacsFile, SolverResult, _load, _parse, dimacs_text, header_lines,
                            icnf_text, parse_dimacs, parse_icnf, parse_solver_output,
                            read_dimacs, read_icnf, read_solver_output, write_dimacs,
                            write_icnf)
from satgrid.io.dimacs.write import CHUNK_CLAUSES, icnf_chunks
from satgrid.errors import DimacsError, SolverOutputError

NAMES = ["x[0,0]=1", "a b", "tab\there", "new\nline", '"quoted"', " lead", "trail ",
         "", "café", "\u2028sep", "back\\slash", "c varname 3 x"]


def sample_formula() -> Formula:
    """Named primary and auxiliary variables, three groups, encodings."""
    f = Formula(description="A sample\nwith two lines")
    xs = [f.var(n) for n in NAMES]
    with f.group("rows"):
        f.add_clauses([[xs[0], -xs[1], xs[2]], [-xs[0]], [xs[3], xs[4]]])
        aux = f.new_vars(3)
    with f.group("cols"):
        named_aux = f.new_var("aux:one")
        f.add_clauses([[aux[0], -aux[2], named_aux], [-named_aux, xs[11]]])
    f.add([xs[5], xs[6], -xs[7], xs[8], xs[9], xs[10]])
    f.encodings.update({"rows": "seqcounter", "cols": "pairwise", "a-first": "ladder"})
    return f


def parse_scan(text, **kw):
    """The reference reader: the line scanner only (no bulk fast path)."""
    data, name = _load(text.encode() if isinstance(text, str) else text, "<string>",
                       DimacsError)
    return _parse(data, name, "cnf", force_scan=True, **kw)


def error_at(fn, *args, **kw):
    with pytest.raises((DimacsError, SolverOutputError)) as info:
        fn(*args, **kw)
    err = info.value
    assert "\n" not in str(err)
    assert str(err).startswith(f"{err.file}:{err.line}:{err.column}: " if err.line
                               else f"{err.file}: ")
    return err


# ------------------------------------------------------------------ writing


def test_round_trip_clauses_names_groups(tmp_path):
    f = sample_formula()
    path = tmp_path / "f.cnf"
    write_dimacs(f, path, command_line="satgrid dimacs x.toml", kind="sudoku",
                 description="extra")
    d = read_dimacs(path)
    assert d.nvars == f.nvars
    assert d.clauses == f.clauses
    assert d.varnames == dict(f.names())
    assert d.declared_clauses == f.nclauses
    g = Formula.from_dimacs(d)
    assert g.clauses == f.clauses
    assert list(g.names()) == list(f.names())
    assert [(n, s.clauses, s.literals) for n, s in g.sizes().items() if s.clauses] == \
        [(n, s.clauses, s.literals) for n, s in f.sizes().items() if s.clauses]
    assert g.encodings == f.encodings
    assert g.description == "A sample\nwith two lines\nextra"
    for name in NAMES:
        assert g.lookup(name) == f.lookup(name)
    # the file reads the same in PySAT
    assert CNF(from_file=str(path)).clauses == f.clauses


def test_round_trip_random_formula_matches_pysat(tmp_path):
    rng = random.Random(5)
    clauses = [[rng.choice((-1, 1)) * rng.randint(1, 500) for _ in range(rng.randint(1, 12))]
               for _ in range(20_000)]
    f = Formula.from_clauses(clauses, 500)
    path = tmp_path / "r.cnf"
    f.to_dimacs(path)
    assert read_dimacs(path).clauses == clauses
    assert CNF(from_file=str(path)).clauses == clauses
    # and PySAT's own file reads the same in ours
    CNF(from_clauses=clauses).to_file(str(tmp_path / "p.cnf"))
    assert read_dimacs(tmp_path / "p.cnf").clauses == clauses


def test_gzip_round_trip_and_deterministic_header(tmp_path):
    f = sample_formula()
    write_dimacs(f, tmp_path / "a.cnf.gz")
    write_dimacs(f, tmp_path / "b.cnf.gz")
    raw = (tmp_path / "a.cnf.gz").read_bytes()
    assert raw == (tmp_path / "b.cnf.gz").read_bytes()
    assert raw[:3] == b"\x1f\x8b\x08"
    assert raw[3] == 0                      # flags: no file name, no comment
    assert raw[4:8] == b"\0\0\0\0"          # mtime 0
    assert gzip.decompress(raw).decode() == dimacs_text(f)
    d = read_dimacs(tmp_path / "a.cnf.gz")
    assert d.clauses == f.clauses and d.varnames == dict(f.names())
    assert parse_dimacs(raw).clauses == f.clauses


def test_writes_are_deterministic_across_processes(tmp_path):
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        from test_dimacs import sample_formula
        from satgrid.io.dimacs import write_dimacs, write_icnf
        f = sample_formula()
        write_dimacs(f, sys.argv[1] + "/s.cnf", command_line="cmd", kind="k")
        write_dimacs(f, sys.argv[1] + "/s.cnf.gz", command_line="cmd", kind="k")
        write_icnf(f, [[1, -2], [3]], sys.argv[1] + "/s.icnf", command_line="cmd")
    """)
    sub = tmp_path / "sub"
    sub.mkdir()
    env = dict(os.environ, PYTHONHASHSEED="12345")
    subprocess.run([sys.executable, "-c", script, str(sub)], check=True, env=env)
    f = sample_formula()
    write_dimacs(f, tmp_path / "s.cnf", command_line="cmd", kind="k")
    write_dimacs(f, tmp_path / "s.cnf.gz", command_line="cmd", kind="k")
    write_icnf(f, [[1, -2], [3]], tmp_path / "s.icnf", command_line="cmd")
    for name in ("s.cnf", "s.cnf.gz", "s.icnf"):
        assert (sub / name).read_bytes() == (tmp_path / name).read_bytes(), name
    assert (tmp_path / "s.cnf").read_text() == dimacs_text(f, command_line="cmd", kind="k")


def test_write_into_missing_directory_leaves_nothing(tmp_path):
    with pytest.raises(FileNotFoundError):
        write_dimacs(sample_formula(), tmp_path / "missing" / "f.cnf")
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_old_file_and_removes_temp(tmp_path):
    f = Formula.from_clauses([[1, 2]] * 25_001, 3)
    f.group_clauses("main")[-1][1] = 2.5   # fails late (Formula.add refuses 2.5 up front)
    target = tmp_path / "f.cnf"
    target.write_text("old contents\n")
    with pytest.raises(TypeError):
        write_dimacs(f, target)
    assert target.read_text() == "old contents\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.cnf"]
    with pytest.raises(TypeError):
        write_dimacs(f, tmp_path / "new.cnf.gz")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.cnf"]


def test_written_file_has_ordinary_permissions(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    write_dimacs(sample_formula(), tmp_path / "f.cnf")
    assert (tmp_path / "f.cnf").stat().st_mode & 0o777 == 0o666 & ~umask


def test_header_contents():
    f = sample_formula()
    text = dimacs_text(f, command_line="satgrid dimacs in.toml\n-o out", kind="hooks\r\nx",
                       description="line one\rline two\x0bthree\u2028four")
    head, _, body = text.partition("p cnf")
    lines = head.splitlines()
    assert all(line.startswith("c ") for line in lines)
    assert head.count("\n") == len(lines)       # no stray line break of any kind
    assert "\r" not in head and "\x0b" not in head and "\u2028" not in head
    assert lines[0] == f"c generator: satgrid {satgrid.__version__}"
    assert lines[1] == "c command line: satgrid dimacs in.toml\\n-o out"
    assert lines[2:8] == ["c description: A sample", "c description: with two lines",
                          "c description: line one", "c description: line two",
                          "c description: three", "c description: four"]
    assert lines[8] == "c kind: hooks\\r\\nx"
    assert lines[9:12] == ["c encoding: a-first = ladder", "c encoding: cols = pairwise",
                           "c encoding: rows = seqcounter"]
    assert lines[12] == "c sizes per constraint group: variables clauses literals group"
    # sizes counted here from the clauses themselves
    rows = [[1, -2, 3], [-1], [4, 5]]
    cols = [[13, -15, 16], [-16, 12]]
    main = [[6, 7, -8, 9, 10, 11]]
    groups = {g.split()[-1]: list(map(int, g.split()[2:5]))
              for g in lines if g.startswith("c group ")}
    assert groups == {"rows": [3, 3, sum(map(len, rows))],
                      "cols": [1, 2, sum(map(len, cols))],
                      "main": [12, 1, 6]}
    total = next(g for g in lines if g.startswith("c total"))
    assert list(map(int, total.split()[2:])) == [16, 6, sum(map(len, rows + cols + main))]
    varnames = [g for g in lines if g.startswith("c varname")]
    assert len(varnames) == 13
    assert varnames[0] == "c varname 1 x[0,0]=1"
    assert 'c varname 4 "new\\nline"' in varnames
    assert "c varname 16 aux:one" in varnames
    assert body.startswith(" 16 6\n")
    assert body.endswith("-16 12 0\n6 7 -8 9 10 11 0\n")
    assert "c varname" not in dimacs_text(f, varnames=False)


def test_header_lines_of_empty_formula():
    f = Formula()
    assert header_lines(f)[-1] == "c total 0 0 0"
    assert dimacs_text(f).endswith("c total 0 0 0\np cnf 0 0\n")
    assert parse_dimacs(dimacs_text(f)).clauses == []


def test_empty_clause_and_unusual_literal_types():
    np = pytest.importorskip("numpy")
    f = Formula.from_clauses([[1, 2], [], [-2]], 2)
    assert dimacs_text(f).endswith("p cnf 2 3\n1 2 0\n0\n-2 0\n")
    assert parse_dimacs(dimacs_text(f)).clauses == [[1, 2], [], [-2]]
    f = Formula.from_clauses([[np.int64(1), -2], [np.int32(1)]], 2)
    assert dimacs_text(f).endswith("1 -2 0\n1 0\n")
    # a bool is not a literal ([2/9]: True would silently mean variable 1)
    with pytest.raises(ValueError, match="bool"):
        Formula.from_clauses([[True]], 2)


# ------------------------------------------------------------------ reading


ACCEPTED = [
    ("comments everywhere",
     "c head\np cnf 3 3\nc after p\n1 -2 0\nc between\n2 3 0\n-1 0\nc tail\n",
     [[1, -2], [2, 3], [-1]]),
    ("clause over lines, several on a line",
     "p cnf 4 3\n1 2\n3 0 -4\n0 1 0\n", [[1, 2, 3], [-4], [1]]),
    ("no final newline", "p cnf 2 2\n1 0\n-2 0", [[1], [-2]]),
    ("SATLIB end marker", "c uf\np cnf 3 2\n 1 -2 3 0\n-1 2 0\n%\n0\n\n", [[1, -2, 3], [-1, 2]]),
    ("blank lines, tabs, CRLF", "\r\np\tcnf 3  2\r\n\r\n1\t-3 0\r\n\r\n  2 0 \r\n",
     [[1, -3], [2]]),
    ("empty clause", "p cnf 1 2\n0\n1 0\n", [[], [1]]),
    ("leading zeros and -0", "p cnf 12 1\n007 -012 -0\n", [[7, -12]]),
    ("no clauses", "p cnf 0 0\n", []),
    ("percent inside a comment", "p cnf 1 1\nc 50% done\n1 0\n", [[1]]),
]


@pytest.mark.parametrize("label,text,clauses", ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_reader_accepts_real_file_layouts(label, text, clauses):
    assert parse_dimacs(text).clauses == clauses
    assert parse_scan(text).clauses == clauses


def test_reader_comments_and_varnames():
    d = parse_dimacs("c first\nc varname 2 b c\nc varname 1 \"q\\\"\"\np cnf 2 1\n"
                     "c varnames are nice\n1 0\n")
    assert d.comments == ["first", "varname 2 b c", 'varname 1 "q\\""', "varnames are nice"]
    assert d.varnames == {2: "b c", 1: 'q"'}
    assert d.preamble == 3


def test_reader_fast_path_agrees_with_scanner_on_large_input():
    rng = random.Random(7)
    clauses = [[rng.choice((-1, 1)) * rng.randint(1, 1000) for _ in range(rng.randint(1, 6))]
               for _ in range(60_000)]
    text = f"p cnf 1000 {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n"
                                                      for c in clauses)
    assert parse_dimacs(text).clauses == clauses == parse_scan(text).clauses
    # a bad literal deep inside is located by the scanner
    lines = text.split("\n")
    lines[45_001] = lines[45_001].replace(" 0", " 1001 0")
    err = error_at(parse_dimacs, "\n".join(lines))
    assert (err.line, err.column) == (45_002, len(lines[45_001]) - 5)


def test_reader_fast_path_steps_over_comments_crlf_and_assumptions():
    rng = random.Random(8)
    clauses = [[rng.choice((-1, 1)) * rng.randint(1, 300) for _ in range(3)]
               for _ in range(30_000)]
    lines = [" ".join(map(str, c)) + " 0" for c in clauses]
    for i in range(0, len(lines), 997):
        lines[i] = f"c note {i}\n" + lines[i]
    lines[5000] = "c varname 7 seven\n" + lines[5000]
    text = f"p cnf 300 {len(clauses)}\n" + "\n".join(lines) + "\nc the end"
    for variant in (text, text.replace("\n", "\r\n")):
        fast, slow = parse_dimacs(variant), parse_scan(variant)
        assert fast.clauses == clauses == slow.clauses
        assert fast.comments == slow.comments and len(fast.comments) == 33
        assert fast.varnames == {7: "seven"}
    # an error in a comment is reported after the clauses before it were read
    bad = text.replace("c varname 7 seven", "c varname 301 seven")
    err = error_at(parse_dimacs, bad)
    assert str(err) == str(error_at(parse_scan, bad))
    assert (err.line, err.column) == (2 + 5000 + len(range(0, 5001, 997)), 11)
    icnf = "p inccnf\n" + "\n".join(lines[:3000]) + "\na 1 -2 0\n" + \
        "\n".join(lines[3000:6000]) + "\na 0\n"
    d, sets = parse_icnf(icnf)
    assert d.clauses == clauses[:6000] and sets == [[1, -2], []]
    assert d.assumption_steps == [3000, 6000]


def test_reader_errors_have_exact_positions():
    cases = [
        ("", 1, 1, "empty file"),
        ("\n  \n", 1, 1, "empty file"),
        ("c only\nc comments\n", 3, 1, "missing 'p cnf"),
        ("c x\n1 2 0\np cnf 2 1\n", 2, 1, "before the clauses"),
        ("p cnf x 2\n", 1, 7, "number of variables"),
        ("p dnf 2 1\n", 1, 3, "expected 'cnf'"),
        ("p  cnf 3\n1 0\n", 1, 9, "number of clauses"),
        ("p cnf 3 2 1\n", 1, 11, "end of the 'p cnf' line"),
        ("p cnf -3 2\n", 1, 7, "number of variables"),
        ("pcnf 3 2\n", 1, 1, "'p'"),
        ("p inccnf\n", 1, 3, "iCNF"),
        ("p cnf 3 1\n1 -4 0\n", 2, 3, "beyond the declared 3 variables"),
        ("p cnf 3 2\n1 0\n2 3 0\n3 0\n", 1, 9, "declares 2 clauses, the file has 3"),
        ("p cnf 3 2\n1 0\n", 1, 9, "declares 2 clauses, the file has 1"),
        ("p cnf 3 1\n1 x2 0\n", 2, 3, "found 'x2'"),
        ("p cnf 3 1\n1 +2 0\n", 2, 3, "found '+2'"),
        ("p cnf 3 1\n1 2- 0\n", 2, 3, "found '2-'"),
        ("p cnf 3 1\n1 2 0 c trailing\n", 2, 7, "found 'c'"),
        ("p cnf 3 2\n1 0\n2 -3", 3, 5, "expected 0 to end the last clause"),
        ("p cnf 3 2\n1 0\n2 -3\n%\n0\n", 3, 5, "expected 0 to end the last clause"),
        ("p cnf 3 1\n1 0\np cnf 3 1\n", 3, 1, "second problem"),
        ("p cnf 2 1\nc caf\xe9\n1 0\n".encode("latin-1"), 2, 6, "invalid UTF-8 byte 0xe9"),
        (b"p cnf 2 1\n1 \xff\xfe 0\n", 2, 3, "invalid UTF-8 byte 0xff"),
        (b"p cnf 2 1\n1 2 0\n\x00\x01binary", 3, 1, "NUL"),
        ("c varname 3 x\np cnf 2 0\n", 1, 11, "variable 3 is beyond the declared 2"),
        ("p cnf 2 0\nc varname 1 a\nc varname 1 b\n", 3, 11, "named twice"),
        ("p cnf 2 0\nc varname 1 a\nc varname 2 a\n", 3, 13, "given to variables 1 and 2"),
        ("p cnf 2 0\nc varname x a\n", 2, 11, "c varname <variable> <name>"),
        ("p cnf 2 0\nc varname 2\n", 2, 12, "expected a name"),
        ("p cnf 2 0\nc varname 2 \"open\n", 2, 13, "expected a name"),
        (b"\x1f\x8bnot gzip", None, None, "not a valid gzip file"),
    ]
    for text, line, col, what in cases:
        for reader in (parse_dimacs, parse_scan):
            err = error_at(reader, text)
            assert (err.line, err.column) == (line, col), (text, str(err))
            assert what in str(err), (text, str(err))
            assert isinstance(err, DimacsError)


def test_clause_count_mismatch_can_warn():
    text = "p cnf 2 3\n1 0\n-2 0\n"
    got = []
    d = parse_dimacs(text, strict_count=False, warn=got.append)
    assert d.clauses == [[1], [-2]]
    assert got == ["<string>:1:9: the 'p cnf' line declares 3 clauses, the file has 2"]
    with pytest.warns(UserWarning, match="declares 3 clauses"):
        parse_dimacs(text, strict_count=False)


def test_read_dimacs_reports_file_name(tmp_path):
    path = tmp_path / "bad.cnf"
    path.write_text("p cnf 1 1\n2 0\n")
    err = error_at(read_dimacs, path)
    assert str(err) == f"{path}:2:1: literal 2 is beyond the declared 1 variables"
    err = error_at(read_dimacs, tmp_path / "absent.cnf")
    assert err.line is None and "cannot read the file" in str(err)


def test_dimacs_file_header_parsing():
    f = sample_formula()
    d = parse_dimacs(dimacs_text(f, command_line="cmd", kind="hooks"))
    h = d.header
    assert h["generator"] == f"satgrid {satgrid.__version__}"
    assert h["command line"] == "cmd" and h["kind"] == "hooks"
    assert h["groups"]["rows"] == f.sizes()["rows"]
    assert h["total"] == f.total()
    assert isinstance(d, DimacsFile) and d.nclauses == f.nclauses


def test_external_dimacs_without_header_from_dimacs():
    g = Formula.from_dimacs(parse_dimacs("p cnf 4 2\n1 -2 0\n3 0\n"))
    assert g.nvars == 4 and g.clauses == [[1, -2], [3]] and g.primary == [1, 2, 3, 4]


# ------------------------------------------------------------------ iCNF


def test_icnf_round_trip(tmp_path):
    f = sample_formula()
    sets = [[1, -2], [], [f.nvars]]
    write_icnf(f, sets, tmp_path / "f.icnf", kind="sudoku")
    text = (tmp_path / "f.icnf").read_text()
    assert text == icnf_text(f, sets, kind="sudoku")
    assert "\np inccnf\n" in text and text.endswith("a 1 -2 0\na 0\na 16 0\n")
    d, assumptions = read_icnf(tmp_path / "f.icnf")
    assert d.clauses == f.clauses and assumptions == sets
    assert d.varnames == dict(f.names()) and d.nvars == f.nvars
    assert d.assumption_steps == [f.nclauses] * 3
    write_icnf(f, sets, tmp_path / "f.icnf.gz")
    assert read_icnf(tmp_path / "f.icnf.gz")[1] == sets
    with pytest.raises(ValueError):
        write_icnf(f, [[f.nvars + 1]], tmp_path / "g.icnf")
    assert not (tmp_path / "g.icnf").exists()


def test_icnf_interleaved_and_errors():
    d, sets = parse_icnf("c x\np inccnf\n1 2 0\na -1 0\n-2\n 3 0\nc y\na 0\na 2 -3 0\n")
    assert d.clauses == [[1, 2], [-2, 3]] and sets == [[-1], [], [2, -3]]
    assert d.assumption_steps == [1, 2, 2] and d.nvars == 3
    cases = [
        ("p cnf 1 1\n", 1, 3, "expected 'inccnf'"),
        ("p inccnf 3\n", 1, 10, "end of the line"),
        ("p inccnf\n1 2\na 1 0\n", 3, 1, "before this 'a' line"),
        ("p inccnf\na 1 2\n", 2, 6, "expected 0 at the end of the 'a' line"),
        ("p inccnf\na 1 0 2 0\n", 2, 7, "one assumption set per 'a' line"),
        ("p inccnf\na 1 x 0\n", 2, 5, "found 'x'"),
        ("p inccnf\nab 1 0\n", 2, 1, "found 'ab'"),
        ("p inccnf\n1 2 0\n3", 3, 2, "end the last clause"),
        ("1 0\np inccnf\n", 1, 1, "'p inccnf'"),
    ]
    for text, line, col, what in cases:
        err = error_at(parse_icnf, text)
        assert (err.line, err.column) == (line, col), (text, str(err))
        assert what in str(err), (text, str(err))


# ------------------------------------------------------------------ solver output


OUTPUTS = [
    ("competition, several v lines",
     "c CaDiCaL\nc\ns SATISFIABLE\nv 1 -2 3\nv -4 5 0\nc done\n", "sat", [1, -2, 3, -4, 5]),
    ("picosat: model ends with 'v 0'", "s SATISFIABLE\nv -1 2 -3\nv 0\n", "sat", [-1, 2, -3]),
    ("cryptominisat: comments around, unsorted",
     "c Outputting solution to console\ns SATISFIABLE\nv 3 -1 2 0\n", "sat", [-1, 2, 3]),
    ("unsat", "c x\ns UNSATISFIABLE\n", "unsat", []),
    ("unknown", "s UNKNOWN\n", "unknown", []),
    ("indeterminate", "s INDETERMINATE\n", "unknown", []),
    ("sat without a model", "s SATISFIABLE\n", "sat", []),
    ("repeated literal", "s SATISFIABLE\nv 2 1 2 0\n", "sat", [1, 2]),
    ("minisat SAT", "SAT\n1 -2 -3 4 0\n", "sat", [1, -2, -3, 4]),
    ("minisat UNSAT", "UNSAT\n", "unsat", []),
    ("minisat INDET", "INDET\n", "unknown", []),
    ("CRLF, no final newline", "s SATISFIABLE\r\nv 1 -2 0", "sat", [1, -2]),
]


@pytest.mark.parametrize("label,text,status,model", OUTPUTS, ids=[o[0] for o in OUTPUTS])
def test_solver_output_formats(label, text, status, model):
    assert read_solver_output(text) == SolverResult(status, model)
    assert parse_solver_output(text.encode(), nvars=5) == SolverResult(status, model)


def test_solver_output_from_file(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("s SATISFIABLE\nv 1 0\n")
    assert read_solver_output(str(path)) == SolverResult("sat", [1])
    assert read_solver_output(path) == SolverResult("sat", [1])
    path.write_text("s SATISFIABLE\nv 1 x 0\n")
    assert str(error_at(read_solver_output, path)).startswith(f"{path}:2:5: ")
    err = error_at(read_solver_output, tmp_path / "none.txt")
    assert "cannot read the file" in str(err)


def test_solver_output_errors():
    cases = [
        ("c nothing\n", 2, 1, "no status line"),
        ("", 1, 1, "no status line"),
        ("s SATISFIABLE\ns SATISFIABLE\n", 2, 1, "second status"),
        ("s UNSATISFIABLE\nv 1 0\n", 2, 1, "without 's SATISFIABLE'"),
        ("v 1 0\ns SATISFIABLE\n", 1, 1, "without 's SATISFIABLE'"),
        ("s SATISFIABLE\nv 1 two 0\n", 2, 5, "found 'two'"),
        ("s SATISFIABLE\nv 1 -2\n", 2, 7, "expected 0 to end the model"),
        ("s SATISFIABLE\nv 1 -6 0\n", 2, 5, "beyond the formula's 5 variables"),
        ("s SATISFIABLE\nv 1 2\nv -1 0\n", 3, 3, "variable 1 is given both signs"),
        ("s SATISFIABLE\nv 1 0 2\n", 2, 7, "after the model's terminating 0"),
        ("s SATISFIABLE\nv 1 0\nv 2 0\n", 3, 3, "after the model's terminating 0"),
        ("s SAT\n", 1, 3, "expected SATISFIABLE"),
        ("s\n", 1, 2, "expected SATISFIABLE"),
        ("s SATISFIABLE now\n", 1, 15, "end of the status line"),
        ("s SATISFIABLE\nx 1 0\n", 2, 1, "'c', 's' or 'v' line"),
        ("SAT\n1 2\n", 2, 4, "expected 0 to end the model"),
        ("SAT\n1 0\nSAT\n", 3, 1, "second status"),
        ("UNSAT\n1 0\n", 2, 1, "nothing after UNSAT"),
        ("SAT\n1 -1 0\n", 2, 3, "both signs"),
        (b"s SATISFIABLE\nv 1 \xff 0\n", 2, 5, "invalid UTF-8"),
        (b"s SATISFIABLE\n\x00", 2, 1, "NUL"),
    ]
    for text, line, col, what in cases:
        err = error_at(parse_solver_output, text, nvars=5)
        assert isinstance(err, SolverOutputError)
        assert (err.line, err.column) == (line, col), (text, str(err))
        assert what in str(err), (text, str(err))


# ------------------------------------------------------------------ external solvers


SOLVERS = {"minisat": "minisat", "picosat": "picosat", "cryptominisat5": "cryptominisat5",
           "cadical": "cadical"}


@pytest.mark.external
@pytest.mark.parametrize("exe", sorted(SOLVERS))
def test_external_solver_reads_our_file_and_we_read_its_answer(exe, tmp_path):
    if shutil.which(exe) is None:
        pytest.skip(f"{exe} not installed")
    rng = random.Random(11)
    f = Formula()
    xs = [f.var(f"x{i}") for i in range(1, 41)]
    clauses = [[rng.choice((-1, 1)) * rng.choice(xs) for _ in range(3)] for _ in range(120)]
    f.add_clauses(clauses)
    cnf = tmp_path / "f.cnf"
    write_dimacs(f, cnf, description="random 3-SAT")
    if exe == "minisat":
        out = tmp_path / "out"
        subprocess.run([exe, "-verb=0", str(cnf), str(out)], capture_output=True, timeout=60)
        result = read_solver_output(out, nvars=f.nvars)
    else:
        proc = subprocess.run([exe, str(cnf)], capture_output=True, timeout=60)
        result = read_solver_output(proc.stdout, name=exe, nvars=f.nvars)
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        expected = "sat" if s.solve() else "unsat"
    assert result.status == expected
    if expected == "sat":
        assigned = set(result.model)
        assert all(any(l in assigned for l in c) for c in clauses)


def test_icnf_assumption_sets_are_streamed():
    """A collection's assumption sets are read a chunk at a time (2.4 million
    Sudoku lines exported with --icnf held them all); a bad set is still
    refused, and write_icnf leaves no file behind."""
    f = Formula()
    a, b = f.var("a"), f.var("b")
    f.add([a, b])
    pulled = []

    def sets():
        for i in range(10 * CHUNK_CLAUSES):
            pulled.append(i)
            yield [a] if i % 2 else [-b]
    chunks = icnf_chunks(f, sets())
    while b"a " not in next(chunks):
        pass
    assert len(pulled) <= CHUNK_CLAUSES + 1          # old code: every set first
    assert sum(c.count(b"\na ") + c.startswith(b"a ") for c in chunks) + CHUNK_CLAUSES \
        == 10 * CHUNK_CLAUSES
    with pytest.raises(ValueError, match="assumption set 3: literal 9"):
        list(icnf_chunks(f, [[1], [2], [-1], [9]]))


# ------------------------------------------- groups and their variables read back
INSTANCES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "instances")

@pytest.mark.parametrize("name", ["hooks-8.toml", "knight-moves-4.toml", "sudoku-4x4.toml",
                                  "twenty-four-seven-2x2-2.toml", "slitherlink-janko-11.toml"])
def test_a_written_file_reads_back_with_its_groups_sizes_and_names(name, tmp_path):
    """`satgrid stats OUT.cnf` gives what `satgrid stats PUZZLE` gives (issue [6/7]:
    every group showed 0 variables and a new `main` group held them all)."""
    from satgrid import api
    from satgrid.core.formula import Formula
    from satgrid.io.dimacs import read_dimacs
    from satgrid.pipeline.run import Options, compile_puzzle
    p = api.load(os.path.join(INSTANCES, name))[0]
    m = compile_puzzle(p, Options(connectivity="eager"))
    out = tmp_path / "f.cnf"
    m.write_dimacs(str(out))
    back = Formula.from_dimacs(read_dimacs(str(out)))
    assert back.sizes() == m.formula.sizes()
    assert list(back.sizes()) == list(m.formula.sizes())
    assert back.variable_runs() == m.formula.variable_runs()
    assert dict(back.names()) == dict(m.formula.names())


def test_runs_that_disagree_with_the_counts_leave_the_variables_in_main(tmp_path):
    from satgrid.core.formula import Formula
    from satgrid.io.dimacs import read_dimacs
    f = Formula()
    with f.group("a"):
        x, y = f.var("x"), f.var("y")
        f.add([x, y])
    with f.group("b"):
        z = f.new_var()
        f.add([-x, z])
    text = f.dimacs_text()
    assert "c group-variables a 1-2" in text and "c group-variables b 3" in text
    good = Formula.from_dimacs(read_dimacs(_write(tmp_path / "g.cnf", text)))
    assert {g: s.variables for g, s in good.sizes().items()} == {"a": 2, "b": 1}
    for edit in ("c group-variables b 2-3", "c group-variables b 9", "c group-variables b x"):
        bad = text.replace("c group-variables b 3", edit)
        back = Formula.from_dimacs(read_dimacs(_write(tmp_path / "b.cnf", bad)))
        assert {g: s.variables for g, s in back.sizes().items()} == {"a": 0, "b": 0, "main": 3}
        assert back.sizes()["a"].clauses == 1 and back.sizes()["b"].clauses == 1


def _write(path, text):
    path.write_text(text)
    return str(path)
