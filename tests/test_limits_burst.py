"""Rate limits are reservations taken before the work: a burst from one address, all at
once, is counted request by request, so no more is made than the limit allows.

A real ``wordyahtzee serve`` with three worker processes on one PostgreSQL, counting in a
real Redis (tests/support/redis_server.py), with the shipped limits: 30 requests for a new
profile at once (``ThreadPoolExecutor(30)``) from one address make at most the limit's 6
profiles, counted in the database. (Counted only once accepted, 24 to 30 were made: every request
of the burst was checked before any of it was counted.) The same burst through nginx is in
tests/test_front_door.py. The Flask-client tests here show, per limit, that a request is
counted before its view runs, refused or not."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest

from .support.app import make_app, new_game, seat
from .support.limits import PROFILES
from .support.redis_server import RedisServer, RedisUnavailable, start_server
from .support.server import Server

BURST = 30
@pytest.fixture
def redis() -> Iterator[RedisServer]:
    try:
        server = start_server()
    except RedisUnavailable as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.destroy()


def new_profile(port: int, n: int, source: str = "127.0.0.1") -> int:
    """``POST /api/profile`` on a connection of its own from ``source``: the status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                      source_address=(source, 0))
    try:
        conn.request("POST", "/api/profile", json.dumps({"name": f"Burst {n}"}),
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def burst(call: Any, count: int = BURST) -> list[int]:
    """``count`` calls of ``call(n)`` at once, each on its own thread: their answers."""
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(call, range(count)))


def profiles_in(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT COUNT(*) FROM profiles").fetchone()
        assert row is not None
        return int(row[0])


@pytest.mark.slow
def test_a_burst_from_one_address_makes_at_most_the_limit_on_workers_sharing_redis(
        postgres_url: str, tmp_path: Path, redis: RedisServer) -> None:
    server = Server(postgres_url, tmp_path, "burst", "--workers", "3",
                    "--ratelimit-storage", redis.url, limited=True)
    try:
        statuses = burst(lambda n: new_profile(server.port, n))
    finally:
        server.stop()
    made = profiles_in(postgres_url)
    assert made <= PROFILES, (made, sorted(statuses))
    assert statuses.count(201) == made and made >= 1
    assert sorted(set(statuses)) == [201, 429], statuses
    # another address has its own budget
    again = Server(postgres_url, tmp_path, "again", "--ratelimit-storage", redis.url,
                   limited=True)
    try:
        assert new_profile(again.port, 99, source="127.0.0.77") == 201
        assert new_profile(again.port, 98) == 429
    finally:
        again.stop()


BAD = {"games": ("/api/games", {"kind": "x"}),
       "profiles": ("/api/profile", {"name": ""})}
"""A request each limit refuses in its view (400): it costs one of the budget too."""


@pytest.mark.parametrize("limit", sorted(BAD))
def test_a_request_counts_before_its_view_runs_refused_or_not(limit: str,
                                                              tmp_path: Path) -> None:
    client = make_app(tmp_path / "limits.sqlite3",
                      RATE_LIMITS={limit: "3 per minute"}).test_client()
    path, body = BAD[limit]
    remaining = []
    for _ in range(3):
        answer = client.post(path, json=body)
        assert answer.status_code == 400, answer.json
        remaining.append(int(answer.headers["X-RateLimit-Remaining"]))
    assert remaining == [2, 1, 0]
    assert client.post(path, json=body).status_code == 429


def test_an_upload_counts_before_its_view_runs(tmp_path: Path) -> None:
    client = make_app(tmp_path / "limits.sqlite3",
                      RATE_LIMITS={"uploads": "2 per minute"}).test_client()
    for left in (1, 0):
        answer = client.post("/api/dictionaries", data={})  # no word list: 400
        assert answer.status_code == 400, answer.json
        assert int(answer.headers["X-RateLimit-Remaining"]) == left
    assert client.post("/api/dictionaries", data={}).status_code == 429



def test_a_request_without_a_limit_is_not_looked_at_by_the_limiter(tmp_path: Path) -> None:
    """Only the endpoints with a limit (``LIMITED_ENDPOINTS``) pay for Flask-Limiter's look
    at a request: a move, a state or a page does not, and the limited ones still count."""
    app = make_app(tmp_path / "limits.sqlite3", RATE_LIMITS={"games": "2 per minute"})
    limiter = app.extensions["wordyahtzee.limiter"]
    looked: list[str] = []
    resolve = limiter.limit_manager.resolve_limits

    def counted(flask_app: Any, endpoint: str, *rest: Any) -> Any:
        looked.append(endpoint)
        return resolve(flask_app, endpoint, *rest)

    limiter.limit_manager.resolve_limits = counted
    client = app.test_client()
    gid, links = new_game(client)
    assert looked and set(looked) == {"api.create_game"}
    looked.clear()
    token = links[0]["token"]
    thrown = client.post(f"/api/games/{gid}/act/throw", json={"seq": 0}, headers=seat(token))
    assert thrown.status_code == 200, thrown.json
    assert client.get(f"/api/games/{gid}", headers=seat(token)).status_code == 200
    assert client.get("/").status_code == 200
    assert looked == []
    assert "X-RateLimit-Remaining" not in thrown.headers
    new_game(client)
    assert set(looked) == {"api.create_game"}
    refused = client.post("/api/games", json={"mode": "woord", "kind": "solo",
                                              "players": ["Anna"]})
    assert refused.status_code == 429
