"""Rate limits shared between processes through a real Redis (tests/support/redis_server.py):
two ``wordyahtzee serve`` processes on one PostgreSQL and one Redis refuse a client exactly
when the two together pass the limit, where with ``memory://`` each grants the whole limit;
``--workers 2`` shares through Redis too and warns without it; Redis stopped mid-run costs
no request (each process counts its own meanwhile) and, once it is back, the processes
share again; a store that accepts but never answers costs a request at most a second; a
malformed ``--ratelimit-storage`` is one line and exit 2."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from limits import parse_many
from wordyahtzee.web.security import RATE_LIMITS, STORE_SECONDS

from .support.app import make_app
from .support.redis_server import RedisServer, RedisUnavailable, start_server
from .support.server import Server, free_port

LIMIT = min(item.amount for item in parse_many(RATE_LIMITS["check"]))
"""The tightest default limit of ``POST /api/check`` (120 a minute): the servers run with
the shipped limits, nothing lowered for the test."""
CHECK = {"words": ["huis"]}


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    """A Redis server of this test alone; the test FAILS (never skips) without the
    binary."""
    try:
        server = start_server()
    except RedisUnavailable as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.destroy()


def check(server: Server) -> tuple[int, dict[str, str], Any]:
    """``POST /api/check`` with one word (a limited endpoint)."""
    return server.request("POST", "/api/check", CHECK)


@pytest.fixture
def serve(postgres_url: str, tmp_path: Path) -> Iterator[Any]:
    """Starts ``serve`` processes on one fresh PostgreSQL database; stops them after."""
    started: list[Server] = []

    def start(*options: str) -> Server:
        server = Server(postgres_url, tmp_path, f"serve-{len(started)}", *options,
                        limited=True)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def assert_refused(answer: tuple[int, dict[str, str], Any]) -> None:
    status, headers, body = answer
    assert status == 429, (status, body)
    assert body["error"]["code"] == "rate_limited"
    assert int(headers["Retry-After"]) > 0


def spread(servers: list[Server], count: int) -> list[tuple[int, int]]:
    """``count`` checks, one process after the other: (status, X-RateLimit-Remaining)."""
    out = []
    for i in range(count):
        status, headers, body = check(servers[i % len(servers)])
        assert status in (200, 429), (status, body)
        out.append((status, int(headers["X-RateLimit-Remaining"])))
    return out


@pytest.mark.slow  # and pg (the PostgreSQL fixture), as the multi-process tests are
def test_two_processes_on_one_redis_refuse_when_both_together_pass_the_limit(
        serve: Any, redis: RedisServer) -> None:
    first = serve("--ratelimit-storage", redis.url)
    second = serve("--ratelimit-storage", redis.url)
    assert spread([first, second], LIMIT) == [(200, LIMIT - n) for n in range(1, LIMIT + 1)]
    assert_refused(check(first))  # the limit + 1st request, whichever process takes it
    assert_refused(check(second))
    assert "rate limits shared in " + redis.url in first.log.read_text()


@pytest.mark.slow
def test_with_memory_each_process_grants_the_whole_limit(serve: Any) -> None:
    first = serve("--ratelimit-storage", "memory://")
    second = serve()  # the default is memory:// too
    answers = spread([first, second], 2 * LIMIT)
    assert answers[0::2] == [(200, LIMIT - n) for n in range(1, LIMIT + 1)]
    assert answers[1::2] == answers[0::2]
    assert_refused(check(first))
    assert_refused(check(second))


@pytest.mark.slow
def test_two_workers_share_through_redis_and_warn_without_it(
        serve: Any, redis: RedisServer) -> None:
    shared = serve("--workers", "2", "--ratelimit-storage", redis.url)
    assert spread([shared], LIMIT) == [(200, LIMIT - n) for n in range(1, LIMIT + 1)]
    assert_refused(check(shared))
    alone = serve("--workers", "2")
    assert "warning" not in shared.log.read_text()
    warnings = [line for line in alone.log.read_text().splitlines() if "warning" in line]
    assert warnings == [
        "wordyahtzee: warning: each of the 2 worker processes counts its own rate limits "
        "(memory://), so a client gets up to 2 times each limit; share them with "
        "--ratelimit-storage redis://HOST:6379"]


@pytest.mark.slow
def test_redis_down_costs_no_request_and_the_processes_share_again_once_it_is_back(
        serve: Any, redis: RedisServer) -> None:
    first = serve("--ratelimit-storage", redis.url)
    second = serve("--ratelimit-storage", redis.url)
    assert spread([first, second], 10)[-1] == (200, LIMIT - 10)

    redis.stop()
    # Each process counts in its own memory from zero: the whole limit each, then 429;
    # never a 500.
    for server in (first, second):
        assert spread([server], LIMIT) == [(200, LIMIT - n) for n in range(1, LIMIT + 1)]
        assert_refused(check(server))
    assert "falling back to in-memory storage" in first.log.read_text()

    redis.start()  # empty: the counts start again
    # Flask-Limiter tries the store again on a request 1, 2, 4 … 32 s after its last try:
    # the process answers from its exhausted memory (429) until then, from Redis after.
    for server in (first, second):
        end = time.monotonic() + 70
        while (answer := check(server))[0] == 429 and time.monotonic() < end:
            time.sleep(0.25)
        assert answer[0] == 200, "the process never went back to Redis"
    back = LIMIT - 2  # the first request of each process after the restart
    assert spread([first, second], back) == [(200, back - n) for n in range(1, back + 1)]
    assert_refused(check(first))
    assert_refused(check(second))


@pytest.mark.parametrize("uri", ["foo://host:1", "localhost:6379", "redis://host:port"])
def test_a_malformed_storage_uri_is_one_line_and_exit_2(uri: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                           str(free_port()), "--db", str(tmp_path / "g.sqlite3"),
                           "--ratelimit-storage", uri],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "wordyahtzee: error: serve: --ratelimit-storage takes memory:// or "), lines


def test_a_store_that_never_answers_costs_a_request_at_most_a_second(
        tmp_path: Path) -> None:
    """A Redis address that accepts connections and never answers (a hung server): the
    check gives up after :data:`STORE_SECONDS` and counts in memory; no request fails.
    (Without the timeouts, the first request waited for ever.)"""
    warm = make_app(tmp_path / "warm.sqlite3").test_client()
    assert warm.post("/api/check", json=CHECK).status_code == 200  # the dictionary loaded
    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen(64)  # the kernel completes the handshake; nobody ever reads
        uri = f"redis://127.0.0.1:{hung.getsockname()[1]}/0"
        client = make_app(tmp_path / "hung.sqlite3", RATELIMIT_STORAGE_URI=uri,
                          RATE_LIMITS={"check": "3 per minute"}).test_client()
        took = []
        for _ in range(4):
            started = time.perf_counter()
            took.append((client.post("/api/check", json=CHECK).status_code,
                         time.perf_counter() - started))
    assert [status for status, _ in took] == [200, 200, 200, 429]
    # a request waits for the store's answer or, later, one try to reach it again
    assert all(seconds < 2 * STORE_SECONDS + 1 for _, seconds in took), took
