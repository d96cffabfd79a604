"""Slitherlink's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``), of a decoded solution and, where the
kind has them, of the puzzle as given (``puzzle_text``, ``puzzle_svg``); the
kind's :class:`~satgrid.puzzles.base.Puzzle` methods call these."""

from __future__ import annotations

from typing import Any

from ..links import svg_links, svg_text


def draw(links, clues) -> str:
    """Dots and segments (``+--+``, ``|``) with the clues in the cells.

    Example:
        >>> print(draw([[6, 12], [3, 9]], [[4]]))
        +--+
        |4 |
        +--+
    """
    out = []
    for r, row in enumerate(links):
        out.append("+" + "+".join("--" if m & 2 else "  " for m in row[:-1]) + "+")
        if r < len(clues):
            cells = [("|" if m & 4 else " ") for m in row]
            k = clues[r]
            out.append("".join(cells[c] + ("  " if c == len(k) else
                                           ("%-2s" % ("" if k[c] is None else k[c])))
                               for c in range(len(cells))).rstrip())
    return "\n".join(line.rstrip() for line in out)


def text(puzzle, decoded: dict[str, Any]) -> str:
    """The loop in box-drawing lines, a clue in every other column."""
    return draw(decoded["links"], puzzle.clues)


def puzzle_text(puzzle) -> str:
    return draw([[0] * (puzzle.cols + 1) for _ in range(puzzle.rows + 1)], puzzle.clues)


def svg(puzzle, decoded: dict[str, Any]) -> str:
    """SVG: dots, clues, the loop."""
    step = 36
    extra = [f'<circle cx="{step / 2 + c * step}" cy="{step / 2 + r * step}" r="2.5"/>'
             for r in range(puzzle.rows + 1) for c in range(puzzle.cols + 1)]
    extra += [svg_text(step + c * step, step + r * step, str(k), step * 0.55)
              for r, row in enumerate(puzzle.clues) for c, k in enumerate(row) if k is not None]
    return svg_links(decoded["links"], step=step, offset=step / 2,
                     width=(puzzle.cols + 1) * step, height=(puzzle.rows + 1) * step,
                     extra=extra, grid_lines=False)
