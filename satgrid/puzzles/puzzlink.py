"""puzz.link URLs: the puzzle addresses of pzprjs (puzz.link, pzv.jp), as far
as the path, loop and region kinds need them.

A URL is ``https://puzz.link/p?PID/[FLAGS/]COLS/ROWS/BODY`` (columns first):
``PID`` names the puzzle (``slither``, ``mashu``, ``numlin``, ``fillomino``,
...), ``FLAGS`` is an optional word of letters (``f``: a loop through every
cell, ...), and ``BODY`` packs the grid's cells in row-major order with one
of pzprjs's encodings (the format facts of pzprjs's
``src/variety-common/Encode.js``):

* :func:`decode_4cell` (Slitherlink): ``0``-``4`` a number; ``5``-``9`` a
  number (minus 5) then one empty cell; ``a``-``e`` a number (minus 10) then
  two empty cells; ``g``-``z`` a run of 1..20 empty cells; ``.`` a "?" cell.
* :func:`decode_number16` (Numberlink, Fillomino): a hex digit ``0``-``f``;
  ``-XX`` two hex digits; ``+XXX`` three; ``=XXX`` 4096 more; ``%XXX``
  8192 more; ``.`` a "?" cell; ``g``-``z`` a run of 1..20 empty cells.
* :func:`decode_circle` (Masyu): each base-27 digit holds three cells, one
  base-3 digit each (most significant first): 0 none, 1 white, 2 black.
* :func:`decode_border` (Fillomino's optional given borders): base-32 digits,
  five borders each (most significant bit first), first the vertical borders
  (rows x (cols - 1), row-major), then the horizontal ones ((rows - 1) x cols).

Every decoder returns the cells and the rest of the body; the encoders
write what pzprjs writes, so a URL read and written again is the same
string. Errors are :class:`~satgrid.errors.InstanceError` at the URL's
line and column.

Example:
    >>> u = read("https://puzz.link/p?slither/5/5/cbcbcddad", "f.txt", ("slither",))
    >>> u.pid, u.cols, u.rows, decode_4cell(u, 25)[0][:4]
    ('slither', 5, 5, [2, None, None, 1])
    >>> encode_4cell(decode_4cell(u, 25)[0])
    'cbcbcddad'
"""

from __future__ import annotations

import re

from ..errors import InstanceError
from ..util import SlotRecord

__all__ = ["PuzzLink", "url_pid", "sniff", "read", "url", "decode_4cell", "encode_4cell",
           "decode_number16", "encode_number16", "decode_circle", "encode_circle",
           "decode_border", "encode_border", "UNKNOWN", "MAX_SIDE"]

#: the value of a "?" cell (a clue whose number is not given)
UNKNOWN = -2
MAX_SIDE = 100
_URL = re.compile(r"(?:[a-z]+://)?[^\s?/]*(?:/[^\s?]*)?\?(\S+)\Z", re.I)


def _size(tok: str) -> int:
    """A side written in a URL: its value for ASCII digits (at most 9 after
    leading zeros), else 0 -- never int() of ``²`` or of 5,000 digits."""
    digits = tok.lstrip("0")
    if tok.isascii() and tok.isdigit() and len(digits) <= 9:
        return int(digits or "0")
    return 0


class PuzzLink(SlotRecord):
    """A puzz.link URL split: ``pid``, ``flags``, ``cols``, ``rows`` and the
    ``body`` with its position (``line``, ``column`` of its first character).
    A plain class (equal when its fields are): a URL's start-up pays no
    dataclass import or generation."""

    __slots__ = ("pid", "flags", "cols", "rows", "body", "file", "line", "column")

    def __init__(self, pid: str, flags: str, cols: int, rows: int, body: str, file: str,
                 line: int, column: int):
        self.pid, self.flags, self.cols, self.rows = pid, flags, cols, rows
        self.body, self.file, self.line, self.column = body, file, line, column

    def error(self, i: int, message: str) -> InstanceError:
        """An error at the body's character ``i``."""
        return InstanceError(f"puzz.link {self.pid}: {message}", self.file, self.line,
                             self.column + min(i, len(self.body)))

    def expect_end(self, end: int, after: str = "") -> None:
        """Refuse what follows the body's decoded part (``end`` characters):
        ``expected the end of the URL{after}, found ...`` at its position."""
        if end < len(self.body):
            raise self.error(end, f"expected the end of the URL{after}, "
                                  f"found {self.body[end:]!r}")

    def clue_rows(self, cells: list, empty) -> list[list]:
        """``cells`` (row by row, as decoded) cut into rows, with ``empty`` for
        a cell without a clue or with a '?' clue."""
        c = self.cols
        return [[empty if v is None or v == UNKNOWN else v for v in cells[r * c:(r + 1) * c]]
                for r in range(self.rows)]


#: a text of one non-blank line (group 1: that line from its first non-blank character)
_ONE_LINE = re.compile(r"\s*(\S[^\n]*)\s*")


