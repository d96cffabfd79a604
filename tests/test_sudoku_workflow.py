"""The Sudoku seed's interactive workflow (``satgrid sudoku FILE``): ask for a
missing puzzle row by row, save it, solve, prove uniqueness, write the solution."""

import io
import os
import re

from conftest import CLASSIC, CLASSIC_SOLUTION, current_umask, grid_of, loads1
from satgrid.apps.sudoku_workflow import interactive



def test_interactive_asks_saves_solves_and_writes(tmp_path):
    path = tmp_path / "mine.txt"
    typed = ["53..7....", "6 . . 1 9 5 . . .", "bad row", "098000060", "8...6...3",
             "4..8.3..1", "7...2...6", ".6....28.", "...419..5", "....8..79"]
    out, err = io.StringIO(), io.StringIO()
    code = interactive(str(path), io.StringIO("\n".join(typed) + "\n"), out, stderr=err)
    assert code == 0, err.getvalue()
    text = out.getvalue()
    assert text.count("row 3/9: ") == 2 and "expected 9 cells" in text
    assert "row 9/9: " in text and "row 10/9" not in text
    assert loads1(path.read_text(), "t.txt").grid == grid_of(CLASSIC)
    sol = tmp_path / "mine.solution.txt"
    assert loads1(sol.read_text(), "t.txt").grid == CLASSIC_SOLUTION
    assert "5 3 4 | 6 7 8 | 9 1 2" in text and "unique" in text
    assert sorted(os.listdir(tmp_path)) == ["mine.solution.txt", "mine.txt"]   # no temp files left
    assert oct(path.stat().st_mode & 0o777) == oct(0o666 & ~current_umask())
    # second run: the file exists, nothing is asked
    out2 = io.StringIO()
    assert interactive(str(path), io.StringIO(""), out2, stderr=err) == 0
    assert "row 1/9" not in out2.getvalue()


def test_interactive_eof_and_bad_file(tmp_path):
    path = tmp_path / "p.txt"
    out, err = io.StringIO(), io.StringIO()
    assert interactive(str(path), io.StringIO("53..7....\n"), out, stderr=err) == 2
    line = err.getvalue().strip()
    assert "\n" not in line and "p.txt" in line and "input ended" in line
    assert not path.exists()
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(CLASSIC[:8]))
    err = io.StringIO()
    assert interactive(str(bad), io.StringIO(""), io.StringIO(), stderr=err) == 2
    assert re.match(r"satgrid: .*bad\.txt:8:1: expected 9 rows", err.getvalue())
    unsat = tmp_path / "u.txt"
    unsat.write_text("55" + "." * 79 + "\n")
    out = io.StringIO()
    assert interactive(str(unsat), io.StringIO(""), out, stderr=io.StringIO()) == 1
    assert "no solution" in out.getvalue() and not (tmp_path / "u.solution.txt").exists()
