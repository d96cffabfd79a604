"""The files of a kind whose puzzle is one grid of number clues (``?`` a clue
without its number): :class:`NumberGridFormats` where the answer is a shading
(Kurodoko, Nurimisaki), :class:`AreaNumberFormats` where it is regions and
the numbers lie in a range (Araf, Shikaku).

A kind's ``formats.py`` makes one :class:`NumberGridFormats` and registers
it: the TOML instance (``clues`` rows of numbers, ``?`` and ``.``; ``[expect]
solution`` rows of ``#`` and ``.``), the puzz.link URL (pzprjs's number16
encoding, written back as pzprjs writes it) and pzprjs's pzprv3 text (``-``
a ``?`` clue; optional answer rows, ``#`` shaded). Errors are one positioned
line (:class:`~satgrid.errors.InstanceError`).

:class:`AreaNumberFormats` reads the TOML instance (``clues`` rows of numbers
in the kind's range, ``?``, ``.`` or ``-``; ``[expect] solution`` rows of
region numbers, renumbered by first cell) and the number16 URL (its numbers
checked against the range), and writes the URL back as pzprjs writes it.
"""

from __future__ import annotations

import os

from typing import Callable

from ..errors import InstanceError
from ..rules.areas import renumber
from . import puzzlink, pzprv3
from .base import parse_expect, puzzlink_ids, register_toml
from .parsing import TokenGrid, ascii_int, shown, toml_grid, toml_token_grid
from .puzzlink_formats import pzprv3_format, url_format

__all__ = ["NumberGridFormats", "AreaNumberFormats"]

KEYS = ("puzzle", "title", "source", "clues", "expect")


def number16_url(pid: str, p) -> str:
    """The puzz.link URL of ``p.clues`` in pzprjs's number16 code."""
    return puzzlink.url(pid, p.cols, p.rows,
                        puzzlink.encode_number16([v for row in p.clues for v in row]))


class NumberGridFormats:
    """The TOML, URL and pzprv3 readers (and the URL writer) of one kind.

    Args:
        cls: the kind's Puzzle class, built as ``cls(clues, solution=..., file=...)``.
        kind: its name; package: its package (its ``kind.json`` names the URL ids);
        unknown: the value of a ``?`` clue.
    """

    def __init__(self, cls, kind: str, package: str, unknown: int):
        self.cls, self.kind, self.unknown = cls, kind, unknown
        self.pids = puzzlink_ids(package)   # declared in kind.json; the first is written

    def clue(self, tok: str):
        """A clue token's value (None: no clue), or False when it is not one."""
        if tok in (".", "?"):
            return None if tok == "." else self.unknown
        v = ascii_int(tok)
        return False if v is None else v

    def read_clues(self, tg: TokenGrid) -> list[list[int | None]]:
        tg.expect_shape(tg.height, len(tg.rows[0]))
        if tg.height > puzzlink.MAX_SIDE or len(tg.rows[0]) > puzzlink.MAX_SIDE:
            raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
        out = []
        for r, row in enumerate(tg.rows):
            vals = []
            for c, tok in enumerate(row):
                v = self.clue(tok)
                if v is False:
                    raise tg.error(r, c, f"expected a number, '?' or '.', found {shown(tok)}")
                vals.append(v)
            out.append(vals)
        return out

    def read_shading(self, tg: TokenGrid, rows: int, cols: int) -> list[list[int]]:
        tg.expect_shape(rows, cols)
        for r, row in enumerate(tg.rows):
            for c, tok in enumerate(row):
                if tok not in ("#", "+") and self.clue(tok) is False:
                    raise tg.error(r, c, f"expected '#' (shaded), '.' or a clue, found {shown(tok)}")
        return [[int(tok == "#") for tok in row] for row in tg.rows]

    def read_toml(self, cls, data: dict, raw: str, file: str):
        """An instance from its parsed TOML table."""
        clues = self.read_clues(toml_grid(data, raw, file, KEYS, "clues"))
        expect = parse_expect(data, raw, file, self.kind, ("unique", "count", "solution"))
        solution = None
        if "solution" in expect:
            solution = self.read_shading(toml_token_grid(expect, raw, file, "solution"),
                                         len(clues), len(clues[0]))
        return cls(clues, solution=solution, file=file, title=data.get("title", ""),
                   source=data.get("source", ""), expect=expect)

    def parse_url(self, text: str, file: str) -> list:
        """A puzz.link URL (``p?PID/COLS/ROWS/BODY``)."""
        u = puzzlink.read(text, file, self.pids)
        cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
        u.expect_end(end, f" after {u.rows * u.cols} cells")
        clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
        return [self.cls(clues, file=file, title=os.path.basename(file), source=text.strip())]

    def to_url(self, p) -> str:
        """The puzz.link URL of ``p``'s clues (as pzprjs writes it)."""
        return number16_url(self.pids[0], p)

    def parse_pzprv3(self, text: str, file: str) -> list:
        """A pzprv3 (puzz.link) file; its answer rows, if any, the expected answer."""
        f = pzprv3.read(text, file)
        clues = []
        for row in f.grid(0, "clues"):
            vals = []
            for tok, (line, col) in row:
                v = self.unknown if tok == "-" else self.clue(tok)
                if v is False or v == self.unknown and tok == "?":
                    raise InstanceError(f"clues: expected a number, '-' or '.', found "
                                        f"{shown(tok)}", file, line, col)
                vals.append(v)
            clues.append(vals)
        solution = None
        if len(f.lines) > f.rows:
            solution = pzprv3.shading(f.grid(f.rows, "answer"), file,
                                      "answer: expected '#' (shaded), '+' or '.'")
        return [self.cls(clues, solution=solution, file=file, title=os.path.basename(file),
                         expect={"solution": "pzprv3"} if solution else {})]

    def register(self) -> None:
        """Register the TOML reader, then the pzprv3 and URL formats (``first``)."""
        register_toml(self.kind, self.read_toml)
        pzprv3_format(self.kind, self.parse_pzprv3)
        url_format(self.kind, self.pids, self.parse_url)


