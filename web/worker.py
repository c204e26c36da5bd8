"""The gevent worker ``serve`` runs: gunicorn's, answering the requests gunicorn itself
refuses with the API's JSON error, bounding the time a client may take to send a request,
and stopping in well under a second.

A request's line and headers must arrive within ``header_seconds`` of the connection's
start or of its last answer (an idle kept-alive connection is closed then too), and its
body within ``body_seconds`` of its headers (:class:`BoundedBody`): past either, the
connection is closed (a late body's request gets 408 first). Without these bounds a
client that announces a body and never sends it held its connection, and its place among
the worker's :data:`~web.server.WORKER_CONNECTIONS`, for ever.

A stop (SIGTERM, a restart) first says goodbye on every live stream, then closes every
connection as soon as it has nothing to answer: idle keep-alive connections at once, a
request in flight once its answer is sent (with ``Connection: close``). gunicorn's own
worker would wait for browsers to hang up, up to the whole graceful timeout, since they
keep their connections open after a goodbye.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import partial
from typing import Any

import gevent
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.exceptions import RequestTimeout

BEAT_SECONDS = 0.1
"""How often the worker looks whether it was told to stop (and whether its connections
have ended, once it was)."""
HEADER_SECONDS = 30.0
"""The default time a request's line and headers have to arrive."""
BODY_SECONDS = 30.0
"""The default time a request's body has to arrive, once its headers have."""


class BodyTimeout(RequestTimeout):
    """A request's body that did not arrive in time: 408 (the API's JSON error, or the
    error page), then the connection is closed."""


class BoundedBody:
    """A request's body (gunicorn's), read within ``seconds`` of the request's start; a
    read past that raises :class:`BodyTimeout` and marks the body ``failed``, so gunicorn
    closes the connection instead of reading on."""

    def __init__(self, body: Any, seconds: float) -> None:
        self.body = body
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds
        self.late = False

    @property
    def failed(self) -> bool:
        """Whether the connection cannot serve another request (late, or gunicorn's
        body failed)."""
        return self.late or bool(getattr(self.body, "failed", False))

    def _bounded(self, read: Callable[..., Any], *args: Any) -> Any:
        """``read(*args)`` unless it would wait past the deadline (a read that needs no
        wait, from the buffer or at the body's end, is answered even after it)."""
        if not self.late:
            timer = gevent.Timeout(max(self.deadline - time.monotonic(), 0.0))
            timer.start()
            try:
                return read(*args)
            except gevent.Timeout as exc:
                if exc is not timer:
                    raise
            finally:
                timer.close()
        self.late = True
        raise BodyTimeout(f"the request's body did not arrive within {self.seconds:g} "
                          "seconds")

    def read(self, size: int | None = None) -> bytes:
        """Up to ``size`` bytes (all, without it)."""
        data: bytes = self._bounded(self.body.read, size)
        return data

    def readline(self, size: int | None = None) -> bytes:
        """One line, up to ``size`` bytes."""
        data: bytes = self._bounded(self.body.readline, size)
        return data

    def readlines(self, size: int | None = None) -> list[bytes]:
        """The lines."""
        lines: list[bytes] = self._bounded(self.body.readlines, size)
        return lines

    def __iter__(self) -> BoundedBody:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

_REQUEST_ERRORS: tuple[tuple[Any, int, str, str], ...] = (
    (http_errors.LimitRequestLine, 414, "URI Too Long", "too_large"),
    (http_errors.LimitRequestHeaders, 431, "Request Header Fields Too Large", "too_large"),
    ((http_errors.InvalidRequestLine, http_errors.InvalidRequestMethod,
      http_errors.InvalidHTTPVersion, http_errors.InvalidHeader,
      http_errors.InvalidHeaderName), 400, "Bad Request", "bad_request"),
)


