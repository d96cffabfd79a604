"""What the loop genres share in their formats, drawings and families: for
Country Road and Moon or Sun, the borders and rooms read from a puzz.link URL
or a TOML label grid, the URL's borders written back, the drawing of a loop
over a room grid and rooms cut along a planted loop; for them, Yajilin and
Hashiwokakero, the tokens of a loop's ``[expect] solution`` and pzprjs's
pzprv3 line sections.

The borders are kept as given, ``vert[r][c]`` (between cells (r, c) and
(r, c + 1)) and ``hori[r][c]`` (between (r, c) and (r + 1, c)), 1 = a
border: pzprjs's rules look at each border (a border inside a room counts
too), and a URL is written back as it was read. A room grid is
``rooms[r][c]``, each cell's room index, the rooms numbered as pzprjs
numbers them (by their first cell in reading order:
:func:`satgrid.puzzles.rooms.rooms_from_borders`), so that per-room values
written in a URL land in the right room.

Example:
    >>> u, vert, hori, end = read_url("https://puzz.link/p?country/2/2/o0", "a.txt",
    ...                               ("country",), "")
    >>> vert, hori, end, border_edges(vert, hori), border_url("country", vert, hori)
    ([[1], [1]], [[0, 0]], 2, [((0, 0), (0, 1)), ((1, 0), (1, 1))], 'https://puzz.link/p?country/2/2/o0')
"""

from __future__ import annotations

import random
import re

from ..errors import InstanceError
from . import puzzlink, pzprv3
from .links import check_toml_keys, link_mask, svg_cell_links
from .parsing import toml_token_grid
from .rooms import borders_of

__all__ = ["read_url", "border_url", "border_edges", "read_toml_rooms", "link_token",
           "read_solution", "pzprv3_lines", "sniff_pzprv3", "read_pzprv3_rooms", "svg",
           "loop_order", "planted_rooms", "label"]


def read_url(text: str, file: str, pids: tuple[str, ...], flags: str):
    """``(url, vert, hori, index after the borders)``; ``flags``: the flag
    letters the kind knows (others refused at their position)."""
    u = puzzlink.read(text, file, pids, variants=True)
    if any(ch not in flags for ch in u.flags) or len(set(u.flags)) != len(u.flags):
        raise u.error(-len(u.flags) - 1 - len(f"{u.cols}/{u.rows}/"),
                      f"expected the flags {' or '.join(flags) or '(none)'}, found {u.flags!r}")
    vert, hori, end = puzzlink.decode_border(u, 0)
    return u, vert, hori, end


