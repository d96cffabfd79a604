"""DIMACS CNF, iCNF and SAT-solver output: writers and readers.

Writers (deterministic bytes, written atomically, gzip when the name ends in
``.gz``):

* :func:`write_dimacs` / :func:`dimacs_text` -- a DIMACS CNF file with a header
  in the style of cnfgen: generator and version, command line, description,
  puzzle kind, the encodings chosen, sizes per constraint group and in total,
  and a ``c varname <id> <name>`` line per named variable.
* :func:`write_icnf` / :func:`icnf_text` -- the incremental ``p inccnf``
  format: the same header, the clauses, then one ``a <lits> 0`` line per
  assumption set.

Readers (every failure is one :class:`~satgrid.errors.DimacsError` or
:class:`~satgrid.errors.SolverOutputError` whose text is
``file:line:column: what was expected``):

* :func:`read_dimacs` / :func:`parse_dimacs` -> :class:`DimacsFile`
* :func:`read_icnf` / :func:`parse_icnf` -> ``(DimacsFile, assumption sets)``
* :func:`read_solver_output` / :func:`parse_solver_output` ->
  :class:`SolverResult` (SAT-competition ``s``/``v`` lines as printed by
  cadical, kissat, picosat, cryptominisat, ...; minisat's result file).

The file of a small formula looks like this (variables are counted in the
group they were made in, clauses and literals in theirs)::

    c generator: satgrid 0.1.0
    c command line: satgrid dimacs tiny.toml -o tiny.cnf
    c description: Sudoku 4x4
    c kind: sudoku
    c encoding: sudoku.cell = pairwise
    c sizes per constraint group: variables clauses literals group
    c group 0 4  8 sudoku.cell
    c group 0 2  4 sudoku.row
    c group 4 0  0 main
    c total 4 6 12
    c varname 1 x[0,0]=1
    c varname 2 x[0,0]=2
    c varname 3 x[0,1]=1
    c varname 4 x[0,1]=2
    p cnf 4 6
    1 2 0
    -1 -2 0
    ...

Every header line starts with ``c ``; text given by a user never brings a line
break into it (a multi-line description becomes several lines, other fields
have control characters escaped). Names that are not plain (control
characters, leading or trailing blanks, a leading double quote) are written
as JSON strings, so reading gives back exactly the names written.

Speed (``bench/bench_dimacs.py``, 2 million clauses): writing formats chunks
of 10,000 clause lines with one C-level call each (the :mod:`json` encoder
with ``" "`` as separator, then one same-length ``bytes.replace``), about 3x
faster than PySAT's ``CNF.to_file``. Reading cuts the body into pieces of
256 kB that stay in the CPU cache and turns each into ``json.loads`` input
with a few ``bytes`` operations, stepping over comment lines; a body in
another layout goes through one ``split()``, and anything else (or any error)
through a precise line-by-line scanner. The scanner is the reference
semantics and alone reports errors: the bulk paths only ever give what it
would give (tests and fuzzing compare them). Reading is as fast as PySAT's
C parser, not faster: ``json.loads`` alone takes about half of PySAT's time.
"""

from __future__ import annotations

import gzip
import json
import operator
import os
import re
import warnings
import zlib
from dataclasses import dataclass, field
from itertools import chain
from typing import Callable, Iterable, Iterator, Sequence

from .errors import DimacsError, SolverOutputError
from .fileio import atomic_write_chunks
from .util import paused_gc
from .formula import Formula, Sizes

__all__ = [
    "DimacsFile", "SolverResult",
    "write_dimacs", "dimacs_text", "dimacs_chunks", "header_lines",
    "write_icnf", "icnf_text", "icnf_chunks",
    "read_dimacs", "parse_dimacs", "read_icnf", "parse_icnf",
    "read_solver_output", "parse_solver_output",
]

#: clause lines formatted (and written) per chunk: 10,000 lines (~250 kB) stay
#: in the CPU cache; 100,000 is 10-20% slower (bench/bench_dimacs.py)
CHUNK_CLAUSES = 10_000
#: zlib level of ``.gz`` output (6: zlib's default; 9 is much slower on CNF)

# ======================================================================
# header
# ======================================================================


