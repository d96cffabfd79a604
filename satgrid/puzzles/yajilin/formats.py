"""Yajilin file formats: the TOML instance and the puzz.link URL.

Instance (TOML)::

    puzzle = "yajilin"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    outside = false         # optional: shaded cells lie outside the loop (URL flag o)
    gray = false            # optional: pzprjs's grey clue cells (URL flag b; drawing only)
    clues = \"\"\"           # '.' no clue; u2 d0 l? r1: an arrow and its number ('?'
    . . . . .               # unknown); 2 or ?: no arrow; '+' a clue cell, no number
    . . . l2 .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # the sides the loop leaves each cell by (n s e w, or
    se ew sw # -            # the bitmask n1 e2 s4 w8), '#' shaded, '-' neither
    ...\"\"\"

URL: ``https://puzz.link/p?yajilin/[FLAGS/]COLS/ROWS/BODY`` (also
``yajirin``, and ``pzv.jp``), pzprjs's arrow-number encoding
(``encodeArrowNumber16``): per clue, a direction digit 0-4 (none, up, down,
left, right) then a hex digit or ``.`` ("?"); ``5``-``9`` (the direction + 5)
then two hex digits; ``-``, the direction and three hex digits; ``+`` a clue
cell without a number; ``a``-``z`` a run of 1..26 cells without a clue.

pzprv3 (pzprjs's file): ``pzprv3``, ``yajilin``, rows, columns, ``o`` when
shaded cells stay outside, the clues (``.``; ``#`` a clue cell without a
number; ``D,N``: the direction 0-4 and a number or ``-`` for "?"), then the
shading (``#``) and the lines (:func:`satgrid.puzzles.roomloops.pzprv3_lines`);
a drawn answer becomes ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?yajilin/o/3/2/b31", "a.txt")
    >>> p.clues, p.outside, to_url(p)
    ([[None, None, ('l', 1)], [None, None, None]], True, 'https://puzz.link/p?yajilin/o/3/2/b31c')
"""

from __future__ import annotations

import os
import re

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import puzzlink_ids, register_toml
from ..links import check_toml_keys, read_toml_grid, toml_error
from ..links import links_from_edges
from ..roomloops import link_token, pzprv3_lines
from ..parsing import TokenGrid, ascii_int, shown
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Yajilin

