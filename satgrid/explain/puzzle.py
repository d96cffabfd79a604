"""Forced cells and hints of puzzles: the Model-level algorithms of
:mod:`.backbone` and :mod:`.hint` applied to a puzzle file's instance, with
their results as JSON-ready dicts and drawings.

A variable is placed on the grid by its name: the first ``[r,c`` in it is
its cell, what follows ``=`` its value (``x[3,4]=7``: cell (3, 4), value 7;
``shaded[2,0]``: cell (2, 0), value true or false). A drawing's cell is
*open* when some solution met on the way draws it otherwise than the first
one (every variable that is not forced takes both values among those
solutions, so a cell whose drawing follows from its own variables is open
exactly when it is not forced).
"""

from __future__ import annotations

import re
import time
from typing import Any, Sequence

from ..modelling.model import Model, Solution
from ..pipeline.run import Options, compile_puzzle, new_result, open_session, verify
from ..puzzles import Puzzle
from ..puzzles.render import svg_grid, text_grid
from .backbone import backbone
from .hint import Explainer, Hint

__all__ = ["backbone_result", "backbone_text", "backbone_svg", "explainer", "hint_result",
           "hint_json", "literal_info", "OPEN"]

#: how an open cell is drawn in text
OPEN = "?"
_CELL = re.compile(r"\[(\d+),(\d+)")


def literal_info(m: Model, lit: int) -> dict[str, Any]:
    """``{"variable", "cell", "value"}`` of a literal: its variable's name, the
    cell named in it (None: none) and the value it says (an int or text after
    ``=`` when true; else true/false).

    >>> m = Model(); x = m.int("x[1,2]", [5, 6]); b = m.bool("shaded[0,3]")
    >>> literal_info(m, x.lit(6)), literal_info(m, -b)["value"]
    ({'variable': 'x[1,2]=6', 'cell': [1, 2], 'value': 6}, False)
    """
    name = m.formula.name(abs(lit)) or f"v{abs(lit)}"
    found = _CELL.search(name)
    cell = [int(found.group(1)), int(found.group(2))] if found else None
    value: Any = lit > 0
    if "=" in name and lit > 0:
        text = name.rsplit("=", 1)[1]
        value = int(text) if re.fullmatch(r"-?\d+", text) else text
    return {"variable": name, "cell": cell, "value": value}


def _grids(decoded: dict) -> list[list[list]]:
    """The decoded form's grids (``grid``, or each of ``grids``)."""
    return [decoded["grid"]] if "grid" in decoded else list(decoded.get("grids", []))


def _layers(decoded: dict) -> list[list[list]]:
    """Every grid-shaped entry of a decoded form (the grids, links, labels, ...)
    of the shape of its first grid."""
    grids = _grids(decoded)
    if not grids:
        return []
    h, w = len(grids[0]), len(grids[0][0]) if grids[0] else 0
    extra = [v for k, v in decoded.items() if k not in ("grid", "grids") and isinstance(v, list)
             and len(v) == h and all(isinstance(r, list) and len(r) == w for r in v)]
    return grids + extra


def open_cells(p: Puzzle, first: dict, others: list[dict]) -> list[list[list[bool]]]:
    """Per grid of ``first``, per cell: drawn otherwise by one of ``others``."""
    grids = _grids(first)
    out = [[[False] * len(row) for row in g] for g in grids]
    layers0 = _layers(first)
    k = len(grids)
    for d in others:
        layers = _layers(d)
        for li, (a, b) in enumerate(zip(layers0, layers)):
            gi = li if li < k else 0
            for r, (ra, rb) in enumerate(zip(a, b)):
                for c, (va, vb) in enumerate(zip(ra, rb)):
                    if va != vb and r < len(out[gi]) and c < len(out[gi][r]):
                        out[gi][r][c] = True
    return out


def backbone_result(p: Puzzle, opts: Options | None = None) -> dict[str, Any]:
    """Solve ``p`` and find its forced cells: the result of ``solve --backbone``.

    Keys: those of a solve result (``status``; the first solution's grid,
    checked by the referee) and ``backbone``: ``variables`` (forced of all on
    the projection), ``cells`` (forced of all), ``open`` (per grid, per
    cell, true when open), ``seconds``.
    """
    opts = opts or Options()
    t0 = time.perf_counter()
    m = compile_puzzle(p, opts)
    open_session(m, p, opts)
    models: list = []
    forced = backbone(m, time_limit=opts.time_limit, witnesses=models)
    res = new_result(p, "unsat" if forced is None else "sat")
    if forced is None:
        res["backbone"] = None
        return res
    decoded = [p.decode(Solution(x)) for x in models]
    for d in decoded:
        verify(p, d)
    res.update(decoded[0])
    opened = open_cells(p, decoded[0], decoded[1:])
    total = sum(len(row) for g in opened for row in g)
    n_open = sum(map(sum, (row for g in opened for row in g)))
    res["backbone"] = {"variables": [len(forced), len(m.over)], "cells": [total - n_open, total],
                       "open": opened, "solutions_seen": len(models),
                       "seconds": round(time.perf_counter() - t0, 6)}
    res["_model"] = m
    return res


