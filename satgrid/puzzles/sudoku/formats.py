"""Sudoku file formats: the TOML instance, text grids and one-puzzle-per-line
collections, read with positioned errors and written back.

File formats (detected by content, see :func:`parse_text`):

* TOML: ``puzzle = "sudoku"``, ``givens`` (a grid string), optional ``size``,
  ``box`` (``"2x3"`` or ``[2, 3]``: box height x width), ``title``, ``source``,
  ``[expect]`` with ``unique``, ``count``, ``solution``.
* A text grid: n lines of n cells. For n <= 9 every character is a cell
  (``530070000`` or ``5 3 . . 7 . . . .``); for n >= 10 cells are decimal
  numbers separated by white space. ``0`` or ``.`` is empty; ``|``, ``-`` and
  ``+`` are separators (ignored, except that regular separators give the box
  shape of a grid whose side is not a square, e.g. 6x6 with 2x3 boxes);
  lines starting with ``#`` are comments.
* A collection, one puzzle per line: 16, 81, 256 or 625 characters (4x4, 9x9,
  16x16, 25x25 with square boxes), ``.`` or ``0`` empty, values ``1``-``9``
  then ``A``-``P`` for 10..25 (either case); ``#`` comment lines and blank
  lines are skipped; anything else on a line (white space inside, trailing
  text) is an error. Every puzzle of a collection is titled ``line N``.
* A puzz.link URL, ``https://puzz.link/p?sudoku/N/N/BODY`` (also ``pzv.jp``):
  pzprjs's number16 code of the givens; boxes as pzprjs draws them (square,
  and 2 rows x 3 columns for 6 x 6).

Example:
    >>> [p] = parse_text("1.3.\\n..2.\\n.1..\\n...4\\n", "mini.txt")
    >>> p.n, p.box, p.grid[0]
    (4, (2, 2), [1, 0, 3, 0])
"""

from __future__ import annotations

import re
from array import array
from collections import Counter, abc
from typing import Any, Sequence

from ...errors import InstanceError
from ..render import text_grid
from .. import puzzlink
from ..base import (TextFormat, parse_expect, puzzlink_ids, register_format,
                    register_solutions, register_toml)
from ..parsing import ascii_int, key_line, key_pos, shown
from ..puzzlink_formats import url_format
from .kind import Sudoku, default_box

#: the keys of a sudoku TOML instance, and of its ``[expect]`` table
KEYS = ("puzzle", "title", "source", "size", "box", "givens", "expect")
EXPECT_KEYS = ("unique", "count", "solution")
#: line lengths of the one-puzzle-per-line format -> side of the grid
COLLECTION_SIZES = {16: 4, 81: 9, 256: 16, 625: 25}
#: the characters of values 1..25 in the one-line format (either case)
ALPHABET = "123456789ABCDEFGHIJKLMNOP"
EMPTY = ".0"
SEPARATORS = "|+-"


# ------------------------------------------------------------------ boxes
def parse_box(value: Any, n: int | None = None) -> tuple[int, int]:
    """``"2x3"``, ``"2 x 3"`` or ``[2, 3]`` -> (2, 3): box height x width.

    Raises:
        ValueError: with a message that says what was expected.
    """
    if isinstance(value, str):
        m = re.fullmatch(r"\s*([0-9]{1,9})\s*[xX×]\s*([0-9]{1,9})\s*", value)
        if not m:
            raise ValueError(f"box: expected \"HxW\" such as \"2x3\" (height x width), found {value!r}")
        h, w = int(m.group(1)), int(m.group(2))
    elif (isinstance(value, list) and len(value) == 2
          and all(type(v) is int for v in value)):
        h, w = value
    else:
        raise ValueError(f"box: expected \"HxW\" such as \"2x3\" or [height, width], found {value!r}")
    if h < 1 or w < 1:
        raise ValueError(f"box: expected positive height and width, found {h}x{w}")
    if n is not None and h * w != n:
        raise ValueError(f"box: {h}x{w} boxes do not tile a {n}x{n} grid "
                         f"(height x width must be {n})")
    return h, w


def _describe_values(n: int, compact: bool) -> str:
    if compact:
        if n <= 9:
            return f"a digit 1-{n}"
        return f"1-9 or A-{ALPHABET[n - 1]} (10-{n})"
    return f"a number 1-{n}"