def request_error(exc: BaseException) -> tuple[int, str, bytes] | None:
    """The answer to a request gunicorn could not read (a request line over 8190 bytes,
    too many headers, a garbled line): status, reason and the API's JSON error body; None
    for any other error. The path is unknown then (the line was not read), so pages get
    the JSON too."""
    for kinds, status, reason, code in _REQUEST_ERRORS:
        if isinstance(exc, kinds):
            message = {414: "the request line (path and query) is too long",
                       431: "the request's headers are too large"}.get(
                status, "the request could not be read as HTTP")
            body = json.dumps({"error": {"code": code, "message": message}}).encode()
            return status, reason, body
    return None


class Worker(GeventWorker):
    """The gevent worker with JSON errors for unreadable requests and a quick stop."""

    def init_process(self) -> None:
        """Start with no connections."""
        self._open: set[socket.socket] = set()
        self._busy: set[socket.socket] = set()
        self.header_seconds = float(getattr(self.app, "header_seconds", HEADER_SECONDS))
        self.body_seconds = float(getattr(self.app, "body_seconds", BODY_SECONDS))
        super().init_process()

    def timeout_ctx(self) -> gevent.Timeout:
        """The wait for a request's line and headers (gunicorn's is its keep-alive time)."""
        return gevent.Timeout(self.header_seconds, False)

    def load_wsgi(self) -> None:
        """The app, its answers closing their connection once the worker stops."""
        super().load_wsgi()
        app: Callable[..., Iterable[bytes]] = getattr(self, "wsgi")  # noqa: B009 - untyped
        self.app_itself: Any = app

        def closing_when_stopping(environ: dict[str, Any],
                                  start_response: Callable[..., Any]) -> Iterable[bytes]:
            def start(*args: Any) -> Any:
                if not self.alive:  # the stop began while this request ran
                    start_response.__self__.force_close()  # type: ignore[attr-defined]
                return start_response(*args)

            return app(environ, start)

        self.wsgi = closing_when_stopping

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        """One connection, known to the worker while it is open."""
        self._open.add(client)
        try:
            super().handle(listener, client, addr)
        finally:
            self._open.discard(client)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> bool:
        """One request, its body bounded in time; once the worker stops, or the body came
        late, its connection ends after the answer."""
        body = req.body = BoundedBody(req.body, self.body_seconds)
        self._busy.add(sock)
        try:
            handled = bool(super().handle_request(listener_name, req, sock, addr))
        finally:
            self._busy.discard(sock)
        if not self.alive or body.late:
            raise StopIteration  # gunicorn's way to end a keep-alive connection
        return handled

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        """A JSON error for an unreadable request; gunicorn's own handling otherwise."""
        if isinstance(exc, BodyTimeout):  # an unread body, late: its answer went out
            self.log.debug("Request body timed out from ip=%s", (addr or ("",))[0])
            return
        answer = request_error(exc)
        if answer is None:
            super().handle_error(req, client, addr, exc)
            return
        status, reason, body = answer
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
                "Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
        try:
            util.write_nonblock(client, head + body)
        except Exception:  # the client is gone
            self.log.debug("Failed to send error message.")

    def run(self) -> None:
        """Serve until told to stop; then stop accepting, say goodbye on the live streams,
        close the idle connections and wait (up to the graceful timeout) for the answers
        in flight."""
        servers = []
        for listener in self.sockets:
            server = StreamServer(listener, handle=partial(self.handle, listener),
                                  spawn=Pool(self.worker_connections))
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        beat = time.monotonic()
        while self.alive:
            if time.monotonic() - beat >= 1.0:
                self.notify()
                beat = time.monotonic()
            gevent.sleep(BEAT_SECONDS)
        for server in servers:
            server.close()
        self.app_itself.extensions["wordyahtzee.tables"].close_streams()
        end = time.monotonic() + self.cfg.graceful_timeout
        while self._open and time.monotonic() < end:
            for client in self._open - self._busy:  # idle: waiting for a next request
                with suppress(OSError):  # gone already
                    client.shutdown(socket.SHUT_RDWR)
            gevent.sleep(BEAT_SECONDS / 2)
            self.notify()
        if self._open:
            self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
            for server in servers:
                server.stop(timeout=1)
