"""Positions in instance files: the line of a TOML key, grids of tokens with
the file line and column of every token, for messages that point at the
offending character.

Used by the kinds' ``formats`` modules and by the loader; nothing here knows a
puzzle kind.
"""

from __future__ import annotations

import re

from ..errors import InstanceError


#: the most digits a number in a puzzle file may have (leading zeros aside): no
#: side, clue, region count or sum comes near, and int() itself refuses a
#: string of more than 4,300 digits
MAX_DIGITS = 9


def ascii_int(tok: str) -> int | None:
    """``tok`` as an int when it is a plain decimal number -- ASCII digits
    only (no sign, no ``_``, no superscript ``²`` or other script's digit,
    which ``str.isdigit`` accepts), at most :data:`MAX_DIGITS` of them
    after leading zeros -- else None.

    >>> ascii_int("042"), ascii_int("²"), ascii_int("1_0"), ascii_int("9" * 5000)
    (42, None, None, None)
    """
    if tok.isascii() and tok.isdigit():
        digits = tok.lstrip("0")
        if len(digits) <= MAX_DIGITS:
            return int(digits or "0")
    return None


def shown(tok: str, width: int = 20) -> str:
    """``tok`` quoted for a message: at most ``width`` characters of it (a
    5,000-digit number is not repeated whole)."""
    if len(tok) <= width:
        return repr(tok)
    return repr(tok[:width]) + f"... ({len(tok):,} characters)"


def key_line(raw: str, key: str) -> int | None:
    """1-based line of the first content line of TOML key ``key`` in ``raw``.

    For a multi-line string (``key = \"\"\"`` then a newline), that is the line
    after the opening quotes; for a one-line value, the key's own line.
    """
    pat = re.compile(r'^\s*' + re.escape(key) + r'\s*=\s*(""")?(.*)$')
    for i, line in enumerate(raw.splitlines(), 1):
        m = pat.match(line)
        if m:
            if m.group(1) and not m.group(2).strip():
                return i + 1
            return i
    return None


def key_pos(raw: str, key: str) -> int | None:
    """1-based line where TOML key ``key`` is set (or of the table header ``[key]``)."""
    m = (re.search(r"^\s*" + re.escape(key) + r"\s*=", raw, re.M)
         or re.search(r"^\s*\[\s*" + re.escape(key) + r"\s*\]", raw, re.M))
    return raw.count("\n", 0, m.start()) + 1 if m else None


class TokenGrid:
    """A grid of white-space separated tokens, with their file positions."""

    def __init__(self, rows: list[list[str]], positions: list[list[tuple[int, int]]],
                 file: str, key: str):
        self.rows = rows
        self.positions = positions
        self.file = file
        self.key = key

    @property
    def height(self) -> int:
        """The number of (non-blank) rows."""
        return len(self.rows)

    def error(self, r: int, c: int | None, message: str) -> InstanceError:
        """An error at token (r, c), or at the start of row r when ``c`` is None."""
        if c is None:
            line = self.positions[r][0][0] if self.positions[r] else None
            return InstanceError(f"{self.key}: {message}", self.file, line, 1)
        line, col = self.positions[r][c]
        return InstanceError(f"{self.key}: {message}", self.file, line, col)

    def expect_shape(self, rows: int, cols: int) -> None:
        """Raise a positioned InstanceError unless the grid is rows x cols."""
        if len(self.rows) != rows:
            line = self.positions[-1][0][0] if self.rows and self.positions[-1] else None
            raise InstanceError(f"{self.key}: expected {rows} rows, found {len(self.rows)}",
                                self.file, line, 1 if line else None)
        for r, row in enumerate(self.rows):
            if len(row) != cols:
                # point at the first extra cell, or at the end of a short row
                line, col = (self.positions[r][cols] if len(row) > cols
                             else self.positions[r][-1])
                raise InstanceError(f"{self.key}: row {r + 1}: expected {cols} cells, "
                                    f"found {len(row)}", self.file, line, col)

    def ints(self, lo: int, hi: int, empty: str = ".", zero_empty: bool = False) -> list[list[int]]:
        """The grid as ints in lo..hi, 0 for an empty token."""
        out = []
        for r, row in enumerate(self.rows):
            vals = []
            for c, tok in enumerate(row):
                if tok == empty or (zero_empty and tok == "0"):
                    vals.append(0)
                    continue
                v = ascii_int(tok)
                if v is None:
                    raise self.error(r, c, f"expected a number {lo}..{hi} or '{empty}', "
                                           f"found {shown(tok)}")
                if not lo <= v <= hi:
                    raise self.error(r, c, f"expected a number {lo}..{hi}, found {v}")
                vals.append(v)
            out.append(vals)
        return out


def number_clues(tg: TokenGrid, max_side: int = 100,
                 empty: tuple[str, ...] = (".", "-")) -> list[list[int]]:
    """A rectangular grid of number clues (Nurikabe, Fillomino): ints
    1..rows*cols, 0 for a token in ``empty``; at most ``max_side`` rows and
    columns, every row as long as the first (positioned errors otherwise)."""
    rows, cols = tg.height, len(tg.rows[0])
    if rows > max_side or cols > max_side:
        raise tg.error(0, 0, f"expected at most {max_side} rows and columns")
    tg.expect_shape(rows, cols)
    dots = TokenGrid([["." if t in empty else t for t in row] for row in tg.rows],
                     tg.positions, tg.file, tg.key)
    return dots.ints(1, rows * cols)


def parse_token_grid(text: str, *, file: str, key: str, first_line: int | None = None) -> TokenGrid:
    """Split a multi-line grid string into rows of tokens (blank lines skipped).

    ``first_line`` is the file line of the string's first line (for messages).
    """
    if not isinstance(text, str):
        raise InstanceError(f"{key}: expected a multi-line string", file, first_line)
    rows, pos = [], []
    lines = text.split("\n")
    base = (first_line or 1)
    for i, line in enumerate(lines):
        toks, ps = [], []
        for m in re.finditer(r"\S+", line):
            toks.append(m.group())
            ps.append((base + i, m.start() + 1))
        if toks:
            rows.append(toks)
            pos.append(ps)
    if not rows:
        raise InstanceError(f"{key}: expected a grid, found nothing", file, first_line)
    return TokenGrid(rows, pos, file, key)


def toml_token_grid(table: dict, raw: str, file: str, key: str) -> TokenGrid:
    """The token grid of TOML key ``key`` of ``table`` (the instance or its
    ``[expect]``), positioned at the key's first content line in ``raw``."""
    return parse_token_grid(table[key], file=file, key=key, first_line=key_line(raw, key))


def check_strings(data: dict, raw: str, file: str, keys=("title", "source")) -> None:
    """Refuse a non-string value of any of ``keys`` (at the key's line)."""
    for key in keys:
        if not isinstance(data.get(key, ""), str):
            raise InstanceError(f"{key}: expected a string", file, key_line(raw, key), 1)


def toml_grid(data: dict, raw: str, file: str, keys, grid: str, *,
              strings=("title", "source")) -> TokenGrid:
    """The main grid of a TOML instance: unknown keys refused (those not in
    ``keys``), the ``grid`` key required, non-string ``strings`` refused, then
    the grid's tokens (positioned errors throughout)."""
    for key in data:
        if key not in keys:
            raise InstanceError(f"unknown key {key!r}; expected one of {', '.join(keys)}",
                                file, key_line(raw, key), 1)
    if grid not in data:
        raise InstanceError(f"expected a '{grid}' grid (one row per line)", file, 1, 1)
    check_strings(data, raw, file, strings)
    return toml_token_grid(data, raw, file, grid)
