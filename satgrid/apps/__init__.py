"""The programs built on satgrid: the command line, the Sudoku workflow, families."""
