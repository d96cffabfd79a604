"""Fillomino file formats: the TOML instance, the text grid, pzprv3 and puzz.link URLs.

Instance (TOML)::

    puzzle = "fillomino"
    title = "..."
    source = "..."        # where the puzzle (and its solution) was published
    max_size = 9          # optional: the largest region allowed, a rule (default: no bound)
    clues = \"\"\"         # one row per line: a number, or '.' / '-' = none
    3 - - 5 -
    ...\"\"\"

    [expect]
    unique = true
    solution = \"\"\"      # the number of every cell
    3 5 5 5 2
    ...\"\"\"

Text grid: a line ``ROWS COLS``, then the rows (``-`` or ``.`` = no number),
in a file whose name contains ``fillomino`` (Janko's transcriptions).

pzprv3 (puzz.link's file): ``pzprv3/fillomino/ROWS/COLS``, the grid of
givens (``.`` none, ``-`` a "?" given), then optionally the grid of
answer numbers (its numbers with the givens are an ``[expect] solution``).

URL: ``https://puzz.link/p?fillomino/COLS/ROWS/BODY``: the givens
(:func:`satgrid.puzzles.puzzlink.decode_number16`, a "?" given is no given)
then, when present, the given borders (:func:`~satgrid.puzzles.puzzlink.decode_border`).

Example:
    >>> [p] = parse_url("https://puzz.link/p?fillomino/3/2/2h3h", "a.txt")
    >>> p.clues, to_url(p)
    ([[2, 0, 0], [3, 0, 0]], 'https://puzz.link/p?fillomino/3/2/2h3h')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import pzprv3, puzzlink
from ..base import TextFormat, parse_expect, puzzlink_ids, register_format, register_toml
from ..links import read_header_grid
from ..parsing import ascii_int, key_pos, number_clues, toml_grid, toml_token_grid
from ..puzzlink_formats import pzprv3_format, url_format
from .kind import K, Fillomino

KEYS = ("puzzle", "title", "source", "clues", "max_size", "expect")
#: the clue grid: ints (0 = no number), every row as long as the first
read_clues = number_clues


def read_toml(cls: type[Fillomino], data: dict, raw: str, file: str) -> Fillomino:
    """A ``puzzle = "fillomino"`` instance from its parsed TOML table."""
    clues = read_clues(toml_grid(data, raw, file, KEYS, "clues"))
    n = len(clues) * len(clues[0])
    max_size = data.get("max_size")
    if max_size is not None and (type(max_size) is not int or not 1 <= max_size <= n):
        line = key_pos(raw, "max_size")
        raise InstanceError(f"max_size: expected a whole number 1..{n}, found {max_size!r}",
                            file, line, 1 if line else None)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(len(clues), len(clues[0]))
        solution = sg.ints(1, n)
    return cls(clues, max_size=max_size, solution=solution, file=file,
               title=data.get("title", ""), source=data.get("source", ""), expect=expect)


def parse_text(text: str, file: str) -> list[Fillomino]:
    """The plain text grid (``ROWS COLS`` then the rows)."""
    rows, cols, tg = read_header_grid(text, file, "fillomino grid")
    return [Fillomino(read_clues(tg), file=file, title=os.path.basename(file))]


def parse_pzprv3(text: str, file: str) -> list[Fillomino]:
    """A pzprv3 fillomino file: the givens, then optionally the answer numbers."""
    f = pzprv3.read(text, file)
    if f.lines and [t for t, _ in f.lines[0]] in (["t"], ["f"]):
        line, col = f.lines[0][0][1]
        raise InstanceError("fillomino: a variant flag is not supported", file, line, col)
    grids = []
    for start, what in ((0, "givens"), (f.rows, "answer")):
        if start and len(f.lines) < 2 * f.rows:
            break
        out = []
        for row in f.grid(start, what):
            vals = []
            for tok, (line, col) in row:
                if tok in (".", "-"):
                    vals.append(0)
                elif 1 <= (ascii_int(tok) or 0) <= f.rows * f.cols:
                    vals.append(ascii_int(tok))
                else:
                    raise InstanceError(f"{what}: expected a number 1..{f.rows * f.cols}, "
                                        f"'.' or '-', found {tok!r}", file, line, col)
            out.append(vals)
        grids.append(out)
    clues, solution = grids[0], None
    if len(grids) == 2:
        solution = [[g or a for g, a in zip(grow, arow)] for grow, arow in zip(*grids)]
        if any(0 in row for row in solution):
            solution = None                       # an unfinished answer is no solution
    return [Fillomino(clues, solution=solution, file=file, title=os.path.basename(file),
                      expect={"solution": "pzprv3"} if solution else {})]


PIDS = puzzlink_ids(__package__)   # declared in kind.json


def parse_url(text: str, file: str) -> list[Fillomino]:
    """A puzz.link URL (``p?fillomino/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    cells, end = puzzlink.decode_number16(u, u.rows * u.cols)
    vert, hori, end = puzzlink.decode_border(u, end)
    u.expect_end(end)
    if any(v is not None and v > u.rows * u.cols for v in cells):
        raise u.error(0, f"a number larger than the {u.rows * u.cols} cells")
    clues = u.clue_rows(cells, 0)
    borders = [((r, c), (r, c + 1)) for r, row in enumerate(vert) for c, b in enumerate(row) if b]
    borders += [((r, c), (r + 1, c)) for r, row in enumerate(hori) for c, b in enumerate(row) if b]
    return [Fillomino(clues, borders=borders, file=file, title=os.path.basename(file),
                      source=text.strip())]


def to_url(p: Fillomino) -> str:
    """The puzz.link URL of ``p``'s givens and borders (as pzprjs writes it)."""
    cells = [v or None for row in p.clues for v in row]
    vert = [[int(((r, c), (r, c + 1)) in p.borders) for c in range(p.cols - 1)]
            for r in range(p.rows)]
    hori = [[int(((r, c), (r + 1, c)) in p.borders) for c in range(p.cols)]
            for r in range(p.rows - 1)]
    body = puzzlink.encode_number16(cells) + puzzlink.encode_border(vert, hori)
    return puzzlink.url("fillomino", p.cols, p.rows, body)


# registered text, pzprv3, URL, each first: tried URL, pzprv3, text
TEXT_FORMAT = register_format(TextFormat(
    "fillomino-text", K, "a line 'ROWS COLS' then the rows ('-' = none), in a file "
    "named *fillomino*", sniff=lambda text, file: "fillomino" in os.path.basename(file).lower()
    and not pzprv3.sniff(text) and not puzzlink.sniff(text, PIDS), parse=parse_text), first=True)
PZPRV3_FORMAT = pzprv3_format(K, parse_pzprv3)
URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
