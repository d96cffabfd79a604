"""The Sudoku seed's interactive workflow: ``satgrid sudoku FILE``.

Ask for a missing puzzle row by row and save it, solve every puzzle of the
file (one grid, or a collection in one incremental session), say whether the
solution is unique, and write it next to the file. The Sudoku kind owns the
grid formats (:func:`~satgrid.puzzles.sudoku.parse_row`,
:func:`~satgrid.puzzles.sudoku.format_grid`, ...); the pipeline does the
solving.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from ..errors import InstanceError, SatgridError
from ..io.fileio import atomic_write_text
from ..pipeline.collection import is_collection, solve_puzzles
from ..pipeline.load import load
from ..pipeline.run import Options
from ..puzzles.sudoku import Sudoku, default_box, format_grid, format_line, parse_row
from ..core.solvers import DEFAULT_SOLVER


def solution_path(path: str) -> str:
    """Where the workflow writes the solution of the puzzle file ``path``:
    ``<stem>.solution.txt`` next to it."""
    root, _ = os.path.splitext(path)
    return root + ".solution.txt"


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _ask(n: int, stdin: TextIO, stdout: TextIO, err: TextIO) -> list[list[int]] | None:
    """Ask for n rows; None at end of input."""
    grid = []
    while len(grid) < n:
        stdout.write(f"row {len(grid) + 1}/{n}: ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return None
        if not _isatty(stdin):   # piped input: echo it, so the transcript reads well
            stdout.write(line if line.endswith("\n") else line + "\n")
        try:
            vals = parse_row(line.rstrip("\n"), n)
        except InstanceError as e:
            stdout.write(f"  {e.message}; please type row {len(grid) + 1} again\n")
            continue
        grid.append(vals)
    return grid


def interactive(path: str, stdin: TextIO = None, stdout: TextIO = None, *,
                stderr: TextIO | None = None, size: int = 9,
                box: tuple[int, int] | None = None, solver: str = DEFAULT_SOLVER) -> int:
    """The seed's workflow, for ``satgrid sudoku FILE``.

    When ``path`` does not exist, ask for the puzzle row by row (``row 1/9:``;
    9 characters with ``0`` or ``.`` for empty, or cells separated by spaces;
    a bad row is asked again with the reason) and save it there (text grid,
    written atomically). Then solve every puzzle of the file (a grid, a
    collection or a sudoku TOML file), print the solution and whether it is
    unique, and write it next to the file as ``<stem>.solution.txt``
    (atomically; one line per puzzle for a collection).

    Args:
        path: the puzzle file.
        stdin, stdout: where to ask and print (default: the process's).
        stderr: where errors go (default: ``sys.stderr``).
        size, box: the grid asked for when the file does not exist.
        solver: PySAT solver name.

    Returns:
        Exit status: 0 solved, 1 no solution, 2 unusable input (one line on
        ``stderr``).
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    err = stderr or sys.stderr
    box = box or default_box(size)
    try:
        if box is None or box[0] * box[1] != size:
            raise InstanceError(f"a {size}x{size} sudoku needs a box shape of {size} cells")
        if not os.path.exists(path):
            stdout.write(f"{path} does not exist: type the puzzle, one row per line "
                         f"({'numbers separated by spaces' if size >= 10 else f'{size} digits'}, "
                         "0 or . for empty)\n")
            grid = _ask(size, stdin, stdout, err)
            if grid is None:
                raise InstanceError(f"the input ended before the {size} rows of the puzzle "
                                    "were typed; nothing saved", path)
            atomic_write_text(path, format_grid(grid, box))  # fails as OutputError, exit 4
            stdout.write(f"saved the puzzle to {path}\n")
        puzzles = load(path)
        for p in puzzles:
            if not isinstance(p, Sudoku):
                raise InstanceError(f"this is a {p.kind} puzzle, not a sudoku; use "
                                    f"'satgrid solve {path}'", path)
        many = is_collection(puzzles)
        results = list(solve_puzzles(puzzles, Options(solver=solver), unique=True))
        status = 0
        out_lines = []
        for p, res in zip(puzzles, results):
            if many:
                stdout.write(f"{p.label()}:\n")
            if res["status"] != "sat":
                stdout.write("no solution (the givens contradict the rules)\n"
                             if res["status"] == "unsat" else "no solution found (limit reached)\n")
                status = max(status, 1 if res["status"] == "unsat" else 3)
                out_lines.append("# no solution" if many else None)
                continue
            stdout.write(p.render(res) + "\n")
            if res.get("unique") is not None:
                stdout.write("the solution is unique\n" if res["unique"]
                             else "the puzzle has more than one solution; this is one\n")
            out_lines.append(format_line(res["grid"]) if many else format_grid(res["grid"], p.box))
        if any(line is not None for line in out_lines):
            target = solution_path(path)
            text = "".join(l + "\n" for l in out_lines) if many else out_lines[0]
            replaced = os.path.isfile(target)  # always replaced (documented: made from FILE)
            atomic_write_text(target, text)       # fails as OutputError, exit 4
            stdout.write(f"solution written to {target}"
                         + (" (replacing the previous one)" if replaced else "") + "\n")
        return status
    except SatgridError as e:
        err.write(f"satgrid: {e}\n")
        return e.exit_status
