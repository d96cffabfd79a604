"""The issue's large region puzzles against their time goals, default options.

Three puzzles, each solved with ``python -m satgrid solve FILE --unique`` (no
option: the default connectivity, encodings and solver) in a fresh process,
``--repeat`` times (the fastest printed), and profiled in process (load,
compile, the unique solve's search and CEGAR rounds):

* Slitherlink 45x31, puz.link's gallery preset (``bench_region_modes.URLS``):
  goal under 3 s;
* Hitori 65x65, a puzz.link URL from a public converter's tests (pzprjs's
  Hitori code: base-36 digits, ``-`` before two of them): goal under 2 s;
* LITS 24x24, noqx's LITS example (puzz.link borders; one region of 258
  cells): goal under 0.5 s.

satgrid reads no puzz.link URL of Hitori or LITS, so the two are decoded here
into TOML (``puzzlink.decode_border`` and the rooms of the borders for LITS).
Wall seconds and, in brackets, the process's CPU seconds: on a shared
machine the load inflates the first; a goal line gives both. With
``--baseline DIR`` (another tree, e.g. ``git archive REV | tar -x -C DIR``)
each puzzle is also solved by that tree's satgrid in the same run.

Usage::

    .venv/bin/python bench/bench_region_goals.py [--repeat 3] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, machine, utc_stamp
from bench_region_modes import URLS
from satgrid import api
from satgrid.puzzles import puzzlink
from satgrid.puzzles.rooms import rooms_from_borders

LITS_24 = (
    "https://puzz.link/p?lits/24/24/0000000o01lnmg5dvc0dntsq94ia94i814i914i976i94i294i294i8t4i9"
    "0ci94ki94s294j094ia14i9pki944i94o1mregamtm0rddc00010002002dhm02i14080044vvvk6001os0001vvvq"
    "1g00a4000sfvvvsc003p80073fvvq700080000g3vvu100021g0087vvv8114102295g296oo")
HITORI_65 = (
    "https://puzz.link/p?hitori/65/65/-3l-3k-3j-3i-3h-3g-3f-3e-3d-3c-3b-3a-39-38-37-36-35-34-33"
    "-32-31-30-2z-2y-2x-2w-2v-2u-2t-2s-2r-2q-2p-2o-2n-2m-2l-2k-2j-2i-2h-2g-2f-2e-2d-2c-2b-2a-29"
    "-28-27-26-25-24-23-22-21-20-1z-1y-1x-1w-1v-1u-1t-3k1133557799bbddffhhjjllnnpprrttvvxxzz-11"
    "-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r-3j123256"
    "769abadefehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i"
    "-1l-1m-1n-1m-1p-1q-1r-1q-3i33557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-1"
    "9-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r11-3h32547694badcfehcjilknmpkrqtsvu"
    "xszy-11-10-13-12-15-10-17-16-19-18-1b-1a-1d-18-1f-1e-1h-1g-1j-1i-1l-1g-1n-1m-1p-1o-1r-1q1-"
    "1o-3g557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1"
    "h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133-3f56769abadefehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-1"
    "7-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q1232-3e7799bbddffhhjjllnnp"
    "prrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-"
    "1r-1r113355-3d7694bad8fehcjil8nmpkrqtovuxszy-11o-13-12-15-10-17-16-19-14-1b-1a-1d-18-1f-1e"
    "-1h-14-1j-1i-1l-1g-1n-1m-1p-1k-1r-1q1-1o325-1k-3c99bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-"
    "15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r11335577-3b9abadefe"
    "hijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-"
    "1m-1p-1q-1r-1q12325676-3abbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d"
    "-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799-39badcfehcjilknmpkrqtsvuxszy-11-10"
    "-13-12-15-10-17-16-19-18-1b-1a-1d-18-1f-1e-1h-1g-1j-1i-1l-1g-1n-1m-1p-1o-1r-1q1-1o32547694"
    "-38ddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l"
    "-1l-1n-1n-1p-1p-1r-1r1133557799bb-37defehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-19-1a"
    "-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769aba-36ffhhjjllnnpprrttvvxxz"
    "z-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r11335"
    "57799bbdd-35fehcjil8nmpkrqtgvuxszy-11o-13-12-15-10-17-16-19g-1b-1a-1d-18-1f-1e-1h-14-1j-1i"
    "-1l-1g-1n-1m-1p-1c-1r-1q1-1o325-1k7694bad-1c-34hhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-1"
    "7-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddff-33hijilmnmpq"
    "rqtuvuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1"
    "r-1q123256769abadefe-32jjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-"
    "1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhh-31jilknmpkrqtsvuxszy-11-10-13-12-15-"
    "10-17-16-19-18-1b-1a-1d-18-1f-1e-1h-1g-1j-1i-1l-1g-1n-1m-1p-1o-1r-1q1-1o32547694badcfehc-3"
    "0llnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-"
    "1p-1p-1r-1r1133557799bbddffhhjj-2zlmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-"
    "1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769abadefehiji-2ynnpprrttvvxxzz-11-11-13"
    "-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddf"
    "fhhjjll-2xnmpkrqtovuxszy-11o-13-12-15-10-17-16-19-14-1b-1a-1d-18-1f-1e-1h-14-1j-1i-1l-1g-1"
    "n-1m-1p-1k-1r-1q1-1o325-1k7694bad8fehcjil8-2wpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b"
    "-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnn-2vpqrqtuvuxyzy"
    "-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256"
    "769abadefehijilmnm-2urrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1"
    "j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpp-2trqtsvuxszy-11-10-13-12-15-10-17-16-1"
    "9-18-1b-1a-1d-18-1f-1e-1h-1g-1j-1i-1l-1g-1n-1m-1p-1o-1r-1q1-1o32547694badcfehcjilknmpk-2st"
    "tvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1"
    "r1133557799bbddffhhjjllnnpprr-2rtuvuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1"
    "h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769abadefehijilmnmpqrq-2qvvxxzz-11-11-13-13-15-15-"
    "17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnp"
    "prrtt-2pvuxszy-11o-13-12-15-10-17-16-19g-1b-1a-1d-18-1f-1e-1h-14-1j-1i-1l-1g-1n-1m-1pw-1r-"
    "1q1-1o325-1k7694bad-1cfehcjil8nmpkrqtw-2oxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f"
    "-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvv-2nxyzy-11-12-13-12"
    "-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769abadefehi"
    "jilmnmpqrqtuvu-2mzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1"
    "n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxx-2lzy-11-10-13-12-15-10-17-16-19-18-1b-1a-1"
    "d-18-1f-1e-1h-1g-1j-1i-1l-1g-1n-1m-1p-1o-1r-1q1-1o32547694badcfehcjilknmpkrqtsvuxs-2k-11-1"
    "1-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799b"
    "bddffhhjjllnnpprrttvvxxzz-2j-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1"
    "l-1m-1n-1m-1p-1q-1r-1q123256769abadefehijilmnmpqrqtuvuxyzy-2i-13-13-15-15-17-17-19-19-1b-1"
    "b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxzz-11-1"
    "1-2h-13-12-15-10-17-16-19-14-1b-1a-1d-18-1f-1e-1h-14-1j-1i-1l-1g-1n-1m-1p-1k-1r-1q1-1o325-"
    "1k7694bad8fehcjil8nmpkrqtovuxszy-11o-2g-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l"
    "-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-2f-15-16-17-16-19-1a"
    "-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769abadefehijilmnmpqrqtuvuxyzy"
    "-11-12-13-12-2e-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r113355779"
    "9bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-2d-17-16-19-18-1b-1a-1d-18-1f-1e-1h-1g-1j-1i"
    "-1l-1g-1n-1m-1p-1o-1r-1q1-1o32547694badcfehcjilknmpkrqtsvuxszy-11-10-13-12-15-10-2c-19-19-"
    "1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxzz-"
    "11-11-13-13-15-15-17-17-2b-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q1232"
    "56769abadefehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-2a-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-"
    "1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-"
    "29-1b-1a-1d-18-1f-1e-1h-14-1j-1i-1l-1g-1n-1m-1p-1c-1r-1q1-1o325-1k7694bad-1cfehcjil8nmpkrq"
    "tgvuxszy-11o-13-12-15-10-17-16-19g-28-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r11335"
    "57799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-27-1d-1e-1f-1e-1h-1i-1"
    "j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769abadefehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-1"
    "9-1a-1b-1a-26-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxz"
    "z-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-25-1f-1e-1h-1g-1j-1i-1l-1g-1n-1m-1p-1o-1r-1q1-"
    "1o32547694badcfehcjilknmpkrqtsvuxszy-11-10-13-12-15-10-17-16-19-18-1b-1a-1d-18-24-1h-1h-1j"
    "-1j-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19"
    "-19-1b-1b-1d-1d-1f-1f-23-1h-1i-1j-1i-1l-1m-1n-1m-1p-1q-1r-1q123256769abadefehijilmnmpqrqtu"
    "vuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-22-1j-1j-1l-1l-1n-1n-1p-1p-1r-1r113"
    "3557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-21"
    "-1j-1i-1l-1g-1n-1m-1p-1k-1r-1q1-1o325-1k7694bad8fehcjil8nmpkrqtovuxszy-11o-13-12-15-10-17-"
    "16-19-14-1b-1a-1d-18-1f-1e-1h-14-20-1l-1l-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttv"
    "vxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1z-1l-1m-1n-1m-1p-1q-1r-"
    "1q123256769abadefehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-17-16-19-1a-1b-1a-1d-1e-1f-1e-1h-"
    "1i-1j-1i-1y-1n-1n-1p-1p-1r-1r1133557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-"
    "19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1x-1n-1m-1p-1o-1r-1q1-1o32547694badcfehcjilknmpk"
    "rqtsvuxszy-11-10-13-12-15-10-17-16-19-18-1b-1a-1d-18-1f-1e-1h-1g-1j-1i-1l-1g-1w-1p-1p-1r-1"
    "r1133557799bbddffhhjjllnnpprrttvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1"
    "h-1j-1j-1l-1l-1n-1n-1v-1p-1q-1r-1q123256769abadefehijilmnmpqrqtuvuxyzy-11-12-13-12-15-16-1"
    "7-16-19-1a-1b-1a-1d-1e-1f-1e-1h-1i-1j-1i-1l-1m-1n-1m-1u-1r-1r1133557799bbddffhhjjllnnpprrt"
    "tvvxxzz-11-11-13-13-15-15-17-17-19-19-1b-1b-1d-1d-1f-1f-1h-1h-1j-1j-1l-1l-1n-1n-1p-1p-1t-1"
    "r-1q1-1o325-1k7694bad-1cfehcjil8nmpkrqtwvuxszy-11o-13-12-15-10-17-16-19g-1b-1a-1d-18-1f-1e"
    "-1h-14-1j-1i-1l-1g-1n-1m-1p-1t")
#: (name, file name, goal in seconds)
PUZZLES = [("Slitherlink 45x31", "slitherlink-45x31.url", 3.0),
           ("Hitori 65x65", "hitori-65x65.toml", 2.0),
           ("LITS 24x24", "lits-24x24.toml", 0.5)]


def _label(i: int) -> str:
    """Region names A..Z, AA, AB, ... (TOML tokens)."""
    s = ""
    while True:
        s = chr(65 + i % 26) + s
        i = i // 26 - 1
        if i < 0:
            return s


def lits_toml(url: str) -> str:
    """The LITS URL's borders as a TOML region grid."""
    u = puzzlink.read(url, "lits", ("lits",))
    vert, hori, end = puzzlink.decode_border(u, 0)
    u.expect_end(end)
    rows = rooms_from_borders(vert, hori)
    grid = "\n".join(" ".join(_label(v) for v in row) for row in rows)
    return f'puzzle = "lits"\nsource = "{url}"\nregions = """\n{grid}\n"""\n'