def _clean(text: str) -> str:
    """``text`` on one line: every non-printable character (line breaks, tabs,
    other controls) escaped as in a Python literal."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _quote(name: str) -> str:
    """A name as written in ``c varname`` and ``c group`` lines: plain when it
    reads back unchanged, else a JSON string (ASCII only)."""
    name = str(name)
    if name and name.isprintable() and name == name.strip() and name[0] != '"':
        return name
    return json.dumps(name)


def _unquote(text: str) -> str | None:
    """Inverse of :func:`_quote` (None when a quoted name is malformed)."""
    text = text.strip()
    if text[:1] != '"':
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def header_lines(formula, *, command_line: str | None = None,
                 description: str | None = None, varnames: bool = True,
                 kind: str | None = None) -> list[str]:
    """The comment lines (without line ends) that head a file of ``formula``.

    Args:
        formula: a :class:`~satgrid.formula.Formula`.
        command_line: the command that made the file (``c command line: ...``).
        description: more description after ``formula.description``; each of
            its lines becomes a ``c description: ...`` line.
        varnames: add ``c varname <id> <name>`` for every named variable.
        kind: the puzzle kind (``c kind: ...``).

    Returns:
        Lines that all start with ``"c "``: about 6 + (number of groups) +
        (number of encodings) + (named variables if ``varnames``).
    """
    from . import __version__
    lines = [f"c generator: satgrid {__version__}"]
    if command_line is not None:
        lines.append(f"c command line: {_clean(command_line)}".rstrip())
    for text in (formula.description, description):
        for line in str(text or "").splitlines():
            lines.append(f"c description: {_clean(line)}".rstrip())
    if kind is not None:
        lines.append(f"c kind: {_clean(kind)}".rstrip())
    for constraint, method in sorted((str(k), str(v)) for k, v in formula.encodings.items()):
        lines.append(f"c encoding: {_clean(constraint)} = {_clean(method)}")
    sizes = formula.sizes()
    total = sum(sizes.values(), Sizes()) if sizes else formula.total()
    wv, wc, wl = (len(str(x)) for x in (total.variables, total.clauses, total.literals))
    lines.append("c sizes per constraint group: variables clauses literals group")
    for group, s in sizes.items():
        lines.append(f"c group {s.variables:>{wv}} {s.clauses:>{wc}} {s.literals:>{wl}} "
                     f"{_quote(group)}")
    lines.append(f"c total {total.variables:>{wv}} {total.clauses:>{wc}} {total.literals:>{wl}}")
    if varnames:
        lines.extend([f"c varname {v} {_quote(n)}" for v, n in formula.names()])
    return lines


# ======================================================================
# writing clauses
# ======================================================================

_JSON_LINE = json.JSONEncoder(separators=(" ", ":"), check_circular=False)
_LIT_CHARS = b"-0123456789"
_CHUNK_CHARS = b"-0123456789 []"


def _clause_block(part: list):
    """DIMACS lines (``"1 -2 3 0\\n"`` ...) of the clauses ``part``, as a
    tuple of bytes-like pieces.

    One C-level call formats the whole list: JSON with ``" "`` as separator
    gives ``[[1 -2 3] [4 5]]``; replacing ``"] ["`` by the same-length
    ``" 0\\n"`` gives the lines. A chunk that is not a list of non-empty lists
    of plain ints (empty clauses, numpy integers, ...) takes the plain path.
    """
    if part and all(part):
        try:
            text = _JSON_LINE.encode(part).encode("ascii")
        except (TypeError, ValueError):
            text = None
        if (text is not None and not text.translate(None, _CHUNK_CHARS)
                and text.count(b"[") == len(part) + 1):
            return memoryview(text.replace(b"] [", b" 0\n"))[2:-2], b" 0\n"
    out = []
    index = operator.index
    for clause in part:
        if clause:
            out.append(" ".join(map(str, map(index, clause))) + " 0\n")
        else:
            out.append("0\n")
    return ("".join(out).encode("ascii"),)


def _clause_chunks(groups: Iterable[list], chunk: int = CHUNK_CLAUSES) -> Iterator[bytes]:
    for clauses in groups:
        for start in range(0, len(clauses), chunk):
            yield from _clause_block(clauses[start:start + chunk])


def dimacs_chunks(formula, **options) -> Iterator[bytes]:
    """The bytes of the DIMACS file of ``formula``, in large chunks.

    Options are those of :func:`write_dimacs` (except the path).
    """
    lines = header_lines(formula, **options)
    lines.append(f"p cnf {formula.nvars} {formula.nclauses}")
    yield ("\n".join(lines) + "\n").encode("utf-8")
    yield from _clause_chunks(clauses for _, clauses in formula.clause_groups())


def write_dimacs(formula, path, *, command_line: str | None = None,
                 description: str | None = None, varnames: bool = True,
                 kind: str | None = None) -> None:
    """Write ``formula`` to ``path`` in DIMACS CNF, atomically.

    The file is the header of :func:`header_lines`, ``p cnf V C`` (V =
    ``formula.nvars``, C = ``formula.nclauses``), then one clause per line,
    group by group, each line ending in `` 0``. The same formula and options
    give the same bytes. A name ending in ``.gz`` is gzip-compressed (no file
    name and time 0 in the gzip header, so that too is deterministic).

    The bytes go to a temporary file in the directory of ``path`` that
    replaces ``path`` only once complete: on any failure nothing is left
    behind and an existing ``path`` is untouched.

    Args:
        formula: a :class:`~satgrid.formula.Formula`.
        path: file name (``str`` or path-like).
        command_line, description, varnames, kind: header contents, see
            :func:`header_lines`.

    Raises:
        OSError: the file cannot be written (missing directory, ...).
        TypeError: a literal that is not an integer.
    """
    atomic_write_chunks(path, dimacs_chunks(formula, command_line=command_line,
                                      description=description, varnames=varnames,
                                      kind=kind))


def dimacs_text(formula, *, command_line: str | None = None,
                description: str | None = None, varnames: bool = True,
                kind: str | None = None) -> str:
    """The DIMACS text that :func:`write_dimacs` writes (uncompressed)."""
    return b"".join(dimacs_chunks(formula, command_line=command_line,
                                  description=description, varnames=varnames,
                                  kind=kind)).decode("utf-8")


def _check_assumptions(formula, assumption_sets) -> list[list[int]]:
    sets = []
    top = formula.nvars
    for i, lits in enumerate(assumption_sets):
        lits = [operator.index(x) for x in lits]
        for x in lits:
            if x == 0 or abs(x) > top:
                raise ValueError(f"assumption set {i}: literal {x} is not a variable "
                                 f"of the formula (1..{top})")
        sets.append(lits)
    return sets


def icnf_chunks(formula, assumption_sets: Iterable[Sequence[int]], **options) -> Iterator[bytes]:
    """The bytes of the iCNF file of ``formula`` (see :func:`write_icnf`)."""
    sets = _check_assumptions(formula, assumption_sets)
    lines = header_lines(formula, **options)
    lines.append("p inccnf")
    yield ("\n".join(lines) + "\n").encode("utf-8")
    yield from _clause_chunks(clauses for _, clauses in formula.clause_groups())
    for start in range(0, len(sets), CHUNK_CLAUSES):
        yield "".join(["a " + " ".join(map(str, lits)) + " 0\n" if lits else "a 0\n"
                       for lits in sets[start:start + CHUNK_CLAUSES]]).encode("ascii")


def write_icnf(formula, assumption_sets: Iterable[Sequence[int]], path, **header_options) -> None:
    """Write ``formula`` and assumption sets in the incremental iCNF format.

    The file is the header of :func:`header_lines`, ``p inccnf``, the clauses
    of ``formula`` (as in DIMACS), then one ``a <lits> 0`` line per assumption
    set: a solver reading it solves the clauses under each set in turn (the
    ``inccnf`` format of the incremental tracks, ilingeling, ...). Written
    atomically, gzip for ``.gz``, deterministic -- as :func:`write_dimacs`.

    Args:
        formula: a :class:`~satgrid.formula.Formula`.
        assumption_sets: sequences of literals over the formula's variables.
        path: file name.
        header_options: ``command_line``, ``description``, ``varnames``, ``kind``.

    Raises:
        ValueError: an assumption literal that is 0 or not a variable.
        OSError: the file cannot be written.
    """
    atomic_write_chunks(path, icnf_chunks(formula, assumption_sets, **header_options))


def icnf_text(formula, assumption_sets: Iterable[Sequence[int]], **header_options) -> str:
    """The iCNF text that :func:`write_icnf` writes (uncompressed)."""
    return b"".join(icnf_chunks(formula, assumption_sets, **header_options)).decode("utf-8")


# ======================================================================
# reading: shared helpers
# ======================================================================

_WS = b" \t\n\r\x0b\x0c"              # what bytes.split() splits on
_TOKEN = re.compile(rb"[^ \t\n\r\x0b\x0c]+")
_INT = re.compile(rb"-?[0-9]+")
_LINE_OK = _LIT_CHARS + _WS


def _column(line: bytes, pos: int) -> int:
    """1-based column (in characters) of byte ``pos`` of ``line``."""
    return len(line[:pos].decode("utf-8", "replace")) + 1


def _show(tok: bytes) -> str:
    text = tok.decode("utf-8", "backslashreplace")
    if len(text) > 24:
        text = text[:21] + "..."
    return repr(text)


def _tokens(line: bytes) -> list[tuple[int, bytes]]:
    return [(m.start(), m.group()) for m in _TOKEN.finditer(line)]


def _eof_position(data: bytes) -> tuple[int, int]:
    last = data.rfind(b"\n")
    return data.count(b"\n") + 1, _column(data[last + 1:], len(data) - last - 1)


def _offset_position(data: bytes, offset: int) -> tuple[int, int]:
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, _column(data[start:offset + 1], offset - start)


def _load(path_or_data, name, error: type) -> tuple[bytes, str]:
    """Bytes of a file (gunzipped when it starts with the gzip magic)."""
    if isinstance(path_or_data, (bytes, bytearray, memoryview)):
        data = bytes(path_or_data)
    else:
        fname = os.fspath(path_or_data)
        name = fname if name is None else name
        try:
            with open(fname, "rb") as fh:
                data = fh.read()
        except OSError as e:
            raise error(f"cannot read the file: {e.strerror or e}", name) from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as e:
            raise error(f"not a valid gzip file ({e})", name) from None
    return data, name


def _check_text(data: bytes, name: str, error: type) -> None:
    """Reject binary data: NUL bytes (invalid UTF-8 is found where it is read)."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _offset_position(data, nul)
        raise error("binary data (a NUL byte) where text was expected", name, line, col)