# ------------------------------------------------------------ text grids
class _Row:
    """One data line of a text grid: its cells (text, line, column) and separators."""

    __slots__ = ("line", "tokens", "bars", "end")

    def __init__(self, line: int, tokens, bars, end):
        self.line = line
        self.tokens = tokens    # [(text, column)] split at white space and separators
        self.bars = bars        # columns of '|' characters
        self.end = end          # column just after the last character


_TOKEN = re.compile(r"[^\s|+\-]+")
#: a minus sign: "-" at the start of a cell (after white space or a bar) before a digit
_NEGATIVE = re.compile(r"(?<![^\s|+])-(?=[0-9])")


def _split_line(text: str, line: int, col0: int) -> _Row:
    tokens = [(m.group(), col0 + m.start() + 1) for m in _TOKEN.finditer(text)]
    bars = [col0 + i + 1 for i, ch in enumerate(text) if ch == "|"]
    return _Row(line, tokens, bars, col0 + len(text.rstrip()) + 1)


def _cells(row: _Row, token_mode: bool) -> list[tuple[str, int]]:
    if token_mode:
        return row.tokens
    return [(ch, col + i) for tok, col in row.tokens for i, ch in enumerate(tok)]


def _regular(cuts: list[int], n: int) -> int | None:
    """The step s when ``cuts`` are exactly s, 2s, ... < n (s divides n), else None."""
    inner = sorted(set(c for c in cuts if 0 < c < n))
    if not inner:
        return None
    s = inner[0]
    if n % s == 0 and inner == list(range(s, n, s)):
        return s
    return None


