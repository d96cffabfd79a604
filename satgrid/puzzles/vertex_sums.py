"""The vertex-sum square (the seed's ``sqgrid``).

Rules (SPEC.md section 1): an n x n grid is filled with 1..n^2, each once;
each of the (n-1)^2 interior vertices may carry a number, and the four cells
around it add up to that number.

Model: an integer variable per cell over 1..n^2, one-hot (``x[r,c]=v``);
"each value once" is :meth:`~satgrid.model.Model.permutation` over all cells
(group ``vertex-sums.values``); each clue is the weighted sum
``sum(v * [x[r,c]=v])`` over the four cells, encoded with the model's
pseudo-Boolean encoding (``bdd``, ``swc``, ``gtotalizer``; group
``vertex-sums.vertex``). For n = 3 that is 81 one-hot literals.

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

from ..errors import InstanceError
from ..grid import key_line, key_pos, parse_token_grid
from ..model import Model, Solution
from .base import Puzzle, parse_expect, register
from . import check_vertex_sums


def sum_range(n: int) -> tuple[int, int]:
    """The least and greatest sum of four different numbers of 1..n^2 (n >= 2)."""
    return 10, 4 * n * n - 6


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


@register
class VertexSums(Puzzle):
    """An n x n vertex-sum square.

    Args:
        n: side of the grid (n >= 2).
        sums: (n-1) rows of (n-1) ints, the number on each interior vertex,
            0 where there is none; vertex (r, c) touches cells (r, c),
            (r, c+1), (r+1, c), (r+1, c+1).
        givens: optional n x n grid of given values (0 = empty).
        file, title, source, expect: as in :class:`~satgrid.puzzles.base.Puzzle`.
        solution: the ``[expect] solution`` grid, if any.
    """

    kind = "vertex-sums"
    uses = ("amo", "pb")

    KEYS = ("puzzle", "title", "source", "size", "sums", "givens", "expect")
    EXPECT_KEYS = ("unique", "count", "solution")

    def __init__(self, n: int, sums: Sequence[Sequence[int]], givens=None, *,
                 file: str = "<string>", title: str = "", source: str = "",
                 expect: dict | None = None, solution: list[list[int]] | None = None):
        super().__init__(file, title, source, expect)
        if n < 2:
            raise InstanceError(f"a vertex-sum square needs n >= 2, found {n}", file)
        self.n = n
        self.sums = [[int(s or 0) for s in row] for row in sums]
        self.given = [list(map(int, row)) for row in givens] if givens else [[0] * n for _ in range(n)]
        self._solution = solution
        self._x = None

    # -------------------------------------------------------------- parsing
    @classmethod
    def from_toml(cls, data: dict, raw: str, file: str) -> "VertexSums":
        def err(msg, key=None):
            line = key_pos(raw, key) if key else None
            return InstanceError(msg, file, line, 1 if line else None)

        for k in data:
            if k not in cls.KEYS:
                raise err(f"unknown key {k!r} for a vertex-sums puzzle; expected "
                          f"{', '.join(cls.KEYS)}", k)
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
        exp = parse_expect(data, raw, file, "a vertex-sums puzzle (it has no answer number)", cls.EXPECT_KEYS)
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

    # ------------------------------------------------------------- building
    def build(self, model: Model) -> None:
        """Cells over 1..n^2, all different; a weighted sum per numbered vertex."""
        n, N = self.n, self.n * self.n
        vals = range(1, N + 1)
        x = [[model.int(f"x[{r},{c}]", vals, group="vertex-sums.cell") for c in range(n)]
             for r in range(n)]
        model.permutation([v for row in x for v in row], vals, group="vertex-sums.values")
        for r in range(n - 1):
            for c in range(n - 1):
                s = self.sums[r][c]
                if s:
                    model.linear_int([x[i][j] for i, j in check_vertex_sums.vertex_cells(r, c)],
                                     "==", s, group="vertex-sums.vertex")
        self._x = x

    def givens(self, model: Model) -> list[int]:
        return [self._x[r][c].lit(v) for r, row in enumerate(self.given)
                for c, v in enumerate(row) if v]

    # ------------------------------------------------------------- decoding
    def decode(self, sol: Solution) -> dict[str, Any]:
        """``{"grid": rows}``."""
        return {"grid": [[sol.value(x) for x in row] for row in self._x]}

    def check(self, decoded: dict[str, Any]) -> list[str]:
        return check_vertex_sums.check(decoded["grid"], self.sums, self.given)

    def answer(self, decoded: dict[str, Any]) -> None:
        return None

    def render(self, decoded: dict[str, Any]) -> str:
        """The grid in box lines with the sums on the crossing points (see :func:`draw`)."""
        return draw(decoded["grid"], self.sums)

    def render_puzzle(self) -> str:
        return draw(self.given, self.sums)

    def render_svg(self, decoded: dict[str, Any]) -> str:
        """SVG: the grid, and each vertex number in a circle on its crossing point."""
        from ..render import svg_grid
        cell = 40
        svg = svg_grid(decoded["grid"], cell=cell)
        marks = []
        for r in range(self.n - 1):
            for c in range(self.n - 1):
                s = self.sums[r][c]
                if s:
                    x, y = (c + 1) * cell, (r + 1) * cell
                    marks.append(f'<circle cx="{x}" cy="{y}" r="{cell * 0.3:.0f}" fill="white" '
                                 f'stroke="black"/>')
                    marks.append(f'<text x="{x}" y="{y + cell * 0.1:.0f}" font-size="{cell // 3}" '
                                 f'text-anchor="middle" font-family="sans-serif">{s}</text>')
        return svg.replace("</svg>", "\n".join(marks) + "\n</svg>") if marks else svg

    def expected_solution(self) -> list[list[int]] | None:
        return self._solution


def draw(grid: Sequence[Sequence[int]], sums: Sequence[Sequence[int]]) -> str:
    """The grid in box lines, each vertex number written over its crossing point.

    Empty cells (0) show as ``.``; a vertex without a number keeps its ``+``.

    Example:
        >>> print(draw([[4, 2, 9], [8, 3, 7], [5, 6, 1]], [[17, 21], [22, 17]]))
        +----+----+----+
        |  4 |  2 |  9 |
        +----17---21---+
        |  8 |  3 |  7 |
        +----22---17---+
        |  5 |  6 |  1 |
        +----+----+----+
    """
    n = len(grid)
    digits = max([len(str(v)) for row in grid for v in row] + [1])
    longest = max([len(str(s)) for row in sums for s in row if s] + [1])
    w = max(digits + 2, longest + 2, 3)
    plain = "+" + "+".join(["-" * w] * n) + "+"
    lines = [plain]
    for r in range(n):
        lines.append("|" + "|".join(f" {str(v) if v else '.':>{w - 2}} " for v in grid[r]) + "|")
        if r == n - 1:
            lines.append(plain)
            continue
        line = list(plain)
        for c in range(n - 1):
            s = sums[r][c]
            if s:
                text = str(s)
                p = (c + 1) * (w + 1)
                start = p - (len(text) - 1) // 2
                line[start:start + len(text)] = text
        lines.append("".join(line))
    return "\n".join(lines)


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
            if not (t.isascii() and t.isdigit()):
                raise InstanceError(f"argument {i}: expected a whole number (the sum on a vertex) "
                                    f"or '.', found {s!r}", file)
            vals.append(int(t))
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