def _decode_line(line: bytes, lineno: int, name: str, error: type) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"invalid UTF-8 byte 0x{line[e.start]:02x}: expected text", name,
                    lineno, _column(line, e.start)) from None


def _token_error(tok: bytes, lineno: int, line: bytes, pos: int, name: str, error: type,
                 what: str = "a literal (an integer)"):
    """The error for a token that is not an integer."""
    try:
        tok.decode("utf-8")
    except UnicodeDecodeError as e:
        return error(f"invalid UTF-8 byte 0x{tok[e.start]:02x}: expected text", name,
                     lineno, _column(line, pos + e.start))
    return error(f"expected {what}, found {_show(tok)}", name, lineno, _column(line, pos))


# ======================================================================
# reading DIMACS / iCNF
# ======================================================================


@dataclass
class DimacsFile:
    """A DIMACS CNF (or iCNF) file as read.

    Attributes:
        nvars: the declared number of variables (``p cnf V C``; for iCNF, the
            largest variable used, named or in the header's total).
        clauses: the clauses, lists of non-zero ints, in file order.
        comments: the text of every comment line (without ``c`` and one
            following blank), in file order.
        varnames: ``{id: name}`` from ``c varname <id> <name>`` lines.
        name: the file name used in messages.
        declared_clauses: the clause count of the ``p cnf`` line (None for iCNF).
        preamble: how many of ``comments`` come before the ``p`` line.
        assumption_steps: iCNF only: for each assumption set, how many clauses
            came before it in the file.
    """

    nvars: int
    clauses: list
    comments: list = field(default_factory=list)
    varnames: dict = field(default_factory=dict)
    name: str = "<string>"
    declared_clauses: int | None = None
    preamble: int = 0
    assumption_steps: list | None = None

    @property
    def nclauses(self) -> int:
        return len(self.clauses)

    @property
    def header(self) -> dict:
        """The fields of a satgrid header found before the ``p`` line.

        Keys present when found: ``generator``, ``command line``, ``kind``
        (str), ``description`` (str, lines joined with newlines), ``encodings``
        (dict), ``groups`` (dict name -> Sizes), ``total`` (Sizes).
        """
        out: dict = {}
        descr = []
        for text in self.comments[:self.preamble]:
            key, sep, value = text.partition(": ")
            if key in ("generator", "command line", "kind") and sep:
                out.setdefault(key, value)
            elif key == "description":
                descr.append(value)
            elif text == "description:":
                descr.append("")
            elif key == "encoding" and " = " in value:
                c, _, m = value.rpartition(" = ")
                out.setdefault("encodings", {})[c] = m
            elif text.startswith(("group ", "total ")):
                parts = text.split(None, 4)
                nums = parts[1:4]
                if len(nums) == 3 and all(_INT.fullmatch(p.encode()) for p in nums):
                    sizes = Sizes(*map(int, nums))
                    if parts[0] == "total" and len(parts) == 4:
                        out["total"] = sizes
                    elif parts[0] == "group" and len(parts) == 5:
                        group = _unquote(parts[4])
                        if group is not None:
                            out.setdefault("groups", {})[group] = sizes
        if descr:
            out["description"] = "\n".join(descr)
        return out

    def to_formula(self):
        """A :class:`~satgrid.formula.Formula` with these clauses and names.

        Every variable 1..nvars is a primary variable (DIMACS does not tell
        auxiliary ones apart) carrying its ``c varname`` name. When the
        satgrid header lists constraint groups whose clause counts add up to
        the file's, clauses get their groups back (variables all belong to
        the default group); so do the description and the encodings.
        """
        head = self.header
        f = Formula.from_clauses([], self.nvars)
        for v, n in sorted(self.varnames.items()):
            f.set_name(v, n)
        f.description = head.get("description", "")
        f.encodings = dict(head.get("encodings", {}))
        groups = head.get("groups", {})
        if groups and sum(s.clauses for s in groups.values()) == len(self.clauses):
            start = 0
            for g, s in groups.items():
                if s.clauses:
                    f.add_clauses(self.clauses[start:start + s.clauses], g)
                    start += s.clauses
        else:
            f.add_clauses(self.clauses)
        return f


