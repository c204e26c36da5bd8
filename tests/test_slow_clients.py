"""Clients that send slowly cannot hold a ``wordyahtzee serve`` reached without nginx.

A real ``serve`` (one worker) with short bounds set in the environment
(``WORDYAHTZEE_BODY_SECONDS``, ``WORDYAHTZEE_HEADER_SECONDS``) and a small connection
pool (``WORDYAHTZEE_WORKER_CONNECTIONS``):

- a body announced (``Content-Length: 100``) and never finished gets 408 and its
  connection closed at the bound (before, it stayed open after 150 s); a late solve's
  body does not pass for a failing rate-limit store;
- headers that never end: closed at their bound;
- a body that arrives in parts within the bound is answered; a live stream, which sends
  no body, stays open past both bounds;
- with more such connections open at once than the worker holds, ``/healthz`` still
  answers within a few bounds (before, a full pool of them made it time out);
- a bad setting is one line and exit 2.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .support.server import Server, free_port

BODY_SECONDS = 1.0
HEADER_SECONDS = 2.0
POOL = 40
SLOW_BODY = (b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
             b"\r\nContent-Length: 100\r\n\r\n" + b'{"words": ')  # 10 of the 100 bytes


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("WORDYAHTZEE_BODY_SECONDS", str(BODY_SECONDS))
        env.setenv("WORDYAHTZEE_HEADER_SECONDS", str(HEADER_SECONDS))
        env.setenv("WORDYAHTZEE_WORKER_CONNECTIONS", str(POOL))
        tmp = tmp_path_factory.mktemp("slow")
        started = Server(str(tmp / "slow.sqlite3"), tmp, "slow", limited=True)
    yield started
    started.stop()


def connect(server: Server, first: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(first)
    return sock


def until_closed(sock: socket.socket, within: float) -> tuple[bytes, float]:
    """What the server sends until it closes the connection, and when it closed it;
    fails if it is still open after ``within`` seconds."""
    started = time.monotonic()
    sock.settimeout(within)
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except TimeoutError:
        pytest.fail(f"still open after {within} s (received {received[:80]!r})")
    finally:
        sock.close()
    return received, time.monotonic() - started


def test_a_body_that_never_arrives_is_answered_408_and_closed_at_its_bound(
        server: Server) -> None:
    received, took = until_closed(connect(server, SLOW_BODY), 10 * BODY_SECONDS)
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 "), received[:200]
    assert json.loads(body)["error"]["code"] == "http_error"
    assert BODY_SECONDS * 0.8 <= took <= BODY_SECONDS + 2, took


def test_a_late_solve_body_leaves_the_rate_limits_alone(server: Server) -> None:
    """The solve's cost reads the body before the view: a late body must not count as
    the rate-limit store failing (Flask-Limiter would count in memory for a while)."""
    late = SLOW_BODY.replace(b"/api/check", b"/api/solve")
    received, _ = until_closed(connect(server, late), 10 * BODY_SECONDS)
    assert received.startswith(b"HTTP/1.1 408 "), received[:200]
    log = server.log.read_text()
    assert "falling back" not in log and "Traceback" not in log, log[-2000:]


def test_headers_that_never_end_are_closed_at_their_bound(server: Server) -> None:
    sock = connect(server, b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    received, took = until_closed(sock, 10 * HEADER_SECONDS)
    assert received == b""
    assert HEADER_SECONDS * 0.8 <= took <= HEADER_SECONDS + 2, took


def test_a_body_in_parts_within_its_bound_and_a_live_stream_are_served(
        server: Server) -> None:
    body = json.dumps({"words": ["huis"]}).encode()
    sock = connect(server, b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                   b"application/json\r\nContent-Length: " + str(len(body)).encode()
                   + b"\r\n\r\n" + body[:5])
    time.sleep(BODY_SECONDS / 3)
    sock.sendall(body[5:])
    sock.settimeout(10)
    assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
    sock.close()

    status, made = server.call("POST", "/api/games", {"mode": "woord", "kind": "solo",
                                                      "players": ["Ann"]})
    assert status == 201, made
    stream = server.stream(made["id"])
    try:
        assert stream.recv(4096).startswith(b"HTTP/1.1 200 ")
        time.sleep(HEADER_SECONDS + BODY_SECONDS + 0.5)
        stream.settimeout(0.5)
        with contextlib.suppress(TimeoutError):  # open, with nothing new to say
            assert stream.recv(4096) != b"", "the stream was closed"
    finally:
        stream.close()


def test_healthz_answers_while_more_slow_bodies_are_open_than_a_worker_holds(
        server: Server) -> None:
    slow = [connect(server, SLOW_BODY) for _ in range(POOL + 20)]
    try:
        time.sleep(0.2)  # every place of the worker is taken by a slow body now
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=6 * BODY_SECONDS)
        started = time.monotonic()
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        assert response.status == 200, response.read()
        assert time.monotonic() - started < 5 * BODY_SECONDS
        conn.close()
    finally:
        for sock in slow:
            sock.close()


def test_a_bounded_body_waits_until_its_deadline_and_no_longer() -> None:
    """gunicorn's own body over a real (gevent) socket: a read that must wait past the
    deadline raises 408; a read that needs no wait (the body's end) answers even after
    it, so a request that took long keeps its connection for the next one."""
    from gevent import socket as gsocket
    from gunicorn.http.body import Body, LengthReader
    from gunicorn.http.unreader import SocketUnreader
    from wordyahtzee.web.worker import BodyTimeout, BoundedBody

    ours, theirs = gsocket.socketpair()
    try:
        theirs.sendall(b"abc")
        body = BoundedBody(Body(LengthReader(SocketUnreader(ours), 10)), 0.3)
        started = time.monotonic()
        with pytest.raises(BodyTimeout) as late:
            body.read()
        assert 0.25 <= time.monotonic() - started < 2
        assert late.value.code == 408 and body.failed
        with pytest.raises(BodyTimeout):  # and at once from then on
            body.read(1)
        empty = BoundedBody(Body(LengthReader(SocketUnreader(ours), 0)), 0.05)
        time.sleep(0.1)
        assert empty.read() == b"" and not empty.failed
    finally:
        ours.close()
        theirs.close()


@pytest.mark.parametrize("name,value", [("WORDYAHTZEE_BODY_SECONDS", "soon"),
                                        ("WORDYAHTZEE_HEADER_SECONDS", "0"),
                                        ("WORDYAHTZEE_WORKER_CONNECTIONS", "-1")])
def test_a_bad_bound_is_one_line_and_exit_2(name: str, value: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(name, value)
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                           str(free_port()), "--db", str(tmp_path / "g.sqlite3")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"wordyahtzee: error: {name} is a "), lines