KEYS = ("puzzle", "title", "source", "outside", "gray", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written
ARROWS = "udlr"                    # pzprjs's directions 1..4
CLUE = re.compile(r"([udlr]?)(\d+|\?)\Z")


def read_clue(tok: str):
    """A clue token as None or (arrow, number); ValueError when it is none."""
    if tok in (".", "-"):
        return None
    if tok == "+":
        return ("", -3)
    m = CLUE.match(tok)
    n = -2 if m and m.group(2) == "?" else ascii_int(m.group(2)) if m else None
    if n is None:
        raise ValueError(tok)
    return (m.group(1), n)


def read_clues(tg: TokenGrid) -> list[list]:
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            try:
                vals.append(read_clue(tok))
            except ValueError:
                raise tg.error(r, c, "expected '.', '+', or a number or '?' after an optional "
                                     f"arrow u, d, l, r (such as l2), found {shown(tok)}") from None
        out.append(vals)
    return out


def read_solution(tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
    """The loop of an ``[expect] solution`` grid (``#``: shaded, no line)."""
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        vals = []
        for c, tok in enumerate(row):
            m = 0 if tok == "#" else link_token(tok)
            if m is None:
                raise tg.error(r, c, "expected the sides the loop leaves by (n, s, e, w "
                                     f"such as 'se'), '#' (shaded) or '-', found {shown(tok)}")
            vals.append(m)
        out.append(vals)
    return out


def read_toml(cls: type[Yajilin], data: dict, raw: str, file: str) -> Yajilin:
    """A ``puzzle = "yajilin"`` instance from its parsed TOML table."""
    check_toml_keys(data, raw, file, K, KEYS)
    for key in ("outside", "gray"):
        if not isinstance(data.get(key, False), bool):
            raise toml_error(f"{key}: expected true or false", raw, file, key)
    clues, exp, solution = read_toml_grid(data, raw, file, K, "clues",
                                          "expected a 'clues' grid (one row per line)",
                                          read_clues, read_solution)
    return cls(clues, outside=data.get("outside", False), gray=data.get("gray", False),
               file=file, title=data.get("title", ""), source=data.get("source", ""),
               expect=exp, solution=solution)


def decode(u: puzzlink.PuzzLink) -> list:
    """The cells of the URL's body, as :func:`read_clue` gives them."""
    n, body = u.rows * u.cols, u.body
    cells: list = [None] * n
    c = i = 0
    while c < n and i < len(body):
        ch, at = body[i], i
        if ch == "+":
            cells[c], i = ("", -3), i + 1
        elif "0" <= ch <= "9" or ch == "-":
            d, k, i = (int(ch) % 5, 2 if ch > "4" else 1, i + 1) if ch != "-" else \
                      (int(body[i + 1]) if body[i + 1:i + 2] in tuple("01234") else -1, 3, i + 2)
            digits = body[i:i + k]
            if d < 0 or not (digits == "." and k == 1 or re.fullmatch(f"[0-9a-f]{{{k}}}", digits)):
                raise u.error(at, f"expected a direction 0-4 and {k} hex digit(s)"
                                  f"{' or .' if k == 1 else ''} for a clue, found {body[at:i + k]!r}")
            cells[c], i = ((" udlr"[d].strip(), -2 if digits == "." else int(digits, 16)), i + k)
        elif "a" <= ch <= "z":
            c, i = c + int(ch, 36) - 10, i + 1
            if c >= n:
                raise u.error(at, f"a run of {int(ch, 36) - 9} cells past the grid's end")
        else:
            raise u.error(at, f"expected 0-9, '-', '+' or a-z, found {ch!r}")
        c += 1
    u.expect_end(i, f" after {n} cells")
    return cells                   # a short body: the rest without clues, as pzprjs reads it


def parse_url(text: str, file: str) -> list[Yajilin]:
    """A puzz.link URL (``p?yajilin/[o][b]/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS, variants=True)
    if u.flags.strip("ob") or len(set(u.flags)) != len(u.flags):
        raise InstanceError(f"puzz.link {u.pid}: expected the flags o and/or b, found "
                            f"{u.flags!r}", file, u.line, u.column - len(u.flags) - 1
                            - len(f"{u.cols}/{u.rows}/"))
    cells = decode(u)
    clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [Yajilin(clues, outside="o" in u.flags, gray="b" in u.flags, file=file,
                    title=os.path.basename(file), source=text.strip())]


def _clue_code(clue) -> str:
    arrow, n = clue
    d = " udlr".index(arrow or " ")
    if n == -3:
        return "+"
    if n == -2:
        return f"{d}."
    if n < 16:
        return f"{d}{n:x}"
    if n < 256:
        return f"{d + 5}{n:02x}"
    if n < 4096:
        return f"-{d}{n:03x}"
    raise ValueError(f"number {n} is too large for a puzz.link URL")


def to_url(p: Yajilin) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    out, run = [], 0
    for clue in [v for row in p.clues for v in row] + ["end"]:
        if clue is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        if clue != "end":
            out.append(_clue_code(clue))
    flags = ("o" if p.outside else "") + ("b" if p.gray else "")
    return puzzlink.url(PIDS[0], p.cols, p.rows, "".join(out), flags)


def parse_pzprv3(text: str, file: str) -> list[Yajilin]:
    """A pzprv3 yajilin file; its drawn loop, if any, the expected answer."""
    f = pzprv3.read(text, file)
    outside = bool(f.lines) and [t for t, _ in f.lines[0]] == ["o"]
    clues = []
    for row in f.grid(int(outside), "clues"):
        clues.append([])
        for tok, (line, col) in row:
            d, _, n = tok.partition(",")
            if tok in (".", "#") or (d in tuple("01234") and (n == "-" or ascii_int(n) is not None)):
                clues[-1].append(None if tok == "." else ("", -3) if tok == "#" else
                                 (" udlr"[int(d)].strip(), -2 if n == "-" else ascii_int(n)))
            else:
                raise InstanceError(f"clues: expected '.', '#' or 'D,N' (a direction 0-4, a "
                                    f"number or '-'), found {shown(tok)}", file, line, col)
    at, solution = int(outside) + f.rows, None
    if len(f.lines) > at:
        pzprv3.shading(f.grid(at, "answer"), file, "answer: expected '#', '.' or '+'")
        used = pzprv3_lines(f, at + f.rows)
        if used:
            solution = links_from_edges(list(used), f.rows, f.cols)
    return [Yajilin(clues, outside=outside, solution=solution, file=file,
                    title=os.path.basename(file), expect={"solution": "pzprv3"} if solution else {})]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
