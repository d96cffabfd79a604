"""Tents' drawings: the text the CLI prints (``text``: the column numbers
above, each row's number first, ``T`` a tree, ``A`` a tent) and the SVG of
``--svg`` and the workbench (``svg``: trees and tents in the cells)."""

from __future__ import annotations

from typing import Any

from ..render import svg_grid, text_grid


def _number(k) -> str:
    return "" if k is None else str(k)


def text(puzzle, decoded: dict[str, Any]) -> str:
    g = decoded["grid"] if decoded else [[0] * puzzle.cols for _ in range(puzzle.rows)]
    head = [[" "] + [_number(k) or " " for k in puzzle.columns]]
    body = [[_number(k) or " "] + ["T" if t else "A" if g[r][c] else "." for c, t in enumerate(row)]
            for r, (k, row) in enumerate(zip(puzzle.row_counts, puzzle.trees))]
    return text_grid(head + body)


def svg(puzzle, decoded: dict[str, Any] | None) -> str:
    """The solution's drawing, or (``decoded`` None) the puzzle as given."""
    g = decoded["grid"] if decoded else [[0] * puzzle.cols for _ in range(puzzle.rows)]
    head = [[""] + [_number(k) for k in puzzle.columns]]
    body = [[_number(k)] + ["T" if t else "▲" if g[r][c] else "" for c, t in enumerate(row)]
            for r, (k, row) in enumerate(zip(puzzle.row_counts, puzzle.trees))]
    return svg_grid(head + body)