def _split(text: str):
    """``(line, column, query parts)`` of the one URL line of ``text``, or None."""
    one = _ONE_LINE.fullmatch(text)      # not text.split(): a collection has millions of lines
    if one is None:
        return None
    n = text.count("\n", 0, one.start(1)) + 1
    line = text[text.rfind("\n", 0, one.start(1)) + 1:one.end(1)]
    m = _URL.match(line.strip())
    if m is None:
        return None
    start = len(line) - len(line.lstrip()) + m.start(1) + 1
    query = m.group(1)
    while re.match(r"\w+=\w+&", query):            # type=player&... before the puzzle
        skip = query.index("&") + 1
        query, start = query[skip:], start + skip
    return n, start, query




def url_pid(text: str) -> str | None:
    """The puzzle name of ``text`` when it is one puzz.link URL, else None."""
    got = _split(text)
    return None if got is None else re.sub(r"_(edit|play)$", "", got[2].split("/")[0])


def sniff(text: str, pids: tuple[str, ...]) -> bool:
    """Whether ``text`` is one puzz.link URL of a puzzle named in ``pids``."""
    return url_pid(text) in pids


def read(text: str, file: str, pids: tuple[str, ...], *, variants: bool = False) -> PuzzLink:
    """Split the URL in ``text`` (a file holding that one line); unless
    ``variants``, a flags part before the size (a variant of the rules) is
    refused with its position."""
    got = _split(text)
    if got is None:
        raise InstanceError("expected one puzz.link URL (https://puzz.link/p?PID/COLS/ROWS/...)",
                            file, 1, 1)
    line, col, query = got
    parts = query.split("/")
    pid = re.sub(r"_(edit|play)$", "", parts[0])
    if pid not in pids:
        raise InstanceError(f"expected a puzz.link URL of {' or '.join(pids)}, found {pid!r}",
                            file, line, col)
    i, pos = 1, col + len(parts[0]) + 1
    flags = ""
    if i < len(parts) and parts[i] and not (parts[i].isascii() and parts[i].isdigit()):
        flags, pos, i = parts[i], pos + len(parts[i]) + 1, i + 1
    sizes = []
    for what in ("columns", "rows"):
        tok = parts[i] if i < len(parts) else ""
        size = _size(tok)
        if not 1 <= size <= MAX_SIDE:
            raise InstanceError(f"puzz.link {pid}: expected the number of {what} "
                                f"(1..{MAX_SIDE}), found {tok[:20]!r}"
                                + ("..." if len(tok) > 20 else ""), file, line, pos)
        sizes.append(size)
        pos, i = pos + len(tok) + 1, i + 1
    body = "/".join(parts[i:]).rstrip("/")
    u = PuzzLink(pid, flags, sizes[0], sizes[1], body, file, line, pos)
    if flags and not variants:
        raise u.error(-len(flags) - 1 - len(f"{u.cols}/{u.rows}/"),
                      f"flag {flags!r} (a variant) is not supported")
    return u


def url(pid: str, cols: int, rows: int, body: str, flags: str = "") -> str:
    """The puzz.link URL of a grid (``flags`` before the size when given)."""
    return f"https://puzz.link/p?{pid}/{flags + '/' if flags else ''}{cols}/{rows}/{body}"


def _runs(values, code, limit: int = 20, base: int = 15) -> str:
    """Cells as text: ``code(values, c) -> (text, cells used)`` for a given
    cell, runs of empty (None) cells as one letter each (``base + run``)."""
    out, c, empty = [], 0, 0
    while c < len(values):
        if values[c] is None:
            empty += 1
            c += 1
            if empty == limit:
                out.append(_b36(base + empty))
                empty = 0
            continue
        if empty:
            out.append(_b36(base + empty))
            empty = 0
        text, used = code(values, c)
        out.append(text)
        c += used
    if empty:
        out.append(_b36(base + empty))
    return "".join(out)


_B32 = "0123456789abcdefghijklmnopqrstuv"


def _b36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


def decode_4cell(u: PuzzLink, n: int) -> tuple[list[int | None], int]:
    """``n`` cells of numbers 0..4 (None: empty, :data:`UNKNOWN`: "?") and
    the index in ``u.body`` after them."""
    cells: list[int | None] = [None] * n
    c = i = 0
    while c < n and i < len(u.body):
        ch = u.body[i]
        if "0" <= ch <= "4":
            cells[c], c = int(ch), c + 1
        elif "5" <= ch <= "9":
            cells[c], c = int(ch) - 5, c + 2
        elif "a" <= ch <= "e":
            cells[c], c = int(ch, 16) - 10, c + 3
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
        elif ch == ".":
            cells[c], c = UNKNOWN, c + 1
        else:
            raise u.error(i, f"expected 0-9, a-e, g-z or '.', found {ch!r}")
        i += 1
    return cells, i