class _Comments:
    """Collects comment lines and the ``c varname`` map."""

    def __init__(self, name: str):
        self.name = name
        self.texts: list[str] = []
        self.varnames: dict[int, str] = {}
        self.by_name: dict[str, int] = {}
        self.where: dict[int, tuple] = {}      # id -> (lineno, line, pos) to check ids later
        self.limit: int | None = None          # declared variables, once known

    def add(self, line: bytes, lineno: int) -> None:
        text = _decode_line(line, lineno, self.name, DimacsError)
        body = text.lstrip()[1:]
        if body[:1] == " ":
            body = body[1:]
        body = body.rstrip("\r")
        self.texts.append(body)
        if body.startswith("varname"):
            self._varname(body, line, lineno)

    def _varname(self, body: str, line: bytes, lineno: int) -> None:
        parts = body.split(None, 2)
        if parts[0] != "varname":
            return
        vpos = line.find(b"varname") + 7
        if len(parts) < 2 or not parts[1].isascii() or not parts[1].isdigit() \
                or int(parts[1]) == 0:
            raise DimacsError("expected 'c varname <variable> <name>' with a variable id >= 1",
                              self.name, lineno, _column(line, _skip_ws(line, vpos)))
        v = int(parts[1])
        idpos = _skip_ws(line, vpos)
        name = _unquote(parts[2]) if len(parts) == 3 else None
        if name is None:
            npos = _skip_ws(line, idpos + len(parts[1]))
            raise DimacsError(f"expected a name after 'c varname {v}'", self.name, lineno,
                              _column(line, npos))
        if v in self.varnames:
            raise DimacsError(f"variable {v} is named twice", self.name, lineno,
                              _column(line, idpos))
        if name in self.by_name:
            raise DimacsError(f"name {name!r} is given to variables {self.by_name[name]} "
                              f"and {v}", self.name, lineno,
                              _column(line, _skip_ws(line, idpos + len(parts[1]))))
        self.varnames[v] = name
        self.by_name[name] = v
        self.where[v] = (lineno, line, idpos)
        if self.limit is not None:
            self.check_ids(self.limit, (v,))

    def check_ids(self, nvars: int, ids: Iterable[int] | None = None) -> None:
        for v in (self.varnames if ids is None else ids):
            if v > nvars:
                lineno, line, pos = self.where[v]
                raise DimacsError(f"variable {v} is beyond the declared {nvars} variables",
                                  self.name, lineno, _column(line, pos))


def _skip_ws(line: bytes, pos: int) -> int:
    while pos < len(line) and line[pos] in _WS:
        pos += 1
    return pos


@dataclass
class _Problem:
    nvars: int | None
    nclauses: int | None
    lineno: int
    line: bytes
    count_pos: int | None


def _header(data: bytes, name: str, comments: _Comments, fmt: str) -> tuple[_Problem, int, int]:
    """Parse up to the ``p`` line: returns the problem line, the offset of the
    body and its first line number."""
    expect = "'p cnf <variables> <clauses>'" if fmt == "cnf" else "'p inccnf'"
    if not data.strip():
        raise DimacsError(f"empty file: expected a {expect} line", name, 1, 1)
    pos, lineno, size = 0, 1, len(data)
    while pos < size:
        end = data.find(b"\n", pos)
        if end < 0:
            end = size
        line = data[pos:end]
        toks = line.split()
        if toks:
            first = toks[0][:1]
            if first == b"c":
                comments.add(line, lineno)
            elif first == b"p":
                return _problem_line(line, lineno, name, fmt), end + 1, lineno + 1
            else:
                tpos = _skip_ws(line, 0)
                if first == b"%" and fmt == "cnf":
                    raise DimacsError(f"expected a {expect} line before the end marker '%'",
                                      name, lineno, _column(line, tpos))
                raise DimacsError(f"expected a {expect} line before the clauses", name,
                                  lineno, _column(line, tpos))
        pos, lineno = end + 1, lineno + 1
    line, col = _eof_position(data)
    raise DimacsError(f"missing {expect} line", name, line, col)


def _problem_line(line: bytes, lineno: int, name: str, fmt: str) -> _Problem:
    toks = _tokens(line)

    def fail(i, what):
        pos = toks[i][0] if i < len(toks) else len(line.rstrip(_WS))
        raise DimacsError(what, name, lineno, _column(line, pos))

    if toks[0][1] != b"p":
        fail(0, "expected 'p' followed by a blank at the start of the problem line")
    if fmt == "icnf":
        if len(toks) < 2 or toks[1][1] != b"inccnf":
            fail(1, "expected 'inccnf' after 'p'" + (
                " (this is a DIMACS CNF file)" if len(toks) > 1 and toks[1][1] == b"cnf" else ""))
        if len(toks) > 2:
            fail(2, f"expected the end of the line after 'p inccnf', found {_show(toks[2][1])}")
        return _Problem(None, None, lineno, line, None)
    if len(toks) < 2 or toks[1][1] != b"cnf":
        hint = ""
        if len(toks) > 1 and toks[1][1] == b"inccnf":
            hint = " (this is an iCNF file: read it with read_icnf)"
        elif len(toks) > 1:
            hint = f", found {_show(toks[1][1])}"
        fail(1, f"expected 'cnf' after 'p'{hint}")
    nums = []
    for i, what in ((2, "the number of variables"), (3, "the number of clauses")):
        if i >= len(toks):
            fail(i, f"expected {what} in 'p cnf <variables> <clauses>'")
        tok = toks[i][1]
        if not tok.isdigit():
            fail(i, f"expected {what} (an integer >= 0), found {_show(tok)}")
        nums.append(int(tok))
    if len(toks) > 4:
        fail(4, f"expected the end of the 'p cnf' line, found {_show(toks[4][1])}")
    return _Problem(nums[0], nums[1], lineno, line, toks[3][0])


