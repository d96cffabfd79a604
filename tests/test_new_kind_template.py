"""A kind is one folder: copying the template kind (``satgrid/puzzles/hitori``,
docs/guide/new-kind.md) under another name, with no other edit, makes a new
kind that every part of satgrid finds.

The whole package is copied into a temporary folder, ``hitori`` becomes
``shaded`` inside the copied kind folder (its name, formats, family), one
example instance goes into the folder's ``examples/``, and fresh processes
with the copy first on ``sys.path`` are asked: ``satgrid solve --help``,
``satgrid family --list``, the workbench's ``GET /api/kinds``, the goldens'
list of instance files, a golden-style ``solve --json`` (the same solution
as the Hitori it was copied from), ``--svg`` and a generated family
instance. The repository itself is never changed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE, NEW = "hitori", "shaded"
EXAMPLE = "hitori-wikipedia.toml"


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """A copy of the package with the template kind copied to ``NEW``."""
    top = tmp_path_factory.mktemp("newkind")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "satgrid", top / "satgrid", ignore=ignore)
    shutil.copytree(ROOT / "instances", top / "instances")
    kind = top / "satgrid" / "puzzles" / NEW
    shutil.copytree(ROOT / "satgrid" / "puzzles" / TEMPLATE, kind, ignore=ignore)
    for f in kind.iterdir():
        f.write_text(f.read_text(encoding="utf-8").replace(TEMPLATE, NEW), encoding="utf-8")
    (kind / "examples").mkdir()
    example = (ROOT / "instances" / EXAMPLE).read_text(encoding="utf-8")
    (kind / "examples" / EXAMPLE.replace(TEMPLATE, NEW)).write_text(
        example.replace(f'puzzle = "{TEMPLATE}"', f'puzzle = "{NEW}"'), encoding="utf-8")
    return top


def run(tree: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess:
    """``python -m satgrid ARGS`` (or ``python -c CODE``) in ``tree``, the copy first on the path."""
    env = {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{ROOT / 'tests'}"}
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "satgrid", *args]
    p = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, (args, p.stdout[-2000:], p.stderr[-2000:])
    return p


def test_the_copy_is_the_package_under_test(tree):
    p = run(tree, code="import satgrid; print(satgrid.__file__)")
    assert Path(p.stdout.strip()).parent == tree / "satgrid"


def test_the_new_kind_is_listed_by_solve_help(tree):
    out = run(tree, "solve", "--help").stdout
    kinds = out.split("puzzle kinds")[1].split("exit status")[0]
    assert re.search(rf"\b{NEW}\b", kinds) and re.search(rf"\b{TEMPLATE}\b", kinds)
    # and not in the repository's own list
    assert NEW not in run(ROOT, "solve", "--help").stdout


def test_the_new_kind_brings_its_family(tree, tmp_path):
    listing = run(tree, "family", "--list").stdout
    assert re.search(rf"^{NEW}: ", listing, re.M), listing[-500:]
    run(tree, "family", NEW, "n=5", "--seed", "3", "-o", str(tmp_path))
    [made] = list(tmp_path.glob("*.toml"))
    assert made.name == f"{NEW}-n5-s3.toml" and f'puzzle = "{NEW}"' in made.read_text()
    res = json.loads(run(tree, "solve", str(made), "--json").stdout)
    assert res["puzzle"] == NEW and res["status"] == "sat"


def test_the_workbench_offers_the_new_kind(tree):
    p = run(tree, code="import json; from satgrid.apps.web.routes import kinds\n"
                       "class WB: time_limit = 10\n"
                       "print(json.dumps(kinds(WB(), {})))")
    names = [k["name"] for k in json.loads(p.stdout)["kinds"]]
    assert NEW in names and TEMPLATE in names


def test_the_goldens_cover_the_new_kinds_example(tree):
    p = run(tree, code="import json; from pathlib import Path; from test_golden import "
                       f"instance_paths; print(json.dumps(instance_paths(Path({str(tree)!r}))))")
    paths = json.loads(p.stdout)
    name = EXAMPLE.replace(TEMPLATE, NEW)
    assert paths[name] == f"satgrid/puzzles/{NEW}/examples/{name}"


def test_a_golden_style_solve_of_the_new_kind_gives_the_templates_answer(tree, tmp_path):
    name = EXAMPLE.replace(TEMPLATE, NEW)
    svg = tmp_path / "out.svg"
    out = run(tree, "solve", f"satgrid/puzzles/{NEW}/examples/{name}", "--json",
              "--svg", str(svg)).stdout
    res = json.loads(out)
    golden = (ROOT / "tests" / "golden" / f"{EXAMPLE}.solve.json").read_text().splitlines()[1]
    want = json.loads(golden)
    assert res["puzzle"] == NEW and res["status"] == want["status"] == "sat"
    assert res["grid"] == want["grid"] and res["stats"]["clauses"] == want["stats"]["clauses"]
    assert svg.read_text().startswith("<svg")
    # the text format the copy registered reads its own pzprv3 genre
    pz = (ROOT / "instances" / "hitori-pzprjs-4x4.txt").read_text(encoding="utf-8")
    text = tmp_path / "x.txt"
    text.write_text(pz.replace(TEMPLATE, NEW), encoding="utf-8")
    assert json.loads(run(tree, "solve", str(text), "--json").stdout)["puzzle"] == NEW


def test_no_kind_is_named_outside_the_kinds_folders():
    """Only a kind's folder tests ``kind == "..."`` (or ``.startswith``) of a puzzle kind."""
    kinds = json.loads(run(ROOT, code="import json; from satgrid.puzzles import KINDS; "
                                      "print(json.dumps(list(KINDS)))").stdout)
    bad = []
    for path in sorted((ROOT / "satgrid").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if re.match(r"satgrid/puzzles/[a-z_0-9]+/", rel):
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for k in kinds:
                if re.search(rf"""kind\s*(==|!=)\s*["']{re.escape(k)}["']|"""
                             rf"""kind\.startswith\(["']{re.escape(k)}""", line):
                    bad.append(f"{rel}:{i}: {line.strip()}")
    assert not bad, "\n".join(bad)


# ------------------------------------------------------------ the formats page
BEGIN = "<!-- the kinds' sections:"
END = "<!-- end of the kinds' sections -->"


def formats_page(root: Path, page: str) -> str:
    """``page`` (docs/guide/formats.md) with the part between its markers made
    again from the kind folders under ``root``: each folder's ``format.md``,
    in kind order (``order`` in ``kind.json``, then the folder's name)."""
    decls = []
    for decl in (root / "satgrid" / "puzzles").glob("*/kind.json"):
        if not decl.parent.name.startswith(("_", ".")):
            decls.append((json.loads(decl.read_text(encoding="utf-8")).get("order", 0),
                          decl.parent.name, decl.parent / "format.md"))
    sections = "".join(md.read_text(encoding="utf-8") for _, _, md in sorted(decls))
    head, rest = page.split(BEGIN, 1)
    marker, _ = rest.split("\n", 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}{marker}\n\n{sections}{END}{tail}"


def test_the_formats_page_is_made_of_the_kinds_sections():
    path = ROOT / "docs" / "guide" / "formats.md"
    page = path.read_text(encoding="utf-8")
    made = formats_page(ROOT, page)
    if os.environ.get("SATGRID_DOCS_UPDATE") == "1":
        path.write_text(made, encoding="utf-8")
        return
    assert made == page, ("docs/guide/formats.md is stale: run SATGRID_DOCS_UPDATE=1 "
                          "pytest tests/test_new_kind_template.py")
    missing = [d.parent.name for d in (ROOT / "satgrid/puzzles").glob("*/kind.json")
               if not (d.parent / "format.md").is_file()]
    assert not missing, f"kind folders without a format.md: {missing}"


def test_the_new_kinds_section_lands_on_the_page(tree):
    page = (ROOT / "docs" / "guide" / "formats.md").read_text(encoding="utf-8")
    made = formats_page(tree, page)
    assert f"## `{NEW}`" in made and made.count(f"## `{TEMPLATE}`") == 1
    assert made.index(f"## `{TEMPLATE}`") < made.index(f"## `{NEW}`") < made.index("## `lits`")

