"""The workbench's Hint button (#hint) and its route POST /api/hint: the
next step with the reason's cells, and hints taken one after another (the
page sends the earlier ones back as "known") that solve the puzzle."""

from pathlib import Path

import pytest

from satgrid.apps.web.routes import ROUTES, BadRequest, Workbench, backbone_route, hint_route
from satgrid.pipeline.load import load
from satgrid.pipeline.run import solve

STATIC = Path(__file__).resolve().parents[1] / "satgrid" / "apps" / "web" / "static"


def test_the_page_has_the_button_and_the_route():
    assert 'id="hint"' in (STATIC / "index.html").read_text()
    assert '"/api/hint"' in (STATIC / "app.js").read_text()
    assert ROUTES[("POST", "/api/hint")] is hint_route
    assert 'id="forced"' in (STATIC / "index.html").read_text()
    assert ROUTES[("POST", "/api/backbone")] is backbone_route


def test_hints_one_after_another_solve_a_file_puzzle():
    wb = Workbench(instances="instances", time_limit=10)
    body = {"text": Path("instances/sudoku-4x4.toml").read_text(), "name": "s.toml"}
    sol = solve(load("instances/sudoku-4x4.toml")[0])["grid"]
    known = []
    while True:
        r = hint_route(wb, {**body, "known": known})
        if r["status"] == "solved":
            break
        h = r["hints"][0]
        assert sol[h["cell"][0]][h["cell"][1]] == h["value"]
        assert all(c in r["reason_cells"] for c in [g["cell"] for g in h["reason"]["givens"]])
        assert r["message"].startswith("hint: ") and "svg" in r
        known.append(h["literal"])
    assert len(known) == 12


def test_typed_grid_and_bad_known():
    wb = Workbench(instances="instances", time_limit=10)
    cells = [["1", "2", "", ""], ["3", "", "", ""], ["", "", "", ""], ["", "", "", "1"]]
    r = hint_route(wb, {"sudoku": {"size": 4, "cells": cells}})
    assert r["status"] == "sat" and r["hints"][0]["cell"]
    with pytest.raises(BadRequest):
        hint_route(wb, {"sudoku": {"size": 4, "cells": cells}, "known": ["x"]})
    bad = [["1", "1", "", ""]] + cells[1:]
    assert hint_route(wb, {"sudoku": {"size": 4, "cells": bad}})["status"] == "unsat"


def test_forced_cells_of_a_typed_grid_are_what_every_solution_shares():
    wb = Workbench(instances="instances", time_limit=10)
    cells = [["1", "", "", ""], ["", "", "", ""], ["", "", "", ""], ["", "", "", "2"]]
    r = backbone_route(wb, {"sudoku": {"size": 4, "cells": cells}})
    p = load("instances/sudoku-4x4.toml")[0].with_clues([])
    p.grid[0][0], p.grid[3][3] = 1, 2
    from satgrid.pipeline.run import solve_all
    grids = [s["grid"] for s in solve_all(p)["solutions"]]
    for i in range(4):
        for j in range(4):
            assert r["backbone"]["open"][0][i][j] == (len({g[i][j] for g in grids}) > 1)
    assert "svg" in r and r["message"].startswith("2 of 16 cells forced")
