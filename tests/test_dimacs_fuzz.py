"""Fuzzing the readers of satgrid.io.dimacs with hypothesis.

Random bytes and mutated valid files (bytes inserted, deleted, replaced) must
either parse or raise the reader's own one-line error -- never any other
exception. The DIMACS reader's bulk fast path must agree with the line
scanner (the reference) on every input: same clauses, or the same error.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from satgrid import Formula
from satgrid.io.dimacs import scan
from satgrid.io.dimacs import (_clean, _load, _parse, dimacs_text, icnf_text, parse_dimacs, parse_icnf,
                            parse_solver_output)
from satgrid.errors import DimacsError, SolverOutputError

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _valid_formula() -> Formula:
    f = Formula(description="fuzz seed\nsecond line")
    xs = [f.var(f"x{i}") for i in range(1, 9)]
    with f.group("g"):
        f.add_clauses([[xs[0], -xs[1], xs[2]], [-xs[3]], [xs[4], xs[5], -xs[6], xs[7]]])
        aux = f.new_vars(3)
        f.add_clauses([[aux[0], -aux[1]], [aux[2], -xs[0]]])
    f.encodings["g"] = "seqcounter"
    return f


VALID_CNF = dimacs_text(_valid_formula(), command_line="satgrid dimacs x", kind="k").encode()
VALID_ICNF = icnf_text(_valid_formula(), [[1, -2], [], [11]]).encode()
INTERLEAVED_ICNF = b"p inccnf\n1 -2 0\nc note\na 1 0\n2 3\n -1 0\na 0\nc varname 2 b\n4 0\na -4 2 0\n"
SATLIB = b"c SATLIB\np cnf 5 3\n 1 -5 4 0\n-1 5\n 3 4 0\n-3 -4 -2 0\n%\n0\n\n"
PLAIN = b"p cnf 6 4\n1 -2 3 0\n-4 5 0\n6 0\n-1 -6 2 0\n"
SEEDS_CNF = [VALID_CNF, SATLIB, PLAIN, VALID_CNF.replace(b"\n", b"\r\n")]
SEEDS_OUT = [b"c solver\ns SATISFIABLE\nv 1 -2 3\nv -4 5 0\n", b"s UNSATISFIABLE\n",
             b"SAT\n1 -2 3 -4 0\n", b"UNSAT\n", b"s UNKNOWN\nc end\n",
             b"s SATISFIABLE\nv -1 2 -3\nv 0\n"]

# Bytes that matter to the formats, so mutations hit structure often.
INTERESTING = st.sampled_from(list(b"0123456789-+ \t\r\n\n\n%cpvsa\x00\xff\x1f\x8b") +
                              [0x80, 0xc3, 0xe2])


@st.composite
def mutated(draw, seeds, most=6):
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, most))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "chunk"]))
        pos = draw(st.integers(0, len(data)))
        byte = draw(st.one_of(INTERESTING, st.integers(0, 255)))
        if kind == "insert":
            data[pos:pos] = bytes([byte])
        elif kind == "delete" and data:
            del data[min(pos, len(data) - 1)]
        elif kind == "replace" and data:
            data[min(pos, len(data) - 1)] = byte
        elif kind == "chunk":
            data[pos:pos] = draw(st.sampled_from([b" 0\n", b"c note\n", b"\n%\n", b"-0",
                                                  b"p cnf 3 3\n", b"v 1 0\n", b"a 1 0\n",
                                                  b"00", b" 99999999999999999999 "]))
    return bytes(data)


def _one_line(err):
    text = str(err)
    assert "\n" not in text and "\r" not in text
    assert text.startswith(str(err.file))
    return text


def _outcome(fn, *args, **kw):
    try:
        return ("ok", fn(*args, **kw))
    except DimacsError as err:
        return ("error", _one_line(err))


def _scan(data: bytes):
    data, name = _load(data, "<string>", DimacsError)
    return _parse(data, name, "cnf", force_scan=True)


def _check_dimacs(data: bytes):
    fast = _outcome(parse_dimacs, data)
    slow = _outcome(_scan, data)
    if fast[0] == "ok" and slow[0] == "ok":
        assert fast[1].clauses == slow[1].clauses
        assert fast[1].varnames == slow[1].varnames
        assert fast[1].nvars == slow[1].nvars
        top = fast[1].nvars
        assert all(0 < abs(x) <= top for c in fast[1].clauses for x in c)
    else:
        assert fast == slow
    lenient = _outcome(parse_dimacs, data, strict_count=False, warn=_one_line_warning)
    if fast[0] == "ok":
        assert lenient[0] == "ok" and lenient[1].clauses == fast[1].clauses


def _one_line_warning(message):
    assert "\n" not in message


def _scan_icnf(data: bytes):
    data, name = _load(data, "<string>", DimacsError)
    return _parse(data, name, "icnf", force_scan=True)


def _check_icnf(data: bytes):
    fast = _outcome(parse_icnf, data)
    slow = _outcome(_scan_icnf, data)
    if fast[0] == "error" or slow[0] == "error":
        assert fast == slow
        return
    (d, sets), (d2, sets2) = fast[1], slow[1]
    assert (d.clauses, sets, d.assumption_steps, d.varnames, d.nvars, d.comments) == \
        (d2.clauses, sets2, d2.assumption_steps, d2.varnames, d2.nvars, d2.comments)
    assert len(sets) == len(d.assumption_steps)
    assert all(x != 0 for s in sets for x in s)
    assert all(x != 0 for c in d.clauses for x in c)


def _check_output(data: bytes, nvars=None):
    try:
        result = parse_solver_output(data, nvars=nvars)
    except SolverOutputError as err:
        _one_line(err)
        return
    assert result.status in ("sat", "unsat", "unknown")
    variables = [abs(x) for x in result.model]
    assert variables == sorted(set(variables))
    assert 0 not in variables
    if nvars is not None:
        assert all(v <= nvars for v in variables)


def test_seeds_are_valid():
    for seed in SEEDS_CNF:
        parse_dimacs(seed)
    parse_icnf(VALID_ICNF)
    parse_icnf(INTERLEAVED_ICNF)
    for seed in SEEDS_OUT:
        parse_solver_output(seed)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(data):
    _check_dimacs(data)
    _check_icnf(data)
    _check_output(data)


@FUZZ
@given(mutated(SEEDS_CNF))
def test_mutated_dimacs(data):
    _check_dimacs(data)


@FUZZ
@given(mutated(SEEDS_CNF, most=3), st.integers(1, 40))
def test_fast_path_pieces_agree_with_scanner(data, piece):
    """The fast path reads in pieces cut at line ends; with tiny pieces every
    boundary case (clauses across pieces, a bad piece after good ones) shows."""
    saved = scan.PIECE_BYTES
    scan.PIECE_BYTES = piece
    try:
        _check_dimacs(data)
    finally:
        scan.PIECE_BYTES = saved


@FUZZ
@given(mutated([VALID_ICNF, INTERLEAVED_ICNF]))
def test_mutated_icnf(data):
    _check_icnf(data)


@FUZZ
@given(mutated(SEEDS_OUT, most=2), st.one_of(st.none(), st.integers(0, 6)))
def test_mutated_solver_output(data, nvars):
    _check_output(data, nvars)


@FUZZ
@given(st.lists(st.lists(st.integers(-40, 40).filter(bool), max_size=8), max_size=40),
       st.lists(st.text(max_size=6), max_size=40, unique=True), st.text(max_size=30))
def test_written_formulas_read_back(clauses, names, description):
    f = Formula(description=description)
    for name in names:
        f.var(name)
    top = max([len(names)] + [abs(x) for c in clauses for x in c])
    f.new_vars(top - len(names))
    f.add_clauses(clauses)
    text = dimacs_text(f, description=description, kind=description)
    for line in text.split("\n"):
        assert line == "" or line.startswith(("c ", "p cnf")) or line.endswith("0")
    d = parse_dimacs(text)
    assert d.clauses == f.clauses and d.nvars == f.nvars
    assert d.varnames == dict(f.names())
    g = Formula.from_dimacs(d)
    assert g.clauses == f.clauses and list(g.names()) == list(f.names())
    # description lines come back as written: control characters escaped,
    # trailing blanks dropped
    assert g.description == "\n".join(
        _clean(line).rstrip() for part in (description, description)
        for line in part.splitlines())
    d2, sets = parse_icnf(icnf_text(f, clauses[:3]))
    assert d2.clauses == f.clauses and sets == clauses[:3]


@pytest.mark.parametrize("data", [b"p cnf 1 1\n1 0\n" + b"c " + bytes(range(1, 256)),
                                  b"\x1f\x8b\x08\x00" + bytes(20)])
def test_odd_bytes(data):
    _check_dimacs(data)
    _check_icnf(data)
    _check_output(data)


# Tokens where python-sat's C tokenizer and the line scanner could part ways:
# glued signs, leading zeros, -0, huge integers, every blank byte, line ends.
_C_TOKENS = st.sampled_from([b"1", b"-2", b"3", b"0", b"0", b"0", b"00", b"-0", b"-01", b"1-2",
                             b"--1", b"-", b"+1", b"2147483648", b"9223372036854775808",
                             b"99999999999999999999999", b" ", b" ", b"\t", b"\r", b"\x0b",
                             b"\x0c", b"\n", b"\n", b"\r\n", b"c x\n", b"%\n"])


@FUZZ
@given(st.lists(_C_TOKENS, max_size=40), st.sampled_from([b"p cnf 3 ", b"p cnf 99 "]),
       st.integers(0, 12))
def test_c_tokenizer_path_agrees_with_scanner(tokens, head, count):
    """The bulk path through python-sat's C tokenizer gives exactly what the
    scanner gives (clauses or the same error), on bodies built from the tokens
    it could read differently."""
    if scan.c_parser is None:
        pytest.skip("python-sat without its pyformula C extension")
    body = b" ".join(tokens) if count % 2 else b"".join(tokens)
    _check_dimacs(head + str(count).encode() + b"\n" + body)


@settings(FUZZ, max_examples=150)
@given(mutated(SEEDS_CNF))
def test_json_path_agrees_with_scanner_without_c_tokenizer(data):
    """Without the C tokenizer (python-sat < 1.9) the json path decides."""
    saved = scan.c_parser
    scan.c_parser = None
    try:
        _check_dimacs(data)
    finally:
        scan.c_parser = saved


def test_c_tokenizer_reads_the_plain_layouts():
    """The layouts other tools write go through the C tokenizer and agree."""
    if scan.c_parser is None:
        pytest.skip("python-sat without its pyformula C extension")
    for text in (PLAIN, SATLIB, VALID_CNF, VALID_CNF.replace(b"\n", b"\r\n"),
                 b"p cnf 3 2\n 1 -2 0 \n\t-3  1 0\n\n"):
        calls = []
        real = scan.c_parser
        scan.c_parser = lambda *a: calls.append(1) or real(*a)
        try:
            _check_dimacs(text)
        finally:
            scan.c_parser = real
        assert calls