class AreaNumberFormats:
    """The TOML and URL readers (and the URL writer) of a kind whose clues are
    numbers in a range and whose answer is regions.

    Args:
        cls: the kind's Puzzle class, built as ``cls(clues, solution=..., file=...)``.
        kind: its name; package: its package (its ``kind.json`` names the URL ids);
        unknown: the value of a ``?`` clue;
        lowest: the smallest number a TOML clue may be (a URL's may be 0: pzprjs writes it);
        highest: the largest number of a ``rows`` x ``cols`` grid.
    """

    def __init__(self, cls, kind: str, package: str, unknown: int, lowest: int,
                 highest: Callable[[int, int], int]):
        self.cls, self.kind, self.unknown = cls, kind, unknown
        self.lowest, self.highest = lowest, highest
        self.pids = puzzlink_ids(package)   # declared in kind.json; the first is written

    def read_clues(self, tg: TokenGrid) -> list[list[int | None]]:
        """A clue grid: '.' (or '-') none, '?' a number not told, a number in the range."""
        rows, cols = tg.height, len(tg.rows[0])
        if rows > puzzlink.MAX_SIDE or cols > puzzlink.MAX_SIDE:
            raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
        tg.expect_shape(rows, cols)
        lo, hi = self.lowest, self.highest(rows, cols)
        out = []
        for r, row in enumerate(tg.rows):
            vals = []
            for c, tok in enumerate(row):
                v = ascii_int(tok)
                if tok in (".", "-"):
                    vals.append(None)
                elif tok == "?":
                    vals.append(self.unknown)
                elif v is not None and lo <= v <= hi:
                    vals.append(v)
                else:
                    raise tg.error(r, c, f"expected a number {lo}..{hi}, '?' or '.', "
                                         f"found {shown(tok)}")
            out.append(vals)
        return out

    def read_toml(self, cls, data: dict, raw: str, file: str):
        """An instance from its parsed TOML table."""
        clues = self.read_clues(toml_grid(data, raw, file, KEYS, "clues"))
        expect = parse_expect(data, raw, file, self.kind, ("unique", "count", "solution"))
        solution = None
        if "solution" in expect:
            sg = toml_token_grid(expect, raw, file, "solution")
            sg.expect_shape(len(clues), len(clues[0]))
            solution = renumber(sg.ints(1, len(clues) * len(clues[0])))
        return cls(clues, solution=solution, file=file, title=data.get("title", ""),
                   source=data.get("source", ""), expect=expect)

    def parse_url(self, text: str, file: str) -> list:
        """A puzz.link URL (``p?PID/COLS/ROWS/BODY``)."""
        u = puzzlink.read(text, file, self.pids)
        cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
        u.expect_end(end)
        hi = self.highest(u.rows, u.cols)
        for i, v in enumerate(cells):
            if v is not None and v != puzzlink.UNKNOWN and not 0 <= v <= hi:
                raise u.error(0, f"cell {i + 1}: a number {v}, expected 0..{hi}")
        clues = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
        return [self.cls(clues, file=file, title=os.path.basename(file), source=text.strip())]

    def to_url(self, p) -> str:
        """The puzz.link URL of ``p``'s clues (as pzprjs writes it)."""
        return number16_url(self.pids[0], p)

    def register(self) -> TextFormat:
        """Register the URL format (``first``), then the TOML reader; the URL format."""
        fmt = url_format(self.kind, self.pids, self.parse_url)
        register_toml(self.kind, self.read_toml)
        return fmt
