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
from ..base import parse_expect, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format
from .kind import K, Hitori

KEYS = ("puzzle", "title", "source", "numbers", "expect")


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