_CANON = b"-0123456789 \n"
_SPACE_TO_COMMA = bytes.maketrans(b" ", b",")
_SEPARATORS_TO_SPACE = bytes.maketrans(b"[]-,", b"    ")


def _json_clauses(text) -> list | None:
    try:
        return json.loads(text)
    except ValueError:            # JSONDecodeError; too many digits for int()
        return None


def _fast_clauses(buf: bytes, start: int, end: int, nvars: int | None) -> list | None:
    """Clauses of the region ``buf[start:end]`` (whole lines, no comments) by
    bulk ``bytes`` operations
    and :func:`json.loads`, or None when the region is not in a form this
    path reads exactly like the line scanner, or has a literal beyond
    ``nvars`` (the scanner then decides, and locates any error).

    The plain form -- every line ``l1 l2 ... lk 0`` with single blanks -- is
    read in pieces of about :data:`PIECE_BYTES` that stay in the CPU cache;
    any other layout of integers and blanks goes through one ``split()``.
    """
    while end > start and buf[end - 1] in _WS:
        end -= 1
    if end <= start:
        return []
    out: list = []
    pos = start
    while pos < end:
        cut = buf.find(b"\n", pos + PIECE_BYTES, end)
        cut = end if cut < 0 else cut + 1
        piece = buf[pos:cut] if cut < end else buf[pos:end] + b"\n"
        clauses = _plain_piece(piece)
        if clauses is None:
            out = None
            break
        if nvars is not None and _literal_range(clauses) > nvars:
            return None               # the scanner will say where
        out += clauses
        pos = cut
    if out is None:
        out = _fast_tokens(buf[start:end])
        if out is not None and nvars is not None and _literal_range(out) > nvars:
            return None
    return out


#: size of the pieces read at a time by the fast path (fits a CPU cache)
PIECE_BYTES = 1 << 18


def _plain_piece(piece: bytes) -> list | None:
    """Clauses of ``piece`` (whole lines, ending in a newline) when it is in
    the plain form, else None."""
    if b"\r" in piece:
        piece = piece.replace(b"\r\n", b"\n")
    if piece.translate(None, _CANON) or not piece.endswith(b" 0\n"):
        return None
    rows = piece.replace(b" 0\n", b"],[")
    # Every newline ended a clause, and no other token is 0 (nor -0): a 0
    # left would now stand between blanks once '[', ']', ',' and '-' are too.
    if b"\n" in rows:
        return None
    marks = rows.translate(_SEPARATORS_TO_SPACE)
    if b" 0 " in marks or marks[:2] == b"0 ":
        return None
    text = b"".join((b"[[", memoryview(rows.translate(_SPACE_TO_COMMA))[:-3], b"]]"))
    return _json_clauses(text.decode("ascii"))


def _fast_tokens(region: bytes) -> list | None:
    """Clauses of a region of integers and blanks in any layout (clauses over
    several lines, several clauses on a line, tabs, CRLF)."""
    if region.translate(None, _LINE_OK):
        return None                   # comments, '%', letters, garbage: scanner
    toks = region.split()
    if not toks:
        return []
    if len(toks) < 2 or toks[-1] != b"0":
        return None
    rows = (b" ".join(toks) + b" ").replace(b" 0 ", b"],[")
    del toks
    if not rows.endswith(b"],["):
        return None
    marks = rows.translate(_SEPARATORS_TO_SPACE)
    if b" 0 " in marks or marks[:2] == b"0 ":
        return None
    del marks
    text = b"".join((b"[[", memoryview(rows.translate(_SPACE_TO_COMMA))[:-3], b"]]"))
    return _json_clauses(text.decode("ascii"))


def _literal_range(clauses: list) -> int:
    """The largest variable in ``clauses`` (0 when there is none)."""
    return max(map(abs, chain.from_iterable(clauses)), default=0)


