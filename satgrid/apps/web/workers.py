"""The workbench's worker processes: every route that parses, compiles,
solves or exports runs in one of them, never in the server.

Why processes: a route must keep to its time limit *including* compiling
(a 100x100 Fillomino's build takes minutes and gigabytes before the
solver's own limit starts), and the server's memory must stay flat however
many puzzles it has solved. A worker is a ``python -m
satgrid.apps.web.workers`` child with its address space limited
(``RLIMIT_AS``, :attr:`~.routes.Workbench.memory_limit`); the server sends it
one job at a time as a JSON line on its stdin and reads JSON lines back. A
job that has not answered :data:`GRACE` seconds past the time limit is
stopped by killing its worker (a new one starts for the next job); a worker
that runs out of memory answers so in one line (or dies, and the server says
so) and is replaced. A worker is also replaced after :data:`RECYCLE_JOBS`
jobs or once its resident memory passes :data:`RECYCLE_RSS_MIB`, so that
what the solvers' allocator keeps does not pile up.

The worker's side is :func:`main`; the server's side :class:`WorkerPool`.
"""

from __future__ import annotations

import gc
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from typing import Iterator

try:
    import resource            # POSIX: the workers' memory limit
except ImportError:            # elsewhere the time limit still holds
    resource = None

from ...errors import LimitError
from .routes import ROUTES, Workbench, answer, solve_batch

#: seconds a job may run past the time limit before its worker is killed
#: (drawing, decoding, the referee: the work the solver's limit does not cover)
GRACE = 2.0
#: jobs a worker runs before it is replaced
RECYCLE_JOBS = 500
#: resident memory (MiB) past which a worker is replaced after its job
RECYCLE_RSS_MIB = 400
#: the longest line a worker may answer (a DIMACS text is at most 32 MiB, as JSON a bit more)
MAX_LINE = 80 << 20


def _rss_mib() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except OSError:
        return 0.0


# ------------------------------------------------------------ worker side
def main(argv: list[str]) -> int:
    """A worker: settings in ``argv[1]`` (JSON), jobs on stdin, answers on stdout."""
    settings = json.loads(argv[1])
    if resource is not None:
        limit = settings["memory_limit"] << 20
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ValueError, OSError):   # a hard limit below ours: it holds instead
            pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the server's to handle
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)              # anything printed goes to stderr, never into the answers
    wb = Workbench(instances=settings["instances"], time_limit=settings["time_limit"],
                   workers=1, memory_limit=settings["memory_limit"],
                   max_clauses=settings["max_clauses"])

    # what is loaded by now lives as long as the process: out of the
    # collector's sight, so that the collection after each job is cheap
    gc.freeze()

    def send(obj) -> None:
        out.write(json.dumps(obj).encode("utf-8") + b"\n")
        out.flush()

    jobs = 0
    for line in sys.stdin.buffer:
        job = json.loads(line)
        try:
            if job["op"] == "batch":
                started = lambda ks: send({"start": ks})  # noqa: E731
                for k, status, ans in solve_batch(wb, job["bodies"], started):
                    send({"index": k, "status": status, "answer": ans})
            else:
                fn = ROUTES[tuple(job["route"])]
                status, ans = answer(lambda: fn(wb, job["body"]))
                send({"status": status, "answer": ans})
        except MemoryError:
            try:
                send({"memory": True})
            except MemoryError:
                pass           # the server sees the worker gone, and says so
            return 3           # what is left of this process is not to be trusted
        # a compiled Model is a reference cycle; this process freezes its own
        # objects (above), and satgrid.util.paused_gc leaves the collection of
        # a process with frozen objects to that process: without this, every
        # 9x9 compile left its 1.4 MB behind (4 MB a solve with its sizes)
        gc.collect()
        if jobs == 0:      # the kinds and solvers the first job loaded: frozen too
            gc.freeze()
        jobs += 1
        send({"done": True, "rss": _rss_mib()})
    return 0


# ------------------------------------------------------------ server side
class _Worker:
    def __init__(self, settings: dict):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "satgrid.apps.web.workers", json.dumps(settings)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, close_fds=True,
            start_new_session=True)    # Ctrl-C at the terminal is the server's alone
        self.buf = b""
        self.jobs = 0
        self.retire = False

    def send(self, obj) -> None:
        self.proc.stdin.write(json.dumps(obj).encode("utf-8") + b"\n")

    def receive(self, timeout: float) -> dict | None:
        """The next answer line; None when ``timeout`` passed first; EOFError
        when the worker is gone."""
        end = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise EOFError
            self.buf += chunk
            if len(self.buf) > MAX_LINE:
                raise EOFError
        line, _, self.buf = self.buf.partition(b"\n")
        return json.loads(line)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass


