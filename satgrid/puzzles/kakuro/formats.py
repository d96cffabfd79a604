"""Kakuro file formats: the TOML instance and puzz.link URLs.

Instance (TOML): the whole picture, its frame included (row 1 and column 1
are black)::

    puzzle = "kakuro"
    grid = \"\"\"          # '.' white; '#' black; 'D/R' black with clues
    #    4/   10/  #       # down D, right R (either may be left out: '4/', '/3')
    /7   .    .    #
    \"\"\"

    [expect]
    solution = \"\"\"      # a digit per white cell, '.' for black ones
    . . . .
    . 3 4 .
    \"\"\"

pzprv3 (puzz.link's file, :func:`parse_pzprv3`): the picture in its frame,
then optionally the answer.

URL: ``https://puzz.link/p?kakuro/COLS/ROWS/BODY`` (the board without the
frame), as pzprjs's ``kakuro.js`` writes it: the board's cells in order, a
run of 1-16 white cells a letter ``k``-``z``, a black cell ``.`` (no clue)
or two clue characters (down, then right: ``0``-``9``, ``a``-``j`` for
10-19, ``A``-``Z`` for 20-45, ``-`` none); then the clue of every column
whose top cell is white (the frame above it) and of every row whose first
cell is white (the frame left of it).

Example:
    >>> [p] = parse_url("https://puzz.link/p?kakuro/2/1/l-7-", "a.txt")
    >>> p.grid, to_url(p)
    ([[(None, None), (None, None), (7, None)], [(None, None), None, None]], 'https://puzz.link/p?kakuro/2/1/l-7-')
"""

from __future__ import annotations

import os
import re

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import ascii_int, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Kakuro

KEYS = ("puzzle", "title", "source", "grid", "expect")
MAX_CLUE = 45
_CLUE = re.compile(r"([0-9]*)/([0-9]*)\Z")


def _token(tg, r: int, c: int):
    tok = tg.rows[r][c]
    if tok == ".":
        return None
    if tok == "#":
        return (None, None)
    m = _CLUE.match(tok) if tok.isascii() else None
    if m is None:
        raise tg.error(r, c, f"expected '.', '#' or clues 'DOWN/RIGHT', found {shown(tok)}")
    clues = tuple(int(g) if g else None for g in m.groups())
    if any(v is not None and (len(g) > 2 or v > MAX_CLUE) for v, g in zip(clues, m.groups())):
        raise tg.error(r, c, f"expected clues 0..{MAX_CLUE}, found {shown(tok)}")
    return clues


def read_grid(tg) -> list[list]:
    """The picture of a token grid, its frame (row 1, column 1) black."""
    h, w = tg.height, len(tg.rows[0])
    if not 2 <= h <= puzzlink.MAX_SIDE + 1 or not 2 <= w <= puzzlink.MAX_SIDE + 1:
        raise tg.error(0, 0, f"expected 2..{puzzlink.MAX_SIDE + 1} rows and columns "
                             "(the frame included)")
    tg.expect_shape(h, w)
    grid = [[_token(tg, r, c) for c in range(w)] for r in range(h)]
    for r in range(h):
        for c in range(w):
            if (r == 0 or c == 0) and grid[r][c] is None:
                raise tg.error(r, c, "expected a black cell: row 1 and column 1 are the frame")
    return grid


def read_toml(cls: type[Kakuro], data: dict, raw: str, file: str) -> Kakuro:
    """A ``puzzle = "kakuro"`` instance from its parsed TOML table."""
    grid = read_grid(toml_grid(data, raw, file, KEYS, "grid"))
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(grid), len(grid[0]))
        solution = []
        for r, row in enumerate(sg.rows):
            out = []
            for c, tok in enumerate(row):
                white = grid[r][c] is None
                if white and not (len(tok) == 1 and "1" <= tok <= "9"):
                    raise sg.error(r, c, f"expected a digit 1-9 (a white cell), found {shown(tok)}")
                if not white and tok not in (".", "#"):
                    raise sg.error(r, c, f"expected '.' (a black cell), found {shown(tok)}")
                out.append(int(tok) if white else 0)
            solution.append(out)
    return cls(grid, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def _decval(ch: str) -> int | None:
    """A clue character: its number, None for ``-``; -1 when not a clue character."""
    if ch == "-":
        return None
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36)
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    return -1


def _encval(v: int | None) -> str:
    if v is None:
        return "-"
    return "0123456789abcdefghij"[v] if v < 20 else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v - 20]


def _pz_clue(tok: str, pos, file: str) -> int | None:
    v = ascii_int(tok[1:]) if tok.startswith("-") else ascii_int(tok)
    if v is None or v > 99:
        raise InstanceError(f"expected a clue number, found {shown(tok)}", file, *pos)
    return None if tok.startswith("-") or v == 0 else v


