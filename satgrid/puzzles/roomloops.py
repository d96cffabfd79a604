"""What the loop-through-rooms kinds (Country Road, Moon or Sun) share: their
rooms read from a puzz.link URL's borders or a TOML label grid, and the
drawings of a loop over a room grid.

A room grid is ``rooms[r][c]``, each cell's room index, the rooms numbered
as pzprjs numbers them (by their first cell in reading order:
:func:`satgrid.puzzles.rooms.rooms_from_borders`), so that per-room values
written in a URL land in the right room.

Example:
    >>> u, rooms, end = read_url("https://puzz.link/p?country/2/2/o0", "a.txt", ("country",), "")
    >>> rooms, end, border_url("country", rooms)
    ([[0, 1], [0, 1]], 2, 'https://puzz.link/p?country/2/2/o0')
"""

from __future__ import annotations

from . import puzzlink
from .links import check_toml_keys, read_links, svg_cell_links, toml_error
from .parsing import TokenGrid, toml_token_grid
from .rooms import borders_of, rooms_from_borders, rooms_from_labels, write_url

__all__ = ["read_url", "border_url", "read_toml_rooms", "svg"]


def read_url(text: str, file: str, pids: tuple[str, ...], flags: str):
    """``(url, rooms, index after the borders)``; ``flags``: the flag letters
    the kind knows (others refused at their position)."""
    u = puzzlink.read(text, file, pids, variants=True)
    if any(ch not in flags for ch in u.flags) or len(set(u.flags)) != len(u.flags):
        raise u.error(-len(u.flags) - 1 - len(f"{u.cols}/{u.rows}/"),
                      f"expected the flags {' or '.join(flags) or '(none)'}, found {u.flags!r}")
    vert, hori, end = puzzlink.decode_border(u, 0)
    return u, rooms_from_borders(vert, hori), end


def border_url(pid: str, rooms, flags: str = "") -> str:
    """The URL of ``rooms``' borders as pzprjs writes them (what follows is the kind's)."""
    return write_url(pid, rooms, None, flags)


def read_toml_rooms(data: dict, raw: str, file: str, kind: str, keys) -> tuple[list, TokenGrid]:
    """The ``rooms`` grid of a TOML instance (equal labels side by side: one
    room), after refusing unknown keys; returns (rooms, its token grid)."""
    check_toml_keys(data, raw, file, kind, keys)
    if "rooms" not in data:
        raise toml_error("expected a 'rooms' grid (a label per cell, one row per line)",
                         raw, file)
    tg = toml_token_grid(data, raw, file, "rooms")
    h, w = tg.height, len(tg.rows[0])
    if not (h <= puzzlink.MAX_SIDE and w <= puzzlink.MAX_SIDE):
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(h, w)
    return rooms_from_labels(tg.rows), tg


def read_solution(expect: dict, raw: str, file: str, rows: int, cols: int):
    """The loop of ``[expect] solution`` (link tokens), or None."""
    if "solution" not in expect:
        return None
    return read_links(toml_token_grid(expect, raw, file, "solution"), rows, cols)


def svg(rooms, links, extra=(), step: int = 36) -> str:
    """The loop through the centres, the rooms framed by thick lines, ``extra`` on top."""
    vert, hori = borders_of(rooms)
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
    h, w = len(rooms), len(rooms[0])
    lines.append(f'<rect x="{step / 2}" y="{step / 2}" width="{w * step}" height="{h * step}" '
                 'fill="none" stroke="black" stroke-width="3"/>')
    return svg_cell_links(links, h, w, step=step, extra=lines + list(extra))