class _Scanner:
    """The precise line-by-line reader of a clause region: the reference
    semantics of the formats, and the only source of located errors."""

    def __init__(self, name: str, comments: _Comments, nvars: int | None, fmt: str):
        self.name = name
        self.comments = comments
        self.nvars = nvars
        self.fmt = fmt
        self.clauses: list[list[int]] = []
        self.assumptions: list[list[int]] = []
        self.steps: list[int] = []
        self.cur: list[int] = []
        self.last = None            # (lineno, line) of the last literal of self.cur

    def bad_line(self, line: bytes, lineno: int, toks: list[tuple[int, bytes]]):
        """The error of the first token of ``line`` that is not a literal."""
        nvars = self.nvars
        for pos, tok in toks:
            if not _INT.fullmatch(tok):
                return _token_error(tok, lineno, line, pos, self.name, DimacsError,
                                    "a literal (an integer) or 0 to end the clause")
            try:
                value = int(tok)
            except ValueError:        # more digits than int() accepts
                value = None
            if nvars is not None and (value is None or abs(value) > nvars):
                return DimacsError(f"literal {_show(tok)[1:-1]} is beyond the declared "
                                   f"{nvars} variables", self.name, lineno, _column(line, pos))
            if value is None:
                return DimacsError(f"integer {_show(tok)[1:-1]} is too large", self.name,
                                   lineno, _column(line, pos))
        return DimacsError("unreadable line", self.name, lineno, 1)  # pragma: no cover

    def numbers(self, line: bytes, lineno: int, toks: list[bytes]) -> list[int]:
        if line.translate(None, _LINE_OK):
            raise self.bad_line(line, lineno, _tokens(line))
        try:
            nums = list(map(int, toks))
        except ValueError:
            raise self.bad_line(line, lineno, _tokens(line)) from None
        nvars = self.nvars
        if nvars is not None and (max(nums) > nvars or -min(nums) > nvars):
            raise self.bad_line(line, lineno, _tokens(line))
        return nums

    def scan(self, region: bytes, lineno: int) -> None:
        clauses = self.clauses
        for line in region.split(b"\n"):
            toks = line.split()
            if not toks:
                lineno += 1
                continue
            first = toks[0][:1]
            if first == b"c":
                self.comments.add(line, lineno)
            elif first == b"%" and self.fmt == "cnf":
                return               # SATLIB end marker: the rest is not read
            elif first == b"p":
                raise DimacsError("a second problem ('p') line", self.name, lineno,
                                  _column(line, _skip_ws(line, 0)))
            elif first == b"a" and self.fmt == "icnf":
                self.assumption(line, lineno, toks)
            else:
                nums = self.numbers(line, lineno, toks)
                cur = self.cur
                if not cur and nums[-1] == 0 and nums.index(0) == len(nums) - 1:
                    nums.pop()
                    clauses.append(nums)
                else:
                    start = 0
                    for i, x in enumerate(nums):
                        if x == 0:
                            cur.extend(nums[start:i])
                            clauses.append(cur)
                            cur = []
                            start = i + 1
                    cur.extend(nums[start:])
                    self.cur = cur
                    if cur:
                        self.last = (lineno, line)
            lineno += 1

    def assumption(self, line: bytes, lineno: int, toks: list[bytes]) -> None:
        apos = _skip_ws(line, 0)
        if toks[0] != b"a":
            raise DimacsError(f"expected a literal or 'a', found {_show(toks[0])}",
                              self.name, lineno, _column(line, apos))
        if self.cur:
            raise DimacsError("expected 0 to end the clause before this 'a' line",
                              self.name, lineno, _column(line, apos))
        masked = line[:apos] + b" " + line[apos + 1:]    # same columns, no 'a'
        nums = self.numbers(masked, lineno, toks[1:]) if len(toks) > 1 else []
        if not nums or nums[-1] != 0:
            raise DimacsError("expected 0 at the end of the 'a' line", self.name, lineno,
                              _column(line, len(line.rstrip(_WS))))
        if nums.index(0) != len(nums) - 1:
            spots = _tokens(masked)
            after = spots[nums.index(0) + 1][0]
            raise DimacsError("expected one assumption set per 'a' line, ended by its only 0",
                              self.name, lineno, _column(line, after))
        nums.pop()
        self.assumptions.append(nums)
        self.steps.append(len(self.clauses))

    def finish(self) -> None:
        if self.cur:
            lineno, line = self.last
            raise DimacsError("expected 0 to end the last clause", self.name, lineno,
                              _column(line, len(line.rstrip(_WS))))


def _fast_body(body: bytes, first: int, lineno: int, scanner: "_Scanner") -> bool:
    """Read the body ``body[first:]`` (from line ``lineno`` on) in bulk into
    ``scanner``.

    Lines starting with ``c`` (and ``a`` in iCNF) are stepped over: the
    clause segments between them go through :func:`_fast_clauses`, then the
    scanner's own code reads those lines, in order. Returns False, having
    changed nothing, when a segment is not for the bulk path (the scanner
    must then read the whole body; it alone reports errors in clauses).
    """
    fmt = scanner.fmt
    end = len(body)
    if fmt == "cnf" and body.find(b"%", first) >= 0:    # SATLIB end marker
        if body[first:first + 1] == b"%":
            end = first
        else:
            end = body.find(b"\n%", first) + 1 or end
    heads = b"ca" if fmt == "icnf" else b"c"
    marks = [b"\n" + bytes([h]) for h in heads]
    ahead = {m: -2 for m in marks}               # next occurrence of each mark

    def next_special(frm: int) -> int:
        if frm < end and body[frm] in heads and (frm == first or body[frm - 1] == 10):
            return frm
        best = end
        for m in marks:
            if ahead[m] < frm - 1:
                found = body.find(m, frm, end)
                ahead[m] = end if found < 0 else found
            best = min(best, ahead[m] + 1)
        return min(best, end)

    clauses: list = []
    specials = []                                # (line, its number, clauses before)
    pos = first
    while pos < end:
        start = next_special(pos)
        if start > pos:
            got = _fast_clauses(body, pos, start, scanner.nvars)
            if got is None:
                return False
            clauses += got
        if start >= end:
            break
        lineno += body.count(b"\n", pos, start)
        stop = body.find(b"\n", start, end)
        stop = end if stop < 0 else stop
        specials.append((body[start:stop], lineno, len(clauses)))
        lineno += 1
        pos = stop + 1
    for line, number, before in specials:
        toks = line.split()
        if line[:1] == b"c":
            scanner.comments.add(line, number)
        else:
            scanner.assumption(line, number, toks)
            scanner.steps[-1] = before
    scanner.clauses = clauses
    return True


def _parse(data: bytes, name: str, fmt: str, strict_count: bool = True,
           warn: Callable[[str], object] | None = None, force_scan: bool = False) -> DimacsFile:
    _check_text(data, name, DimacsError)
    comments = _Comments(name)
    problem, offset, lineno = _header(data, name, comments, fmt)
    preamble = len(comments.texts)
    if problem.nvars is not None:
        comments.check_ids(problem.nvars)
        comments.limit = problem.nvars
    scanner = _Scanner(name, comments, problem.nvars, fmt)
    with paused_gc():
        if force_scan or not _fast_body(data, offset, lineno, scanner):
            scanner.scan(data[offset:], lineno)
            scanner.finish()
    clauses, assumptions, steps = scanner.clauses, scanner.assumptions, scanner.steps
    if fmt == "cnf":
        if len(clauses) != problem.nclauses:
            err = DimacsError(f"the 'p cnf' line declares {problem.nclauses} clauses, "
                              f"the file has {len(clauses)}", name, problem.lineno,
                              _column(problem.line, problem.count_pos))
            if strict_count:
                raise err
            (warn or _default_warn)(str(err))
        return DimacsFile(problem.nvars, clauses, comments.texts, comments.varnames, name,
                          problem.nclauses, preamble)
    # iCNF: no declared counts.
    with paused_gc():
        top = max(_literal_range(clauses), _literal_range(assumptions),
                  max(comments.varnames, default=0))
    result = DimacsFile(top, clauses, comments.texts, comments.varnames, name, None,
                        preamble, steps)
    total = result.header.get("total")
    if total is not None and total.variables > top:
        result.nvars = total.variables
    return result, assumptions


