"""The house rules of the layout, checked from the source (docs/ARCHITECTURE.md).

- no import loop among satgrid's modules, counting imports at module level
  and inside functions alike (read from the AST, not from what happens to be
  imported at run time);
- no satgrid module imported inside a function (a package's PEP 562
  ``__getattr__``, which exports a name lazily, aside); a third-party import inside a
  function only for an optional dependency or a heavy one kept off the
  start-up path, and then with a comment on its line saying so;
- no module in satgrid/ over 600 lines;
- every module is named in docs/ARCHITECTURE.md's owner table, and every
  import points to its own row or one below it (imports point down);
- every referee checker (``satgrid/puzzles/<kind>/check.py``) imports only
  the standard library and the one shared helper ``satgrid.puzzles.referee``,
  which itself imports only the standard library;
- no module reads a ``_private`` name that it does not define itself (an
  object of another module's private state: the Session's mixins read 26+);
- no import loop between folders (``satgrid/X/`` as one node, each top-level
  module as its own).
"""

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "satgrid"
MAX_LINES = 600
REFEREE_HELPER = "satgrid.puzzles.referee"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def targets(mod: str, node: ast.AST) -> list[str]:
    """The modules an import statement names, relative imports resolved; for
    ``from X import name`` the submodule ``X.name`` when that is a module."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        pkg = mod.split(".")
        if MODULES[mod].name != "__init__.py":
            pkg = pkg[:-1]
        pkg = pkg[: len(pkg) - (node.level - 1)]
        base = ".".join(pkg + ([base] if base else []))
    subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
    return subs or [base]


def owner(name: str) -> str | None:
    """The satgrid module a dotted name lives in (None outside satgrid)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


class Imports:
    def __init__(self, mod: str):
        self.mod = mod
        self.source = MODULES[mod].read_text(encoding="utf-8")
        self.lines = self.source.splitlines()
        tree = ast.parse(self.source)
        self.all: list[tuple[int, str]] = []
        self.in_function: list[tuple[int, str]] = []
        nested = set()
        for fn in ast.walk(tree):
            # a package's PEP 562 __getattr__ is how a name is exported lazily (off the
            # start-up path); its imports still count for loops, through self.all
            lazy_export = fn.name == "__getattr__" if isinstance(fn, ast.FunctionDef) else False
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not (
                    lazy_export and MODULES[mod].name == "__init__.py"):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in nested:
                        nested.add(id(node))
                        self.in_function += [(node.lineno, t) for t in targets(mod, node)]
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self.all += [(node.lineno, t) for t in targets(mod, node)]

    def satgrid_edges(self) -> set[str]:
        return {o for _, t in self.all if (o := owner(t)) and o != self.mod}


IMPORTS = {m: Imports(m) for m in MODULES}