def _shown(res: dict) -> list[list[list]]:
    """The grids with open cells as :data:`OPEN`."""
    out = []
    for g, opened in zip(_grids(res), res["backbone"]["open"]):
        out.append([[OPEN if o else v for v, o in zip(row, orow)]
                    for row, orow in zip(g, opened)])
    return out


def backbone_text(p: Puzzle, res: dict) -> str:
    """The forced cells as text: the first solution's values where forced,
    :data:`OPEN` elsewhere, after a line of counts."""
    head = f"{p.label()} ({p.kind}): "
    if res.get("backbone") is None:
        return head + "no solution, nothing is forced"
    b = res["backbone"]
    lines = [head + f"{b['cells'][0]} of {b['cells'][1]} cells forced "
             f"({b['variables'][0]} of {b['variables'][1]} variables), '{OPEN}' open"]
    box = getattr(p, "box", None)
    for g in _shown(res):
        lines.append(text_grid(g, empty="0", box=box if isinstance(box, tuple) else None))
    return "\n\n".join(lines) if len(lines) > 2 else "\n".join(lines)


def backbone_svg(p: Puzzle, res: dict) -> str:
    """The forced cells as SVG (of the first grid): values where forced, open cells grey."""
    g = _grids(res)[0]
    opened = res["backbone"]["open"][0]
    rows = [["" if o else v for v, o in zip(row, orow)] for row, orow in zip(g, opened)]
    return svg_grid(rows, shade=opened)


# ------------------------------------------------------------------ hints
def explainer(p: Puzzle, opts: Options | None = None) -> tuple[Model, Explainer]:
    """The puzzle's Model, its givens left out of the formula, and its
    :class:`Explainer` (connectivity lazy unless ``opts`` says eager)."""
    opts = opts or Options()
    if opts.connectivity in ("auto", "propagate"):
        opts = opts.replace(connectivity="lazy")
    m = compile_puzzle(p, opts, givens="none")
    ex = Explainer(m, p.givens(m), solver=opts.solver, time_limit=opts.time_limit)
    return m, ex


def hint_json(m: Model, h: Hint) -> dict[str, Any]:
    """A hint as JSON: the literal's cell and value, the reason's givens
    (each with its cell) and groups, whether propagation settles it."""
    return {**literal_info(m, h.literal), "literal": h.literal,
            "reason": {"givens": [literal_info(m, g) for g in h.givens], "groups": h.groups,
                       "size": h.size},
            "propagates": h.propagates, "single": h.single}


def hint_text(m: Model, h: Hint) -> str:
    """One line: the cell and value, then the reason."""
    info = literal_info(m, h.literal)
    where = f"cell {tuple(info['cell'])}" if info["cell"] else info["variable"]
    val = info["value"]
    what = ("shaded" if val else "not shaded") if isinstance(val, bool) else str(val)
    if isinstance(val, bool) and not info["variable"].startswith("shaded"):
        what = f"{info['variable']} is {'true' if val else 'false'}"
    givens = ", ".join(literal_info(m, g)["variable"] for g in h.givens) or "none"
    return (f"{where}: {what}\n  because of the rules {', '.join(h.groups) or '(none)'}"
            f"\n  and the givens {givens}"
            + ("\n  (unit propagation of these alone finds it)" if h.propagates else ""))


def hint_result(p: Puzzle, opts: Options | None = None, known: Sequence[int] = (),
                every: bool = False) -> dict[str, Any]:
    """The next hint of ``p`` (``every``: the whole sequence, each applied),
    ``{"puzzle", "file", "status", "hints": [...]}``; status ``unsat`` when
    the givens contradict the rules, ``solved`` when nothing is left."""
    t0 = time.perf_counter()
    m, ex = explainer(p, opts)
    res = new_result(p, "sat")
    res["_model"], res["_explainer"], res["_hints"] = m, ex, []
    if ex.forced() is None:
        res["status"] = "unsat"
        res["hints"] = []
        return res
    hints = ex.sequence(known) if every else [h for h in [ex.hint(known)] if h is not None]
    res["hints"] = [hint_json(m, h) for h in hints]
    if not hints:
        res["status"] = "solved"
    res["seconds"] = round(time.perf_counter() - t0, 6)
    res["_hints"] = hints
    return res
