"""puzz.link URLs of the path and loop kinds (Slitherlink, Masyu, Numberlink)
and of Fillomino: pzprjs's own sample URLs decode to pzprjs's boards, solve
uniquely to pzprjs's answers and pass the referee; every published instance
of these kinds goes to a URL and back unchanged (and the URL is what pzprjs
writes: encoding the decoded body gives the body again); the encodings
against random grids; the one-line errors of bad URLs."""

from __future__ import annotations

import random

import pytest
from conftest import (INST, assert_doctests, cli_error, cli_unique, error_of, load1, loads1,
                      one_line_error, run_cli, solve_unique)

from satgrid.puzzles import puzzlink
from satgrid.puzzles.fillomino import formats as fillomino_formats
from satgrid.puzzles.masyu import formats as masyu_formats
from satgrid.puzzles.numberlink import formats as numberlink_formats
from satgrid.puzzles.slitherlink import formats as slitherlink_formats


def rows(text: str) -> list[list[str]]:
    """pzprv3 lines (``/`` separated) as token rows."""
    return [line.split() for line in text.strip().strip("/").split("/")]


def links(east, south, height, width) -> list[list[int]]:
    """Link masks (n 1, e 2, s 4, w 8) of a height x width vertex grid from
    pzprjs's line flags: ``east[r][c]`` the line from (r, c) to (r, c + 1),
    ``south[r][c]`` from (r, c) to (r + 1, c) (1 = a line; 0, -1 = none)."""
    def on(grid, r, c):
        return grid[r][c] == "1"
    return [[(1 if r > 0 and on(south, r - 1, c) else 0)
             | (2 if c < width - 1 and on(east, r, c) else 0)
             | (4 if r < height - 1 and on(south, r, c) else 0)
             | (8 if c > 0 and on(east, r, c - 1) else 0)
             for c in range(width)] for r in range(height)]


# pzprjs's sample puzzles (test/script/<pid>.js of robx/pzprjs): the URL, the
# board of its pzprv3 file and the lines of the answer pzprjs accepts
SLITHER = ("https://puzz.link/p?slither/5/5/cbcbcddad",
           "2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3",
           # the loop's vertical segments (5 x 6), then its horizontal ones (6 x 5)
           "1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1",
           "1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1")
MASHU = ("https://puzz.link/p?mashu/6/6/1063000i3000",
         ". . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . .",
         # lines between side-by-side cells (6 x 5), then between stacked ones (5 x 6)
         "1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0",
         "1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0")
NUMLIN = ("http://pzv.jp/p.html?numlin/5/5/1j2h3m1h2j3",
          "1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3",
          "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1",
          "0 1 1 0 1 /1 1 1 1 1 /1 1 1 1 1 /1 0 1 1 0")


def test_pzprjs_slitherlink_sample(tmp_path):
    url, board, vertical, horizontal = SLITHER
    p = loads1(url + "\n", "sample.txt")
    assert p.kind == "slitherlink"
    assert p.clues == [[None if t == "." else int(t) for t in row] for row in rows(board)]
    res = solve_unique(p)
    assert res["status"] == "sat" and res["unique"] is True
    assert p.check(res) == []
    assert res["links"] == links(rows(horizontal), rows(vertical), 6, 6)
    assert slitherlink_formats.to_url(p) == url
    path = tmp_path / "sample.url"
    path.write_text(url + "\n")
    cli_unique(path)


def test_pzprjs_masyu_sample():
    url, board, sideways, stacked = MASHU
    p = loads1(url, "sample.txt")
    assert p.kind == "masyu"
    assert p.pearls == [[{".": ".", "1": "w", "2": "b"}[t] for t in row] for row in rows(board)]
    res = solve_unique(p)
    assert res["status"] == "sat" and res["unique"] is True and p.check(res) == []
    assert res["grid"] == links(rows(sideways), rows(stacked), 6, 6)
    assert masyu_formats.to_url(p) == url.replace("http://pzv.jp/p.html", "https://puzz.link/p")


def test_pzprjs_numberlink_sample():
    url, board, sideways, stacked = NUMLIN
    p = loads1(url, "sample.txt")
    assert p.kind == "numberlink"
    assert p.numbers == rows(board)
    res = solve_unique(p)
    assert res["status"] == "sat" and res["unique"] is True and p.check(res) == []
    assert res["grid"] == links(rows(sideways), rows(stacked), 5, 5)
    assert numberlink_formats.to_url(p) == "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


PUBLISHED = {
    "slitherlink": (["slitherlink-janko-11.toml", "slitherlink-janko-24.toml",
                     "slitherlink-janko-103.toml", "slitherlink-janko-659.toml"],
                    slitherlink_formats.to_url, lambda p: p.clues),
    "masyu": (["masyu-janko-02.toml", "masyu-janko-71.toml", "masyu-janko-101.toml",
               "masyu-janko-139.toml"], masyu_formats.to_url, lambda p: p.pearls),
    "numberlink": (["numberlink-janko-01.toml", "numberlink-janko-02.toml",
                    "numberlink-janko-03.toml", "numberlink-janko-100.toml"],
                   numberlink_formats.to_url, lambda p: p.numbers),
}


@pytest.mark.parametrize("kind", sorted(PUBLISHED))
def test_published_instances_round_trip_through_urls(kind):
    names, to_url, grid = PUBLISHED[kind]
    for name in names:
        p = load1(INST / name)
        url = to_url(p)
        q = loads1(url, "published.txt")
        assert q.kind == kind and grid(q) == grid(p), name
        assert to_url(q) == url, name


@pytest.mark.parametrize("name", ["slitherlink-janko-11.toml", "masyu-janko-02.toml",
                                  "numberlink-janko-01.toml"])
