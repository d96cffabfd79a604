"""LITS file format: the TOML instance.

Instance (TOML)::

    puzzle = "lits"
    title = "..."
    source = "..."
    regions = \"\"\"       # one row per line, any tokens: equal token = same region
    A A A A A B C C C C
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '#' (or a letter L/I/T/S) = shaded, '.' = not
    . . . . . . # # # #
    ...\"\"\"
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import pzprv3
from ..base import parse_expect, register_toml
from ..parsing import ascii_int, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format
from .kind import K, Lits

KEYS = ("puzzle", "title", "source", "regions", "expect")
MAX_SIDE = 100


def read_toml(cls: type[Lits], data: dict, raw: str, file: str) -> Lits:
    """A ``puzzle = "lits"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "regions")
    rows, cols = tg.height, len(tg.rows[0])
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(rows, cols)
        solution = []
        for r, row in enumerate(sg.rows):
            vals = []
            for c, tok in enumerate(row):
                if tok not in ("#", ".", "L", "I", "T", "S"):
                    raise sg.error(r, c, f"expected '#', a letter L/I/T/S or '.', found {tok!r}")
                vals.append(0 if tok == "." else 1)
            solution.append(vals)
    return cls(tg.rows, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


register_toml(K, read_toml)


def parse_pzprv3(text: str, file: str) -> list[Lits]:
    """A pzprv3 (puzz.link) lits file: the region count, the grid of region
    numbers, then (optionally) the answer (``#`` shaded; ``.``/``+`` not)."""
    f = pzprv3.read(text, file)
    if not f.lines or len(f.lines[0]) != 1 or ascii_int(f.lines[0][0][0]) is None:
        where = f.lines[0][0][1] if f.lines and f.lines[0] else (None, None)
        raise InstanceError("expected the number of regions after the size", file, *where)
    body = pzprv3.Pzprv3(f.name, f.rows, f.cols, f.lines[1:], file)
    regions = [[tok for tok, _ in row] for row in body.grid(0, "regions")]
    solution = None
    if len(body.lines) > f.rows:
        solution = pzprv3.shading(body.grid(f.rows, "answer"), file,
                                  "answer: expected '#', '.' or '+'")
    return [Lits(regions, solution=solution, file=file,
                 expect={"solution": "pzprv3"} if solution else {})]


pzprv3_format(K, parse_pzprv3)
