"""Vertex-sum square file formats: the TOML instance and the sums of the
``satgrid sqgrid`` command line.

Instance (TOML)::

    puzzle = "vertex-sums"
    size = 3            # optional: the sums grid has n-1 rows
    sums = \"\"\"
    17 25
    18 29
    \"\"\"
    givens = \"\"\"      # optional, '.' = empty
    . . .
    . 3 .
    . . .
    \"\"\"

From the command line, ``satgrid sqgrid 17 25 18 29`` (sums in reading order;
see :func:`from_sums`). Such puzzles usually have many solutions.

Example:
    >>> p = from_sums([17, 25, 18, 29])
    >>> p.n, p.sums
    (3, [[17, 25], [18, 29]])
"""

from __future__ import annotations

import math
import re
from typing import Any, Sequence

from ...errors import InstanceError
from ..base import parse_expect, register_toml
from ..parsing import ascii_int, key_line, key_pos, parse_token_grid, shown
from .kind import VertexSums, sum_range

#: the keys of a vertex-sums TOML instance, and of its ``[expect]`` table
KEYS = ("puzzle", "title", "source", "size", "sums", "givens", "expect")
EXPECT_KEYS = ("unique", "count", "solution")


def _string_grid(value: Any, raw: str, file: str, key: str):
    """A TokenGrid of a TOML multi-line string, positions mapped to the file."""
    line = key_line(raw, key)
    if not isinstance(value, str):
        raise InstanceError(f"{key}: expected a multi-line string, one row per line "
                            "('.' = none)", file, line, 1 if line else None)
    tg = parse_token_grid(value, file=file, key=key, first_line=line)
    if line is not None:
        text = raw.splitlines()[line - 1]
        m = re.match(r'\s*' + re.escape(key) + r'\s*=\s*("""|\'\'\'|"|\')', text)
        if m and tg.positions and tg.positions[0] and tg.positions[0][0][0] == line:
            tg.positions[0] = [(l, c + m.end()) for l, c in tg.positions[0]]
    return tg


def read_toml(cls: type[VertexSums], data: dict, raw: str, file: str) -> VertexSums:
    """A ``puzzle = "vertex-sums"`` instance from its parsed TOML table (``raw`` =
    the file's text, for positions; the keys are in the module docstring)."""
    def err(msg, key=None):
        line = key_pos(raw, key) if key else None
        return InstanceError(msg, file, line, 1 if line else None)

    for k in data:
        if k not in KEYS:
            raise err(f"unknown key {k!r} for a vertex-sums puzzle; expected "
                      f"{', '.join(KEYS)}", k)
    for k in ("title", "source"):
        if k in data and not isinstance(data[k], str):
            raise err(f"{k}: expected a string", k)
    size = data.get("size")
    if size is not None and (type(size) is not int or not 2 <= size <= 30):
        raise err(f"size: expected a whole number 2..30, found {size!r}", "size")
    if "sums" in data:
        tg = _string_grid(data["sums"], raw, file, "sums")
        n = size or tg.height + 1
        if not 2 <= n <= 30:
            raise tg.error(min(tg.height, 30) - 1, None,
                           f"expected 1 to 29 rows (an n x n grid has n-1 rows of vertices), "
                           f"found {tg.height}")
        tg.expect_shape(n - 1, n - 1)
        lo, hi = sum_range(n)
        sums = tg.ints(lo, hi)
    elif size is not None:
        n, sums = size, [[0] * (size - 1) for _ in range(size - 1)]
    else:
        raise InstanceError("expected a 'sums' grid (n-1 rows of n-1 numbers, '.' = none) "
                            "or a 'size'", file, 1, 1)
    givens = None
    if "givens" in data:
        tg = _string_grid(data["givens"], raw, file, "givens")
        tg.expect_shape(n, n)
        givens = tg.ints(1, n * n)
    exp = parse_expect(data, raw, file, "a vertex-sums puzzle (it has no answer number)", EXPECT_KEYS)
    solution = None
    if "solution" in exp:
        tg = _string_grid(exp["solution"], raw, file, "solution")
        tg.expect_shape(n, n)
        solution = tg.ints(1, n * n)
        for r, row in enumerate(solution):
            if 0 in row:
                raise tg.error(r, row.index(0), "expected a complete grid, found '.'")
    return cls(n, sums, givens, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=exp, solution=solution)


def from_sums(sums: Sequence[int | str], file: str = "sqgrid") -> VertexSums:
    """The puzzle of ``satgrid sqgrid S1 S2 ...``: vertex sums in reading order.

    n is inferred from how many sums there are: (n-1)^2 of them. ``.`` (or 0)
    leaves a vertex without a number.

    Raises:
        InstanceError: not a square count, or a sum that is not a number or
            that four different numbers of 1..n^2 cannot make (the message
            names the argument).
    """
    vals = []
    for i, s in enumerate(sums, 1):
        if isinstance(s, str):
            t = s.strip()
            if t in (".", "0"):
                vals.append(0)
                continue
            if ascii_int(t) is None:
                raise InstanceError(f"argument {i}: expected a whole number (the sum on a vertex) "
                                    f"or '.', found {shown(s)}", file)
            vals.append(ascii_int(t))
        elif type(s) is int and s >= 0:
            vals.append(s)
        else:
            raise InstanceError(f"argument {i}: expected a whole number, found {s!r}", file)
    k = len(vals)
    r = math.isqrt(k)
    if k == 0 or r * r != k:
        raise InstanceError(f"expected a square number of sums (1, 4, 9, 16, ...: one per interior "
                            f"vertex of an n x n grid, in reading order), found {k}", file)
    n = r + 1
    lo, hi = sum_range(n)
    for i, v in enumerate(vals, 1):
        if v and not lo <= v <= hi:
            raise InstanceError(f"argument {i}: four different numbers of 1..{n * n} add up to "
                                f"{lo}..{hi}, not {v}", file)
    grid = [vals[i * r:(i + 1) * r] for i in range(r)]
    title = "sqgrid " + " ".join(str(v) if v else "." for v in vals)
    return VertexSums(n, grid, file=file, title=title)


register_toml("vertex-sums", read_toml)