def find_loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_loop_finder_finds_a_loop():
    """The checker itself: a planted loop is found, a chain is not."""
    assert find_loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert find_loops({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_loops():
    graph = {m: imp.satgrid_edges() for m, imp in IMPORTS.items()}
    loops = find_loops(graph)
    assert not loops, "import loops: " + "; ".join(" <-> ".join(c) for c in loops)


def test_no_satgrid_import_inside_a_function():
    bad = [f"{MODULES[m].relative_to(ROOT)}:{line} imports {t}"
           for m, imp in IMPORTS.items() for line, t in imp.in_function if owner(t)]
    assert not bad, "\n".join(bad)


def test_function_level_third_party_imports_say_why():
    bad = []
    for m, imp in IMPORTS.items():
        for line, t in imp.in_function:
            if owner(t) or t.split(".")[0] in STDLIB:
                continue
            if "#" not in imp.lines[line - 1]:
                bad.append(f"{MODULES[m].relative_to(ROOT)}:{line} imports {t} in a function "
                           "without a comment saying why (optional, or off the start-up path)")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("mod", sorted(MODULES))
def test_module_size(mod):
    n = len(IMPORTS[mod].lines)
    assert n <= MAX_LINES, f"{MODULES[mod].relative_to(ROOT)}: {n} lines (limit {MAX_LINES})"


CHECKERS = sorted(m for m, p in MODULES.items()
                  if p.name == "check.py" and p.parent.parent == PKG / "puzzles")


def test_every_kind_has_a_referee():
    kinds = sorted(p.parent.name for p in (PKG / "puzzles").glob("*/kind.py"))
    assert kinds and kinds == sorted(MODULES[c].parent.name for c in CHECKERS)


@pytest.mark.parametrize("mod", CHECKERS + [REFEREE_HELPER])
def test_referees_import_only_the_standard_library(mod):
    allowed = set() if mod == REFEREE_HELPER else {REFEREE_HELPER}
    bad = [t for _, t in IMPORTS[mod].all
           if t.split(".")[0] not in STDLIB and owner(t) not in allowed]
    assert not bad, f"{mod} imports {bad}"


#: what a kind's builder may take from its referee: the verdict and the
#: published-answer string, never rules, tables or geometry (a shared helper
#: would make a builder bug and a referee bug the same bug)
REFEREE_USES = {"check", "answer", "answer_2x2"}


def _builder_uses_of_referee(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    aliases, names = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            for a in node.names:
                if node.module is None and a.name == "check":
                    aliases.add(a.asname or a.name)
                elif node.module == "check":
                    names.add(a.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in aliases:
            names.add(node.attr)
    return names


@pytest.mark.parametrize("kind", sorted(p.parent.name for p in (PKG / "puzzles").glob("*/kind.py")))
def test_builders_take_only_the_verdict_from_their_referee(kind):
    used = _builder_uses_of_referee(PKG / "puzzles" / kind / "kind.py")
    assert used <= REFEREE_USES, f"{kind}/kind.py uses {sorted(used - REFEREE_USES)} of check.py"


def test_builder_referee_finder_sees_a_planted_use(tmp_path):
    planted = tmp_path / "kind.py"
    planted.write_text("from . import check as checker\nX = checker.line_rules(7)\n"
                       "from .check import vertex_cells\n")
    assert _builder_uses_of_referee(planted) == {"line_rules", "vertex_cells"}


# ------------------------------------------------ imports point down the page
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
#: modules outside the owner table: the package roots and entry points sit on
#: top of everything, the version string below everything
TOP = {"satgrid", "satgrid.__main__"}
BOTTOM = {"satgrid._version"}


def owner_rows() -> list[list[str]]:
    """The owner table of docs/ARCHITECTURE.md, top row first: per row the
    path patterns it names (``satgrid/x.py``, ``satgrid/pkg/``, ``<kind>``)."""
    rows, in_table = [], False
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        if line.startswith("| concept | owner |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if in_table and not line.startswith("|---"):
            cell = line.rsplit("|", 2)[1]
            paths = [p if p.startswith("satgrid/") else "satgrid/" + p
                     for p in re.findall(r"`([^`]+\.py|[^`]+/)`", cell)]
            rows.append(paths)
    return rows


def matches(path: str, pattern: str) -> bool:
    rx = re.escape(pattern).replace(re.escape("<kind>"), "[a-z_0-9]+").replace(
        re.escape("<family>"), "[a-z_0-9]+")
    if pattern.endswith("/"):
        return re.fullmatch(rx + ".*", path) is not None
    return re.fullmatch(rx, path) is not None


def rank(mod: str, rows: list[list[str]]) -> int | None:
    if mod in TOP:
        return -1
    if mod in BOTTOM:
        return len(rows)
    path = MODULES[mod].relative_to(ROOT).as_posix()
    if path.endswith("/__init__.py"):
        # a package's __init__ belongs to the row that names the package or its __init__
        for i, pats in enumerate(rows):
            if any(matches(path, p) for p in pats if p.endswith("__init__.py")):
                return i
        path = path[: -len("__init__.py")]
    # the most specific pattern wins (a file before its folder)
    best = None
    for i, pats in enumerate(rows):
        for p in pats:
            if matches(path, p) and (best is None or len(p) > best[0]):
                best = (len(p), i)
    return None if best is None else best[1]


def test_every_module_has_an_owner_row():
    rows = owner_rows()
    assert len(rows) > 20
    missing = [m for m in MODULES if rank(m, rows) is None]
    assert not missing, f"modules not named in docs/ARCHITECTURE.md's owner table: {missing}"


def test_imports_point_down_the_owner_table():
    rows = owner_rows()
    bad = []
    for m, imp in IMPORTS.items():
        r = rank(m, rows)
        for t in sorted(imp.satgrid_edges()):
            rt = rank(t, rows)
            if r is not None and rt is not None and rt < r:
                bad.append(f"{m} (row {r + 1}) imports {t} (row {rt + 1}, above it)")
    assert not bad, "\n".join(bad)


def test_the_direction_check_sees_an_upward_import():
    rows = [["satgrid/a.py"], ["satgrid/b/"]]
    assert matches("satgrid/b/x.py", "satgrid/b/") and not matches("satgrid/a.py", "satgrid/b/")
    assert matches("satgrid/puzzles/hooks/kind.py", "satgrid/puzzles/<kind>/")
    assert rows[0] and owner_rows()[0][0].startswith("satgrid/")


# ------------------------------------------------ private names across modules
def private_reads(source: str) -> list[tuple[int, str]]:
    """``(line, name)`` of each ``x._name`` (not a dunder) in ``source`` whose
    ``_name`` the module does not define itself (as a function, class,
    variable, attribute it assigns or a ``__slots__`` entry): a read of
    another module's object's private state."""
    tree = ast.parse(source)
    own = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(n.name)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            own.add(n.attr)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            own.add(n.id)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            own.add(n.value)                      # __slots__ entries
    return [(n.lineno, n.attr) for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr.startswith("_")
            and not n.attr.startswith("__") and n.attr not in own]


def test_the_private_name_finder_sees_a_planted_read():
    assert private_reads("def f(s):\n    return s._solver\n") == [(2, "_solver")]
    assert private_reads("class A:\n    def __init__(self):\n        self._x = 1\n"
                         "    def f(self, o):\n        return o._x\n") == []


def test_no_module_reads_another_modules_private_names():
    found = [f"{MODULES[m].relative_to(ROOT)}:{line}: .{name}"
             for m in MODULES for line, name in private_reads(MODULES[m].read_text(encoding="utf-8"))]
    assert not found, "private names of other modules' objects:\n" + "\n".join(found)


def folder_of(mod: str) -> str:
    """``satgrid.X`` for a module of the folder ``satgrid/X/``, else the module."""
    parts = mod.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 else mod


def folder_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for m, imp in IMPORTS.items():
        graph.setdefault(folder_of(m), set())
        for t in imp.satgrid_edges():
            if folder_of(t) != folder_of(m):
                graph[folder_of(m)].add(folder_of(t))
    return graph


def test_no_import_loops_between_folders():
    # module loops are refused above; folders can still form one (cluster ->
    # apps -> cluster was one: cluster.family used apps.families)
    assert find_loops(folder_graph()) == []


def test_the_folder_graph_sees_a_planted_loop():
    assert folder_of("satgrid.cluster.family") == "satgrid.cluster"
    assert folder_of("satgrid.modelling.model") == "satgrid.modelling"
    assert folder_of("satgrid.errors") == "satgrid.errors"
    assert find_loops({"satgrid.apps": {"satgrid.cluster"},
                       "satgrid.cluster": {"satgrid.apps"}}) == [["satgrid.apps", "satgrid.cluster"]]


def test_rule_library_genres_fit_in_a_few_dozen_lines():
    """Issue [3/7]: a genre built on the rule library (its ``kind.py`` imports
    :mod:`satgrid.rules`, or a library genre it extends) builds its Model in a
    rules file of at most 80 lines, and the median over those genres is at
    most 60; anything two genres share belongs in the library or in
    :class:`~satgrid.puzzles.base.Puzzle`'s defaults."""
    import statistics
    sizes = {}
    for kind in sorted((PKG / "puzzles").glob("*/kind.py")):
        text = kind.read_text(encoding="utf-8")
        if re.search(r"^from \.\.\.rules import|^from \.\.\w+\.kind import", text, re.M):
            sizes[kind.parent.name] = len(text.splitlines())
    assert len(sizes) >= 24, sorted(sizes)
    assert max(sizes.values()) <= 80, {k: n for k, n in sizes.items() if n > 80}
    assert statistics.median(sizes.values()) <= 60, sorted(sizes.items(), key=lambda kv: kv[1])
