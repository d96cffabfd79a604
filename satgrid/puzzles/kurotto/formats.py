"""Kurotto file formats: the TOML instance, pzprv3 text and puzz.link URLs.

Instance (TOML)::

    puzzle = "kurotto"
    title = "..."
    source = "..."
    clues = \"\"\"          # a number, '?' (a clue cell without its number) or '.'
    3 0 . . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"       # '#' = shaded; '.' or a clue = not
    3 0 . . .
    # . # # .
    ...\"\"\"

pzprv3: ``pzprv3/kurotto/ROWS/COLS``, the clues (``-`` = "?", ``.`` none),
then optionally the answer (``#`` shaded; ``.``, ``+`` not). URL:
``https://puzz.link/p?kurotto/COLS/ROWS/BODY``, the clues
(:func:`satgrid.puzzles.puzzlink.decode_number16`, ``.`` = "?").

Example:
    >>> [p] = parse_url("https://puzz.link/p?kurotto/5/5/30m4h6h4m02", "a.txt")
    >>> p.clues[0], to_url(p)
    ([3, 0, None, None, None], 'https://puzz.link/p?kurotto/5/5/30m4h6h4m02')
"""

from __future__ import annotations

from ...errors import InstanceError
from .. import pzprv3, puzzlink
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, UNKNOWN, Kurotto

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
MAX_SIDE = 100


def read_toml(cls: type[Kurotto], data: dict, raw: str, file: str) -> Kurotto:
    """A ``puzzle = "kurotto"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "clues")
    h, w = tg.height, len(tg.rows[0])
    if h > MAX_SIDE or w > MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {MAX_SIDE} rows and columns")
    tg.expect_shape(h, w)
    clues = []
    for r, row in enumerate(tg.rows):
        out = []
        for c, tok in enumerate(row):
            v = None if tok in (".", "-") else UNKNOWN if tok == "?" else ascii_int(tok)
            if v is None and tok not in (".", "-"):
                raise tg.error(r, c, f"expected a number, '?' or '.', found {shown(tok)}")
            out.append(v)
        clues.append(out)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(h, w)
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in ("#", ".", "+", "?") and ascii_int(tok) is None:
                    raise sg.error(r, c, f"expected '#' (shaded), '.' or a clue, found {shown(tok)}")
        solution = [[int(tok == "#") for tok in row] for row in sg.rows]
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_pzprv3(text: str, file: str) -> list[Kurotto]:
    """A pzprv3 kurotto file: the clues, then optionally the answer."""
    f = pzprv3.read(text, file)
    clues = []
    for row in f.grid(0, "clues"):
        out = []
        for tok, (line, col) in row:
            v = None if tok == "." else UNKNOWN if tok == "-" else ascii_int(tok)
            if v is None and tok != ".":
                raise InstanceError(f"clues: expected a number, '-' or '.', found {tok!r}",
                                    file, line, col)
            out.append(v)
        clues.append(out)
    solution = None
    if len(f.lines) > f.rows:
        solution = pzprv3.shading(f.grid(f.rows, "answer"), file, "answer: expected '#', '.' or '+'")
    return [Kurotto(clues, solution=solution, file=file,
                    expect={"solution": "pzprv3"} if solution else {})]


def parse_url(text: str, file: str) -> list[Kurotto]:
    """A puzz.link URL (``p?kurotto/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    u.expect_end(end)
    return [Kurotto([cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)], file=file,
                    source=text.strip())]


def to_url(p: Kurotto) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        puzzlink.encode_number16([v for row in p.clues for v in row]))


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
