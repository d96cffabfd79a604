"""Golden end-to-end tests: every file in ``instances/`` through the command line.

Each instance is run as a user runs it, ``python -m satgrid solve FILE --json``
and ``python -m satgrid stats FILE``, and the output (exit status, stdout and
stderr, with wall-clock seconds removed) is compared with the copy stored in
``tests/golden/``. A refactoring that changes an answer, a size, a conflict
count or a message fails here. After a deliberate change of behaviour,
regenerate with ``SATGRID_GOLDEN_UPDATE=1 pytest tests/test_golden.py`` and
review the diff of ``tests/golden/`` before committing it.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"

def instance_paths(root: Path = ROOT) -> dict[str, str]:
    """Every instance file the goldens cover, name -> path from ``root``: the
    files of ``instances/`` and of each kind folder's ``examples/``
    (``satgrid/puzzles/<kind>/examples/``: a kind dropped in brings its own)."""
    files = [p for p in (root / "instances").iterdir() if p.is_file()]
    files += [p for p in sorted(root.glob("satgrid/puzzles/*/examples/*")) if p.is_file()]
    out: dict[str, str] = {}
    for p in files:
        assert p.name not in out, f"two instance files named {p.name}"
        out[p.name] = p.relative_to(root).as_posix()
    return dict(sorted(out.items()))


PATHS = instance_paths()
INSTANCES = list(PATHS)
UPDATE = os.environ.get("SATGRID_GOLDEN_UPDATE") == "1"


def _drop_times(obj):
    """The JSON with every ``seconds`` value removed (wall-clock, not behaviour)."""
    if isinstance(obj, dict):
        return {k: _drop_times(v) for k, v in obj.items() if not k.endswith("seconds")}
    if isinstance(obj, list):
        return [_drop_times(v) for v in obj]
    return obj


def _run(*args) -> str:
    p = subprocess.run([sys.executable, "-m", "satgrid", *args], capture_output=True,
                       text=True, cwd=ROOT, timeout=600)
    return p.returncode, p.stdout, p.stderr


def _solve_json(name: str) -> str:
    code, out, err = _run("solve", PATHS[name], "--json")
    lines = [json.dumps(_drop_times(json.loads(l)), sort_keys=True)
             for l in out.splitlines() if l.strip()]
    return f"exit {code}\n" + "".join(l + "\n" for l in lines) + f"stderr: {err.strip()}\n"


def _stats(name: str) -> str:
    code, out, err = _run("stats", PATHS[name])
    return f"exit {code}\n{out}stderr: {err.strip()}\n"


def _compare(actual: str, path: Path) -> None:
    if UPDATE:
        path.write_text(actual)
        return
    assert path.exists(), f"no golden file {path.name}: run with SATGRID_GOLDEN_UPDATE=1"
    expected = path.read_text()
    assert actual == expected, f"{path.name} differs from the stored golden output"


@pytest.mark.parametrize("name", INSTANCES)
def test_solve_json_matches_golden(name):
    _compare(_solve_json(name), GOLDEN / f"{name}.solve.json")


@pytest.mark.parametrize("name", INSTANCES)
def test_stats_matches_golden(name):
    _compare(_stats(name), GOLDEN / f"{name}.stats.txt")


def test_every_instance_has_golden_files():
    stored = {re.sub(r"\.(solve\.json|stats\.txt)$", "", p.name) for p in GOLDEN.iterdir()}
    assert stored == set(INSTANCES), "golden files and the instance files disagree"


def _first_instance_of(kind: str) -> str:
    """The first solvable instance file of ``kind``: its name starts with the kind and
    no longer kind name does (twenty-four-seven, not twenty-four-seven-2x2)."""
    from satgrid.puzzles import KINDS
    longer = [k for k in KINDS if k != kind and k.startswith(kind)]
    return next(n for n in INSTANCES if n.startswith(kind) and n.endswith(".toml")
                and "unsat" not in n
                and not any(n.startswith(k) for k in longer))


def test_svg_is_drawn_for_every_kind(tmp_path, capsys):
    """``--svg`` works on every kind (Knight Moves and Twenty Four Seven said
    ``no SVG drawing available`` after solving), with the kind's own drawing."""
    from satgrid.apps.cli import main
    from satgrid.pipeline.load import load
    from satgrid.puzzles import KINDS, Puzzle
    for kind in KINDS:
        name = _first_instance_of(kind)
        out = tmp_path / f"{kind}.svg"
        assert main(["solve", str(ROOT / PATHS[name]), "--svg", str(out)]) == 0, name
        svg = out.read_text(encoding="utf-8")
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), name
        p = load(str(ROOT / PATHS[name]))[0]
        own = type(p).render_svg is not Puzzle.render_svg or type(p).drawing is not None
        assert own, kind              # its own method, or Puzzle's calling its drawing module
    capsys.readouterr()