def encode_4cell(cells: list[int | None]) -> str:
    """The :func:`decode_4cell` text of ``cells`` (pzprjs's own choices)."""
    def code(v, c):
        if v[c] == UNKNOWN:
            return ".", 1
        n = len(v)
        skip = 0 if c + 1 < n and v[c + 1] is not None else \
            1 if c + 2 < n and v[c + 2] is not None else 2
        return _b36(v[c] + 5 * skip), 1 + skip
    return _runs(cells, code)


def decode_number16(u: PuzzLink, n: int, start: int = 0) -> tuple[list[int | None], int]:
    """``n`` cells of numbers >= 0 (None: empty, :data:`UNKNOWN`: "?") from
    ``u.body[start:]``, and the index after them."""
    cells: list[int | None] = [None] * n
    c, i, body = 0, start, u.body
    wide = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192)}
    while c < n and i < len(body):
        ch = body[i]
        if ch in "0123456789abcdef":
            cells[c] = int(ch, 16)
        elif ch in wide:
            k, add = wide[ch]
            digits = body[i + 1:i + 1 + k]
            if len(digits) != k or not re.fullmatch(r"[0-9a-f]+", digits):
                raise u.error(i + 1, f"expected {k} hex digits after {ch!r}, found {digits!r}")
            cells[c], i = int(digits, 16) + add, i + k
        elif ch == ".":
            cells[c] = UNKNOWN
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 16
        else:
            raise u.error(i, f"expected 0-9, a-f, '-', '+', '=', '%', '.' or g-z, found {ch!r}")
        c, i = c + 1, i + 1
    return cells, i


def encode_number16(cells: list[int | None]) -> str:
    """The :func:`decode_number16` text of ``cells``."""
    def code(v, c):
        x = v[c]
        if x == UNKNOWN:
            return ".", 1
        for lo, hi, mark, sub, width in ((0, 16, "", 0, 1), (16, 256, "-", 0, 2),
                                         (256, 4096, "+", 0, 3), (4096, 8192, "=", 4096, 3),
                                         (8192, 12288, "%", 8192, 3)):
            if lo <= x < hi:
                return mark + format(x - sub, f"0{width}x"), 1
        raise ValueError(f"number {x} is too large for a puzz.link URL")
    return _runs(cells, code)


def decode_circle(u: PuzzLink, n: int) -> tuple[list[int], int]:
    """``n`` cells of 0 (none), 1 (white), 2 (black), and the index after them."""
    cells = [0] * n
    chars = min((n + 2) // 3, len(u.body))
    for i in range(chars):
        ch = u.body[i]
        if not ("0" <= ch <= "9" or "a" <= ch <= "q"):
            raise u.error(i, f"expected a base-27 digit 0-9 or a-q, found {ch!r}")
        x = int(ch, 27)
        for w, c in enumerate(range(3 * i, min(3 * i + 3, n))):
            cells[c] = x // 3 ** (2 - w) % 3
    return cells, chars


def encode_circle(cells: list[int]) -> str:
    """The :func:`decode_circle` text of ``cells``."""
    out = []
    for i in range(0, len(cells), 3):
        x = sum(v * 3 ** (2 - w) for w, v in enumerate(cells[i:i + 3]))
        out.append("0123456789abcdefghijklmnopq"[x])
    return "".join(out)


def decode_border(u: PuzzLink, start: int) -> tuple[list[list[int]], list[list[int]], int]:
    """Given borders from ``u.body[start:]``: ``vertical[r][c]`` (between
    cells (r, c) and (r, c + 1)), ``horizontal[r][c]`` (between (r, c) and
    (r + 1, c)), 1 = a border; all 0 when the body has nothing left."""
    rows, cols = u.rows, u.cols
    bits = []
    for count in (rows * (cols - 1), (rows - 1) * cols):
        chars = (count + 4) // 5
        got = u.body[start:start + chars]
        if got and len(got) < chars:
            raise u.error(start + len(got), f"expected {chars} border digits, found {len(got)}")
        part = []
        for k, ch in enumerate(got):
            if not ("0" <= ch <= "9" or "a" <= ch <= "v"):
                raise u.error(start + k, f"expected a base-32 digit 0-9 or a-v, found {ch!r}")
            part += [int(ch, 32) >> (4 - w) & 1 for w in range(5)]
        bits.append((part + [0] * count)[:count])
        start += len(got)
    vert = [bits[0][r * (cols - 1):(r + 1) * (cols - 1)] for r in range(rows)]
    hori = [bits[1][r * cols:(r + 1) * cols] for r in range(rows - 1)]
    return vert, hori, start


def encode_border(vertical: list[list[int]], horizontal: list[list[int]]) -> str:
    """The :func:`decode_border` text (empty when there is no border at all)."""
    out = []
    for bits in ([b for row in vertical for b in row], [b for row in horizontal for b in row]):
        for i in range(0, len(bits), 5):
            chunk = (bits[i:i + 5] + [0] * 5)[:5]
            out.append(_B32[sum(b << (4 - w) for w, b in enumerate(chunk))])
    text = "".join(out)
    return text if any(any(r) for r in vertical) or any(any(r) for r in horizontal) else ""
