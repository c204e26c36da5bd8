"""The front door of docs/deploy.md, for real: Debian's nginx with the project's own
``deploy/nginx.conf`` in front of two ``wordyahtzee serve`` processes on one PostgreSQL,
under a load of games being played and watched through nginx, each lane from its own
client address (127.1.0.N), the processes trusting nginx's ``X-Forwarded-For``
(``--proxies 1``) and sharing their rate limits in a real Redis.

- A client's limit is counted across both processes, by the address nginx saw (a forged
  ``X-Forwarded-For`` does not make a new client), and a page's same-origin request
  through nginx passes the cross-site check while a foreign one does not.
- A burst of 40 requests for a new profile at once from one address makes at most the
  limit's 6, over both processes.
- PostgreSQL restarts under load: every answer is 200, 409 or a JSON 503 with
  ``Retry-After`` (never a 500 or an HTML 502), and every table moves again by itself.
- One process is killed (SIGKILL) under load: its players go on through the other
  process, its watchers reconnect through nginx and resume with ``Last-Event-ID`` (no
  state older than one already seen), and no acknowledged move is lost.
"""

from __future__ import annotations

import http.client
import json
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import psycopg
import pytest

from wordyahtzee.games import replay

from .support.limits import PROFILES
from .support.nginx import Nginx
from .support.pg import PostgresServer, start_server
from .support.redis_server import RedisServer
from .support.redis_server import start_server as start_redis
from .support.server import Server

pytestmark = [pytest.mark.pg, pytest.mark.slow]

LANES = 6
PACE = 0.1  # seconds between a lane's moves: a game lasts a few seconds, not a blink


@dataclass
class Front:
    pg: PostgresServer
    redis: RedisServer
    servers: list[Server]
    nginx: Nginx
    url: str  # the processes' database

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             timeout: float = 20, source: str = "127.0.0.1",
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
        """One request through nginx from the address ``source``: status, headers, JSON
        body (None if not JSON)."""
        conn = self.connect(source, timeout)
        headers = {"Content-Type": "application/json", **(headers or {})}
        if token:
            headers["X-Seat-Token"] = token
        try:
            conn.request(method, path, None if body is None else json.dumps(body), headers)
            response = conn.getresponse()
            data = response.read()
            try:
                payload = json.loads(data) if data else None
            except ValueError:
                payload = None
            return response.status, dict(response.getheaders()), payload
        finally:
            conn.close()

    def connect(self, source: str, timeout: float) -> http.client.HTTPConnection:
        """A connection to nginx from ``source`` (any 127/8 address: all route to lo)."""
        return http.client.HTTPConnection("127.0.0.1", self.nginx.port, timeout=timeout,
                                          source_address=(source, 0))


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Front]:
    tmp = tmp_path_factory.mktemp("front")
    pg = start_server()
    redis = start_redis()
    servers: list[Server] = []
    nginx = None
    try:
        url = pg.new_database()
        options = ("--proxies", "1", "--ratelimit-storage", redis.url)
        servers = [Server(url, tmp, name, *options, limited=True)
                   for name in ("first", "second")]
        nginx = Nginx([s.port for s in servers])
        yield Front(pg, redis, servers, nginx, url)
    finally:
        if nginx is not None:
            nginx.stop()
        for server in servers:
            server.stop()
        redis.destroy()
        pg.destroy()


@dataclass
class Lane:
    """One seat pair playing online Woord Yahtzee games one after another through nginx,
    and one viewer following the lane's current game on a live stream."""

    source: str = "127.0.0.1"  # the lane's client address
    gid: str = ""
    tokens: list[str] = field(default_factory=list)
    acknowledged: dict[str, int] = field(default_factory=dict)  # game: last acked seq
    acked_at: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    bad: list[str] = field(default_factory=list)  # answers the front door must never give
    seen: dict[str, int] = field(default_factory=dict)  # game: last event id streamed
    dropped: int = 0  # streams that ended without the server's goodbye
    went_back: list[tuple[int, int]] = field(default_factory=list)