def test_a_published_puzzle_from_its_url_has_the_published_solution(name):
    p = load1(INST / name)
    q = loads1(PUBLISHED[p.kind][1](p), "published.txt")
    res = solve_unique(q)
    assert res["unique"] is True and q.check(res) == []
    assert res["grid"] == p.expected_solution()


def test_encodings_against_random_grids():
    """decode(encode(cells)) == cells for random sparse and dense grids of
    every encoding, runs of more than 20 empty cells included."""
    rng = random.Random(7)
    for _ in range(300):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        n, density = h * w, rng.choice([0.0, 0.05, 0.3, 0.9])
        four = [rng.choice([0, 1, 2, 3, 4, puzzlink.UNKNOWN]) if rng.random() < density
                else None for _ in range(n)]
        sixteen = [rng.choice([0, 5, 15, 16, 255, 256, 4095, 4096, 8191, 8192, puzzlink.UNKNOWN])
                   if rng.random() < density else None for _ in range(n)]
        circles = [rng.choice([0, 1, 2]) if rng.random() < density else 0 for _ in range(n)]
        vert = [[int(rng.random() < density) for _ in range(w - 1)] for _ in range(h)]
        hori = [[int(rng.random() < density) for _ in range(w)] for _ in range(h - 1)]
        for pid, body in (("slither", puzzlink.encode_4cell(four)),
                          ("numlin", puzzlink.encode_number16(sixteen)),
                          ("mashu", puzzlink.encode_circle(circles)),
                          ("fillomino", puzzlink.encode_number16(sixteen)
                           + puzzlink.encode_border(vert, hori))):
            u = puzzlink.read(puzzlink.url(pid, w, h, body), "r.txt", (pid,))
            assert (u.cols, u.rows, u.body) == (w, h, body)
            if pid == "slither":
                assert puzzlink.decode_4cell(u, n) == (four, len(body))
            elif pid == "mashu":
                assert puzzlink.decode_circle(u, n) == (circles, len(body))
            else:
                cells, end = puzzlink.decode_number16(u, n)
                assert cells == sixteen
                if pid == "fillomino":
                    v, hh, stop = puzzlink.decode_border(u, end)
                    assert (v, hh, stop) == (vert, hori, len(body))


@pytest.mark.parametrize("text,where,fragment", [
    ("https://puzz.link/p?slither/5/5/cbcbcdd!d", "t.txt:1:40", "found '!'"),
    ("https://puzz.link/p?slither/5/x/cbcbcddad", "t.txt:1:31", "number of rows"),
    ("https://puzz.link/p?slither/0/5/cbc", "t.txt:1:29", "number of columns"),
    ("https://puzz.link/p?slither/f/5/5/cbcbcddad", "t.txt:1:29", "flag 'f'"),
    ("https://puzz.link/p?slither/2/2/1111zz", "t.txt:1:37", "end of the URL"),
    ("https://puzz.link/p?mashu/3/3/10", "t.txt:1:33", "expected 3 characters"),
    ("https://puzz.link/p?mashu/3/3/1r0", "t.txt:1:32", "base-27"),
    ("https://puzz.link/p?numlin/3/3/1m", "t.txt:1:32", "number 1 appears once"),
    ("https://puzz.link/p?numlin/3/3/1.1m", "t.txt:1:32", "'?' number"),
    ("https://puzz.link/p?numlin/3/3/-1", "t.txt:1:33", "2 hex digits"),
])
def test_bad_urls_give_one_line_at_the_position(text, where, fragment):
    msg = error_of(text, "t.txt")
    assert msg.startswith(where) and fragment in msg, msg


def test_bad_url_on_the_command_line(tmp_path):
    line = cli_error(tmp_path / "bad.txt", "https://puzz.link/p?mashu/3/3/1r0\n")
    assert "bad.txt:1:32" in line and "base-27" in line


def test_doctests():
    assert_doctests(puzzlink, slitherlink_formats, masyu_formats, numberlink_formats,
                    examples=1)


def test_a_url_in_place_of_a_file_on_the_command_line():
    """``satgrid solve URL``: the URL is read as a file holding it; an unknown
    puzzle name or a bad body is one line, exit 2."""
    code, out, err = run_cli("solve", SLITHER[0], "--unique")
    assert code == 0 and "unique: yes" in out, (code, out, err)
    code, out, err = run_cli("solve", "https://puzz.link/p?nosuch/3/3/1r0")
    assert code == 2 and "a puzz.link URL of 'nosuch'" in one_line_error(err)
    code, out, err = run_cli("solve", "https://puzz.link/p?mashu/3/3/1r0")
    assert code == 2 and ":1:32:" in one_line_error(err)


def test_the_names_read_are_the_kinds_names():
    """The puzz.link ids live in one place, each kind's kind.json: its formats
    read them from there, and the loader's list of what satgrid reads too."""
    import importlib
    from satgrid.puzzles import FOLDERS, PUZZLINK_IDS, PUZZLINK_READ
    forms = (slitherlink_formats, masyu_formats, numberlink_formats, fillomino_formats)
    assert {f.PIDS[0] for f in forms} == {"slither", "mashu", "numlin", "fillomino"}
    assert PUZZLINK_READ == tuple(k.puzzlink[0] for k in FOLDERS if k.puzzlink)
    assert set(PUZZLINK_READ) >= {f.PIDS[0] for f in forms}
    assert set(PUZZLINK_IDS) == {pid for k in FOLDERS for pid in k.puzzlink}
    for k in FOLDERS:         # a kind's formats read its ids from its kind.json, never a copy
        pids = getattr(importlib.import_module(f"satgrid.puzzles.{k.package}.formats"), "PIDS", None)
        assert pids is None or tuple(pids) == k.puzzlink, k.package
    assert not hasattr(puzzlink, "READ")
