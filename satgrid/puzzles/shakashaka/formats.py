"""Shakashaka file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "shakashaka"
    title = "..."
    source = "..."        # where the puzzle (and its solution) was published
    clues = \"\"\"         # one row per line: '.' a free cell, '#' a black cell,
    2 . . . 1 .           # 0..4 a numbered black cell
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # '.' white, '#' black, bl br tr tl a triangle (its black corner)
    # tl tr . # .
    ...\"\"\"

URL: ``https://puzz.link/p?shakashaka/COLS/ROWS/BODY``, pzprjs's 4-cell
encoding (:func:`satgrid.puzzles.puzzlink.decode_4cell`; ``.``, a "?", is a
black cell without a number); :func:`to_url` writes one.

pzprv3 (puzz.link's file): ``pzprv3/shakashaka/ROWS/COLS``, the givens
(``.`` free, ``5`` a black cell, ``0``-``4`` a number), then optionally the
answer (``2`` to ``5`` the triangles bl, br, tr, tl; ``.``, ``+``, ``-`` no
triangle), which becomes ``[expect] solution`` when it holds a triangle.

Example:
    >>> [p] = parse_url("https://puzz.link/p?shakashaka/3/2/.hb", "a.txt")
    >>> p.clues, to_url(p)
    ([[-1, None, None], [1, None, None]], 'https://puzz.link/p?shakashaka/3/2/.hb')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink, pzprv3
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import shown, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Shakashaka

KEYS = ("puzzle", "title", "source", "clues", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
CLUES = {".": None, "#": -1, **{str(n): n for n in range(5)}}
SHAPES = (".", "#", "bl", "br", "tr", "tl")
TRIANGLES = SHAPES[2:]


def read_toml(cls: type[Shakashaka], data: dict, raw: str, file: str) -> Shakashaka:
    """A ``puzzle = "shakashaka"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "clues")
    tg.expect_shape(tg.height, len(tg.rows[0]))
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in CLUES:
                raise tg.error(r, c, f"expected '.', '#' or a number 0..4, found {shown(tok)}")
    clues = [[CLUES[tok] for tok in row] for row in tg.rows]
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(clues), len(clues[0]))
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in SHAPES:
                    raise sg.error(r, c, "expected '.', '#', bl, br, tr or tl, "
                                         f"found {shown(tok)}")
        solution = [list(row) for row in sg.rows]
    return cls(clues, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[Shakashaka]:
    """A puzz.link URL (``p?shakashaka/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_4cell(u, u.rows * u.cols)
    u.expect_end(end)
    clues = [[-1 if v == puzzlink.UNKNOWN else v for v in cells[r * u.cols:(r + 1) * u.cols]]
             for r in range(u.rows)]
    return [Shakashaka(clues, file=file, title=os.path.basename(file), source=text.strip())]


def to_url(p: Shakashaka) -> str:
    """The puzz.link URL of ``p``'s black cells (as pzprjs writes it)."""
    cells = [puzzlink.UNKNOWN if v == -1 else v for row in p.clues for v in row]
    return puzzlink.url("shakashaka", p.cols, p.rows, puzzlink.encode_4cell(cells))


def parse_pzprv3(text: str, file: str) -> list[Shakashaka]:
    """A pzprv3 shakashaka file: the givens, then optionally the answer."""
    f = pzprv3.read(text, file)
    clues = []
    for row in f.grid(0, "givens"):
        clues.append([])
        for tok, (line, col) in row:
            if tok not in "012345." or len(tok) != 1:
                raise InstanceError(f"givens: expected '.', '5' or 0..4, found {shown(tok)}",
                                    file, line, col)
            clues[-1].append(None if tok == "." else -1 if tok == "5" else int(tok))
    solution = None
    if len(f.lines) > f.rows:
        shape = {"2": "bl", "3": "br", "4": "tr", "5": "tl", ".": ".", "+": ".", "-": "."}
        solution = []
        for r, row in enumerate(f.grid(f.rows, "answer")):
            for tok, (line, col) in row:
                if tok not in shape:
                    raise InstanceError(f"answer: expected 2..5, '.', '+' or '-', found "
                                        f"{shown(tok)}", file, line, col)
            solution.append(["#" if clues[r][c] is not None else shape[tok]
                             for c, (tok, _) in enumerate(row)])
        if not any(v in TRIANGLES for row in solution for v in row):
            solution = None
    return [Shakashaka(clues, solution=solution, file=file, title=os.path.basename(file),
                       expect={"solution": "pzprv3"} if solution else {})]


PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
