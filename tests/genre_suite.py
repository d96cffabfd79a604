"""The checks the tests of the genres share (``tests/test_<kind>.py``): one
copy of each instead of one per genre.

Two kinds of helper. ``assert_*`` and ``solved_*`` functions are called from
a genre's own test; the test makers (:func:`refused`,
:func:`refused_on_the_command_line`, :func:`public_puzzles`,
:func:`family_on_the_command_line`, :func:`estimates_bound_the_build`) return
a test function that the genre's module binds to its own ``test_...`` name,
where pytest collects it, parametrized with the genre's own cases::

    test_malformed_urls_give_one_positioned_line = refused([
        ("https://puzz.link/p?kind/3/2/2!", "t.url:1:35:", "found '!'"),
    ], "t.url")

Each check asserts what it says it does; a genre passes what differs (its
files, cases, fields and referee) and nothing is skipped.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import assert_error_at, cli_error, load1, loads1, run_cli

from satgrid import api
from satgrid.modelling.model import Model
from satgrid.puzzles.links import links_from_edges
from satgrid.puzzles.puzzlink import UNKNOWN
from satgrid.puzzles.rippleeffect.family import random_rooms
from satgrid.puzzles.rippleeffect.formats import rooms_of

#: the parameter names of a case table, by the length of its rows
_CASE_NAMES = {2: "text,where", 3: "text,where,fragment", 4: "text,file,where,fragment"}


# ------------------------------------------------------------- solving and answers
def solved_unique(p, connectivity: str | None = None) -> dict:
    """``api.solve`` of ``p`` proving uniqueness (with ``connectivity`` if
    given), asserted satisfiable and unique."""
    opts = api.Options(connectivity=connectivity) if connectivity else None
    res = api.solve(p, opts, unique=True) if opts else api.solve(p, unique=True)
    assert res["status"] == "sat" and res["unique"] is True, res["status"]
    return res


def assert_example_unique(path, connectivity: str | None = None):
    """(puzzle, result) of the example file ``path``: solved unique and equal
    to its ``[expect] solution``."""
    p = load1(path)
    res = solved_unique(p, connectivity)
    assert res["grid"] == p.expected_solution()
    return p, res


def assert_unsat_file(path, cli: bool = False) -> None:
    """The instance file ``path`` has no solution: unsat, count 0 and
    (``cli``) ``satgrid solve`` exits 1 saying unsat."""
    p = load1(path)
    assert api.solve(p)["status"] == "unsat" and api.count(p)["count"] == 0
    if cli:
        code, out, _ = run_cli("solve", path)
        assert code == 1 and "unsat" in out


def load_text(tmp_path, name: str, text: str):
    """The one puzzle of ``text`` written (with a final newline) to the file ``name``."""
    f = tmp_path / name
    f.write_text(text + "\n")
    return load1(f)


def assert_solves_to_pzprv3(formats, url: str, answer_text: str, *fields: str) -> None:
    """pzprjs's sample ``url`` solved unique to the answer of its pzprv3 text
    ``answer_text`` (read by ``formats.parse_pzprv3``), the puzzle's
    ``fields`` equal to the answer file's."""
    p = loads1(url, "a.txt")
    res = api.solve(p, unique=True)
    [answer] = formats.parse_pzprv3(answer_text, "b.txt")
    assert res["status"] == "sat" and res["unique"] is True
    assert res["grid"] == answer.expected_solution()
    assert [getattr(p, f) for f in fields] == [getattr(answer, f) for f in fields]


def assert_url_solves_as_answer_file(url: str, answer_text: str, formats, written: str,
                                     *fields: str) -> None:
    """A sample ``url`` solved unique to the expected solution of the answer
    file ``answer_text`` (pzprv3), its ``fields`` equal to the answer's, its
    URL written back as ``written``."""
    p = loads1(url, "s.url")
    res = api.solve(p, unique=True)
    answer = loads1(answer_text, "a.txt")
    assert res["unique"] is True
    assert [getattr(p, f) for f in fields] == [getattr(answer, f) for f in fields]
    assert res["grid"] == answer.expected_solution()
    assert formats.to_url(p) == written


def assert_public_unique(text: str, file: str, formats, judge=None) -> None:
    """A published puzzle (its URL ``text`` read as ``file``): one solution,
    accepted by the referee (``judge(p, result)``, by default ``p.check``),
    its URL written back without a trailing ``/``."""
    p = loads1(text, file)
    res = api.solve(p, unique=True)
    assert res["status"] == "sat" and res["unique"] is True
    problems = judge(p, res) if judge else p.check({"grid": res["grid"]})
    assert problems == []
    assert formats.to_url(p) == text.strip().rstrip("/")


