"""Hitori file formats: the TOML instance and pzprv3 (puzz.link) text.

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
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import pzprv3
from ..base import TextFormat, parse_expect, register_format, register_toml
from ..parsing import key_line, parse_token_grid
from .kind import K, Hitori

KEYS = ("puzzle", "title", "source", "numbers", "expect")


def _shading(rows, file) -> list[list[int]]:
    out = []
    for row in rows:
        vals = []
        for tok, (line, col) in row:
            if tok not in ("#", ".", "+"):
                raise InstanceError(f"solution: expected '#' (shaded) or '.', found {tok!r}",
                                    file, line, col)
            vals.append(1 if tok == "#" else 0)
        out.append(vals)
    return out


def _numbers(rows, file) -> list[list[int]]:
    out = []
    for row in rows:
        vals = []
        for tok, (line, col) in row:
            if not tok.isdigit() or int(tok) < 1:
                raise InstanceError(f"numbers: expected a whole number >= 1, found {tok!r}",
                                    file, line, col)
            vals.append(int(tok))
        out.append(vals)
    return out


def _positioned(tg):
    """A TokenGrid's rows as lists of ``(token, (line, column))``."""
    return [list(zip(row, pos)) for row, pos in zip(tg.rows, tg.positions)]


def read_toml(cls: type[Hitori], data: dict, raw: str, file: str) -> Hitori:
    """A ``puzzle = "hitori"`` instance from its parsed TOML table."""
    for key in data:
        if key not in KEYS:
            raise InstanceError(f"unknown key {key!r}; expected one of {', '.join(KEYS)}",
                                file, key_line(raw, key), 1)
    if "numbers" not in data:
        raise InstanceError("expected a 'numbers' grid (one row per line)", file, 1, 1)
    for key in ("title", "source"):
        if not isinstance(data.get(key, ""), str):
            raise InstanceError(f"{key}: expected a string", file, key_line(raw, key), 1)
    tg = parse_token_grid(data["numbers"], file=file, key="numbers",
                          first_line=key_line(raw, "numbers"))
    tg.expect_shape(tg.height, len(tg.rows[0]))
    numbers = _numbers(_positioned(tg), file)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = parse_token_grid(expect["solution"], file=file, key="solution",
                              first_line=key_line(raw, "solution"))
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
register_format(TextFormat("pzprv3-hitori", K, "pzprv3 (puzz.link) hitori file",
                           lambda text, file: pzprv3.sniff(text, "hitori"), parse_pzprv3),
                first=True)
