"""Hooks file format: the TOML instance.

Instance (TOML)::

    puzzle = "hooks"
    size = 9                 # optional when a grid is given: the grid's side
    numbers = "room"         # or "size": number k goes in the k-hook
    regions = \"\"\"          # optional; any tokens, equal token = same region
    a a b ...\"\"\"
    givens = \"\"\"           # optional; '.' or 0 = no given
    . 3 . ...\"\"\"
"""

from __future__ import annotations

from ...errors import InstanceError
from ..base import parse_expect, register_toml
from ..parsing import key_line, parse_token_grid
from .kind import NUMBERS_RULES, Hooks

#: the keys of a hooks TOML instance
KEYS = ("puzzle", "title", "source", "size", "numbers", "regions", "givens", "expect")
#: the largest side a hooks instance may have
MAX_SIZE = 40


def read_toml(cls: type[Hooks], data: dict, raw: str, file: str) -> Hooks:
    """A ``puzzle = "hooks"`` instance from its parsed TOML table (``raw`` = the
    file's text, for positions)."""
    def err(msg, key=None, col=1):
        line = key_line(raw, key) if key else None
        return InstanceError(msg, file, line, col if line else None)

    for key in data:
        if key not in KEYS:
            raise err(f"unknown key {key!r} for hooks; expected one of {', '.join(KEYS)}", key)
    grids = {}
    for key in ("regions", "givens"):
        if key in data:
            grids[key] = parse_token_grid(data[key], file=file, key=key,
                                          first_line=key_line(raw, key))
    n = data.get("size")
    if n is None:
        if not grids:
            raise err("expected 'size' (the grid's side) or a 'regions' grid", "puzzle")
        n = next(iter(grids.values())).height
    elif type(n) is not int or not 1 <= n <= MAX_SIZE:
        raise err(f"size: expected a whole number 1..{MAX_SIZE}, found {n!r}", "size")
    numbers = data.get("numbers", "room")
    if numbers not in NUMBERS_RULES:
        raise err(f"numbers: expected one of {', '.join(map(repr, NUMBERS_RULES))}, "
                  f"found {numbers!r}", "numbers")
    regions = None
    if "regions" in grids:
        grids["regions"].expect_shape(n, n)
        regions = grids["regions"].rows
    givens = None
    if "givens" in grids:
        grids["givens"].expect_shape(n, n)
        givens = grids["givens"].ints(1, n, zero_empty=True)
    expect = parse_expect(data, raw, file, "hooks")
    solution = None
    if "solution" in expect:
        tg = parse_token_grid(expect["solution"], file=file, key="solution",
                              first_line=key_line(raw, "solution"))
        tg.expect_shape(n, n)
        solution = tg.ints(1, n, zero_empty=True)
    for key in ("title", "source"):
        if key in data and not isinstance(data[key], str):
            raise err(f"{key}: expected a string", key)
    return cls(n, regions, givens, numbers, solution, file=file,
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


register_toml("hooks", read_toml)
