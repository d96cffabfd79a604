"""What the workbench draws and saves: a puzzle before solving, a solution,
and the solution file a person downloads -- each the kind's own
(:class:`~satgrid.puzzles.base.Puzzle`'s ``puzzle_svg``, ``solution_svg``,
``solution_file``; the CLI's ``--svg`` draws with the same ``render_svg``).

A kind without a drawing of the puzzle as given (``puzzle_svg`` None) is
shown as its text instead (the page falls back to it), never as a wrong
picture. In a solution, the given cells are framed in blue
(:func:`satgrid.puzzles.render.mark_givens`), so that givens and solved cells are
told apart in every kind's drawing.
"""

from __future__ import annotations

from typing import Any

from ...puzzles import Puzzle


def puzzle_svg(p: Puzzle) -> str | None:
    """A drawing of the puzzle as given (before solving), or None."""
    return p.puzzle_svg()


def solution_svg(p: Puzzle, decoded: dict[str, Any]) -> str | None:
    """A drawing of a decoded solution, the givens framed."""
    return p.solution_svg(decoded)


def solution_file(p: Puzzle, res: dict[str, Any]) -> tuple[str, str]:
    """(file name, text) of the solution in ``res`` (a solved result) in the kind's format."""
    return p.solution_file(res)