def hitori_toml(url: str) -> str:
    """The Hitori URL's numbers (pzprjs: a base-36 digit, or ``-`` and two)
    as a TOML grid."""
    u = puzzlink.read(url, "hitori", ("hitori",))
    body, cells, i = u.body, [], 0
    while i < len(body):
        if body[i] == "-":
            cells.append(int(body[i + 1:i + 3], 36))
            i += 3
        else:
            cells.append(int(body[i], 36))
            i += 1
    if len(cells) != u.rows * u.cols or 0 in cells:
        raise ValueError(f"hitori URL: {len(cells)} numbers for {u.rows}x{u.cols} cells")
    grid = "\n".join(" ".join(str(v) for v in cells[r * u.cols:(r + 1) * u.cols])
                     for r in range(u.rows))
    return f'puzzle = "hitori"\nnumbers = """\n{grid}\n"""\n'


def write_puzzles(folder: Path) -> None:
    (folder / "slitherlink-45x31.url").write_text(URLS["slitherlink-45x31.url"] + "\n")
    (folder / "hitori-65x65.toml").write_text(hitori_toml(HITORI_65))
    (folder / "lits-24x24.toml").write_text(lits_toml(LITS_24))


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def whole_process(path: Path, tree: Path) -> tuple[float, float, str]:
    """``python -m satgrid solve FILE --unique`` with ``tree``'s satgrid:
    (wall s, CPU s, the solver's statistics line or what went wrong)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    c0, t0 = _children_cpu(), time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "satgrid", "solve", str(path), "--unique"],
                       capture_output=True, text=True, cwd=tree, env=env, timeout=600)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - c0
    stats = re.search(r"\[(.*)\]", (p.stdout.strip().splitlines() or [""])[-1])
    if p.returncode != 0 or "unique: yes" not in p.stdout:
        return wall, cpu, f"exit {p.returncode}: {p.stderr.strip()[:80]}"
    return wall, cpu, "unique; " + (stats.group(1) if stats else "")


def profile(path: Path) -> str:
    """Load, compile and the unique solve in this process, CPU seconds, with
    the search's rounds, cuts and conflicts; the referee's verdict."""
    c0 = time.process_time()
    [p] = api.load(str(path))
    c1 = time.process_time()
    m = api.compile_puzzle(p)
    c2 = time.process_time()
    res = api.solve(p, unique=True)
    c3 = time.process_time()
    st = res["stats"]
    ok = res["status"] == "sat" and res["unique"] and p.check(res) == []
    return (f"load {c1 - c0:.2f}, compile {c2 - c1:.2f} ({len(m.formula.clauses):,} clauses), "
            f"unique solve {c3 - c2:.2f} (its compile included; {st['rounds']} CEGAR rounds, "
            f"{st['cuts']} cuts, {st['conflicts']} conflicts); "
            f"{'unique, referee accepts' if ok else 'NOT unique or refused'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=Path, help="another satgrid tree, solved in the same run")
    args = ap.parse_args()
    print(f"# large region puzzles, default options ({machine()}; {utc_stamp()}; "
          f"load {os.getloadavg()[0]:.2f}); fastest of {args.repeat}, wall s (CPU s)\n")
    trees = [("now", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
    print("| puzzle | goal s | " + " | ".join(f"{n} s | {n} solver" for n, _ in trees) + " |")
    print("|---|---:|" + "---:|---|" * len(trees))
    goals, profiles = [], []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_puzzles(folder)
        for name, file, goal in PUZZLES:
            cells = []
            for label, tree in trees:
                runs = [whole_process(folder / file, tree) for _ in range(args.repeat)]
                wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
                cells.append(f"{wall:.2f} ({cpu:.2f}) | {runs[-1][2]}")
                if label == "now":
                    goals.append(f"goal {name} under {goal:g} s: wall {wall:.2f} s "
                                 f"({'met' if wall < goal else 'not met'}), CPU {cpu:.2f} s "
                                 f"({'met' if cpu < goal else 'not met'}), "
                                 f"load {os.getloadavg()[0]:.2f}")
            print(f"| {name} | {goal:g} | " + " | ".join(cells) + " |", flush=True)
            profiles.append(f"profile {name} (CPU s, in process): {profile(folder / file)}")
    print()
    for line in goals + [""] + profiles:
        print(line)


if __name__ == "__main__":
    main()
