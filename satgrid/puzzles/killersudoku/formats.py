"""Killer Sudoku file format: the TOML instance (puzz.link has no Killer
Sudoku, so there is no URL)::

    puzzle = "killersudoku"
    box = "2x2"           # optional: box height x width (default: the square root of n)
    cages = \"\"\"         # the cage of each cell: equal labels side by side are one cage
    a a b b              # ('.' a cell in no cage); n rows of n labels
    c d d b
    c e f f
    g e h h
    \"\"\"
    sums = \"\"\"          # each cage's sum in one of its cells ('.' elsewhere;
    3 . 7 .              #  a cage without one only forbids repeats)
    . 5 . .
    . . . .
    4 . 7 .
    \"\"\"
    givens = \"\"\"        # optional: given digits, '.' none
    ...\"\"\"

    [expect]
    solution = \"\"\"      # the digits
    ...\"\"\"

Example:
    >>> p = read_toml(KillerSudoku, {"cages": "a b\\nb b\\n", "sums": "1 .\\n. 5\\n",
    ...                             "box": "1x2"}, "", "k.toml")
    >>> p.n, p.box, p.cages
    (2, (1, 2), [([(0, 0)], 1), ([(0, 1), (1, 0), (1, 1)], 5)])
"""

from __future__ import annotations

import math
import re

from ...errors import InstanceError
from ..base import parse_expect, register_toml
from ..parsing import ascii_int, key_pos, shown, toml_grid, toml_token_grid
from .kind import K, KillerSudoku

KEYS = ("puzzle", "title", "source", "box", "cages", "sums", "givens", "expect")
MAX_N = 36


def _box(data: dict, raw: str, file: str, n: int) -> tuple[int, int]:
    value = data.get("box")
    line = key_pos(raw, "box")
    if value is None:
        r = math.isqrt(n)
        if r * r != n:
            raise InstanceError(f"box: a {n}x{n} grid needs a box shape (\"HxW\")", file,
                                line or 1, 1)
        return r, r
    m = re.fullmatch(r"\s*(\d{1,2})\s*x\s*(\d{1,2})\s*", value) if isinstance(value, str) else None
    box = (int(m[1]), int(m[2])) if m else tuple(value) if (
        isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)) else None
    if box is None or box[0] < 1 or box[1] < 1 or box[0] * box[1] != n:
        raise InstanceError(f"box: expected \"HxW\" with H * W = {n}, found {value!r}", file,
                            line, 1 if line else None)
    return box


def _cages(tg, sums) -> list:
    """(cells, sum) per cage: the components of equal labels, with the one sum in them."""
    n = tg.height
    seen: dict = {}
    cages = []
    for r in range(n):
        for c in range(n):
            lab = tg.rows[r][c]
            if lab == "." or (r, c) in seen:
                continue
            cells, todo = [(r, c)], [(r, c)]
            seen[r, c] = len(cages)
            while todo:
                a, b = todo.pop()
                for y, x in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                    if 0 <= y < n and 0 <= x < n and (y, x) not in seen and tg.rows[y][x] == lab:
                        seen[y, x] = len(cages)
                        cells.append((y, x))
                        todo.append((y, x))
            cages.append((sorted(cells), None))
    if sums is not None:
        for r in range(n):
            for c in range(n):
                tok = sums.rows[r][c]
                if tok == ".":
                    continue
                v = ascii_int(tok)
                if v is None or v > 99999:
                    raise sums.error(r, c, f"expected a sum or '.', found {shown(tok)}")
                if (r, c) not in seen:
                    raise sums.error(r, c, "a sum in a cell of no cage")
                k = seen[r, c]
                if cages[k][1] is not None:
                    raise sums.error(r, c, f"a second sum in the cage of {cages[k][0][0]}")
                cages[k] = (cages[k][0], v)
    return cages


def read_toml(cls: type[KillerSudoku], data: dict, raw: str, file: str) -> KillerSudoku:
    """A ``puzzle = "killersudoku"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "cages")
    n = tg.height
    if n > MAX_N:
        raise tg.error(0, 0, f"expected at most {MAX_N} rows")
    tg.expect_shape(n, n)
    box = _box(data, raw, file, n)
    sums = None
    if "sums" in data:
        sums = toml_token_grid(data, raw, file, "sums")
        sums.expect_shape(n, n)
    givens = [[0] * n for _ in range(n)]
    if "givens" in data:
        gg = toml_token_grid(data, raw, file, "givens")
        gg.expect_shape(n, n)
        givens = gg.ints(1, n)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(n, n)
        solution = sg.ints(1, n)
    return cls(n, box, _cages(tg, sums), givens, solution=solution, file=file,
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


register_toml(K, read_toml)
