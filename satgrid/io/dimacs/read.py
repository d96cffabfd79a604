"""DIMACS CNF and iCNF reading into a :class:`DimacsFile`.

* :func:`read_dimacs` / :func:`parse_dimacs` -> :class:`DimacsFile`
* :func:`read_icnf` / :func:`parse_icnf` -> ``(DimacsFile, assumption sets)``

Every failure is one :class:`~satgrid.errors.DimacsError` whose text is
``file:line:column: what was expected``. The line-by-line scanner here
(:class:`_Scanner`) is the reference semantics and the only source of located
errors; the bulk path of :mod:`satgrid.io.dimacs.scan` reads well-formed bodies
fast and gives exactly what the scanner would. This module knows no Formula:
``Formula.from_dimacs`` builds one from a :class:`DimacsFile`.
"""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ...errors import DimacsError
from ...limits import MAX_DIMACS_VARIABLES, MAX_UNUSED_DIMACS_VARIABLES
from ...sizes import Sizes
from ...util import paused_gc
from .scan import _fast_body, _literal_range
from .text import (_INT, _LINE_OK, _WS, _as_bytes, _check_text, _column, _decode_line,
                   _eof_position, _load, _show, _skip_ws, _token_error, _tokens)

def _unquote(text: str) -> str | None:
    """Inverse of :func:`satgrid.io.dimacs.write._quote` (None when a quoted name is malformed)."""
    text = text.strip()
    if text[:1] != '"':
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


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
        (dict), ``groups`` (dict name -> Sizes), ``total`` (Sizes),
        ``group_variables`` (dict name -> [(first, last), ...]).
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
            elif text.startswith("group-variables "):
                name, spans = _group_variables(text[len("group-variables "):])
                if name is not None:
                    out.setdefault("group_variables", {}).setdefault(name, []).extend(spans)
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


_SPAN = re.compile(r"([0-9]{1,12})(?:-([0-9]{1,12}))?\Z")


def _group_variables(rest: str) -> tuple[str | None, list[tuple[int, int]]]:
    """The group and its runs of a ``c group-variables NAME a-b c ...`` line
    (None: not such a line; it is a comment like any other then)."""
    if rest.startswith('"'):
        try:
            name, end = json.JSONDecoder().raw_decode(rest)
        except ValueError:
            return None, []
        if not isinstance(name, str):
            return None, []
        tail = rest[end:]
    else:
        name, _, tail = rest.partition(" ")
        name = _unquote(name)
    spans = []
    for tok in tail.split():
        m = _SPAN.match(tok)
        if not m:
            return None, []
        a = int(m.group(1))
        spans.append((a, int(m.group(2) or a)))
    return name, spans


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
                or len(parts[1]) > _MAX_DIGITS or int(parts[1]) == 0:
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
        if len(tok.lstrip(b"0")) > _MAX_DIGITS:     # int() refuses 4,300 digits; no limit is near
            fail(i, f"expected {what} (an integer >= 0), found a {len(tok):,}-digit number")
        nums.append(int(tok))
    if len(toks) > 4:
        fail(4, f"expected the end of the 'p cnf' line, found {_show(toks[4][1])}")
    return _Problem(nums[0], nums[1], lineno, line, toks[3][0])


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


def _check_declared(problem: _Problem, data: bytes, offset: int, name: str,
                    strict_count: bool) -> None:
    """Refuse, before anything is allocated, declared sizes that cannot be met:
    more clauses than the rest of the file can hold (each takes at least two
    bytes, ``0`` and a blank), or more variables than
    :data:`~satgrid.limits.MAX_DIMACS_VARIABLES` (a Formula allocates per
    variable: ``p cnf 2000000000 0`` would take gigabytes)."""
    if problem.nvars is None:
        return
    tokens = _tokens(problem.line)
    if problem.nvars > MAX_DIMACS_VARIABLES:
        raise DimacsError(f"the 'p cnf' line declares {problem.nvars:,} variables, more than "
                          f"the limit of {MAX_DIMACS_VARIABLES:,}", name, problem.lineno,
                          _column(problem.line, tokens[2][0]))
    room = (len(data) - offset + 1) // 2
    if strict_count and problem.nclauses > room:
        raise DimacsError(f"the 'p cnf' line declares {problem.nclauses:,} clauses; the "
                          f"{len(data) - offset:,} bytes after it hold at most {room:,}", name,
                          problem.lineno, _column(problem.line, problem.count_pos))


#: digits of the largest count or variable id read (beyond every limit; int()
#: itself refuses more than 4,300 digits)
_MAX_DIGITS = 18


def _check_unused(declared: int, used: int, what: str, name: str,
                  line: int | None = None, column: int | None = None) -> None:
    """Refuse a declared variable count more than
    :data:`~satgrid.limits.MAX_UNUSED_DIMACS_VARIABLES` beyond the highest
    variable the file uses: a solver allocates for every declared variable
    (CaDiCaL: ~270 bytes each; ``p cnf 100000000 1`` aborted it with
    ``std::bad_alloc``), so a 20-byte file cannot ask for gigabytes."""
    if declared - used > MAX_UNUSED_DIMACS_VARIABLES:
        raise DimacsError(f"{what} {declared:,} variables but the file uses only {used:,}; "
                          f"at most {MAX_UNUSED_DIMACS_VARIABLES:,} declared variables may go "
                          "unused", name, line, column)


def _parse(data: bytes, name: str, fmt: str, strict_count: bool = True,
           warn: Callable[[str], object] | None = None, force_scan: bool = False) -> DimacsFile:
    _check_text(data, name, DimacsError)
    comments = _Comments(name)
    problem, offset, lineno = _header(data, name, comments, fmt)
    _check_declared(problem, data, offset, name, strict_count)
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
        if problem.nvars > MAX_UNUSED_DIMACS_VARIABLES:   # else no file is refused below
            with paused_gc():
                used = max(_literal_range(clauses), max(comments.varnames, default=0))
            _check_unused(problem.nvars, used, "the 'p cnf' line declares", name,
                          problem.lineno, _column(problem.line, _tokens(problem.line)[2][0]))
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
        _check_unused(total.variables, top, "the satgrid header declares", name)
        result.nvars = total.variables
    return result, assumptions


def _default_warn(message: str) -> None:
    warnings.warn(message, UserWarning, stacklevel=4)


def parse_dimacs(text_or_bytes, name: str = "<string>", *, strict_count: bool = True,
                 warn: Callable[[str], object] | None = None) -> DimacsFile:
    """Read DIMACS CNF from a string or bytes (gzip, xz or bzip2 compressed too).

    See :func:`read_dimacs` for what is accepted; ``name`` is the file name
    used in error messages.
    """
    data, name = _load(_as_bytes(text_or_bytes), name, DimacsError)
    return _parse(data, name, "cnf", strict_count, warn)


def read_dimacs(path, *, strict_count: bool = True,
                warn: Callable[[str], object] | None = None) -> DimacsFile:
    """Read a DIMACS CNF file (``-``: standard input; gzip, xz or bzip2
    compressed too, found by its magic bytes).

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
            text, a bad ``c varname`` line, an unreadable or bad compressed file.
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
