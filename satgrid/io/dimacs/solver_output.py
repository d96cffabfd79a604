"""SAT-competition and MiniSat solver output: :func:`read_solver_output` -> :class:`SolverResult`.

Two formats, told apart by the first line that is not blank or a comment: the
SAT competition's ``s``/``v`` lines (cadical, kissat, picosat,
cryptominisat, ...) and minisat's result file. Every failure is one
:class:`~satgrid.errors.SolverOutputError` whose text is
``file:line:column: what was expected``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

from ...errors import SolverOutputError
from ...util import paused_gc
from .text import (_INT, _LINE_OK, _WS, _as_bytes, _check_text, _column, _decode_line,
                   _eof_position, _load, _show, _skip_ws, _token_error, _tokens)

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


#: the SAT competition's status lines, by status
STATUS_LINE = {"sat": "s SATISFIABLE", "unsat": "s UNSATISFIABLE", "unknown": "s UNKNOWN"}
#: the SAT competition's exit statuses, by status
COMPETITION_EXIT = {"sat": 10, "unsat": 20, "unknown": 0}


def competition_lines(status: str, model=(), width: int = 80) -> list[str]:
    """The SAT competition's output of one answer (without line ends):
    ``s SATISFIABLE`` then the model's literals on ``v`` lines of at most
    ``width`` characters and a last line ``v 0``; ``s UNSATISFIABLE`` or
    ``s UNKNOWN`` alone. :func:`parse_solver_output` reads it back.

    >>> competition_lines("sat", [1, -2, 3])
    ['s SATISFIABLE', 'v 1 -2 3', 'v 0']
    """
    lines = [STATUS_LINE[status]]
    if status != "sat":
        return lines
    cur, size = ["v"], 1
    for lit in map(str, model):
        if size + 1 + len(lit) > width:
            lines.append(" ".join(cur))
            cur, size = ["v"], 1
        cur.append(lit)
        size += 1 + len(lit)
    if len(cur) > 1:
        lines.append(" ".join(cur))
    lines.append("v 0")
    return lines
