"""Aqre's drawings: the text the CLI prints (``text``) and the SVG of
``--svg`` and the workbench (``svg``): rooms framed, shaded cells grey."""

from __future__ import annotations

from .. import rooms


def text(puzzle, decoded) -> str:
    return rooms.text(puzzle.rooms, puzzle.numbers, decoded["grid"])


def svg(puzzle, decoded) -> str:
    return rooms.svg(puzzle.rooms, puzzle.numbers, decoded["grid"])
