"""Hitori file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "hitori"
    title = "..."
    source = "..."
    numbers = \"\"\"       # one row per line, whole numbers
    4 8 1 6 ...
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '#' = shaded, '.' = unshaded
    # . . ...\"\"\"

pzprv3: ``pzprv3``, ``hitori``, rows, columns, the rows of numbers, then
(optionally) the rows of the answer (``#`` shaded; ``.``/``+`` not), which
becomes ``[expect] solution``.

URL: ``https://puzz.link/p?hitori/COLS/ROWS/BODY`` (also ``pzv.jp``):
pzprjs's Hitori code, a base-36 digit per number below 36 and ``-`` with two
digits up to 1295. A cell without a number (any other character) or with a
``?`` (``%``, ``@``) is refused in one line: every cell here has its number.

Example:
    >>> [p] = parse_url("https://puzz.link/p?hitori/2/2/12-101", "a.txt")
    >>> p.numbers, to_url(p)
    ([[1, 2], [36, 1]], 'https://puzz.link/p?hitori/2/2/12-101')
"""

from __future__ import annotations

import re

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Hitori

KEYS = ("puzzle", "title", "source", "numbers", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json


def _shading(rows, file) -> list[list[int]]:
    return pzprv3.shading(rows, file, "solution: expected '#' (shaded) or '.'")


def _numbers(rows, file) -> list[list[int]]:
    out = []
    for row in rows:
        vals = []
        for tok, (line, col) in row:
            v = ascii_int(tok)
            if v is None or v < 1:
                raise InstanceError(f"numbers: expected a whole number >= 1, found {shown(tok)}",
                                    file, line, col)
            vals.append(v)
        out.append(vals)
    return out


def _positioned(tg):
    """A TokenGrid's rows as lists of ``(token, (line, column))``."""
    return [list(zip(row, pos)) for row, pos in zip(tg.rows, tg.positions)]


def read_toml(cls: type[Hitori], data: dict, raw: str, file: str) -> Hitori:
    """A ``puzzle = "hitori"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "numbers")
    tg.expect_shape(tg.height, len(tg.rows[0]))
    numbers = _numbers(_positioned(tg), file)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(numbers), len(numbers[0]))
        solution = _shading(_positioned(sg), file)
    return cls(numbers, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_pzprv3(text: str, file: str) -> list[Hitori]:
    f = pzprv3.read(text, file)
    numbers = _numbers(f.grid(0, "numbers"), file)
    expect, solution = {}, None
    if len(f.lines) > f.rows:
        solution = _shading(f.grid(f.rows, "answer"), file)
        expect = {"solution": "pzprv3"}
    return [Hitori(numbers, solution=solution, file=file, expect=expect)]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)


def parse_url(text: str, file: str) -> list[Hitori]:
    """A puzz.link URL (``p?hitori/COLS/ROWS/BODY``): a number per cell."""
    u = puzzlink.read(text, file, PIDS)
    body, cells, i, n = u.body, [], 0, u.rows * u.cols
    while len(cells) < n and i < len(body):
        ch = body[i]
        if re.fullmatch(r"[1-9a-z]", ch):
            cells.append(int(ch, 36))
        elif ch == "-" and re.fullmatch(r"[0-9a-z]{2}", body[i + 1:i + 3]) and \
                int(body[i + 1:i + 3], 36) >= 1:
            cells.append(int(body[i + 1:i + 3], 36))
            i += 2
        else:
            raise u.error(i, f"expected a number (a base-36 digit 1-z, or '-' and two "
                             f"digits), found {body[i:i + 3] if ch == '-' else ch!r}"
                             f"{' (a cell without its number)' if ch in '.%@' else ''}")
        i += 1
    if len(cells) < n:
        raise u.error(i, f"expected {n} numbers ({u.rows} x {u.cols}), found {len(cells)}")
    u.expect_end(i)
    return [Hitori([cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)], file=file,
                   source=text.strip())]


def to_url(p: Hitori) -> str:
    """The puzz.link URL of ``p``'s numbers (as pzprjs writes them)."""
    if any(v >= 36 * 36 for row in p.numbers for v in row):
        raise InstanceError("hitori: a puzz.link URL holds numbers up to 1295", p.file)
    body = "".join(puzzlink_digit(v) for row in p.numbers for v in row)
    return puzzlink.url(PIDS[0], p.cols, p.rows, body)


def puzzlink_digit(v: int) -> str:
    """One number as pzprjs's Hitori code writes it."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[v] if v < 36 else "-" + digits[v // 36] + digits[v % 36]


url_format(K, PIDS, parse_url)