def assert_drawings(p, res, row: int, tokens: list[str], puzzle_svg: str = "<svg") -> None:
    """The text drawing of ``res`` holds ``tokens`` in its line ``row``; the
    SVG drawings of the answer and of the puzzle (holding ``puzzle_svg``) exist."""
    assert p.render(res).split("\n")[row].split() == tokens
    assert "<svg" in p.render_svg(res) and puzzle_svg in p.puzzle_svg()


def assert_every_flip_refused(check, good, *args) -> None:
    """The referee ``check(grid, *args)`` accepts the 0/1 answer ``good`` and
    refuses every grid that differs from it in one cell."""
    assert check(good, *args) == []
    for r, row in enumerate(good):
        for c, _ in enumerate(row):
            bad = [line[:] for line in good]
            bad[r][c] ^= 1
            assert check(bad, *args), (r, c)


def brute_shading_count(referee, clues) -> int:
    """How many shadings of the cells without a clue (a clue cell is never
    shaded) ``referee.check(grid, clues)`` accepts."""
    h, w = len(clues), len(clues[0])
    free = [(r, c) for r in range(h) for c in range(w) if clues[r][c] is None]
    n = 0
    for mask in range(1 << len(free)):
        grid = [[0] * w for _ in range(h)]
        for i, (r, c) in enumerate(free):
            grid[r][c] = mask >> i & 1
        n += not referee.check(grid, clues)
    return n


def line_links(h, v, rows: int, cols: int) -> list[list[int]]:
    """The link grid of a line given as two tables of ``"1"``: ``h[r][c]``
    joins (r, c) and (r, c + 1), ``v[r][c]`` joins (r, c) and (r + 1, c)
    (pzprjs's and cspuz_core's line arrays)."""
    used = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1) if h[r][c] == "1"]
    used += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols) if v[r][c] == "1"]
    return links_from_edges(used, rows, cols)


def assert_cspuz_answer(path, url: str, h, v, formats) -> None:
    """The example ``path`` transcribes a cspuz_core test: its URL is ``url``,
    and that URL solves unique to the loop of the test's arrays ``h`` and ``v``
    (:func:`line_links`), the example's expected solution."""
    p = load1(path)
    assert formats.to_url(p) == url
    links = line_links(h, v, len(h), len(v[0]))
    res = api.solve(loads1(url, "u.txt"), unique=True)
    assert res["unique"] is True and res["grid"] == links == p.expected_solution()


def solution_file_reads_back(path):
    """A test: the file the workbench offers for the example ``path``'s answer
    (the default ``[expect]`` table) is a solution the kind's TOML reads back."""
    def test():
        text = Path(path).read_text()
        p = loads1(text)
        res = api.solve(p)
        _, table = p.solution_file(res)
        again = loads1(text.split("[expect]")[0] + table)
        assert again.expected_solution() == res["grid"] == p.expected_solution()
    return test


def assert_drawn(p, res, text_holds: str) -> None:
    """The text drawing of ``res`` holds ``text_holds``; the SVG drawings of
    the answer and of the puzzle exist."""
    assert text_holds in p.render(res) and "<svg" in p.render_svg(res) and "<svg" in p.puzzle_svg()


# ---------------------------------------------------------------------- URLs
def assert_url_round_trip(formats, p, read=None, file: str = "u.txt", **want) -> None:
    """``p``'s URL read back (by ``read(url, file)``, by default the loader):
    the puzzle read has ``want``'s attribute values and writes the same URL."""
    url = formats.to_url(p)
    got = (read or loads1)(url, file)
    if isinstance(got, list):
        [got] = got
    assert {k: getattr(got, k) for k in want} == want
    assert formats.to_url(got) == url


def assert_url_reads_as(formats, url: str, file: str, p, *fields: str) -> None:
    """The URL ``url`` (read as ``file``) gives ``p``'s ``fields`` and is written back as it is."""
    q = loads1(url, file)
    assert [getattr(q, f) for f in fields] == [getattr(p, f) for f in fields]
    assert formats.to_url(q) == url


# ------------------------------------------------------------------ test makers
def refused(cases, file: str | None = None):
    """A test: each case ``(text, where[, fragment])`` or ``(text, file,
    where, fragment)``, loaded as ``file`` (by default the file ``where``
    names), is refused with one line that starts at ``where``
    (``file:line:col:``; a whole number: that column of line 1) and holds
    ``fragment``."""
    width = len(cases[0])
    assert all(len(c) == width for c in cases)
    if width == 4:
        @pytest.mark.parametrize(_CASE_NAMES[4], cases)
        def test_named(text, file, where, fragment):
            assert_error_at(text, file, where, fragment)
        return test_named

    def check(text, where, fragment):
        if isinstance(where, int):
            where = f"{file}:1:{where}:"
        assert_error_at(text, file or where.split(":")[0], where, fragment)

    if width == 2:
        @pytest.mark.parametrize(_CASE_NAMES[2], cases)
        def test_placed(text, where):
            check(text, where, "")
        return test_placed

    @pytest.mark.parametrize(_CASE_NAMES[3], cases)
    def test(text, where, fragment):
        check(text, where, fragment)
    return test


