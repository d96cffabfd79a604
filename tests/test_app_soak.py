"""The workbench under a soak (bounded, loopback only): 2,000 mixed requests
to a server on 127.0.0.1 in this process, and the server's resident memory
after a warm-up must grow by less than 20 MB (the workers, which do the
parsing, compiling and solving, are separate processes, replaced before
they grow past satgrid.apps.web.workers.RECYCLE_RSS_MIB).

Before the workers, every typed 9x9 solve left about 2 MB in the server
(each connection's thread with its own malloc arena), 1,500 requests 3.9 GB.
"""

import http.client
import json
import os
import time

import pytest

from conftest import CLASSIC, INST

from satgrid.apps import web
from satgrid.apps.web.workers import RECYCLE_RSS_MIB

STATM = "/proc/self/statm"
pytestmark = pytest.mark.skipif(not os.path.exists(STATM), reason="needs /proc (Linux)")


def rss_mb(pid="self") -> float:
    with open(f"/proc/{pid}/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def typed(rows, n=9):
    return {"size": n, "cells": [[("" if ch in ".0" else ch) for ch in row] for row in rows]}


FOUR = [["1", "", "", ""], ["", "", "", ""], ["", "", "", ""], ["", "", "", "4"]]
CLASSIC_TYPED = typed(CLASSIC)
HOOKS = (INST / "hooks-example.toml").read_text(encoding="utf-8")
SIX = (INST / "sudoku-6x6.toml").read_text(encoding="utf-8")

#: (method, path, body, headers, expected status): one round of the mix
MIX = [("GET", "/", None, {}, 200),
       ("GET", "/static/app.js", None, {}, 200),
       ("GET", "/static/app.css", None, {}, 200),
       ("GET", "/api/kinds", None, {}, 200),
       ("GET", "/api/instances", None, {}, 200),
       ("GET", "/api/instance?name=sudoku-4x4.toml", None, {}, 200),
       ("POST", "/api/load", {"text": HOOKS, "name": "hooks-example.toml"}, {}, 200),
       ("POST", "/api/sizes", {"sudoku": CLASSIC_TYPED}, {}, 200),
       ("POST", "/api/solve", {"sudoku": CLASSIC_TYPED, "sizes": False}, {}, 200),
       ("POST", "/api/solve", {"sudoku": {"size": 4, "cells": FOUR}}, {}, 200),
       ("POST", "/api/solve", {"text": SIX, "name": "sudoku-6x6.toml", "unique": True}, {}, 200),
       ("POST", "/api/solve", {"sudoku": CLASSIC_TYPED, "amo": "ladder"}, {}, 200),
       ("POST", "/api/solve", {"sudoku": typed(["5a......."] + ["........."] * 8)}, {}, 400),
       ("POST", "/api/solve", {"sudoku": CLASSIC_TYPED}, {"Origin": "http://evil.example"}, 403),
       ("GET", "/api/kinds", None, {"Host": "evil.example"}, 403),
       ("POST", "/api/sizes", {"sudoku": CLASSIC_TYPED}, {"Content-Type": "text/plain"}, 415)]


def request(conn, method, path, body, headers):
    data = json.dumps(body).encode() if body is not None else None
    hdrs = {"Content-Type": "application/json"} if data is not None else {}
    hdrs.update(headers)
    conn.request(method, path, body=data, headers=hdrs)
    r = conn.getresponse()
    return r.status, r.read()


def test_two_thousand_mixed_requests_leave_the_server_flat():
    srv = web.make_server("127.0.0.1", 0, web.Workbench(instances=str(INST), time_limit=10))
    web.start_in_thread(srv)
    port = srv.server_address[1]
    try:
        kept = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

        def rounds(n):
            for k in range(n):
                method, path, body, headers, want = MIX[k % len(MIX)]
                if k % 3:      # a kept-alive connection, or a new one (a new server thread)
                    st, raw = request(kept, method, path, body, headers)
                else:
                    fresh = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    try:
                        st, raw = request(fresh, method, path, body, headers)
                    finally:
                        fresh.close()
                assert st == want, (path, headers, raw[:300])
                if path == "/api/solve" and want == 200:
                    assert json.loads(raw)["status"] == "sat", raw[:300]

        rounds(10 * len(MIX))                       # warm-up: every route, every worker
        before = rss_mb()
        t0 = time.perf_counter()
        rounds(2000)
        took = time.perf_counter() - t0
        after = rss_mb()
        workers = [w.proc.pid for w in srv.pool._idle]
        print(f"2,000 requests in {took:.1f} s; server RSS {before:.1f} -> {after:.1f} MB; "
              f"workers {[round(rss_mb(p), 1) for p in workers]} MB")
        assert after - before < 20, f"server RSS grew {after - before:.1f} MB over 2,000 requests"
        assert all(rss_mb(p) < RECYCLE_RSS_MIB * 1.05 * 1.048576 for p in workers)
        kept.close()
    finally:
        srv.shutdown()
        srv.server_close()
