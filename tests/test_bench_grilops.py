"""bench/bench_grilops.py's transcriptions of grilops' examples are sound
without z3: each parses as its kind and satgrid proves its answer unique and
its referee accepts it; where the example is a puzzle shipped here too
(Wikipedia's LITS and Nurikabe), satgrid's answer is that file's; and the
readers of grilops' printed grids turn a known print into the right cells.
With grilops, z3 and its repository (``GRILOPS_REPO``), two fast examples
are run and must agree with satgrid cell by cell."""

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench_grilops as bg  # noqa: E402

from satgrid import api  # noqa: E402


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """Each example's (puzzle, satgrid result), solved once for the module."""
    tmp = tmp_path_factory.mktemp("grilops")
    out = {}
    for name, ex in bg.EXAMPLES.items():
        path = tmp / f"{name}.toml"
        path.write_text(ex["toml"]())
        [p] = api.load(str(path))
        out[name] = p, api.solve(p, unique=True)
    return out


@pytest.mark.parametrize("name", sorted(bg.EXAMPLES))
def test_transcription_is_unique_and_refereed(answers, name):
    ex = bg.EXAMPLES[name]
    p, res = answers[name]
    assert p.kind == ex["kind"]
    assert res["status"] == "sat" and res["unique"] is True
    assert p.check(res) == []
    terms = ex["satgrid"](res)
    assert len(terms) == ex["h"] and all(len(row) == ex["w"] for row in terms)
    assert len(res["grid"]) == ex["h"] and all(len(row) == ex["w"] for row in res["grid"])


def test_shared_puzzles_have_the_shipped_answers(answers):
    """grilops' LITS and Nurikabe are Wikipedia's, shipped in instances/ with
    their answers: the transcriptions give the same cells."""
    for name, file in (("lits", "lits-wikipedia.toml"), ("nurikabe", "nurikabe-wikipedia.toml")):
        [shipped] = api.load(str(ROOT / "instances" / file))
        got = api.solve(shipped, unique=True)
        assert answers[name][1]["grid"] == got["grid"], name
    lits = answers["lits"][1]["shapes"]
    assert lits[0] == list("......IIII")             # the top row of the published answer


def test_grilops_prints_are_read_cell_by_cell():
    out = "given\n\n┌┐  \n└┘1 \n\nUnique solution\n"
    [first, grid] = bg.blocks_before_verdict(out)
    assert first == ["given"]
    cells = bg.cut_cells(grid, 2, 3, 1)
    assert cells == [["┌", "┐", ""], ["└", "┘", "1"]]
    assert bg.path_masks(cells) == [[6, 12, 0], [3, 9, 0]]
    # a given printed in place of its path symbol gets the sides that reach it
    assert bg.path_masks([["─", "2"], ["", ""]]) == [[10, 8], [0, 0]]
    # no blank line between the grid and the verdict (star_battle.py)
    assert bg.blocks_before_verdict("* \n *\nUnique solution\n") == [["* ", " *"]]
    # two solves in one program (slitherlink.py): the grid before the last verdict
    assert bg.blocks_before_verdict("ab\n\nUnique solution\n\ncd\n\nUnique solution\n")[-1] \
        == ["cd"]
    assert bg.relabel([["B", "B"], ["A", "C"]]) == [[1, 1], [2, 3]]
    assert bg.cut_cells(["10 1", " 2 3"], 2, 2, 2) == [["10", "1"], ["2", "3"]]


@pytest.mark.skipif(not os.environ.get("GRILOPS_REPO")
                    or importlib.util.find_spec("grilops") is None
                    or importlib.util.find_spec("z3") is None,
                    reason="grilops, z3 or GRILOPS_REPO (the fetched repository) absent")
def test_grilops_examples_agree(answers, tmp_path):
    repo = Path(os.environ["GRILOPS_REPO"])
    for name in ("sudoku", "star_battle"):
        wall, cpu, out = bg.run_grilops(bg.example_source(repo, name), tmp_path, name, 300)
        assert bg.compare(name, bg.EXAMPLES[name], out, answers[name][1]) == "yes"