def parse_pzprv3(text: str, file: str) -> list[Kakuro]:
    """A pzprv3 kakuro file: the picture with its frame (``.`` white, ``R,D``
    a black cell's right and down sums, the frame's sums; 0 or -1: none),
    then optionally the answer digits (a complete answer becomes
    ``[expect] solution``)."""
    f = pzprv3.read(text, file)
    h, w = f.rows + 1, f.cols + 1
    rows = f.lines[:h]
    if len(rows) != h or any(len(row) != w for row in rows):
        bad = next((row for row in rows if len(row) != w), rows[-1] if rows else [])
        raise InstanceError(f"expected {h} lines of {w} tokens (the picture in its frame)",
                            file, *(bad[-1][1] if bad else (1, 1)))
    grid = [[(None, None)] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            tok, pos = rows[r][c]
            if r == 0 and c > 0 and tok != ".":
                grid[r][c] = (_pz_clue(tok, pos, file), None)
            elif c == 0 and r > 0 and tok != ".":
                grid[r][c] = (None, _pz_clue(tok, pos, file))
            elif r > 0 and c > 0:
                if tok == ".":
                    grid[r][c] = None
                    continue
                parts = tok.split(",")
                if len(parts) != 2:
                    raise InstanceError(f"expected '.' or 'RIGHT,DOWN', found {shown(tok)}",
                                        file, *pos)
                right, down = (_pz_clue(x, pos, file) for x in parts)
                grid[r][c] = (down, right)
    solution = None
    if len(f.lines) >= 2 * h - 1:
        answer = f.lines[h:2 * h - 1]
        digits = [[0] * w] + [[0] + [int(t) if len(t) == 1 and "1" <= t <= "9" else 0
                                     for t, _ in row] for row in answer]
        if all(len(row) == w - 1 for row in answer) and all(
                digits[r][c] for r in range(h) for c in range(w) if grid[r][c] is None):
            solution = [[digits[r][c] if grid[r][c] is None else 0 for c in range(w)]
                        for r in range(h)]
    return [Kakuro(grid, solution=solution, file=file, title=os.path.basename(file),
                   expect={"solution": "pzprv3"} if solution else {})]


PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Kakuro]:
    """A puzz.link URL (``p?kakuro/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    rows, cols, body = u.rows, u.cols, u.body
    grid = [[(None, None)] * (cols + 1)] + [[(None, None)] + [None] * cols for _ in range(rows)]
    c = i = 0
    while c < rows * cols and i < len(body):
        ch = body[i]
        if "k" <= ch <= "z":
            c += int(ch, 36) - 19
        elif ch == ".":
            grid[c // cols + 1][c % cols + 1] = (None, None)
            c += 1
        else:
            pair = [_decval(x) for x in body[i:i + 2]]
            if len(pair) < 2 or -1 in pair:
                k = i + (pair[0] != -1) if pair else i
                raise u.error(k, f"expected a run letter k-z, '.' or two clue characters "
                                 f"(0-9, a-j, A-Z, '-'), found {body[k:k + 1]!r}")
            grid[c // cols + 1][c % cols + 1] = tuple(pair)
            c, i = c + 1, i + 1
        i += 1
    frame = [(0, x + 1) for x in range(cols) if grid[1][x + 1] is None]
    frame += [(y + 1, 0) for y in range(rows) if grid[y + 1][1] is None]
    for r, col in frame:
        v = _decval(body[i]) if i < len(body) else None
        if v == -1:
            raise u.error(i, f"expected a clue character (0-9, a-j, A-Z, '-'), found {body[i]!r}")
        grid[r][col] = (v, None) if r == 0 else (None, v)
        i += 1
    u.expect_end(i)
    return [Kakuro(grid, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Kakuro) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    out, count = [], 0
    board = [row[1:] for row in p.grid[1:]]
    for v in (v for row in board for v in row):
        if v is None:
            count += 1
            if count == 16:
                out.append("z")
                count = 0
            continue
        if count:
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[count + 19])
            count = 0
        out.append("." if v == (None, None) else _encval(v[0]) + _encval(v[1]))
    if count:
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[count + 19])
    out += [_encval(p.grid[0][x + 1][0]) for x in range(p.cols - 1) if board[0][x] is None]
    out += [_encval(p.grid[y + 1][0][1]) for y in range(p.rows - 1) if board[y][0] is None]
    return puzzlink.url(PIDS[0], p.cols - 1, p.rows - 1, "".join(out))


URL_FORMAT = url_format(K, PIDS, parse_url)
PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
register_toml(K, read_toml)
