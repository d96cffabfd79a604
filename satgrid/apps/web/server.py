"""The workbench's HTTP server: the standard library's ThreadingHTTPServer
serving one page, its script and style (``static/``, shipped in the package:
no CDN, no internet) and the JSON API of :mod:`satgrid.apps.web.routes`.

One thread per connection; the work of the routes (parsing, compiling,
solving, exporting) runs in :attr:`~satgrid.apps.web.routes.Workbench.workers`
worker processes (:mod:`.workers`), which hold it to the time and memory
limits and keep the server's own memory flat. Every request is judged first
(:mod:`.gate`): a ``Host`` that does not name this server, a request of the
API from another origin (403), a POST body that is not JSON (415). Request
bodies over :data:`MAX_BODY` bytes are refused with 413 before they are
read. Every answer of the API is JSON; bad input is ``400 {"error": "..."}``.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qsl, urlsplit

from ...errors import LimitError, SatgridError
from .batching import Batcher
from .gate import (Refused, allowed_hosts, is_loopback, is_wildcard, judge_content_type,
                   judge_host, judge_origin, parse_json)
from .routes import ROUTES, Workbench, answer, answer_error, kinds
from .workers import WorkerPool, stopped_answer

__all__ = ["Workbench", "make_server", "serve", "start_in_thread", "MAX_BODY"]

#: the largest request body accepted (1 MiB)
MAX_BODY = 1 << 20
#: how much of a refused body is read and dropped before answering 413 (a
#: client that is still sending would otherwise see the connection reset)
DRAIN = 16 << 20
#: the files of the page: URL path -> (file in static/, content type)
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/app.css": ("app.css", "text/css; charset=utf-8"),
          "/static/favicon.svg": ("favicon.svg", "image/svg+xml"),
          # what a browser asks for when a page names no icon
          "/favicon.ico": ("favicon.svg", "image/svg+xml")}


def static_bytes(name: str) -> bytes:
    """The bytes of one file of the page, from the installed package."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


class Handler(BaseHTTPRequestHandler):
    """One request: a file of the page, or a route of the API."""

    server_version = "satgrid-workbench"
    protocol_version = "HTTP/1.1"
    #: seconds an idle (kept-alive) connection may hold its thread
    timeout = 120
    #: headers and body leave at once: with Nagle's algorithm, the body of an
    #: answer on a kept-alive connection waited for the client's delayed ACK
    #: (40 ms an answer)
    disable_nagle_algorithm = True

    def log_message(self, format, *args):  # quiet unless asked (satgrid app --verbose)
        if getattr(self.server, "verbose", False):
            sys.stderr.write("satgrid app: " + (format % args) + "\n")

    # ------------------------------------------------------------- answers
    def _send(self, status: int, body: bytes, ctype: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        if self.close_connection:    # so that a kept-alive client opens a new one
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, obj) -> None:
        self._send(status, json.dumps(obj).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: int, message: str, **extra) -> None:
        self._json(status, {"error": " ".join(message.split()), **extra})

    def _judge(self, path: str) -> bool:
        """Whether the request may go on (else it is answered: 403)."""
        srv = self.server
        hosts = srv.hosts
        if is_wildcard(srv.server_address[0]):    # also the address this request came in on
            hosts = allowed_hosts(srv.server_address[0], self.connection.getsockname()[0])
        try:
            judge_host(self.headers.get("Host"), hosts, srv.server_address[1])
            if path.startswith("/api/"):
                judge_origin(self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site"),
                             hosts, srv.server_address[1])
        except Refused as e:
            self.close_connection = True
            self._error(e.status, str(e))
            return False
        return True

    # ------------------------------------------------------------- methods
    def do_GET(self):
        url = urlsplit(self.path)
        if not self._judge(url.path):
            return
        if url.path in STATIC:
            name, ctype = STATIC[url.path]
            return self._send(200, static_bytes(name), ctype)
        query = dict(parse_qsl(url.query))
        self._route("GET", url.path, query)

    do_HEAD = do_GET

    def do_POST(self):
        url = urlsplit(self.path)
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            return self._error(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        try:
            n = int(length) if length is not None else 0
            if n < 0:
                raise ValueError
        except ValueError:
            self.close_connection = True
            return self._error(400, f"Content-Length: expected a byte count, found {length!r}")
        if n > MAX_BODY:
            self.close_connection = True
            self._discard(n)   # so that the client, still sending, reads the answer
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"request of {n} bytes refused: the limit is {MAX_BODY} bytes (1 MiB)")
        raw = self.rfile.read(n)   # read before any refusal: an unread body resets the answer
        if not self._judge(url.path):
            return
        try:
            judge_content_type(self.headers.get("Content-Type"))
            body = parse_json(raw)
        except Refused as e:
            return self._error(e.status, str(e))
        self._route("POST", url.path, body)

    def _discard(self, n: int) -> None:
        """Read and drop up to :data:`DRAIN` bytes of a refused body (never kept)."""
        left = min(n, DRAIN)
        try:
            self.connection.settimeout(5)
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    break
                left -= len(chunk)
        except OSError:
            pass

    def _route(self, method: str, path: str, body: dict) -> None:
        fn = ROUTES.get((method, path))
        if fn is None:
            if any(p == path for _, p in ROUTES) or path in STATIC:
                return self._error(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} {path}: not allowed")
            return self._error(404, f"{path}: no such page or route")
        status, out = self.server.dispatch(method, path, body)
        self._json(status, out)