def parse_grid(text: str, file: str, *, line0: int = 1, col0: int = 0, key: str | None = None,
               size: int | None = None) -> tuple[list[list[int]], tuple[int, int] | None]:
    """Read a Sudoku grid written as text (the ``.txt`` format and TOML grids).

    Args:
        text: the grid; lines of cells, see the module docstring.
        file: for messages.
        line0: file line of the text's first line; col0: characters before
            the text on that line (TOML strings that start after ``\"\"\"``).
        key: TOML key, prefixed to messages.
        size: the expected side n (else the side is read from the grid).

    Returns:
        (grid, box): n rows of n ints (0 = empty), and the box shape that
        regular separators (``|`` and ``---`` lines) describe, or None.

    Raises:
        InstanceError: file, line and column of the first problem.
    """
    prefix = f"{key}: " if key else ""

    def fail(msg, line=None, col=None):
        return InstanceError(prefix + msg, file, line, col)

    rows: list[_Row] = []
    row_cuts: list[int] = []
    last_line = line0
    for i, raw in enumerate(text.split("\n")):
        line_no = line0 + i
        c0 = col0 if i == 0 else 0
        raw = raw.rstrip("\r")
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        last_line = line_no
        if all(ch in SEPARATORS or ch.isspace() for ch in s):
            if "-" in s or "+" in s:
                row_cuts.append(len(rows))
            continue
        neg = _NEGATIVE.search(raw)
        if neg:  # "-" is a separator, but "-1" is a number with a sign, not the 1
            found = neg.group() + _TOKEN.match(raw, neg.end()).group()
            raise fail(f"expected a value of 1 or more, '.' or '0' (empty), found {found!r} "
                       "(a negative number)", line_no, c0 + neg.start() + 1)
        rows.append(_split_line(raw, line_no, c0))
    if not rows:
        raise fail("expected a grid, one row of cells per line; found no cells", line0, 1)

    # cells are characters (n <= 9) or white-space separated numbers (n >= 10)
    token_counts = Counter(len(r.tokens) for r in rows)
    token_mode = max(token_counts.items(), key=lambda kv: (kv[1], kv[0]))[0] >= 10 if (
        size is None) else size >= 10
    cells = [_cells(r, token_mode) for r in rows]
    if size is not None:
        n = size
    else:
        counts = Counter(len(c) for c in cells)
        best = max(counts.values())
        tied = [k for k, v in counts.items() if v == best]
        n = len(rows) if len(rows) in tied else len(cells[0]) if len(cells[0]) in tied else max(tied)
    if not token_mode and len(rows) == 1 and len(cells[0]) >= 10:
        # one line of characters: a puzzle in the one-line format of a wrong length
        found = len(cells[0])
        side = min((4, 9, 16, 25), key=lambda k: abs(k * k - found))
        r = rows[0]
        raise fail(f"expected {side * side} characters (a {side}x{side} puzzle on one line), "
                   f"found {found}", r.line, r.tokens[0][1] + min(found, side * side))
    if not token_mode and n >= 10:
        r = rows[0]
        raise fail(f"a {n}x{n} grid needs its cells separated by white space "
                   "(one number per cell; only grids up to 9x9 may be written one character per cell)",
                   r.line, r.tokens[0][1])
    if len(rows) != n:
        if len(rows) > n:
            extra = rows[n]
            raise fail(f"expected {n} rows (a {n}x{n} grid), found {len(rows)}; "
                       f"row {n + 1} is one too many", extra.line, extra.tokens[0][1])
        raise fail(f"expected {n} rows (a {n}x{n} grid), found only {len(rows)}", last_line, 1)
    grid: list[list[int]] = []
    what = "numbers" if token_mode else "cells"
    for r, (row, cs) in enumerate(zip(rows, cells)):
        if len(cs) != n:
            col = cs[n][1] if len(cs) > n else row.end
            raise fail(f"row {r + 1}: expected {n} {what}, found {len(cs)}", row.line, col)
        vals = []
        for tok, col in cs:
            vals.append(_cell_value(tok, n, token_mode, lambda m, c=col, l=row.line: fail(m, l, c)))
        grid.append(vals)

    # the box shape drawn by the separators, if regular
    bar_cuts: list[int] = []
    for row, cs in zip(rows, cells):
        if row.bars:
            starts = [col for _, col in cs]
            bar_cuts = [sum(1 for s in starts if s < b) for b in row.bars]
            break
    w, h = _regular(bar_cuts, n), _regular(row_cuts, n)
    box = None
    if w and h and w * h == n:
        box = (h, w)
    elif w and not h:
        box = (n // w, w)
    elif h and not w:
        box = (h, n // h)
    return grid, box


def _cell_value(tok: str, n: int, token_mode: bool, fail) -> int:
    if token_mode:
        v = 0 if tok == "." else ascii_int(tok)
        if v is not None and v <= n:
            return v
        if v is not None:
            raise fail(f"expected a number 1-{n}, '.' or '0' (empty), found {v}")
        raise fail(f"expected a number 1-{n}, '.' or '0' (empty), found {shown(tok)}")
    if tok in EMPTY:
        return 0
    if "1" <= tok <= "9" and int(tok) <= n:
        return int(tok)
    raise fail(f"expected {_describe_values(n, True)}, '.' or '0' (empty), found {shown(tok)}")


def _line_tables(n: int) -> tuple[dict, dict]:
    """For one-line puzzles of side n: a ``str.translate`` table that deletes
    every valid character (``.``, ``0``, the values' characters in either
    case) and one that turns each into the character of its value (0 empty)."""
    tables = _LINE_TABLES.get(n)
    if tables is None:
        chars = {ch: 0 for ch in EMPTY}
        for v, ch in enumerate(ALPHABET[:n], 1):
            chars[ch] = chars[ch.lower()] = v
        tables = _LINE_TABLES[n] = (str.maketrans("", "", "".join(chars)),
                                    str.maketrans({ch: chr(v) for ch, v in chars.items()}))
    return tables


#: side -> the tables of :func:`_line_tables`
_LINE_TABLES: dict[int, tuple[dict, dict]] = {}


def _parse_line(s: str, file: str, line: int, col0: int, n: int, length: int,
                first_line: int) -> list[list[int]]:
    """One puzzle of a collection: ``length`` characters, row after row."""
    if len(s) == length:
        # the usual line, in two C-level passes: nothing left once the valid
        # characters are deleted, then each read as its value
        invalid, values = _line_tables(n)
        if not s.translate(invalid):
            vals = list(s.translate(values).encode("latin-1"))
            return [vals[r * n:(r + 1) * n] for r in range(n)]
    # anything else, character by character, for the position of what is wrong
    if len(s) != length or any(ch.isspace() for ch in s):
        ws = next((i for i, ch in enumerate(s) if ch.isspace()), None)
        if ws is not None and ws < length:
            raise InstanceError(f"expected {length} characters without spaces (a {n}x{n} puzzle "
                                f"per line, as on line {first_line}), found white space",
                                file, line, col0 + ws + 1)
        col = col0 + min(len(s), length) + 1
        raise InstanceError(f"expected {length} characters (a {n}x{n} puzzle per line, as on "
                            f"line {first_line}), found {len(s)}", file, line, col)
    vals = []
    for i, ch in enumerate(s):
        if ch in EMPTY:
            vals.append(0)
            continue
        v = ALPHABET.find(ch.upper()) + 1
        if not 1 <= v <= n or not ch.isascii():
            raise InstanceError(f"expected {_describe_values(n, True)}, '.' or '0' (empty), "
                                f"found {ch!r}", file, line, col0 + i + 1)
        vals.append(v)
    return [vals[r * n:(r + 1) * n] for r in range(n)]


def parse_row(text: str, n: int) -> list[int]:
    """One typed row of an n x n grid: n digits (``0`` or ``.`` empty), or
    numbers separated by spaces when n >= 10.

    Raises:
        InstanceError: without a position (the row was typed, not read from a
        file), saying what was expected.
    """
    cells = _cells(_split_line(text, 1, 0), n >= 10)
    if len(cells) != n:
        raise InstanceError(f"expected {n} cells ({'numbers' if n >= 10 else 'digits'}, "
                            f"'0' or '.' for empty), found {len(cells)}")
    return [_cell_value(tok, n, n >= 10, InstanceError) for tok, _ in cells]


def _is_collection_line(s: str) -> bool:
    return len(s) in COLLECTION_SIZES and not any(ch.isspace() or ch in SEPARATORS for ch in s)


def parse_text(text: str, file: str = "<string>") -> Sequence["Sudoku"]:
    """Sudoku puzzles from a text file: a grid or a collection (one per line).

    The format is detected from the first line that is neither blank nor a
    ``#`` comment: 16, 81, 256 or 625 characters without spaces or
    separators make a collection, anything else a grid.

    Returns:
        One puzzle for a grid (a list); one per line for a collection, titled
        ``line N``, each with ``file`` set to ``file`` (a :class:`LineCollection`,
        which makes each puzzle when it is asked for).

    Raises:
        InstanceError: one line: file, line, column, what was expected.
    """
    first, pos, i = None, 0, 0
    while pos <= len(text):                   # not text.split(): a collection has 2.4M lines
        i += 1
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        s = text[pos:end].strip()
        if s and not s.startswith("#"):
            first = (i, s)
            break
        pos = end + 1
    if first is None:
        raise InstanceError("expected a Sudoku grid or one puzzle per line; found no puzzle",
                            file, 1, 1)
    if not _is_collection_line(first[1]):
        grid, box = parse_grid(text, file)
        n = len(grid)
        box = box or default_box(n)
        if box is None:
            raise InstanceError(f"a {n}x{n} grid needs its box shape (n is not a square): draw "
                                "separators, '|' between the boxes of a row and a '---' line "
                                "between bands of boxes, or use a TOML file with box = \"HxW\"",
                                file, 1, 1)
        return [Sudoku(grid, box, file=file)]
    return LineCollection(text, file, len(first[1]), first[0])


class LineCollection(abc.Sequence):
    """The puzzles of a one-puzzle-per-line collection, each made when it is
    asked for (the loader's result for a collection; a ``Sequence``, so
    ``len``, indexing, slicing and iteration work as on a list).

    Every line is checked when the collection is read (the first bad line is
    an :class:`~satgrid.errors.InstanceError` with its position, before any
    work); what is kept is the text and where each puzzle starts -- 16 bytes
    a puzzle -- not a :class:`Sudoku` object of ~2.7 KB each: 2.4 million
    lines (a 200 MB file) took 6.5 GB as a list and crashed the process. The
    puzzles of the last blocks asked for are kept, so two readers walking
    the collection side by side (the solver and the printer) share them.
    """

    #: puzzles made at once, and blocks kept
    BLOCK, KEEP = 1000, 2

    def __init__(self, text: str, file: str, length: int, first_line: int):
        self.file, self.length = file, length
        self.n = COLLECTION_SIZES[length]
        self.box = default_box(self.n)
        self._text = text
        self._starts, self._lines = array("q"), array("q")
        invalid = _line_tables(self.n)[0]
        pos, lineno, size = 0, 0, len(text)
        while pos <= size:                    # line by line, never text.split()
            end = text.find("\n", pos)
            end = size if end < 0 else end
            lineno += 1
            raw = text[pos:end].rstrip("\r")
            s = raw.strip()
            if s and not s.startswith("#"):
                col0 = len(raw) - len(raw.lstrip())
                if len(s) != length or s.translate(invalid):
                    _parse_line(s, file, lineno, col0, self.n, length, first_line)  # raises
                self._starts.append(pos + col0)
                self._lines.append(lineno)
            pos = end + 1
        self._blocks: dict[int, list[Sudoku]] = {}

    def __len__(self) -> int:
        return len(self._starts)

    def _block(self, b: int) -> list[Sudoku]:
        got = self._blocks.get(b)
        if got is None:
            if len(self._blocks) >= self.KEEP:
                del self._blocks[next(iter(self._blocks))]    # the oldest
            got = self._blocks[b] = [self._make(i) for i in range(
                b * self.BLOCK, min((b + 1) * self.BLOCK, len(self)))]
        return got

    def _make(self, i: int) -> Sudoku:
        start, line = self._starts[i], self._lines[i]
        grid = _parse_line(self._text[start:start + self.length], self.file, line, 0, self.n,
                           self.length, line)
        return Sudoku(grid, self.box, file=self.file, title=f"line {line}")

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("collection index out of range")
        return self._block(i // self.BLOCK)[i % self.BLOCK]

    def __iter__(self):
        for b in range(0, -(-len(self) // self.BLOCK)):
            yield from self._block(b)

    def __repr__(self) -> str:
        return f"<{len(self)} Sudoku puzzles of {self.file}>"


# ---------------------------------------------------------------- writing
def format_grid(grid: Sequence[Sequence[int]], box: tuple[int, int]) -> str:
    """The text-grid format with box separators (``.`` = empty), ending in a newline.

    It reads back with :func:`parse_text` to the same grid and box.
    """
    return text_grid(grid, box=box) + "\n"


def format_line(grid: Sequence[Sequence[int]]) -> str:
    """The one-line format (n <= 25): ``.`` for empty, 1-9 then A-P."""
    return "".join(ALPHABET[v - 1] if v else "." for row in grid for v in row)


# ------------------------------------------------------------------ TOML
def read_toml(cls: type[Sudoku], data: dict, raw: str, file: str) -> Sudoku:
    """A ``puzzle = "sudoku"`` instance from its parsed TOML table (``raw`` = the
    file's text, for positions; the keys are in the module docstring)."""
    def err(msg, key=None):
        line = key_pos(raw, key) if key else None
        return InstanceError(msg, file, line, 1 if line else None)

    for k in data:
        if k not in KEYS:
            raise err(f"unknown key {k!r} for a sudoku; expected {', '.join(KEYS)}", k)
    for k in ("title", "source"):
        if k in data and not isinstance(data[k], str):
            raise err(f"{k}: expected a string", k)
    size = data.get("size")
    if size is not None and (type(size) is not int or size < 1):
        raise err(f"size: expected a positive whole number, found {size!r}", "size")
    if "givens" not in data:
        raise InstanceError("expected a 'givens' grid (one row per line, '.' = empty)", file, 1, 1)
    grid, drawn = _toml_grid(data["givens"], raw, file, "givens", size)
    n = len(grid)
    if size is not None and size != n:  # pragma: no cover (parse_grid enforces it)
        raise err(f"size: {size} but the givens have {n} rows", "size")
    box = drawn
    if "box" in data:
        try:
            box = parse_box(data["box"], n)
        except ValueError as e:
            raise err(str(e), "box") from None
    box = box or default_box(n)
    if box is None:
        raise err(f"a {n}x{n} grid needs its box shape (n is not a square): add "
                  f"box = \"HxW\" (height x width), e.g. box = \"2x3\" for 6x6", "givens")
    exp = parse_expect(data, raw, file, "a sudoku (it has no answer number)", EXPECT_KEYS)
    solution = None
    if "solution" in exp:
        solution, _ = _toml_grid(exp["solution"], raw, file, "solution", n)
        for r, row in enumerate(solution):
            if 0 in row:
                raise err(f"[expect] solution: row {r + 1} has an empty cell; "
                          "expected a complete grid", "solution")
    return cls(grid, box, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=exp, solution=solution)


def _string_origin(raw: str, key: str) -> tuple[int | None, int]:
    """(file line, characters before the value) of a TOML string value's first line."""
    line = key_line(raw, key)
    if line is None:
        return None, 0
    text = raw.splitlines()[line - 1]
    m = re.match(r'\s*' + re.escape(key) + r'\s*=\s*("""|\'\'\'|"|\')', text)
    return line, (m.end() if m else 0)


def _toml_grid(value: Any, raw: str, file: str, key: str, size: int | None):
    """A grid from a TOML value: a multi-line string, or an array of rows."""
    line, col0 = _string_origin(raw, key)
    if isinstance(value, str):
        return parse_grid(value, file, line0=line or 1, col0=col0, key=key, size=size)
    if isinstance(value, list) and value and all(isinstance(r, list) for r in value):
        n = size or len(value)
        if len(value) != n:
            raise InstanceError(f"{key}: expected {n} rows, found {len(value)}", file, line, 1)
        grid = []
        for r, row in enumerate(value):
            if len(row) != n:
                raise InstanceError(f"{key}: row {r + 1}: expected {n} cells, found {len(row)}",
                                    file, line, 1)
            out = []
            for v in row:
                if v == "." or v == 0 and type(v) is int:
                    out.append(0)
                elif type(v) is int and 1 <= v <= n:
                    out.append(v)
                else:
                    raise InstanceError(f"{key}: row {r + 1}: expected numbers 1-{n} "
                                        f"or 0 / \".\" (empty), found {v!r}", file, line, 1)
            grid.append(out)
        return grid, None
    raise InstanceError(f"{key}: expected a grid: a multi-line string, one row per line",
                        file, line, 1 if line else None)


#: a Sudoku grid or a one-line-per-puzzle collection; as the last resort of the
#: loader it takes any text that is not TOML, so its errors say what a grid needs
TEXT_FORMAT = register_format(TextFormat(
    "sudoku-text", "sudoku", "a Sudoku text grid, or a collection of one puzzle per line",
    sniff=lambda text, file: True, parse=parse_text, fallback=True))
register_toml("sudoku", read_toml)
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Sudoku]:
    """A puzz.link URL (``p?sudoku/N/N/BODY``): the givens, number16."""
    u = puzzlink.read(text, file, PIDS)
    n = u.rows
    box = default_box(n) or ((2, 3) if n == 6 else None)
    if u.cols != n or box is None:
        raise u.error(-1, f"expected a square grid of a side with boxes (4, 6, 9, 16, 25, "
                          f"...), found {u.cols} x {u.rows}")
    cells, end = puzzlink.decode_number16(u, n * n)
    u.expect_end(end, f" after {n * n} cells")
    for i, v in enumerate(cells):
        if v is not None and not 1 <= v <= n:
            raise u.error(-1, f"row {i // n + 1}, column {i % n + 1}: expected a value "
                              f"1..{n}, found {'a ? clue' if v == puzzlink.UNKNOWN else v}")
    grid = [[v or 0 for v in cells[r * n:(r + 1) * n]] for r in range(n)]
    return [Sudoku(grid, box, file=file, source=text.strip())]


def to_url(p: Sudoku) -> str:
    """The puzz.link URL of ``p``'s givens (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.n, p.n,
                        puzzlink.encode_number16([v or None for row in p.grid for v in row]))


url_format("sudoku", PIDS, parse_url, "N/N/...")


class SolutionGrids(abc.Sequence):
    """The grids of a collection's puzzles, each read when asked for."""

    def __init__(self, puzzles: Sequence):
        self._puzzles = puzzles

    def __len__(self) -> int:
        return len(self._puzzles)

    def __getitem__(self, i):
        got = self._puzzles[i]
        return [p.grid for p in got] if isinstance(i, slice) else got.grid


def read_solutions(text: str, file: str) -> SolutionGrids:
    """A collection's published solutions (``NAME.solutions``: one grid per line,
    in the collection's own format), each grid read when asked for."""
    return SolutionGrids(parse_text(text, file))


register_solutions("sudoku", read_solutions)
