"""Statue Park file formats: the TOML instance and puzz.link URLs.

Instance (TOML)::

    puzzle = "statuepark"
    title = "..."
    source = "..."
    circles = \"\"\"        # 'W' a white circle, 'B' a black one, '.' none
    . . . . B W .
    ...\"\"\"
    pieces = "tetrominoes"  # or "pentominoes", "double-tetrominoes", or a list of
                            # pictures, rows split by '/': ["XX/X.", "XXX"]

    [expect]
    unique = true
    solution = \"\"\"       # '#' shaded, '.' unshaded
    . . . . # . .
    ...\"\"\"

URL: ``https://puzz.link/p?statuepark/COLS/ROWS/BODY``: the circles
(:func:`satgrid.puzzles.puzzlink.decode_circle`; left out when the body
starts with ``/``), then the bank: ``//p``, ``//t``, ``//d``, ``//z`` (pzprjs's
pentominoes, tetrominoes, double tetrominoes, none) or ``/N/PIECE/...``, a piece
as pzprjs writes it: its width and height (base 36), then its cells row by
row as bits, five to a base-32 digit, trailing zeros dropped.

Example:
    >>> [p] = parse_url("https://puzz.link/p?statuepark/3/1/6//t", "a.txt")
    >>> p.circles, len(p.pieces), to_url(p)
    ([[0, 2, 0]], 5, 'https://puzz.link/p?statuepark/3/1/6//t')
"""

from __future__ import annotations

import os

from ...errors import InstanceError
from .. import puzzlink
from ..base import parse_expect, puzzlink_ids, register_toml
from ..parsing import key_line, shown, toml_grid, toml_token_grid
from ..referee import connected_groups
from ..puzzlink_formats import url_format
from .kind import K, StatuePark

KEYS = ("puzzle", "title", "source", "circles", "pieces", "expect")
PIDS = puzzlink_ids(__package__)   # declared in kind.json
PRESETS = {
    "p": ["337k", "15v", "24as", "24bo", "23fg", "337i", "23rg", "334u", "335s", "33bk", "24bk",
          "337o"],
    "t": ["14u", "23bg", "22u", "23f", "23eg"],
    "d": ["14u", "14u", "23bg", "23bg", "22u", "22u", "23f", "23f", "23eg", "23eg"],
    "z": [],
}
NAMES = {"pentominoes": "p", "tetrominoes": "t", "double-tetrominoes": "d"}
_B32 = "0123456789abcdefghijklmnopqrstuv"


def piece_cells(code: str) -> frozenset | None:
    """The cells of a piece as pzprjs serialises it, or None if malformed."""
    if ":" in code:
        w, _, bits = code.partition(":")
        if not (w.isdigit() and int(w) > 0 and bits and set(bits) <= {"0", "1"}
                and len(bits) % int(w) == 0):
            return None
        w = int(w)
    else:
        if len(code) < 3 or any(ch not in "0123456789abcdefghijklmnopqrstuvwxyz" for ch in code[:2]) \
                or any(ch not in _B32 for ch in code[2:]):
            return None
        w, h = int(code[0], 36), int(code[1], 36)
        bits = "".join(format(int(ch, 32), "05b") for ch in code[2:])
        bits = bits[:w * h].ljust(w * h, "0")
        if not w or not h:
            return None
    cells = frozenset(divmod(i, w) for i, b in enumerate(bits) if b == "1")
    return cells or None


def piece_code(cells) -> str:
    """pzprjs's serialisation of a piece (its bounding box, bits row by row)."""
    h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    bits = "".join("1" if (r, c) in cells else "0" for r in range(h) for c in range(w))
    out = "0123456789abcdefghijklmnopqrstuvwxyz"[w] + "0123456789abcdefghijklmnopqrstuvwxyz"[h]
    out += "".join(_B32[int(bits[i:i + 5].ljust(5, "0"), 2)] for i in range(0, len(bits), 5))
    return out.rstrip("0")


def _connected(cells) -> bool:
    return len(connected_groups(cells)) == 1


