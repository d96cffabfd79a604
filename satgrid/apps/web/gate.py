"""Who may talk to the workbench, and what a request body may hold.

The workbench has no login: it is safe because only this machine's browser
and scripts reach it. A web page on any other site runs in that same
browser, though, so every request is judged before it is routed:

* **Host** (DNS rebinding: a name of the attacker's that resolves to
  127.0.0.1): the ``Host`` header must name the server by one of
  :func:`allowed_hosts` (``localhost``, ``127.0.0.1``, ``[::1]``, the bound
  address; with or without the server's port), else 403;
* **Origin** (a page elsewhere posting to the API): a request of the API
  with an ``Origin`` other than the page's own (``http://<allowed
  host>:<port>``), or with ``Sec-Fetch-Site: cross-site``/``same-site``, is
  refused with 403; a request without them (curl, scripts) is fine;
* **Content-Type**: a POST body must be ``application/json`` (415
  otherwise): a form or ``text/plain`` post, which a page elsewhere may send
  without asking, never reaches a route;
* **numbers** in a JSON body: integers of more than :data:`MAX_DIGITS`
  digits, non-finite numbers (``1e999``, ``NaN``) are refused with one line
  (:func:`parse_json`).

Standard library only.
"""

from __future__ import annotations

import ipaddress
import json
import math
import socket

#: the longest integer a JSON body may hold, in digits (no field needs more)
MAX_DIGITS = 15

#: the names of this machine's loopback interface
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


class Refused(Exception):
    """A request refused before routing: HTTP ``status`` and one line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the server to this machine."""
    h = host.strip("[]").lower()
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    h = host.lower()
    return f"[{h}]" if ":" in h and not h.startswith("[") else h


def is_wildcard(bound: str) -> bool:
    """Whether ``bound`` is every interface (``0.0.0.0``, ``::``)."""
    return bound in ("", "0.0.0.0", "::")


def allowed_hosts(bound: str, local: str | None = None) -> frozenset[str]:
    """The names a ``Host`` header may give the server bound to ``bound``:
    the loopback names, the bound address (IPv6 in brackets) and, when bound
    to every interface, this machine's host name and ``local``, the address
    the request came in on (an address literal: a name of someone else's
    that resolves to it is still refused)."""
    names = set(LOOPBACK_NAMES) | {_bracketed(bound)}
    if is_wildcard(bound):
        names.add(socket.gethostname().lower())
        if local:
            names.add(_bracketed(local))
    names.discard("")
    return frozenset(names)


def split_host(value: str) -> tuple[str, int | None] | None:
    """``host[:port]`` (IPv6 in brackets) as (lower-case host, port or None);
    None when it is not of that form."""
    v = value.strip().lower()
    if v.startswith("["):
        end = v.find("]")
        if end < 0:
            return None
        host, rest = v[:end + 1], v[end + 1:]
    else:
        host, _, port = v.partition(":")
        rest = ":" + port if _ else ""
    if not host:
        return None
    if not rest:
        return host, None
    if not rest.startswith(":") or not rest[1:].isdigit() or len(rest) > 6:
        return None
    return host, int(rest[1:])


def judge_host(value: str | None, hosts: frozenset[str], port: int) -> None:
    """Refuse (403) a ``Host`` header that does not name this server."""
    if value is None:
        return          # HTTP/1.0 without Host: no browser sends that
    hp = split_host(value)
    if hp is None or hp[0] not in hosts or hp[1] not in (None, port):
        shown = value[:80].encode("ascii", "backslashreplace").decode()
        raise Refused(403, f"Host {shown!r}: not an address of this workbench (expected one of "
                           f"{', '.join(sorted(hosts))}, port {port})")


def judge_origin(origin: str | None, fetch_site: str | None, hosts: frozenset[str],
                 port: int) -> None:
    """Refuse (403) a request of the API made by a page of another origin."""
    if fetch_site is not None and fetch_site.strip().lower() in ("cross-site", "same-site"):
        raise Refused(403, f"cross-origin request refused (Sec-Fetch-Site: {fetch_site.strip()[:20]}): "
                           "the API answers this workbench's own page and local scripts only")
    if origin is None:
        return
    o = origin.strip().lower()
    ok = False
    if o.startswith("http://"):
        hp = split_host(o[len("http://"):])
        ok = hp is not None and hp[0] in hosts and hp[1] == port
    if not ok:
        shown = origin[:80].encode("ascii", "backslashreplace").decode()
        raise Refused(403, f"cross-origin request refused (Origin {shown!r}): the API answers "
                           "this workbench's own page and local scripts only")


def judge_content_type(value: str | None) -> None:
    """Refuse (415) a POST body that is not declared JSON."""
    ctype = (value or "").split(";", 1)[0].strip().lower()
    if ctype != "application/json":
        raise Refused(415, f"Content-Type {ctype or 'missing'!r}: expected application/json")


class _BadNumber(ValueError):
    pass


def _int(s: str) -> int:
    digits = len(s.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _BadNumber(f"an integer of {digits} digits: expected at most {MAX_DIGITS}")
    return int(s)


def _float(s: str) -> float:
    v = float(s)
    if not math.isfinite(v):
        raise _BadNumber(f"the number {s[:20]}: expected a finite number")
    return v


def _constant(s: str):
    raise _BadNumber(f"{s}: expected a number (JSON has no {s})")


def parse_json(raw: bytes) -> dict:
    """The JSON object of a request body (empty body: ``{}``); anything else
    is :class:`Refused` (400) in one line."""
    try:
        text = raw.decode("utf-8")
        body = json.loads(text, parse_int=_int, parse_float=_float,
                          parse_constant=_constant) if text.strip() else {}
    except _BadNumber as e:
        raise Refused(400, f"expected a JSON object in the request body: {e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise Refused(400, f"expected a JSON object in the request body: {e}") from None
    except RecursionError:
        raise Refused(400, "expected a JSON object in the request body: nested too deeply") from None
    except ValueError as e:   # int-string conversion limits and the like
        raise Refused(400, f"expected a JSON object in the request body: {e}") from None
    if not isinstance(body, dict):
        raise Refused(400, "expected a JSON object in the request body")
    return body
