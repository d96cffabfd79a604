"""The fast bulk path of the DIMACS/iCNF reader.

Reading steps over comment lines and hands each stretch of clause lines to
python-sat's own C tokenizer (``pyformula.parse_cnf``, what
``CNF(from_file=...)`` uses since python-sat 1.9), after two ``bytes`` checks
that keep it to inputs it reads exactly like the scanner (:func:`_c_clauses`).
Without that extension, or where it refuses (several clauses on a line, a
clause over several lines), the body is cut into pieces of 256 kB that stay
in the CPU cache and turned into ``json.loads`` input with a few ``bytes``
operations; a body in another layout goes through one ``split()``, and
anything else (or any error) through the precise line-by-line scanner of
:mod:`satgrid.io.dimacs.read`. That scanner is the reference semantics and alone
reports errors: the bulk paths only ever give what it would give (tests and
fuzzing compare them). With the C tokenizer and the garbage collector paused
while the lists are built, reading is faster than PySAT's ``CNF(from_file=...)``
(``bench/bench_dimacs.py``).
"""

from __future__ import annotations

import json
from itertools import chain

from .text import _LINE_OK, _WS

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
    if c_parser is not None:
        region = buf[start:end]
        got = _c_clauses(region, nvars)
        if got is not None:
            return got
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

try:
    # python-sat's C tokenizer (the pyformula extension behind CNF.from_file,
    # python-sat >= 1.9); absent in older releases and pure-Python installs
    from pyformula import parse_cnf as _pyformula_parse_cnf
except ImportError:                       # pragma: no cover - depends on the build
    _pyformula_parse_cnf = None

#: the C parser the fast path uses first (None: the json path alone); tests
#: switch it off to exercise the json path
c_parser = _pyformula_parse_cnf

def _c_clauses(region: bytes, nvars: int | None) -> list | None:
    """Clauses of ``region`` (whole lines of integers and blanks, no comments)
    by python-sat's C parser, or None when it must not decide.

    That parser reads one clause per line (a line's integers up to its 0,
    then only blanks) and rejects everything else, which the line scanner
    then reads (several clauses on a line, a clause over several lines) or
    reports. Where it accepts, it reads what the scanner reads, except for
    tokens it cuts in two, which are refused here first: a ``-`` that does
    not follow a blank (``1-2`` is one bad token to the scanner, two literals
    to it; counted, not searched for: one ``count`` per blank byte present). Bytes other than digits, ``-`` and blanks never reach it; an
    integer too large for it is its error, so the scanner decides.
    """
    if region.translate(None, _LINE_OK):
        return None
    minus = region.count(b"-")
    if minus:                             # every '-' must follow a blank (or start the region)
        after_blank = region.count(b" -") + region.count(b"\n-") + (region[:1] == b"-")
        for blank in (b"\t", b"\r", b"\x0b", b"\x0c"):
            if blank in region:
                after_blank += region.count(blank + b"-")
        if after_blank != minus:
            return None
    try:
        top, clauses, _ = c_parser(region, ["c"])
    except (ValueError, OverflowError, MemoryError):
        return None
    if nvars is not None and top > nvars:
        return None                       # the scanner will say where
    return clauses


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


def _fast_body(body: bytes, first: int, lineno: int, scanner) -> bool:
    """Read the body ``body[first:]`` (from line ``lineno`` on) in bulk into
    ``scanner`` (the line scanner of :mod:`satgrid.io.dimacs.read`, whose
    ``fmt``, ``nvars``, ``comments``, ``assumption`` and lists this fills).

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
