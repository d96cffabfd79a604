"""The pzprv3 text format of pzprjs / puzz.link (the community's file format
for Nikoli-style puzzles), as far as the shading kinds need it.

A file is ``pzprv3``, the puzzle's name, the row count, the column count,
then grids of space-separated tokens, one row per line (pzprjs's tests
write the same with ``/`` instead of line breaks). What the grids mean
depends on the puzzle: each kind's ``formats`` reads them.

Example:
    >>> f = read("pzprv3/hitori/2/2/1 1 /2 1 /# . /. . /", "t.txt")
    >>> f.name, f.rows, f.cols, [t for t, _ in f.lines[0]]
    ('hitori', 2, 2, ['1', '1'])
"""

from __future__ import annotations

import re

from ..errors import InstanceError
from ..util import SlotRecord


class Pzprv3(SlotRecord):
    """A pzprv3 file: its puzzle name, size and the lines after the header,
    each a list of ``(token, (line, column))``. A plain class (equal when its
    fields are): reading a file pays no dataclass import or generation."""

    __slots__ = ("name", "rows", "cols", "lines", "file")

    def __init__(self, name: str, rows: int, cols: int, lines: list, file: str):
        self.name, self.rows, self.cols, self.lines, self.file = name, rows, cols, lines, file

    def grid(self, start: int, what: str) -> list[list[tuple[str, tuple[int, int]]]]:
        """``rows`` lines from line index ``start``, each of ``cols`` tokens."""
        out = self.lines[start:start + self.rows]
        if len(out) != self.rows:
            last = self.lines[-1][-1][1] if self.lines and self.lines[-1] else (1, 1)
            raise InstanceError(f"{what}: expected {self.rows} rows, found {len(out)}",
                                self.file, last[0], last[1])
        for row in out:
            if len(row) != self.cols:
                line, col = row[min(len(row), self.cols) - 1][1] if row else (None, None)
                raise InstanceError(f"{what}: expected {self.cols} cells in a row, "
                                    f"found {len(row)}", self.file, line, col)
        return out


def shading(rows, file: str, expected: str) -> list[list[int]]:
    """Rows of ``(token, (line, column))`` as a shading: 1 for ``#``, 0 for
    ``.`` or ``+``; another token is refused at its position with the message
    ``expected`` followed by ``, found 'TOKEN'``."""
    out = []
    for row in rows:
        vals = []
        for tok, (line, col) in row:
            if tok not in ("#", ".", "+"):
                raise InstanceError(f"{expected}, found {tok!r}", file, line, col)
            vals.append(1 if tok == "#" else 0)
        out.append(vals)
    return out


def sniff(text: str, name: str | None = None) -> bool:
    """Whether ``text`` is a pzprv3 file (of puzzle ``name`` when given)."""
    head = re.split(r"[/\n]", text.lstrip(), maxsplit=2)
    return (len(head) >= 2 and head[0].strip() == "pzprv3"
            and (name is None or head[1].strip() == name))


def read(text: str, file: str) -> Pzprv3:
    """Split a pzprv3 file into its header and token lines (positions kept)."""
    parts: list[tuple[str, int, int]] = []          # (text, line, column of its start)
    for i, line in enumerate(text.split("\n"), 1):
        col = 1
        for piece in line.split("/"):
            parts.append((piece, i, col))
            col += len(piece) + 1
    parts = [p for p in parts if p[0].strip()]
    if len(parts) < 4 or parts[0][0].strip() != "pzprv3":
        raise InstanceError("expected a pzprv3 file: 'pzprv3', the puzzle, rows, columns",
                            file, parts[0][1] if parts else 1, 1)
    sizes = []
    for piece, line, col in parts[2:4]:
        tok = piece.strip()
        if not (tok.isascii() and tok.isdigit() and len(tok) <= 9 and 1 <= int(tok) <= 100):
            raise InstanceError(f"expected a size 1..100, found {tok[:20]!r}"
                                + ("..." if len(tok) > 20 else ""), file, line, col)
        sizes.append(int(tok))
    lines = [[(m.group(), (line, col + m.start())) for m in re.finditer(r"\S+", piece)]
             for piece, line, col in parts[4:]]
    return Pzprv3(parts[1][0].strip(), sizes[0], sizes[1], lines, file)
