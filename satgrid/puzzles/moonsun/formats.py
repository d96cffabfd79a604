"""Moon or Sun file formats: the TOML instance and the puzz.link URL.

Instance (TOML)::

    puzzle = "moonsun"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    rooms = \"\"\"           # a label per cell: equal labels side by side are one room
    a a a b b b
    ...\"\"\"
    marks = \"\"\"           # s a sun, m a moon, '.' none
    s m . . . s
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # the sides the loop leaves each cell by (n s e w), '-' none
    se ew sw - - -
    ...\"\"\"

URL: ``https://puzz.link/p?moonsun/COLS/ROWS/BODY`` (also ``pzv.jp``): the
room borders (:func:`satgrid.puzzles.puzzlink.decode_border`) then the
marks in pzprjs's circle encoding (:func:`satgrid.puzzles.puzzlink.decode_circle`:
1 a sun, 2 a moon).

pzprv3 (pzprjs's file, versions 0 to 2): the rooms
(:func:`satgrid.puzzles.roomloops.read_pzprv3_rooms`), the marks (``1`` a
sun, ``2`` a moon, ``.`` none), then the lines
(:func:`satgrid.puzzles.roomloops.pzprv3_lines`): a drawn loop becomes
``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?moonsun/3/1/8f", "a.txt")
    >>> p.rooms, p.marks, to_url(p)
    ([[0, 0, 1]], [['s', 'm', '.']], 'https://puzz.link/p?moonsun/3/1/8f')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, roomloops
from ..base import parse_expect, puzzlink_ids, register_toml
from ..links import links_from_edges
from ..parsing import shown, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, MoonSun

KEYS = ("puzzle", "title", "source", "rooms", "marks", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written
MARKS = {".": ".", "-": ".", "s": "s", "m": "m", "S": "s", "M": "m"}


def read_toml(cls: type[MoonSun], data: dict, raw: str, file: str) -> MoonSun:
    """A ``puzzle = "moonsun"`` instance from its parsed TOML table."""
    vert, hori = roomloops.read_toml_rooms(data, raw, file, K, KEYS)
    h, w = len(vert), len(vert[0]) + 1
    marks = [["."] * w for _ in range(h)]
    if "marks" in data:
        mg = toml_token_grid(data, raw, file, "marks")
        mg.expect_shape(h, w)
        for r, row in enumerate(mg.rows):
            for c, tok in enumerate(row):
                if tok not in MARKS:
                    raise mg.error(r, c, f"expected 's' (a sun), 'm' (a moon) or '.', "
                                         f"found {shown(tok)}")
                marks[r][c] = MARKS[tok]
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    return cls(vert, hori, marks, file=file, solution=roomloops.read_solution(expect, raw, file, h, w),
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[MoonSun]:
    """A puzz.link URL (``p?moonsun/COLS/ROWS/BODY``)."""
    u, vert, hori, end = roomloops.read_url(text, file, PIDS, "")
    rest = puzzlink.PuzzLink(u.pid, u.flags, u.cols, u.rows, u.body[end:], file, u.line,
                             u.column + end)
    cells, used = puzzlink.decode_circle(rest, u.rows * u.cols)
    rest.expect_end(used)
    marks = [[".sm"[v] for v in cells[r * u.cols:(r + 1) * u.cols]] for r in range(u.rows)]
    return [MoonSun(vert, hori, marks, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: MoonSun) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return roomloops.border_url(PIDS[0], p.vert, p.hori) + puzzlink.encode_circle(
        [".sm".index(v) for row in p.marks for v in row])


def parse_pzprv3(text: str, file: str) -> list[MoonSun]:
    """A pzprv3 moonsun file; its drawn loop, if any, the expected answer."""
    f, vert, hori, _, at = roomloops.read_pzprv3_rooms(text, file)
    marks = []
    for row in f.grid(at, "marks"):
        marks.append([])
        for tok, (line, col) in row:
            if tok not in (".", "1", "2"):
                raise InstanceError(f"marks: expected 1 (a sun), 2 (a moon) or '.', found "
                                    f"{shown(tok)}", file, line, col)
            marks[-1].append({"1": "s", "2": "m"}.get(tok, "."))
    used = roomloops.pzprv3_lines(f, at + f.rows) if len(f.lines) > at + f.rows else {}
    solution = links_from_edges(list(used), f.rows, f.cols) if used else None
    return [MoonSun(vert, hori, marks, solution=solution, file=file, title=os.path.basename(file),
                    expect={"solution": "pzprv3"} if solution else {})]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3, sniff=lambda text, file: roomloops.sniff_pzprv3(text, "moonsun"))
url_format(K, PIDS, parse_url)