class Load:
    """The lanes' players and viewers, on threads, until :meth:`finish`."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.stop = threading.Event()  # the players
        self.stop_watching = threading.Event()  # the viewers, once they caught up
        self.lanes = [Lane(source=f"127.1.0.{n + 1}") for n in range(LANES)]
        for lane in self.lanes:
            self._new_game(lane)
        self.threads = [threading.Thread(target=target, args=(lane,), daemon=True)
                        for lane in self.lanes for target in (self._play, self._watch)]
        for thread in self.threads:
            thread.start()

    def _answer(self, lane: Lane, status: int, headers: dict[str, str], body: Any) -> None:
        lane.statuses.append(status)
        if status in (200, 201, 409):
            return
        code = (body or {}).get("error", {}).get("code") if isinstance(body, dict) else None
        if status == 503 and code == "unavailable" and headers.get("Retry-After"):
            time.sleep(min(float(headers["Retry-After"]), 0.5))
            return
        lane.bad.append(f"{status} {headers.get('Content-Type')} {str(body)[:200]}")

    def _new_game(self, lane: Lane) -> None:
        while not self.stop.is_set():
            try:
                status, headers, made = self.front.call("POST", "/api/games", {
                    "mode": "woord", "kind": "online", "players": ["Anna", "Bram"],
                    "rules": {"turn_seconds": None}}, source=lane.source)
            except (OSError, http.client.HTTPException):
                time.sleep(0.1)
                continue
            self._answer(lane, status, headers, made)
            if status == 201:
                lane.tokens = [link["token"] for link in made["links"]]
                lane.acknowledged[made["id"]] = 0
                lane.gid = made["id"]
                return

    def _play(self, lane: Lane) -> None:
        while not self.stop.is_set():
            try:
                status, headers, state = self.front.call("GET", f"/api/games/{lane.gid}",
                                                         source=lane.source)
                self._answer(lane, status, headers, state)
                if status != 200:
                    continue
                if state["status"] == "finished":
                    self._new_game(lane)
                    continue
                turn, seq = state["turn"], state["seq"]
                if turn["faces"] is None:
                    action, body = "throw", {"seq": seq}
                else:
                    action, body = "claim", {"seq": seq, "box": turn["round_box"], "words": []}
                status, headers, answer = self.front.call(
                    "POST", f"/api/games/{lane.gid}/act/{action}", body,
                    lane.tokens[turn["player"]], source=lane.source)
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)  # a connection nginx dropped: the move was not acknowledged
                continue
            self._answer(lane, status, headers, answer)
            if status == 200:
                gid = answer["state"]["id"]
                lane.acknowledged[gid] = max(lane.acknowledged[gid], answer["state"]["seq"])
                lane.acked_at.append(time.monotonic())
            time.sleep(PACE)

    def _watch(self, lane: Lane) -> None:
        """A browser's EventSource: follow the lane's game; when a stream ends, reconnect
        through nginx with the last event's id."""
        gid = ""
        while not self.stop_watching.is_set():
            if lane.gid != gid:
                gid = lane.gid
            headers = {}
            if gid in lane.seen:
                headers["Last-Event-ID"] = str(lane.seen[gid])
            conn = self.front.connect(lane.source, 5)
            try:
                conn.request("GET", f"/api/games/{gid}/events", headers=headers)
                response = conn.getresponse()
                if response.status != 200:
                    self._answer(lane, response.status, dict(response.getheaders()),
                                 json.loads(response.read() or b"null"))
                    continue
                while not self.stop_watching.is_set():
                    line = response.readline()
                    if not line:
                        lane.dropped += 1
                        break
                    if line == b"event: bye\n":
                        break
                    if line.startswith(b"id: "):  # seq.tag
                        now = int(line[4:].split(b".")[0])
                        before = lane.seen.get(gid)
                        if before is not None and now < before:
                            lane.went_back.append((before, now))
                        lane.seen[gid] = now
                    elif b'"status":"finished"' in line or lane.gid != gid:
                        break
            except (OSError, http.client.HTTPException, ValueError):
                lane.dropped += 1
            finally:
                conn.close()
            time.sleep(0.2)  # the server's "retry: 1000", shortened

    def moves_since(self, moment: float) -> list[int]:
        """How many moves each lane had acknowledged since ``moment``."""
        return [sum(1 for t in lane.acked_at if t > moment) for lane in self.lanes]

    def finish(self) -> None:
        """Stop the players, let the viewers catch up with the last moves, stop them."""
        self.stop.set()
        end = time.monotonic() + 10
        while time.monotonic() < end and any(
                lane.seen.get(lane.gid, 0) < lane.acknowledged.get(lane.gid, 0)
                for lane in self.lanes):
            time.sleep(0.1)
        self.stop_watching.set()
        for thread in self.threads:
            thread.join(20)


def check_nothing_lost(front: Front, load: Load) -> None:
    """Every acknowledged move is stored (the games replay as legal games), and every
    viewer saw its game's last acknowledged state."""
    for lane in load.lanes:
        assert lane.bad == [], lane.bad[:5]
        assert lane.went_back == [], lane.went_back[:5]
        for gid, acked in lane.acknowledged.items():
            status, _, state = front.call("GET", f"/api/games/{gid}")
            assert status == 200 and state["seq"] >= acked, (gid, acked, state)
        status, _, record = front.call("GET", f"/api/games/{lane.gid}/record")
        assert status == 200 and replay(record["record"])["players"]
        assert lane.seen.get(lane.gid, 0) >= lane.acknowledged[lane.gid], (
            lane.gid, lane.seen.get(lane.gid), lane.acknowledged[lane.gid])