def border_url(pid: str, vert, hori, flags: str = "") -> str:
    """The URL of the borders as pzprjs writes them, every digit (what
    follows is the kind's)."""
    body = puzzlink.encode_border(vert, hori) or "0" * (
        (sum(map(len, vert)) + 4) // 5 + (sum(map(len, hori)) + 4) // 5)
    return puzzlink.url(pid, len(vert[0]) + 1, len(vert), body, flags)


def border_edges(vert, hori) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of cells side by side with a border between them."""
    return ([((r, c), (r, c + 1)) for r, row in enumerate(vert) for c, b in enumerate(row) if b]
            + [((r, c), (r + 1, c)) for r, row in enumerate(hori) for c, b in enumerate(row) if b])


def read_toml_rooms(data: dict, raw: str, file: str, kind: str, keys) -> tuple[list, list]:
    """The borders ``(vert, hori)`` of the ``rooms`` grid of a TOML instance
    (equal labels side by side: one room), after refusing unknown keys."""
    check_toml_keys(data, raw, file, kind, keys)
    if "rooms" not in data:
        raise InstanceError("expected a 'rooms' grid (a label per cell, one row per line)",
                            file, 1, 1)
    tg = toml_token_grid(data, raw, file, "rooms")
    h, w = tg.height, len(tg.rows[0])
    if not (h <= puzzlink.MAX_SIDE and w <= puzzlink.MAX_SIDE):
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(h, w)
    return borders_of(tg.rows)


def link_token(tok: str) -> int | None:
    """A cell of a loop's solution grid: link letters (``se``, ``-``) or the
    bitmask itself (north 1, east 2, south 4, west 8: what the workbench's
    solution file writes), two sides exactly or none; None when it is neither.

    >>> [link_token(t) for t in ("se", "6", "-", ".", "7", "x")]
    [6, 6, 0, 0, None, None]
    """
    mask = int(tok) if tok.isascii() and tok.isdigit() and len(tok) <= 2 else link_mask(tok)
    return mask if mask is not None and bin(mask).count("1") in (0, 2) and mask < 16 else None


def read_solution(expect: dict, raw: str, file: str, rows: int, cols: int):
    """The loop of ``[expect] solution`` (:func:`link_token` per cell), or None."""
    if "solution" not in expect:
        return None
    tg = toml_token_grid(expect, raw, file, "solution")
    tg.expect_shape(rows, cols)
    out = []
    for r, row in enumerate(tg.rows):
        out.append([])
        for c, tok in enumerate(row):
            mask = link_token(tok)
            if mask is None:
                raise tg.error(r, c, "expected the sides a line leaves by (letters of n, s, e, "
                                     f"w such as 'ns' or 'se'), '-' or a bitmask, found {tok!r}")
            out[-1].append(mask)
    return out


def pzprv3_lines(f, start: int) -> dict:
    """The lines of a pzprv3 file from line index ``start`` (pzprjs's
    ``decodeBorderLine``): ``rows`` lines of ``cols - 1`` values (between a
    cell and the one to its right), then ``rows - 1`` lines of ``cols``
    (between a cell and the one below); a value above 0 is that many lines,
    0 or -1 (a cross) none. Returns ``{(cell, cell): count}`` of the edges
    with a line; positioned errors.

    >>> from satgrid.puzzles import pzprv3
    >>> pzprv3_lines(pzprv3.read("pzprv3/x/2/2/1 /-1 /2 0 /", "f.txt"), 0)
    {((0, 0), (0, 1)): 1, ((0, 0), (1, 0)): 2}
    """
    out = {}
    for block, (n, width, dr, dc) in enumerate(((f.rows, f.cols - 1, 0, 1),
                                                 (f.rows - 1, f.cols, 1, 0))):
        first = start + (f.rows if block else 0)
        rows = f.lines[first:first + n]
        if len(rows) != n or any(len(row) != width for row in rows):
            where = (rows[-1][-1][1] if rows and rows[-1] else
                     f.lines[-1][-1][1] if f.lines and f.lines[-1] else (1, 1))
            raise InstanceError(f"lines: expected {n} rows of {width} values", f.file, *where)
        for r, row in enumerate(rows):
            for c, (tok, pos) in enumerate(row):
                if not (tok.isascii() and tok.lstrip("-").isdigit() and len(tok) <= 3):
                    raise InstanceError(f"lines: expected a number, found {tok!r}", f.file, *pos)
                if int(tok) > 0:
                    out[(r, c), (r + dr, c + dc)] = int(tok)
    return out


_PZPRV3 = re.compile(r"\s*pzprv3(\.\d+)?\s*[/\n]\s*([\w-]+)")


def sniff_pzprv3(text: str, name: str) -> bool:
    """Whether ``text`` is a pzprv3 file of puzzle ``name``, of any file
    version (``pzprv3``, ``pzprv3.1``, ``pzprv3.2``)."""
    m = _PZPRV3.match(text)
    return m is not None and m.group(2) == name


def read_pzprv3_rooms(text: str, file: str, flag: str | None = None):
    """``(file, vert, hori, flags, index of the line after the rooms)`` of a
    room kind's pzprv3 file: version 2 gives the borders (pzprjs's
    ``decodeBorderQues``: rows of cols - 1 values, then rows - 1 of cols, 1 a
    border), earlier ones the room count and each cell's room; from version
    1, a line of flags comes first (``flag``, when the kind has one: the
    flags found are returned)."""
    m = _PZPRV3.match(text)
    version = int(m.group(1)[1:]) if m and m.group(1) else 0
    if m and m.group(1):                       # 'pzprv3.2' read as 'pzprv3  ' (columns kept)
        text = text[:m.start(1)] + " " * len(m.group(1)) + text[m.end(1):]
    f = pzprv3.read(text, file)
    at, flags = 0, ""
    if flag and version >= 1 and f.lines and [t for t, _ in f.lines[0]] == [flag]:
        at, flags = 1, flag
    if version >= 2:
        walls = pzprv3_lines(f, at)
        vert = [[int(((r, c), (r, c + 1)) in walls) for c in range(f.cols - 1)] for r in range(f.rows)]
        hori = [[int(((r, c), (r + 1, c)) in walls) for c in range(f.cols)] for r in range(f.rows - 1)]
        return f, vert, hori, flags, at + 2 * f.rows - 1
    if len(f.lines) <= at or len(f.lines[at]) != 1:
        where = f.lines[at][0][1] if len(f.lines) > at and f.lines[at] else (1, 1)
        raise InstanceError("expected the number of rooms after the size", file, *where)
    labels = [[tok for tok, _ in row] for row in f.grid(at + 1, "rooms")]
    vert, hori = borders_of(labels)
    return f, vert, hori, flags, at + 1 + f.rows


def svg(vert, hori, links, extra=(), step: int = 36) -> str:
    """The loop through the centres, the borders as thick lines, ``extra`` on top."""
    lines = []
    for r, row in enumerate(vert):
        for c, b in enumerate(row):
            if b:
                x = step * (c + 1.5)
                lines.append(f'<line x1="{x}" y1="{step * (r + 0.5)}" x2="{x}" '
                             f'y2="{step * (r + 1.5)}" stroke="black" stroke-width="3"/>')
    for r, row in enumerate(hori):
        for c, b in enumerate(row):
            if b:
                y = step * (r + 1.5)
                lines.append(f'<line x1="{step * (c + 0.5)}" y1="{y}" x2="{step * (c + 1.5)}" '
                             f'y2="{y}" stroke="black" stroke-width="3"/>')
    h, w = len(vert), len(vert[0]) + 1
    lines.append(f'<rect x="{step / 2}" y="{step / 2}" width="{w * step}" height="{h * step}" '
                 'fill="none" stroke="black" stroke-width="3"/>')
    return svg_cell_links(links, h, w, step=step, extra=lines + list(extra))


# ------------------------------------------------------------------ families
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def loop_order(edges) -> list:
    """The cells of a simple loop (its edges) in the order the loop visits them."""
    nbrs: dict = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    start = min(nbrs)
    order, prev = [start], None
    while True:
        nxt = next(v for v in nbrs[order[-1]] if v != prev)
        if nxt == start:
            return order
        prev = order[-1]
        order.append(nxt)


def planted_rooms(rows: int, cols: int, edges, rng: random.Random, even: bool = False):
    """``(rooms, the loop's run of cells in each room)``, for the families: a
    simple loop (its ``edges``) cut at random into runs of 1..5 cells (an even
    number of them with ``even``, when there are two or more), one room per
    run, each group of cells off the loop joined to a room beside it."""
    order = loop_order(edges)
    shift = rng.randrange(len(order))
    order = order[shift:] + order[:shift]
    runs, i = [], 0
    while i < len(order):
        runs.append(order[i:i + rng.randint(1, 5)])
        i += len(runs[-1])
    if even and len(runs) % 2 and len(runs) > 1:
        runs[0] = runs.pop() + runs[0]              # the last run goes on into the first
    room = {v: k for k, run in enumerate(runs) for v in run}
    off = {(r, c) for r in range(rows) for c in range(cols)} - set(room)
    while off:
        group, todo = set(), [min(off)]
        while todo:
            v = todo.pop()
            if v in off:
                off.discard(v)
                group.add(v)
                todo += [(v[0] + dr, v[1] + dc) for dr, dc in STEPS]
        beside = sorted({room[(v[0] + dr, v[1] + dc)] for v in group for dr, dc in STEPS
                         if (v[0] + dr, v[1] + dc) in room})
        k = rng.choice(beside)
        room.update((v, k) for v in group)
    return [[room[r, c] for c in range(cols)] for r in range(rows)], runs


def label(k: int) -> str:
    """A short room label: a, b, ..., z, ba, bb, ..."""
    digits = "abcdefghijklmnopqrstuvwxyz"
    out = digits[k % 26]
    while k >= 26:
        k //= 26
        out = digits[k % 26] + out
    return out