class Server(ThreadingHTTPServer):
    """ThreadingHTTPServer with a listen queue deep enough for bursts."""

    daemon_threads = True
    request_queue_size = 512

    def __init__(self, address, workbench: Workbench, verbose: bool = False):
        if ":" in address[0]:            # an IPv6 address (``--host ::1``)
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.workbench = workbench
        self.verbose = verbose
        self.hosts = allowed_hosts(self.server_address[0])
        self.pool = WorkerPool(workbench)
        self.batcher = Batcher(self.pool.run_batch, self._batch_failed)
        self._listing: tuple[int, dict] | None = None

    def _batch_failed(self, e: BaseException, seconds: float) -> tuple[int, dict]:
        if isinstance(e, LimitError):
            return 200, stopped_answer(e, self.workbench, seconds)
        return answer_error(e)

    def dispatch(self, method: str, path: str, body: dict) -> tuple[int, dict]:
        """The (status, answer) of a route: the kinds here, the rest in a
        worker process; solves without uniqueness batched by their encodings."""
        key = (method, path)
        if key == ("GET", "/api/kinds"):
            return answer(lambda: kinds(self.workbench, body))
        if key == ("GET", "/api/instances") and self._listing is not None:
            return self._listing
        t0 = time.perf_counter()
        try:
            if key == ("POST", "/api/solve") and not body.get("unique"):
                return self.batcher.submit(tuple(str(body.get(k)) for k in ("amo", "card", "pb")),
                                           body)
            out = self.pool.run(key, body)
        except LimitError as e:
            if key == ("POST", "/api/solve"):
                return 200, stopped_answer(e, self.workbench, time.perf_counter() - t0)
            return 400, {"error": " ".join(str(e).split())}
        if key == ("GET", "/api/instances") and out[0] == 200:
            self._listing = out
        return out

    def server_close(self):
        super().server_close()
        if hasattr(self, "pool"):      # a failed bind closes before the pool exists
            self.pool.close()

    def handle_error(self, request, client_address):
        """A client that went away (a page reloaded mid-request) is no error;
        anything else is reported in one line, and the server goes on."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return
        sys.stderr.write(f"satgrid app: {client_address[0]}: {type(exc).__name__}: {exc}\n")

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def make_server(host: str = "127.0.0.1", port: int = 0, workbench: Workbench | None = None,
                verbose: bool = False) -> Server:
    """A bound server (port 0: an ephemeral one, see ``server.url``); call
    ``serve_forever`` (or :func:`start_in_thread`) to answer."""
    return Server((host, port), workbench or Workbench(), verbose=verbose)


def start_in_thread(server: Server) -> threading.Thread:
    """Serve ``server`` from a daemon thread (tests, scripts); stop with ``server.shutdown()``."""
    t = threading.Thread(target=server.serve_forever, name="satgrid-app", daemon=True)
    t.start()
    return t


def serve(host: str, port: int, workbench: Workbench, *, open_browser: bool = False,
          verbose: bool = False, out=None) -> int:
    """``satgrid app``: serve until interrupted; returns the exit status."""
    out = out or sys.stdout
    try:
        server = make_server(host, port, workbench, verbose)
    except OSError as e:
        raise SatgridError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    print(f"satgrid workbench on {server.url} (Ctrl-C to stop)", file=out, flush=True)
    if not is_loopback(host):
        print(f"satgrid app: warning: listening on {host}, not only on this machine: anyone who "
              "can reach it can use the workbench (there is no login); the page answers only "
              f"to {', '.join(sorted(server.hosts))}"
              + (" and the address it is reached at" if is_wildcard(host) else ""),
              file=sys.stderr, flush=True)
    if open_browser:
        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("satgrid app: stopped", file=out)
    finally:
        server.server_close()
    return 0