def wait_for_moves(load: Load, since: float, moves: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while min(load.moves_since(since)) < moves and time.monotonic() < end:
        time.sleep(0.2)


def test_each_client_has_its_own_limit_counted_by_both_processes(front: Front) -> None:
    """The shipped 120 checks a minute, through nginx over both processes: a client is
    refused at its 121st request whichever process answers it, another client is not, and
    a forged X-Forwarded-For does not make the first a new client."""
    page = {"Origin": f"http://127.0.0.1:{front.nginx.port}"}
    words = {"words": ["huis"]}
    statuses = [front.call("POST", "/api/check", words, source="127.2.0.1",
                           headers=page)[0] for _ in range(121)]
    assert statuses == [200] * 120 + [429]
    assert front.call("POST", "/api/check", words, source="127.2.0.2", headers=page)[0] == 200
    forged = {**page, "X-Forwarded-For": "203.0.113.9"}
    status, headers, body = front.call("POST", "/api/check", words, source="127.2.0.1",
                                       headers=forged)
    assert status == 429 and body["error"]["code"] == "rate_limited", body
    assert int(headers["Retry-After"]) > 0
    # the cross-site check sees the host and port the browser used
    status, _, body = front.call("POST", "/api/check", words, source="127.2.0.3",
                                 headers={"Origin": "http://evil.example"})
    assert status == 403, body


def test_a_burst_of_new_profiles_through_nginx_makes_at_most_the_limit(
        front: Front) -> None:
    """40 at once from one address, spread by nginx over both processes: each request is
    counted in Redis before its profile is made, so at most the limit's 6 are made
    (counted only once accepted, 14 were)."""
    def new_profile(n: int) -> int:
        return front.call("POST", "/api/profile", {"name": f"Burst {n}"},
                          source="127.4.0.1", timeout=60)[0]

    with ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(new_profile, range(40)))
    with psycopg.connect(front.url) as conn:
        row = conn.execute("SELECT COUNT(*) FROM profiles").fetchone()
    assert row is not None
    made = int(row[0])
    assert 1 <= made <= PROFILES, (made, sorted(statuses))
    assert statuses.count(201) == made and set(statuses) == {201, 429}, statuses


def test_a_tables_requests_go_to_one_process_and_others_to_both(front: Front) -> None:
    """nginx chooses a table's process by the game's id: every move and state of a table
    reaches the same process (in nginx's own log), so none of them first reads what the
    other process stored; requests of no table still go to either process."""
    status, _, created = front.call("POST", "/api/games", {
        "mode": "classic", "kind": "solo", "players": ["Anna"]}, source="127.5.0.1")
    assert status == 201, created
    gid, token = created["id"], created["links"][0]["token"]
    seq = created["state"]["seq"]
    for _ in range(6):
        status, _, answer = front.call("POST", f"/api/games/{gid}/act/throw",
                                       {"seq": seq}, token, source="127.5.0.1")
        assert status == 200, answer
        seq = answer["state"]["seq"]
        assert front.call("GET", f"/api/games/{gid}", token=token,
                          source="127.5.0.1")[0] == 200
        box = next(iter(answer["state"]["options"]))
        status, _, answer = front.call("POST", f"/api/games/{gid}/act/claim",
                                       {"seq": seq, "box": box}, token, source="127.5.0.1")
        assert status == 200, answer
        seq = answer["state"]["seq"]
    for _ in range(12):
        assert front.call("GET", "/api/meta", source="127.5.0.1")[0] == 200
    lines = front.nginx.access_log().splitlines()
    table = {line.rsplit("upstream=", 1)[1] for line in lines if f"/api/games/{gid}" in line}
    others = {line.rsplit("upstream=", 1)[1] for line in lines if "/api/meta" in line}
    assert len(table) == 1, table
    assert len(others) == 2, others


def test_a_postgresql_restart_behind_nginx_gives_503_then_every_table_recovers(
        front: Front) -> None:
    load = Load(front)
    try:
        time.sleep(2)
        assert min(load.moves_since(0)) > 0  # every lane plays through nginx
        front.pg.stop("fast")
        time.sleep(8)  # longer than a request waits for a connection (a blink is absorbed)
        front.pg.start()
        back = time.monotonic()
        wait_for_moves(load, back, 5, 30)
        assert min(load.moves_since(back)) >= 5, load.moves_since(back)
    finally:
        load.finish()
    statuses = [s for lane in load.lanes for s in lane.statuses]
    assert 503 in statuses  # the restart was felt, as 503s with Retry-After only
    check_nothing_lost(front, load)


def test_a_killed_process_behind_nginx_loses_no_acknowledged_move(front: Front) -> None:
    load = Load(front)
    try:
        time.sleep(3)
        killed = front.servers[0]
        killed.proc.send_signal(signal.SIGKILL)
        killed.proc.wait(10)
        gone = time.monotonic()
        wait_for_moves(load, gone, 10, 30)
        assert min(load.moves_since(gone)) >= 10, load.moves_since(gone)
    finally:
        load.finish()
    check_nothing_lost(front, load)
    # viewers on the killed process lost their streams, and (above) came back through the
    # other one to see every last move
    assert sum(lane.dropped for lane in load.lanes) >= 1
    assert "upstream" in front.nginx.error_log()  # nginx did meet the dead process
