"""LITS file formats: the TOML instance, the puzz.link URL and pzprv3 text.

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

URL: ``https://puzz.link/p?lits/COLS/ROWS/BODY`` (also ``pzv.jp``): the
region borders in pzprjs's border code; the regions are numbered by their
first cell in reading order.

Example:
    >>> [p] = parse_url("https://puzz.link/p?lits/4/2/900", "a.txt")
    >>> p.regions, to_url(p)
    ([['0', '0', '1', '1'], ['0', '0', '1', '1']], 'https://puzz.link/p?lits/4/2/900')
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import pzprv3, rooms
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Lits

KEYS = ("puzzle", "title", "source", "regions", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
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


def parse_url(text: str, file: str) -> list[Lits]:
    """A puzz.link URL (``p?lits/COLS/ROWS/BODY``): the region borders."""
    _, vert, hori, _ = rooms.read_url(text, file, PIDS, numbers=False)
    labels = [[str(k) for k in row] for row in rooms.rooms_from_borders(vert, hori)]
    return [Lits(labels, file=file, source=text.strip())]


def to_url(p: Lits) -> str:
    """The puzz.link URL of ``p``'s regions (as pzprjs writes it)."""
    return rooms.write_url(PIDS[0], *rooms.borders_of(p.regions))


url_format(K, PIDS, parse_url)
