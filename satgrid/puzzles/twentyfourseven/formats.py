"""Twenty Four Seven file format: the TOML instance, one grid or (the 2x2
kind) four ``[[grids]]`` tables; the keys are in :mod:`.kind`'s docstring.
"""

from __future__ import annotations

import re
from typing import Any

from ...errors import InstanceError
from ..base import parse_expect, register_toml
from ..parsing import ascii_int, key_line, parse_token_grid, shown
from .kind import SIDES, SubGrid, TwentyFourSeven, TwentyFourSeven2x2
from . import check as checker

#: the keys of the instance's top level, and of one grid (top level or ``[[grids]]``)
TOP_KEYS = ("puzzle", "title", "source", "size", "expect")
#: the largest size read (the estimate refuses n >= 17 at the default --max-clauses)
MAX_SIZE = 99
GRID_KEYS = ("name", "givens") + SIDES


# ------------------------------------------------------------------ parsing
def _key_line(raw: str, key: str, table: int | None) -> int | None:
    """Line of ``key`` at the top level (``table=None``) or in the table-th ``[[grids]]``.

    For a multi-line string opened at the end of the key's line, the line after.
    (String tests, no regular expressions: it is asked for every given grid.)
    """
    current = None  # None = top level, -1 = another table, k = k-th [[grids]]
    count = -1
    for i, line in enumerate(raw.splitlines(), 1):
        text = line.lstrip()
        if text.startswith("["):
            head = text[2:].partition("]]")
            if text.startswith("[[") and head[1] and head[0].strip() == "grids":
                count += 1
                current = count
            else:
                current = -1
            continue
        if current == table and text.startswith(key):
            rest = text[len(key):].lstrip()
            if rest.startswith("="):
                value = rest[1:].lstrip()
                return i + 1 if value.startswith('"""') and not value[3:].strip() else i
    return None


def _line_text(raw: str, line: int | None) -> str:
    if line is None:
        return ""
    lines = raw.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _parse_clues(value: Any, side: str, n: int, raw: str, file: str,
                 table: int | None) -> list[int]:
    if not isinstance(value, str):
        raise InstanceError(f"{side}: expected a string of {n} clues ('.' = none)",
                            file, _key_line(raw, side, table), 1)
    toks = value.split()

    def at(k: int | None) -> tuple[int | None, int]:
        """(line, column) of token k (None: the end), found for an error only."""
        line = _key_line(raw, side, table)
        base = _line_text(raw, line).find(value) if value else -1
        if base < 0:
            return line, 1
        if k is None:
            return line, base + len(value) + 1
        return line, base + [m.start() for m in re.finditer(r"\S+", value)][k] + 1

    if len(toks) != n:
        raise InstanceError(f"{side}: expected {n} clues ('.' = none), found {len(toks)}",
                            file, *at(n if len(toks) > n else None))
    out = []
    for k, tok in enumerate(toks):
        if tok == ".":
            out.append(0)
            continue
        v = ascii_int(tok)
        if v is None or not 1 <= v <= n:
            raise InstanceError(f"{side}: expected a number 1..{n} or '.', found {shown(tok)}",
                                file, *at(k))
        out.append(v)
    return out


def _parse_grid(table: dict, raw: str, file: str, n: int, index: int | None) -> SubGrid:
    """A SubGrid from the top level (``index=None``) or the index-th ``[[grids]]`` table."""
    where = "" if index is None else f"grids[{index + 1}]: "
    if index is not None:
        for key in table:
            if key not in GRID_KEYS:
                raise InstanceError(f"{where}unknown key {key!r}; expected one of "
                                    f"{', '.join(GRID_KEYS)}", file, _key_line(raw, key, index), 1)
    name = table.get("name", "" if index is None else f"grid {index + 1}")
    if not isinstance(name, str):
        raise InstanceError(f"{where}name: expected a string", file,
                            _key_line(raw, "name", index), 1)
    givens = None
    if "givens" in table:
        tg = parse_token_grid(table["givens"], file=file, key=where + "givens",
                              first_line=_key_line(raw, "givens", index))
        tg.expect_shape(n, n)
        givens = tg.ints(1, n)
    clues = {side: _parse_clues(table[side], side, n, raw, file, index)
             for side in SIDES if side in table}
    return SubGrid(n, name, givens, clues)


def _parse_size(data: dict, raw: str, file: str) -> int:
    n = data.get("size", 7)
    line = key_line(raw, "size")
    if not isinstance(n, int) or isinstance(n, bool):
        raise InstanceError(f"size: expected a whole number, found {n!r}", file, line, 1)
    if not 1 <= n <= MAX_SIZE:   # checked before any n x n grid is made
        raise InstanceError(f"size: expected 1..{MAX_SIZE}, found {n} (beyond about 15 the "
                            "line tables alone take minutes: see --max-clauses)", file, line, 1)
    try:
        checker.line_rules(n)
    except ValueError:
        raise InstanceError(f"size: {n} does not work: (n+1)/2 and (n+1)(2n+1)/6 must be "
                            "whole numbers (n = 1, 5, 7, 11, 13, ...)", file, line, 1) from None
    return n


def _parse_solution(value: Any, raw: str, file: str, n: int, first_line: int | None):
    """An ``[expect] solution`` grid (``first_line``: its file line, if known)."""
    tg = parse_token_grid(value, file=file, key="solution", first_line=first_line)
    tg.expect_shape(n, n)
    return tg.ints(1, n, zero_empty=True)


# ------------------------------------------------------------------ TOML
def read_toml(cls: type[TwentyFourSeven], data: dict, raw: str, file: str) -> TwentyFourSeven:
    """A ``twenty-four-seven`` or ``twenty-four-seven-2x2`` instance (by
    ``cls.composite``) from its parsed TOML table (``raw`` = the file's text)."""
    allowed = TOP_KEYS + (("grids",) if cls.composite else GRID_KEYS)
    for key in data:
        if key not in allowed:
            raise InstanceError(f"unknown key {key!r}; expected one of {', '.join(allowed)}",
                                file, key_line(raw, key), 1)
    n = _parse_size(data, raw, file)
    for key in ("title", "source"):
        if not isinstance(data.get(key, ""), str):
            raise InstanceError(f"{key}: expected a string", file, key_line(raw, key), 1)
    expect = parse_expect(data, raw, file, cls.kind)
    sol_line = key_line(raw, "solution")
    if cls.composite:
        tables = data.get("grids")
        if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
            raise InstanceError("expected four [[grids]] tables", file,
                                key_line(raw, "grids") or 1, 1)
        if len(tables) != 4:
            raise InstanceError(f"expected four [[grids]] tables, found {len(tables)}",
                                file, 1, 1)
        grids = [_parse_grid(t, raw, file, n, k) for k, t in enumerate(tables)]
        solution = None
        if "solution" in expect:
            sols = expect["solution"]
            if not isinstance(sols, list) or len(sols) != 4:
                raise InstanceError("solution: expected a list of four grids",
                                    file, sol_line, 1)
            solution = [_parse_solution(s, raw, file, n, None) for s in sols]
    else:
        grids = [_parse_grid(data, raw, file, n, None)]
        solution = (_parse_solution(expect["solution"], raw, file, n, sol_line)
                    if "solution" in expect else None)
    return cls(n, grids, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


register_toml(TwentyFourSeven.kind, read_toml)
register_toml(TwentyFourSeven2x2.kind, read_toml)
