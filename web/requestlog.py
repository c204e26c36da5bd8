"""One JSON line per request (logger ``wordyahtzee.requests``, to stderr), its request id,
and the request metrics.

:class:`RequestLog` wraps the whole WSGI app, so it sees every answer, including a live
stream's end (its line is written when the stream closes) and the errors Flask answers
itself. The id is a sane ``X-Request-Id`` the request brings (nginx sends its
``$request_id``), else a fresh one; it goes back as the ``X-Request-Id`` header and into
every JSON error body (:func:`request_id`).
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import orjson
from flask import Flask, request

from wordyahtzee.runtime import metrics

log = logging.getLogger("wordyahtzee.requests")

ID_HEADER = "X-Request-Id"
ID_KEY = "wordyahtzee.request_id"
ROUTE_KEY = "wordyahtzee.route"
GAME_KEY = "wordyahtzee.game_id"
PATH_KEY = "wordyahtzee.logged_path"
"""The path the line shows when the real one carries a secret (a profile's link)."""
SANE_ID = re.compile(r"[A-Za-z0-9._-]{8,64}")
"""What an incoming request id may look like (nginx's ``$request_id``: 32 hex digits)."""
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED = "(unmatched)"
"""The route of a request no URL rule matched (a 404): one label for all of them."""


def new_request_id(incoming: str | None) -> str:
    """The request's id: ``incoming`` if it looks like one, else a fresh one.

    >>> new_request_id("0123456789abcdef0123456789abcdef")
    '0123456789abcdef0123456789abcdef'
    >>> len(new_request_id("a b\\nc")), len(new_request_id(None))
    (32, 32)
    """
    if incoming and SANE_ID.fullmatch(incoming):
        return incoming
    return secrets.token_hex(16)


def request_id() -> str | None:
    """The current request's id (None outside a request or the middleware)."""
    if not request:
        return None
    found = request.environ.get(ID_KEY)
    return str(found) if found else None


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: its ``fields`` (``extra={"fields": …}``), the level,
    the message and, for an exception, its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        """The line."""
        line: dict[str, Any] = {"time": round(record.created, 3), "level":
                                record.levelname.lower(), "message": record.getMessage()}
        line.update(getattr(record, "fields", {}))
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        try:  # orjson: a line every request, several times faster
            return orjson.dumps(line, default=str).decode()
        except orjson.JSONEncodeError:  # an integer beyond 64 bits, a lone surrogate
            return json.dumps(line, ensure_ascii=False, default=str)


class _Stderr(logging.StreamHandler):
    """A handler writing to whatever ``sys.stderr`` is when a line is written (a test
    harness may swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        """Write the line."""
        self.stream = sys.stderr
        super().emit(record)


def init_logging() -> None:
    """Send the request lines to stderr as JSON (once per process)."""
    if not log.handlers:
        handler = _Stderr()
        handler.setFormatter(JsonFormatter())
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False


def _note_route() -> None:
    """Before a view: the matched URL rule and the game id, for the line and the
    metrics."""
    rule = request.url_rule
    if rule is not None:
        request.environ[ROUTE_KEY] = rule.rule
        if "secret" in (request.view_args or {}):  # a profile's link: its key stays out
            request.environ[PATH_KEY] = rule.rule
    game = (request.view_args or {}).get("game_id")
    if isinstance(game, str):
        request.environ[GAME_KEY] = game[:64]


def log_unexpected(exc: BaseException) -> None:
    """An error the app did not expect (its 500): the traceback, once, with the request's
    id."""
    log.error("unexpected error", exc_info=exc,
              extra={"fields": {"request_id": request_id(),
                                "path": request.environ.get(PATH_KEY, request.path)}})


def log_store_error(code: str, detail: str) -> None:
    """The store's own trouble behind an error answer (the answer says less), with the
    request's id; a database out of reach is left to the store, which logs when it goes
    and comes back rather than once a request."""
    if code == "unavailable":
        return
    log.warning("store error", extra={"fields": {
        "request_id": request_id(), "code": code, "detail": detail[:500]}})


_SERIES: dict[tuple[str, str, str], Any] = {}
"""The request histogram's series by route, method and status, as made the first time."""


class RequestLog:
    """WSGI middleware: the request id, then one line and the metrics per answer."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        """Serve one request."""
        started = time.monotonic()
        rid = new_request_id(environ.get("HTTP_X_REQUEST_ID"))
        environ[ID_KEY] = rid
        status = ["500"]

        def start(code: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            status[0] = code.split(" ", 1)[0]
            headers = [h for h in headers if h[0].lower() != "x-request-id"]
            return start_response(code, [*headers, (ID_HEADER, rid)], *rest)

        body = self.app(environ, start)
        return _Closing(body, lambda: self._done(environ, status[0], started))

    @staticmethod
    def _done(environ: dict[str, Any], status: str, started: float) -> None:
        seconds = time.monotonic() - started
        route = str(environ.get(ROUTE_KEY, UNMATCHED))
        method = str(environ.get("REQUEST_METHOD", ""))
        method = method if method in METHODS else "OTHER"
        series = _SERIES.get((route, method, status))
        if series is None:  # a few dozen routes, methods and statuses: kept once made
            series = _SERIES[route, method, status] = metrics.REQUESTS.labels(
                route=route, method=method, status=status)
        series.observe(seconds)
        fields = {"request_id": environ[ID_KEY], "method": method, "route": route,
                  "path": str(environ.get(PATH_KEY, environ.get("PATH_INFO", "")))[:300],
                  "status": int(status) if status.isdigit() else status,
                  "ms": round(seconds * 1000, 1),
                  "client": environ.get("REMOTE_ADDR"), "pid": os.getpid()}
        if GAME_KEY in environ:
            fields["game_id"] = environ[GAME_KEY]
        if log.isEnabledFor(logging.INFO):  # the record made directly: no caller looked up
            log.handle(log.makeRecord(log.name, logging.INFO, __file__, 0, "request", (),
                                      None, extra={"fields": fields}))


class _Closing:
    """A response body that calls ``done`` once it is closed (sent, or the client gone)."""

    def __init__(self, body: Iterable[bytes], done: Callable[[], None]) -> None:
        self.body = body
        self.done = done

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        """Close the body, then write the line."""
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.done()


def init_request_log(app: Flask) -> None:
    """Install the request log on ``app`` (outermost, after every other WSGI wrapper, so
    the client address is the one the trusted proxies named)."""
    init_logging()
    app.before_request_funcs.setdefault(None, []).insert(0, _note_route)  # before checks
    app.wsgi_app = RequestLog(app.wsgi_app)  # type: ignore[method-assign]
