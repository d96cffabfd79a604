"""The ``sudoku`` kind: its rules (:mod:`.kind`), its file formats
(:mod:`.formats`, registered with the loader on import) and its referee
(:mod:`.check`). The names other code uses are importable from here."""

from .kind import Sudoku, default_box
from .formats import (ALPHABET, COLLECTION_SIZES, TEXT_FORMAT, format_grid, format_line,
                      parse_box, parse_grid, parse_row, parse_text)

__all__ = ["Sudoku", "default_box", "ALPHABET", "COLLECTION_SIZES", "TEXT_FORMAT", "format_grid",
           "format_line", "parse_box", "parse_grid", "parse_row", "parse_text"]