def assert_refused_on_the_command_line(tmp_path, name: str, text: str, where: str,
                                       *fragments: str) -> None:
    """``satgrid solve`` of ``text`` written to ``name`` exits 2 with one
    line that holds ``where`` and every one of ``fragments``."""
    line = cli_error(tmp_path / name, text)
    assert where in line and all(f in line for f in fragments), line


def refused_on_the_command_line(name: str, text: str, where: str, *fragments: str):
    """A test: ``satgrid solve`` of ``text`` written to ``name`` exits 2 with
    one line that holds ``where`` and every one of ``fragments``."""
    def test(tmp_path):
        assert_refused_on_the_command_line(tmp_path, name, text, where, *fragments)
    return test


def public_puzzles(urls, file: str, formats, judge=None):
    """A test, one per URL of ``urls``: :func:`assert_public_unique`."""
    @pytest.mark.parametrize("url", urls)
    def test(url):
        assert_public_unique(url, file, formats, judge)
    return test


def family_on_the_command_line(kind: str, *params: str):
    """A test: ``satgrid family KIND`` writes one instance that solves, that
    its referee accepts, and that draws (SVG and text, a shaded cell)."""
    def test(tmp_path):
        code, out, err = run_cli("family", kind, "-o", tmp_path / "f", "--seed", "2", *params)
        assert code == 0, err
        [f] = (tmp_path / "f").glob("*.toml")
        p = load1(f)
        res = api.solve(p)
        assert res["status"] == "sat" and p.check({"grid": res["grid"]}) == []
        assert "<svg" in p.render_svg({"grid": res["grid"]}) and "#" in p.render({"grid": res["grid"]})
    return test


#: Model options whose size estimates the kinds must bound
ESTIMATE_OPTIONS = [{}, {"pb": "swc", "card": "totalizer"}, {"amo": "ladder"},
                    {"pb": "gtotalizer", "amo": "bitwise"}]


def estimates_bound_the_build(files, options=ESTIMATE_OPTIONS):
    """A test, one per Model options of ``options``: every puzzle file of
    ``files`` (a function giving them) estimates no fewer clauses than it builds."""
    @pytest.mark.parametrize("opts", options)
    def test(opts):
        for path in files():
            p = load1(path)
            m = Model(**opts)
            estimate = p.estimate_clauses(m)
            p.build(m)
            assert estimate >= sum(s.clauses for s in m.sizes().values()), Path(path).name
    return test


# ------------------------------------- the room-number kinds (Ripple Effect, Suguru)
def pzprv3_room_numbers(text: str) -> list[list[int]]:
    """Givens and answer numbers of a pzprv3 ripple or suguru file (0: none)."""
    parts = text.split("/")
    h = int(parts[2])
    data = parts[4:]
    givens, answer = data[2 * h - 1:3 * h - 1], data[3 * h - 1:4 * h - 1]
    return [[int(a) if a != "." else (int(g) if g != "." else 0)
             for g, a in zip(gl.split(), al.split())] for gl, al in zip(givens, answer)]


def random_room_puzzle(cls, rng, h: int, w: int, largest: int):
    """A ``cls(rooms, clues)`` of random rooms up to ``largest`` cells, some
    cells empty (no room), random clues ('?' and numbers past a room's size too)."""
    labels = random_rooms(rng, h, w, largest)
    for r in range(h):
        for c in range(w):
            if rng.random() < 0.1:
                labels[r][c] = -1                              # an empty cell
    rooms = rooms_of(lambda a, b: labels[a[0]][a[1]] == labels[b[0]][b[1]], h, w,
                     lambda r, c: labels[r][c] < 0)
    clues = [[rng.choice([None] * 6 + [UNKNOWN, 0, 1, 2, 3, 4]) for _ in range(w)]
             for _ in range(h)]
    return cls(rooms, clues)


def brute_room_count(p, referee) -> int:
    """How many fillings of ``p``'s rooms with 1..size the ``referee`` accepts."""
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols) if p.rooms[r][c] is not None]
    size = {k: len(v) for k, v in p.members.items()}
    n = 0
    for values in itertools.product(*[range(1, size[p.rooms[r][c]] + 1) for r, c in cells]):
        g = [[0] * p.cols for _ in range(p.rows)]
        for (r, c), v in zip(cells, values):
            g[r][c] = v
        n += referee.check(g, p.rooms, p.clues) == []
    return n
