"""Shikaku's drawings: the text the CLI prints (``text``: each cell's region
number, the clues in brackets) and the SVG of ``--svg`` and the workbench
(``svg``: the clues, thick lines between regions; without a solution, the
puzzle as given), shared with the other regions-with-numbers kinds."""

from __future__ import annotations

from ..render import area_svg as svg, area_text as text

__all__ = ["text", "svg"]