def _default_warn(message: str) -> None:
    warnings.warn(message, UserWarning, stacklevel=4)


def _as_bytes(text_or_bytes) -> bytes:
    if isinstance(text_or_bytes, str):
        return text_or_bytes.encode("utf-8", "surrogatepass")
    return bytes(text_or_bytes)


def parse_dimacs(text_or_bytes, name: str = "<string>", *, strict_count: bool = True,
                 warn: Callable[[str], object] | None = None) -> DimacsFile:
    """Read DIMACS CNF from a string or bytes (gzip-compressed bytes too).

    See :func:`read_dimacs` for what is accepted; ``name`` is the file name
    used in error messages.
    """
    data, name = _load(_as_bytes(text_or_bytes), name, DimacsError)
    return _parse(data, name, "cnf", strict_count, warn)


def read_dimacs(path, *, strict_count: bool = True,
                warn: Callable[[str], object] | None = None) -> DimacsFile:
    """Read a DIMACS CNF file (gzip-compressed too, found by its magic bytes).

    Accepted: comment lines (``c`` first) anywhere -- before and after the
    ``p cnf V C`` line and between clauses --, clauses spanning lines,
    several clauses on a line, blank lines, tabs, CRLF line ends, no final
    newline, and the ``%`` end marker of old SATLIB files (a line starting
    with ``%`` ends the clauses; the rest is not read). ``c varname <id>
    <name>`` lines give :attr:`DimacsFile.varnames`.

    Args:
        path: file name.
        strict_count: a clause count that differs from the ``p cnf`` line is
            an error; when False, ``warn(message)`` is called instead.
        warn: receives the one-line message (default :func:`warnings.warn`).

    Returns:
        A :class:`DimacsFile`. Reading a 2-million-clause file takes about a
        second (see ``bench/bench_dimacs.py``).

    Raises:
        DimacsError: ``file:line:column: what was expected`` for an empty file,
            a missing or malformed ``p cnf`` line, a token that is not an
            integer, a literal beyond the declared variables, an unterminated
            last clause, a clause count mismatch, bytes that are not UTF-8
            text, a bad ``c varname`` line, an unreadable or bad gzip file.
    """
    data, name = _load(path, None, DimacsError)
    return _parse(data, name, "cnf", strict_count, warn)


def parse_icnf(text_or_bytes, name: str = "<string>") -> tuple[DimacsFile, list[list[int]]]:
    """Read iCNF from a string or bytes; see :func:`read_icnf`."""
    data, name = _load(_as_bytes(text_or_bytes), name, DimacsError)
    return _parse(data, name, "icnf")


def read_icnf(path) -> tuple[DimacsFile, list[list[int]]]:
    """Read an incremental CNF file (``p inccnf``).

    Clauses (as in DIMACS, any layout) and ``a <lits> 0`` assumption lines
    may be interleaved; :attr:`DimacsFile.assumption_steps` tells how many
    clauses preceded each assumption set.

    Returns:
        ``(DimacsFile, assumption_sets)``.

    Raises:
        DimacsError: as :func:`read_dimacs` (``p inccnf`` instead of
            ``p cnf``; an ``a`` line must end with its only 0).
    """
    data, name = _load(path, None, DimacsError)
    return _parse(data, name, "icnf")


# ======================================================================
# solver output
# ======================================================================


@dataclass(frozen=True)
class SolverResult:
    """What a SAT solver printed.

    Attributes:
        status: ``"sat"``, ``"unsat"`` or ``"unknown"``.
        model: the literals printed, sorted by variable, each once (PySAT
            style: ``[1, -2, 3]``); empty unless ``status == "sat"``.
    """

    status: str
    model: list


_S_STATUS = {b"SATISFIABLE": "sat", b"UNSATISFIABLE": "unsat", b"UNKNOWN": "unknown",
             b"INDETERMINATE": "unknown"}
_MINISAT_STATUS = {b"SAT": "sat", b"UNSAT": "unsat", b"INDET": "unknown"}


class _ModelReader:
    """Collects model literals from ``v`` lines (or minisat's model line)."""

    def __init__(self, name: str, nvars: int | None):
        self.name = name
        self.nvars = nvars
        self.parts: list[list[int]] = []
        self.lines: list[tuple[int, bytes, int]] = []   # (lineno, line, offset of literals)
        self.done = False
        self.last = None

    def error(self, msg, lineno, line, pos):
        return SolverOutputError(msg, self.name, lineno, _column(line, pos))

    def add(self, line: bytes, lineno: int, start: int) -> None:
        rest = line[start:]
        toks = rest.split()
        if not toks:
            return
        if self.done:
            pos = start + _skip_ws(rest, 0)
            raise self.error("a model literal after the model's terminating 0", lineno, line, pos)
        try:
            if rest.translate(None, _LINE_OK):
                raise ValueError
            nums = list(map(int, toks))
        except ValueError:
            for pos, tok in _tokens(rest):
                if not _INT.fullmatch(tok):
                    raise _token_error(tok, lineno, line, start + pos, self.name,
                                       SolverOutputError, "a literal (an integer)") from None
            raise self.error("integer too large", lineno, line, start) from None
        nvars = self.nvars
        if nvars is not None and (max(nums) > nvars or -min(nums) > nvars):
            for pos, tok in _tokens(rest):
                if abs(int(tok)) > nvars:
                    raise self.error(f"literal {int(tok)} is beyond the formula's {nvars} "
                                     "variables", lineno, line, start + pos)
        if 0 in nums:
            i = nums.index(0)
            if i != len(nums) - 1:
                pos = _tokens(rest)[i + 1][0]
                raise self.error("a model literal after the model's terminating 0",
                                 lineno, line, start + pos)
            nums.pop()
            self.done = True
        self.parts.append(nums)
        self.lines.append((lineno, line, start))
        self.last = (lineno, line)

    def model(self) -> list[int]:
        if self.last is not None and not self.done:
            lineno, line = self.last
            raise self.error("expected 0 to end the model", lineno, line, len(line.rstrip(_WS)))
        lits = list(chain.from_iterable(self.parts))
        seen = set(lits)
        if any(-x in seen for x in seen):
            self._clash()
        return sorted(seen, key=abs)

    def _clash(self) -> None:
        seen: set[int] = set()
        for lineno, line, start in self.lines:
            for pos, tok in _tokens(line[start:]):
                x = int(tok)
                if -x in seen:
                    raise self.error(f"variable {abs(x)} is given both signs", lineno, line,
                                     start + pos)
                seen.add(x)


