"""Tents file formats: the TOML instance, the puzz.link URL and pzprv3 text.

Instance (TOML)::

    puzzle = "tents"
    title = "..."
    source = "..."          # where the puzzle (and its solution) was published
    columns = "2 . 0 . ."   # tents per column, left to right; '.' no number
    rows = "1 . . . 1"      # tents per row, top to bottom
    trees = \"\"\"           # 'T' a tree, '.' none
    . . T . .
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"        # 'A' a tent; 'T' or '.': none
    . A T . .
    ...\"\"\"

URL: ``https://puzz.link/p?tents/COLS/ROWS/BODY`` (also ``pzv.jp``): the
numbers outside the grid in pzprjs's number16 encoding (the columns, then
the rows), then the trees, one character each with the empty cells after it
(``0``-``h``: a tree and 0..17 empty cells; ``i``-``z``: 1..18 empty cells).
pzprv3: ``pzprv3``, ``tents``, rows, columns, then rows + 1 lines of
columns + 1 tokens (the corner and the column numbers, then each row's number
and cells: ``1`` a tree, ``A`` a tent); tents make an ``[expect] solution``.

Example:
    >>> [p] = parse_url("https://puzz.link/p?tents/5/5/2g0h1i1j82323", "a.txt")
    >>> p.columns, p.row_counts, p.trees[0], to_url(p)[-15:]
    ([2, None, 0, None, None], [1, None, None, None, 1], [0, 0, 1, 0, 0], '5/2g0h1i1j82323')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import TokenGrid, ascii_int, key_line, parse_token_grid, shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Tents

KEYS = ("puzzle", "title", "source", "columns", "rows", "trees", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json; the first is written
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


#: a "?" number: pzprjs decodes one from a URL but its checker never accepts it
NO_QUESTION = "a '?' number (pzprjs's checker accepts none)"


def _count(tok: str):
    """A number's value (None: no number), or False when it is not one."""
    if tok == ".":
        return None
    v = ascii_int(tok)
    return False if v is None else v


def read_counts(data: dict, raw: str, file: str, key: str, n: int) -> list:
    if key not in data:
        return [None] * n
    tg = parse_token_grid(data[key], file=file, key=key, first_line=key_line(raw, key))
    tg.expect_shape(1, n)
    out = [_count(tok) for tok in tg.rows[0]]
    for c, v in enumerate(out):
        if v is False:
            raise tg.error(0, c, f"expected a number or '.', found {shown(tg.rows[0][c])}")
    return out


def read_grid(tg: TokenGrid, marks: dict, what: str) -> list[list[int]]:
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in marks:
                raise tg.error(r, c, f"expected {what}, found {shown(tok)}")
    return [[marks[tok] for tok in row] for row in tg.rows]


def read_toml(cls: type[Tents], data: dict, raw: str, file: str) -> Tents:
    """A ``puzzle = "tents"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "trees")
    tg.expect_shape(tg.height, len(tg.rows[0]))
    if tg.height > puzzlink.MAX_SIDE or len(tg.rows[0]) > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    trees = read_grid(tg, {"T": 1, ".": 0}, "'T' (a tree) or '.'")
    h, w = len(trees), len(trees[0])
    columns, rows = read_counts(data, raw, file, "columns", w), read_counts(data, raw, file, "rows", h)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(h, w)
        solution = read_grid(sg, {"A": 1, "T": 0, ".": 0}, "'A' (a tent), 'T' or '.'")
    return cls(trees, columns, rows, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Tents]:
    """A puzz.link URL (``p?tents/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    w, h = u.cols, u.rows
    numbers, i = puzzlink.decode_number16(u, w + h)
    if puzzlink.UNKNOWN in numbers:
        raise u.error(u.body.index("."), NO_QUESTION)
    flat, c = [0] * (w * h), 0
    while i < len(u.body) and c < w * h:
        ch = u.body[i]
        if ch not in _B36:
            raise u.error(i, f"expected a tree run 0-9 or a-z, found {ch!r}")
        n = _B36.index(ch)
        if n < 18:
            flat[c] = 1
        c, i = c + (n if n < 18 else n - 18) + 1, i + 1
    u.expect_end(i, f" after {w * h} cells")
    trees = [flat[r * w:(r + 1) * w] for r in range(h)]
    return [Tents(trees, numbers[:w], numbers[w:], file=file, title=os.path.basename(file),
                  source=text.strip())]


def encode_trees(flat: list[int]) -> str:
    """The trees as pzprjs writes them (its ``encode1Cell``)."""
    out, count, have = [], -1, False
    for v in flat:
        if v:
            if count >= 0:
                out.append(_B36[count if have else count + 18])
            have, count = True, 0
            continue
        count += 1
        if count == 17:
            out.append(_B36[count if have else count + 18])
            have, count = False, -1
    if count >= 0:
        out.append(_B36[count if have else count + 18])
    return "".join(out)


def to_url(p: Tents) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    body = puzzlink.encode_number16(p.columns + p.row_counts)
    return puzzlink.url(PIDS[0], p.cols, p.rows,
                        body + encode_trees([v for row in p.trees for v in row]))


def parse_pzprv3(text: str, file: str) -> list[Tents]:
    """A pzprv3 (puzz.link) tents file; its tents, if any, the expected answer."""
    f = pzprv3.read(text, file)
    lines = f.lines[:f.rows + 1]
    if len(lines) != f.rows + 1 or any(len(row) != f.cols + 1 for row in lines):
        bad = next((row for row in lines if len(row) != f.cols + 1), lines[-1] if lines else [])
        line, col = bad[0][1] if bad else (1, 1)
        raise InstanceError(f"board: expected {f.rows + 1} lines of {f.cols + 1} tokens",
                            file, line, col)

    def number(tok, pos):
        v = _count(tok[1:] if tok.startswith("c") else tok)
        if v is False:
            raise InstanceError(f"board: expected a number or '.', found {shown(tok)}", file, *pos)
        return v

    columns = [number(tok, pos) for tok, pos in lines[0][1:]]
    rows, trees, tents = [], [], []
    for row in lines[1:]:
        rows.append(number(*row[0]))
        for tok, (line, col) in row[1:]:
            if tok not in ("1", "A", "-", ".", "+"):
                raise InstanceError(f"board: expected '1' (a tree), 'A' (a tent), '-' or '.', "
                                    f"found {shown(tok)}", file, line, col)
        trees.append([int(tok == "1") for tok, _ in row[1:]])
        tents.append([int(tok == "A") for tok, _ in row[1:]])
    solved = any(map(any, tents))
    return [Tents(trees, columns, rows, solution=tents if solved else None, file=file,
                  title=os.path.basename(file), expect={"solution": "pzprv3"} if solved else {})]


register_toml(K, read_toml)
pzprv3_format(K, parse_pzprv3)
url_format(K, PIDS, parse_url)
