"""The generated family ``nonogram``: the clues of a random picture;
``function(params, seed, rng, bar)`` returns the family's files,
``[(file name, TOML text)]``, deterministic by seed."""

from __future__ import annotations

import random

from ..families import File, toml_text


def _blocks(cells) -> str:
    text = "".join("#" if v else "." for v in cells)
    return " ".join(str(len(b)) for b in text.split(".") if b) or "-"


def nonogram(params: dict, seed: int, rng: random.Random, bar) -> list[File]:
    """``nonogram rows=10 cols=10 fill=55``: a planted picture's clues."""
    h, w, fill = params["rows"], params["cols"], params["fill"]
    pic = [[int(rng.random() * 100 < fill) for _ in range(w)] for _ in range(h)]
    body = toml_text(f"satgrid family nonogram rows={h} cols={w} fill={fill} seed={seed}: "
                     "a planted picture solves it; not promised unique",
                     {"puzzle": "nonogram", "title": f"nonogram {h}x{w} (planted)",
                      "rows": "\n".join(_blocks(row) for row in pic),
                      "columns": "\n".join(_blocks(col) for col in zip(*pic))})
    return [(f"nonogram-{h}x{w}-f{fill}-s{seed}.toml", body)]