def parse_solver_output(text, name: str = "<string>", nvars: int | None = None) -> SolverResult:
    """Read a SAT solver's output from a string or bytes; see :func:`read_solver_output`."""
    data, name = _load(_as_bytes(text), name, SolverOutputError)
    return _solver_output(data, name, nvars)


def read_solver_output(path_or_text, name: str | None = None,
                       nvars: int | None = None) -> SolverResult:
    """Read what a SAT solver printed.

    Two formats, told apart by the first line that is not blank or a comment:

    * SAT competition (cadical, kissat, glucose, picosat, cryptominisat, ...):
      ``c`` comment lines, one status line ``s SATISFIABLE`` /
      ``s UNSATISFIABLE`` / ``s UNKNOWN`` (also ``s INDETERMINATE``), and for
      SAT ``v`` lines whose literals end with a 0 (the 0 may be alone on the
      last ``v`` line).
    * minisat's result file (``minisat in.cnf out``): ``SAT`` followed by the
      model line ending with 0, ``UNSAT``, or ``INDET``.

    Args:
        path_or_text: a file name (``str`` without a newline, or path-like),
            or the output itself (``bytes``, or ``str`` with a newline).
        name: the name used in messages (default: the file name or
            ``"<string>"``).
        nvars: the formula's variable count; larger literals are errors.

    Returns:
        :class:`SolverResult`; the model lists each printed variable once,
        sorted by variable.

    Raises:
        SolverOutputError: ``file:line:column: ...`` -- no status line, two
            status lines, a model without ``s SATISFIABLE``, a token that is not
            an integer, a model without its terminating 0 or with literals after
            it, a literal beyond ``nvars``, a variable with both signs,
            an unreadable file, a line that belongs to neither format.
    """
    if isinstance(path_or_text, str) and ("\n" in path_or_text or not path_or_text):
        data, name = _load(_as_bytes(path_or_text), name or "<string>", SolverOutputError)
    elif isinstance(path_or_text, (bytes, bytearray, memoryview)):
        data, name = _load(path_or_text, name or "<string>", SolverOutputError)
    else:
        data, name = _load(path_or_text, name, SolverOutputError)
    return _solver_output(data, name, nvars)


def _solver_output(data: bytes, name: str, nvars: int | None) -> SolverResult:
    _check_text(data, name, SolverOutputError)
    lines = data.split(b"\n")
    fmt = "competition"
    for line in lines:
        toks = line.split()
        if toks and not toks[0].startswith(b"c"):
            fmt = "minisat" if toks[0] in _MINISAT_STATUS else "competition"
            break
    reader = _ModelReader(name, nvars)
    status = None
    for lineno, line in enumerate(lines, 1):
        toks = line.split()
        if not toks:
            continue
        pos = _skip_ws(line, 0)
        head = toks[0]
        if fmt == "competition":
            if head[:1] == b"c":
                _decode_line(line, lineno, name, SolverOutputError)
                continue
            if head == b"s":
                if status is not None:
                    raise SolverOutputError("a second status ('s') line", name, lineno,
                                            _column(line, pos))
                spots = _tokens(line)
                if len(toks) < 2 or toks[1] not in _S_STATUS:
                    where = spots[1][0] if len(spots) > 1 else pos + 1
                    found = f", found {_show(toks[1])}" if len(toks) > 1 else ""
                    raise SolverOutputError("expected SATISFIABLE, UNSATISFIABLE or UNKNOWN "
                                            f"after 's'{found}", name, lineno,
                                            _column(line, where))
                if len(toks) > 2:
                    raise SolverOutputError("expected the end of the status line, found "
                                            f"{_show(toks[2])}", name, lineno,
                                            _column(line, spots[2][0]))
                status = _S_STATUS[toks[1]]
            elif head == b"v":
                if status != "sat":
                    raise SolverOutputError("a 'v' (model) line without 's SATISFIABLE' "
                                            "before it", name, lineno, _column(line, pos))
                reader.add(line, lineno, pos + 1)
            else:
                raise _token_error(head, lineno, line, pos, name, SolverOutputError,
                                   "a 'c', 's' or 'v' line")
        else:
            if head in _MINISAT_STATUS and len(toks) == 1:
                if status is not None:
                    raise SolverOutputError("a second status line", name, lineno,
                                            _column(line, pos))
                status = _MINISAT_STATUS[head]
            elif status == "sat":
                reader.add(line, lineno, 0)
            elif status is None or head in _MINISAT_STATUS:
                raise _token_error(head, lineno, line, pos, name, SolverOutputError,
                                   "a status line (SAT, UNSAT or INDET) alone on its line"
                                   if status is None else "the end of the status line")
            else:
                raise _token_error(head, lineno, line, pos, name, SolverOutputError,
                                   "nothing after " + ("UNSAT" if status == "unsat"
                                                       else "INDET"))
    if status is None:
        line, col = _eof_position(data)
        raise SolverOutputError("no status line: expected 's SATISFIABLE', "
                                "'s UNSATISFIABLE', 's UNKNOWN' (or SAT/UNSAT/INDET)",
                                name, line, col)
    with paused_gc():
        model = reader.model()
    return SolverResult(status, model)

