"""Ripple Effect file formats: the TOML instance and puzz.link URLs; the
readers and writers of a grid of numbers in rooms, which Suguru shares.

Instance (TOML)::

    puzzle = "rippleeffect"
    rooms = \"\"\"       # equal labels side by side: one room; '#' an empty cell
    a a b
    c a b
    \"\"\"
    clues = \"\"\"       # optional: a number, '.' none, '?' unknown
    . 1 .
    . . .
    \"\"\"

    [expect]
    solution = \"\"\"    # the numbers ('.' in an empty cell)
    2 1 1
    1 3 2
    \"\"\"

pzprv3 (puzz.link's file, :func:`read_pzprv3`): the borders, the givens,
optionally the answer.

URL: ``https://puzz.link/p?ripple/COLS/ROWS/BODY`` as pzprjs's ``ripple.js``
writes it: the borders (:func:`satgrid.puzzles.puzzlink.decode_border`,
every digit written), the numbers (number16, ``.`` a "?"), then, when a
cell is empty, one bit per cell (base-32 digits, five cells each).

Example:
    >>> [p] = parse_url("https://puzz.link/p?ripple/3/1/gh1", "a.txt")
    >>> p.rooms, p.clues, to_url(p)
    ([[0, 1, 1]], [[None, None, 1]], 'https://puzz.link/p?ripple/3/1/gh1')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, RippleEffect

KEYS = ("puzzle", "title", "source", "rooms", "clues", "expect")
MAX_NUMBER = 4095
_B32 = "0123456789abcdefghijklmnopqrstuv"


def rooms_of(same, h: int, w: int, empty) -> list[list[int | None]]:
    """Room indices (by first cell in reading order) of the cells not
    ``empty(r, c)``, a room the cells joined by ``same(a, b)`` side by side."""
    rooms: list[list[int | None]] = [[None] * w for _ in range(h)]
    k = 0
    for r in range(h):
        for c in range(w):
            if empty(r, c) or rooms[r][c] is not None:
                continue
            rooms[r][c], todo = k, [(r, c)]
            while todo:
                a = todo.pop()
                for b in ((a[0] - 1, a[1]), (a[0] + 1, a[1]), (a[0], a[1] - 1), (a[0], a[1] + 1)):
                    if (0 <= b[0] < h and 0 <= b[1] < w and rooms[b[0]][b[1]] is None
                            and not empty(*b) and same(a, b)):
                        rooms[b[0]][b[1]] = k
                        todo.append(b)
            k += 1
    return rooms


def read_toml(cls, data: dict, raw: str, file: str):
    """A rooms-of-numbers instance (``cls``: this kind or Suguru) from its TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "rooms")
    h, w = tg.height, len(tg.rows[0])
    if h > puzzlink.MAX_SIDE or w > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(h, w)
    lab = tg.rows
    rooms = rooms_of(lambda a, b: lab[a[0]][a[1]] == lab[b[0]][b[1]], h, w,
                     lambda r, c: lab[r][c] == "#")
    clues = [[None] * w for _ in range(h)]
    if "clues" in data:
        cg = toml_token_grid(data, raw, file, "clues")
        cg.expect_shape(h, w)
        for r, row in enumerate(cg.rows):
            for c, tok in enumerate(row):
                v = None if tok == "." else puzzlink.UNKNOWN if tok == "?" else ascii_int(tok)
                if tok not in ".?" and (v is None or v > MAX_NUMBER):
                    raise cg.error(r, c, f"expected a number, '.' or '?', found {shown(tok)}")
                clues[r][c] = v
    expect = parse_expect(data, raw, file, cls.kind, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(h, w)
        solution = sg.ints(0, h * w)
    return cls(rooms, clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def read_url(cls, text: str, file: str, pids: tuple[str, ...]):
    """A rooms-of-numbers puzzle from its puz.link URL (borders, number16, empty cells)."""
    u = puzzlink.read(text, file, pids)
    h, w, n = u.rows, u.cols, u.rows * u.cols
    vert, hori, end = puzzlink.decode_border(u, 0)
    cells, end = puzzlink.decode_number16(u, n, end)
    empty = [0] * n
    for i, ch in enumerate(u.body[end:end + (n + 4) // 5]):
        if ch not in _B32:
            raise u.error(end + i, f"expected a base-32 digit 0-9 or a-v, found {ch!r}")
        for b in range(5):
            if 5 * i + b < n:
                empty[5 * i + b] = int(ch, 32) >> (4 - b) & 1
    u.expect_end(min(len(u.body), end + (n + 4) // 5))
    same = lambda a, b: not (vert[a[0]][min(a[1], b[1])] if a[0] == b[0]
                             else hori[min(a[0], b[0])][a[1]])
    rooms = rooms_of(same, h, w, lambda r, c: empty[r * w + c])
    return [cls(rooms, [cells[r * w:(r + 1) * w] for r in range(h)], borders=(vert, hori),
                file=file, title=os.path.basename(file), source=text.strip())]


def write_url(p, pid: str) -> str:
    """The puzz.link URL of a rooms-of-numbers puzzle (as pzprjs writes it)."""
    h, w, rooms = p.rows, p.cols, p.rooms
    if p.borders is not None:
        vert, hori = p.borders
    else:
        vert = [[int(rooms[r][c] != rooms[r][c + 1]) for c in range(w - 1)] for r in range(h)]
        hori = [[int(rooms[r][c] != rooms[r + 1][c]) for c in range(w)] for r in range(h - 1)]
    body = puzzlink.encode_border(vert, hori) or "0" * ((h * (w - 1) + 4) // 5
                                                      + ((h - 1) * w + 4) // 5)
    body += puzzlink.encode_number16([v for row in p.clues for v in row])
    empty = [int(k is None) for row in rooms for k in row]
    if any(empty):
        body += "".join(_B32[sum(b << (4 - j) for j, b in enumerate((empty[i:i + 5] + [0] * 4)[:5]))]
                        for i in range(0, len(empty), 5))
    return puzzlink.url(pid, w, h, body)


def _lines(f, start: int, count: int, width: int, what: str) -> list[list]:
    """``count`` token lines of ``width`` tokens from line index ``start`` of a pzprv3 file."""
    out = f.lines[start:start + count]
    if len(out) != count:
        last = f.lines[-1][-1][1] if f.lines and f.lines[-1] else (1, 1)
        raise InstanceError(f"{what}: expected {count} lines, found {len(out)}", f.file, *last)
    for row in out:
        if len(row) != width:
            raise InstanceError(f"{what}: expected {width} tokens in a line, found {len(row)}",
                                f.file, *row[min(len(row), width) - 1][1])
    return out


def _token(tok: str, pos, file: str, what: str, allowed: str) -> int | None:
    """A number token (None for one of ``allowed``, or a sub-number note ``.[..]``)."""
    tok = tok.split("[")[0] if "[" in tok else tok
    if tok in allowed:
        return None
    v = ascii_int(tok)
    if v is None or v > MAX_NUMBER:
        raise InstanceError(f"{what}: expected a number or one of {' '.join(allowed)}, "
                            f"found {shown(tok)}", file, *pos)
    return v


def read_pzprv3(cls, text: str, file: str):
    """A rooms-of-numbers pzprv3 file: vertical then horizontal borders (0/1),
    the givens (``#`` an empty cell, ``-`` a "?", ``.`` none), then optionally
    the answer numbers (a complete one becomes ``[expect] solution``)."""
    f = pzprv3.read(text, file)
    h, w = f.rows, f.cols
    nv, nh = (h if w > 1 else 0), h - 1
    bits = []
    for start, count, width, what in ((0, nv, w - 1, "vertical borders"),
                                      (nv, nh, w, "horizontal borders")):
        rows = _lines(f, start, count, width, what)
        if any(t not in ("0", "1") for row in rows for t, _ in row):
            t, pos = next((t, p) for row in rows for t, p in row if t not in ("0", "1"))
            raise InstanceError(f"{what}: expected 0 or 1, found {shown(t)}", file, *pos)
        bits.append([[int(t) for t, _ in row] for row in rows])
    vert, hori = bits[0] or [[] for _ in range(h)], bits[1]
    given = _lines(f, nv + nh, h, w, "givens")
    empty = [[t == "#" for t, _ in row] for row in given]
    clues = [[None if t in ".#" else puzzlink.UNKNOWN if t == "-" else
              _token(t, p, file, "givens", ".") for t, p in row] for row in given]
    same = lambda a, b: not (vert[a[0]][min(a[1], b[1])] if a[0] == b[0]
                             else hori[min(a[0], b[0])][a[1]])
    rooms = rooms_of(same, h, w, lambda r, c: empty[r][c])
    solution = None
    if len(f.lines) > nv + nh + h:
        answer = [[_token(t, p, file, "answer", ".+-=%c") for t, p in row]
                  for row in _lines(f, nv + nh + h, h, w, "answer")]
        solution = [[0 if rooms[r][c] is None else (clues[r][c] if clues[r][c] is not None
                     and clues[r][c] >= 0 else answer[r][c]) for c in range(w)] for r in range(h)]
        if any(v is None for row in solution for v in row):
            solution = None                       # an unfinished answer is no solution
    return [cls(rooms, clues, borders=(vert, hori), solution=solution, file=file,
                title=os.path.basename(file), expect={"solution": "pzprv3"} if solution else {})]


PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[RippleEffect]:
    """A puzz.link URL (``p?ripple/COLS/ROWS/BODY``)."""
    return read_url(RippleEffect, text, file, PIDS)


def to_url(p: RippleEffect) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    return write_url(p, PIDS[0])


URL_FORMAT = url_format(K, PIDS, parse_url)
PZPRV3_FORMAT = pzprv3_format(
    K, lambda text, file: read_pzprv3(RippleEffect, text, file), "ripple")
register_toml(K, read_toml)
