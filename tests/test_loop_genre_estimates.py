"""The size estimates of Yajilin, Country Road, Moon or Sun and
Hashiwokakero (``Puzzle.estimate_clauses``, made from the header before
anything is built, held against ``--max-clauses``): never below the clauses
the build makes, and at most FACTOR times them, on every example and on
family boards, for several encodings and both eager and lazy connectivity."""

from __future__ import annotations

from pathlib import Path

import pytest

from satgrid.modelling.model import Model
from satgrid.pipeline.families import generate
from satgrid.pipeline.load import load
from satgrid.pipeline.run import Options, compile_puzzle

ROOT = Path(__file__).resolve().parents[1]
KINDS = ["yajilin", "countryroad", "moonsun", "hashiwokakero"]
FACTOR = 4
ENCODINGS = [{}, {"amo": "ladder", "card": "totalizer"},
             {"amo": "bitwise", "card": "cardnetwork", "pb": "swc"}]
FAMILY = {"yajilin": {"rows": "9", "cols": "7"}, "countryroad": {"rows": "9", "cols": "7"},
          "moonsun": {"rows": "9", "cols": "7"},
          "hashiwokakero": {"rows": "9", "cols": "7", "islands": "20"}}


@pytest.mark.parametrize("kind", KINDS)
def test_estimates_bound_the_clauses_built(kind, tmp_path):
    files = sorted((ROOT / "satgrid" / "puzzles" / kind / "examples").glob("*.toml"))
    files += [Path(f) for f in generate(kind, FAMILY[kind], seed=3, out=str(tmp_path))]
    for f in files:
        [p] = load(str(f))
        for connectivity in ("lazy", "eager"):
            for enc in ENCODINGS:
                est = p.estimate_clauses(Model(connectivity=connectivity, **enc))
                built = compile_puzzle(p, Options(connectivity=connectivity, **enc)).formula.nclauses
                assert built <= est <= FACTOR * max(built, 1), (f.name, connectivity, enc,
                                                                 est, built)