def read_toml(cls: type[StatuePark], data: dict, raw: str, file: str) -> StatuePark:
    """A ``puzzle = "statuepark"`` instance from its parsed TOML table."""
    tg = toml_grid(data, raw, file, KEYS, "circles")
    rows, cols = tg.height, len(tg.rows[0])
    if rows > puzzlink.MAX_SIDE or cols > puzzlink.MAX_SIDE:
        raise tg.error(0, 0, f"expected at most {puzzlink.MAX_SIDE} rows and columns")
    tg.expect_shape(rows, cols)
    marks = {".": 0, "W": 1, "B": 2}
    for r, row in enumerate(tg.rows):
        for c, tok in enumerate(row):
            if tok not in marks:
                raise tg.error(r, c, f"expected 'W', 'B' or '.', found {shown(tok)}")
    circles = [[marks[t] for t in row] for row in tg.rows]
    given, line = data.get("pieces"), key_line(raw, "pieces")
    if isinstance(given, str) and given in NAMES:
        codes = PRESETS[NAMES[given]]
        pieces = [piece_cells(x) for x in codes]
    elif isinstance(given, list) and given and all(isinstance(x, str) for x in given):
        pieces = []
        for x in given:
            cells = frozenset((r, c) for r, part in enumerate(x.split("/"))
                              for c, ch in enumerate(part) if ch not in ". ")
            if not cells or not _connected(cells):
                raise InstanceError(f"pieces: {x!r} is not one connected piece", file, line, 1)
            pieces.append(cells)
    else:
        raise InstanceError("pieces: expected \"pentominoes\", \"tetrominoes\", "
                            "\"double-tetrominoes\" or a list of pictures like \"XX/X.\"",
                            file, line or 1, 1)
    expect = parse_expect(data, raw, file, K, ("unique", "count", "solution"))
    solution = None
    if "solution" in expect:
        sg = toml_token_grid(expect, raw, file, "solution")
        sg.expect_shape(rows, cols)
        for r, row in enumerate(sg.rows):
            for c, tok in enumerate(row):
                if tok not in ("#", "."):
                    raise sg.error(r, c, f"expected '#' or '.', found {shown(tok)}")
        solution = [[int(t == "#") for t in row] for row in sg.rows]
    return cls(circles, pieces, solution=solution, file=file, title=data.get("title", ""),
               source=data.get("source", ""), expect=expect)


def parse_url(text: str, file: str) -> list[StatuePark]:
    """A puzz.link URL (``p?statuepark/COLS/ROWS/BODY``)."""
    u = puzzlink.read(text, file, PIDS)
    n = u.rows * u.cols
    if u.body.startswith("/"):
        cells, end = [0] * n, 0
    else:
        cells, end = puzzlink.decode_circle(u, n)
    rest = u.body[end:]
    if rest.startswith("//") and rest[2:3] in PRESETS and len(rest) == 3:
        key, codes = rest[2], PRESETS[rest[2]]
    else:
        parts = rest.split("/")
        if len(parts) < 2 or parts[0] != "" or not parts[1].isdigit():
            raise u.error(end, f"expected the piece bank ('//p', '//t', '//d' or '/N/...'), "
                               f"found {rest[:20]!r}")
        key, codes = None, parts[2:]
        if len(codes) != int(parts[1]):
            raise u.error(end + 1, f"the bank lists {parts[1]} pieces, found {len(codes)}")
    pieces, at = [], end + (3 if key else 2 + len(rest.split("/")[1]))
    for code in codes:
        piece = piece_cells(code)
        if piece is None or not _connected(piece):
            raise u.error(at, f"piece {code!r}: expected a connected piece (width, height, bits)")
        pieces.append(piece)
        at += len(code) + 1
    circles = [cells[r * u.cols:(r + 1) * u.cols] for r in range(u.rows)]
    return [StatuePark(circles, pieces, bank_code=rest, file=file, title=os.path.basename(file),
                       source=text.strip())]


def to_url(p: StatuePark) -> str:
    """The puzz.link URL of ``p`` (as pzprjs writes it)."""
    bank = p.bank_code
    if bank is None:
        codes = [piece_code(x) for x in p.pieces]
        key = next((k for k, v in PRESETS.items() if v == codes), None)
        bank = f"//{key}" if key else f"/{len(codes)}" + "".join("/" + c for c in codes)
    body = puzzlink.encode_circle([v for row in p.circles for v in row]) + bank
    return puzzlink.url(PIDS[0], p.cols, p.rows, body)


URL_FORMAT = url_format(K, PIDS, parse_url)
register_toml(K, read_toml)