class WorkerPool:
    """Up to ``wb.workers`` worker processes, started on first use; each
    runs one job at a time, the others wait for a free one."""

    def __init__(self, wb: Workbench):
        self.wb = wb
        self.settings = {"instances": wb.instances, "time_limit": wb.time_limit,
                         "memory_limit": wb.memory_limit, "max_clauses": wb.max_clauses}
        self._cond = threading.Condition()
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._live = 0
        self._closed = False

    # ---- a worker for one job
    def _acquire(self) -> _Worker:
        with self._cond:
            while not self._closed and not self._idle and self._live >= self.wb.workers:
                self._cond.wait()
            if self._closed:
                raise LimitError("the workbench is stopping")
            if self._idle:
                return self._idle.pop()
            self._live += 1
        try:
            w = _Worker(self.settings)
            with self._cond:
                self._all.add(w)
            return w
        except OSError as e:
            with self._cond:
                self._live -= 1
                self._cond.notify()
            raise LimitError(f"cannot start a worker process: {e.strerror or e}") from None

    def _release(self, w: _Worker, reusable: bool) -> None:
        if not reusable or w.retire or w.jobs >= RECYCLE_JOBS or self._closed:
            w.kill()
            with self._cond:
                self._all.discard(w)
                self._live -= 1
                self._cond.notify()
            return
        with self._cond:
            self._idle.append(w)
            self._cond.notify()

    def _stopped(self, w: _Worker, why: str) -> LimitError:
        """The one line of a job stopped by a limit (``why``: time, memory or died)."""
        if why == "time":
            return LimitError(f"time limit of {self.wb.time_limit:g} s reached: the work was "
                              f"stopped after {self.wb.time_limit + GRACE:g} s")
        if why == "memory":
            return LimitError(f"memory limit of {self.wb.memory_limit} MiB reached: the work "
                              "was stopped")
        w.kill()
        return LimitError(f"the work stopped its worker process (exit status {w.proc.returncode}), "
                          f"most likely at the memory limit of {self.wb.memory_limit} MiB")

    def _lines(self, job: dict) -> Iterator[dict]:
        """The answer lines of ``job`` run by a free worker, each within the
        time limit plus :data:`GRACE` of the previous one."""
        w = self._acquire()
        ok = False
        try:
            w.jobs += 1
            try:
                w.send(job)
            except OSError:
                raise self._stopped(w, "died") from None
            while True:
                try:
                    msg = w.receive(self.wb.time_limit + GRACE)
                except (EOFError, OSError, ValueError):
                    raise self._stopped(w, "died") from None
                if msg is None:
                    raise self._stopped(w, "time")
                if msg.get("memory"):
                    raise self._stopped(w, "memory")
                if msg.get("done"):
                    w.retire = msg.get("rss", 0) > RECYCLE_RSS_MIB
                    ok = True
                    return
                yield msg
        finally:
            self._release(w, ok)

    # ---- the jobs
    def run(self, route: tuple[str, str], body: dict) -> tuple[int, dict]:
        """One route's (status, answer), run in a worker; ``route`` is a key
        of :data:`~.routes.ROUTES`."""
        for msg in self._lines({"op": "route", "route": route, "body": body}):
            result = msg["status"], msg["answer"]
        return result

    def run_batch(self, bodies: list) -> Iterator[tuple[int, tuple[int, dict]]]:
        """``(index, (status, answer))`` of every body of a batch of solves,
        as each is known. When the batch is stopped (a limit), the bodies
        whose work was running get the limit's answer; those not started yet
        are solved one by one, so that a request is never answered by the
        limit another request reached."""
        done: set[int] = set()
        running: list[int] = []
        t0 = time.perf_counter()
        try:
            for msg in self._lines({"op": "batch", "bodies": bodies}):
                if "start" in msg:
                    running, t0 = msg["start"], time.perf_counter()
                    continue
                done.add(msg["index"])
                yield msg["index"], (msg["status"], msg["answer"])
        except LimitError as e:
            for k in running:
                if k not in done:
                    done.add(k)
                    yield k, (200, stopped_answer(e, self.wb, time.perf_counter() - t0))
            for k in range(len(bodies)):
                if k not in done:
                    done.add(k)
                    yield k, self.run_alone(bodies[k])

    def run_alone(self, body: dict) -> tuple[int, dict]:
        t0 = time.perf_counter()
        try:
            return self.run(("POST", "/api/solve"), body)
        except LimitError as e:
            return 200, stopped_answer(e, self.wb, time.perf_counter() - t0)

    def close(self) -> None:
        """Stop every worker (the jobs running are answered with a limit error)."""
        with self._cond:
            self._closed = True
            self._idle = []
            every = list(self._all)
            self._cond.notify_all()
        for w in every:
            w.kill()


def stopped_answer(e: LimitError, wb: Workbench, seconds: float) -> dict:
    """The answer of a solve whose worker was stopped after ``seconds``: unknown, and why."""
    return {"status": "unknown", "answer": None, "unique": None, "message": f"error: {e}",
            "time_limit": wb.time_limit, "stats": {"seconds": round(seconds, 6), "rounds": 0}}


if __name__ == "__main__":
    sys.exit(main(sys.argv))
