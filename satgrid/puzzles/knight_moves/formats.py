"""Knight Moves file format: the TOML instance.

Instance (TOML)::

    puzzle = "knight-moves"
    regions = \"\"\"          # any tokens; equal token = same region
    a a b
    ...\"\"\"
    givens = \"\"\"           # optional; '.' = no label
    1 . .
    ...\"\"\"
    length = 25              # optional: the path length L, when it is known
                             # (e.g. a full knight's tour); otherwise inferred
"""

from __future__ import annotations

from ...errors import InstanceError
from ..base import parse_expect, register_toml
from ..parsing import check_strings, key_line, parse_token_grid, toml_grid
from .kind import K, KnightMoves

#: the keys of a knight-moves TOML instance
KEYS = ("puzzle", "title", "source", "regions", "givens", "length", "expect")


def read_toml(cls: type[KnightMoves], data: dict, raw: str, file: str) -> KnightMoves:
    """A ``puzzle = "knight-moves"`` instance from its parsed TOML table (``raw`` =
    the file's text, for positions)."""
    rg = toml_grid(data, raw, file, KEYS, "regions", strings=())
    rows, cols = rg.height, len(rg.rows[0])
    rg.expect_shape(rows, cols)
    n = rows * cols
    givens = None
    if "givens" in data:
        gg = parse_token_grid(data["givens"], file=file, key="givens",
                              first_line=key_line(raw, "givens"))
        gg.expect_shape(rows, cols)
        givens = gg.ints(1, n)
        seen: dict[int, tuple[int, int]] = {}
        for r in range(rows):
            for c in range(cols):
                v = givens[r][c]
                if v and v in seen:
                    a, b = seen[v]
                    raise gg.error(r, c, f"label {v} is given twice "
                                         f"(also at row {a + 1}, column {b + 1})")
                if v:
                    seen[v] = (r, c)
    expect = parse_expect(data, raw, file, K)
    solution = None
    if "solution" in expect:
        sg = parse_token_grid(expect["solution"], file=file, key="solution",
                              first_line=key_line(raw, "solution"))
        sg.expect_shape(rows, cols)
        solution = sg.ints(1, n, zero_empty=True)
    check_strings(data, raw, file)
    length = data.get("length")
    if length is not None and (type(length) is not int or not 1 <= length <= n):
        raise InstanceError(f"length: expected a whole number 1..{n}, found {length!r}",
                            file, key_line(raw, "length"), 1)
    return cls(rg.rows, givens, solution=solution, length=length, file=file,
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


register_toml(K, read_toml)
