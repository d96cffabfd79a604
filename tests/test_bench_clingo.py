"""The ASP baselines of bench/bench_clingo.py are trustworthy: on shipped
puzzles of every genre with a program in ``bench/asp/``, clingo's answer is
satgrid's referee-checked answer (the same claim, unique or unsat, and the
same cells), satgrid's referee accepts clingo's answer on its own, and on
tiny open grids clingo counts as many solutions as satgrid. Skipped when
clingo is not installed (``pip install clingo``)."""

import sys
from pathlib import Path

import pytest

clingo = pytest.importorskip("clingo")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from clingo_genres import GENRES, run_clingo  # noqa: E402

from satgrid import api  # noqa: E402

KINDS = ROOT / "satgrid" / "puzzles"
INSTANCES = ROOT / "instances"

#: per genre: one puzzle with a unique answer and one without any
PICKS = {
    "slitherlink": [INSTANCES / "slitherlink-janko-11.toml", INSTANCES / "slitherlink-unsat.toml"],
    "masyu": [INSTANCES / "masyu-janko-02.toml", INSTANCES / "masyu-unsat.toml"],
    "nurikabe": [INSTANCES / "nurikabe-pzprjs-5x5.txt",
                 INSTANCES / "nurikabe-unsat-wikipedia-8.toml"],
    "lits": [INSTANCES / "lits-pzprjs-4x4.txt", INSTANCES / "lits-unsat-3x4.toml"],
    "hitori": [INSTANCES / "hitori-wikipedia.toml", INSTANCES / "hitori-unsat-2x2.toml"],
    "numberlink": [INSTANCES / "numberlink-janko-01.toml", INSTANCES / "numberlink-unsat.toml"],
    "fillomino": [INSTANCES / "fillomino-janko-1.toml", INSTANCES / "fillomino-unsat.toml"],
    "sudoku": [INSTANCES / "sudoku-6x6.toml", INSTANCES / "sudoku-unsat-repeated-given.toml"],
}
for _k in ("heyawake", "norinori", "aqre", "starbattle", "lightup", "yinyang", "kurodoko",
           "tapa", "shikaku", "nurimisaki", "kurotto", "tents", "nonogram", "araf", "suguru",
           "rippleeffect", "statuepark", "pentominous"):
    PICKS[_k] = sorted((KINDS / _k / "examples").glob("*.toml"))[:2]

CASES = [(k, f) for k, fs in PICKS.items() for f in fs]


def test_every_program_is_picked():
    assert sorted(PICKS) == sorted(GENRES)
    assert all(g.program.exists() for g in GENRES.values())


@pytest.mark.parametrize("kind,path", CASES, ids=[f"{k}-{f.stem}" for k, f in CASES])
def test_clingo_answers_as_satgrid(kind, path):
    [p] = api.load(str(path))[:1]
    assert p.kind == kind
    res = api.solve(p, unique=True)
    claim, _, dec = run_clingo(GENRES[kind], p, 30.0)
    if res["status"] == "unsat":
        assert (claim, dec) == ("unsat", None)
        return
    assert res["unique"] is True and p.check(res) == []
    assert claim == "unique"
    assert GENRES[kind].key(dec) == GENRES[kind].key(res)
    assert p.check(dec) == []


def count_models(kind: str, p) -> int:
    """All of clingo's models of the kind's program (projected on the answer)."""
    ctl = clingo.Control(["0", "--project", "--warn=none"])
    ctl.add("base", [], GENRES[kind].program.read_text() + "\n" + "\n".join(GENRES[kind].facts(p)))
    ctl.ground([("base", [])])
    n = []
    ctl.solve(on_model=lambda m: n.append(1))
    return len(n)


OPEN = {   # tiny grids with many answers: every Fillomino region size allowed
    "fillomino-2x2-one-3": 'puzzle = "fillomino"\nclues = """\n- -\n- 3\n"""\n',
    "fillomino-3x3-blank": 'puzzle = "fillomino"\nclues = """\n- - -\n- - -\n- - -\n"""\n',
}


@pytest.mark.parametrize("name", sorted(OPEN))
def test_clingo_counts_as_satgrid(name):
    [p] = api.loads(OPEN[name], name + ".toml")
    want = api.count(p)
    assert want["complete"] and want["count"] > 1
    assert count_models(p.kind, p) == want["count"]
