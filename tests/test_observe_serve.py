"""``wordyahtzee serve`` as the machine sees it: readiness follows PostgreSQL, the metrics
add up every worker's work, the log is one JSON line a request, and a stop with
connections held open takes well under the graceful timeout."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import threading
import time
from pathlib import Path
from typing import Any

from .support.nginx import Nginx
from .support.pg import PostgresServer, start_server
from .support.server import Server, new_online, read_until


def _metric(text: str, name: str, **labels: str) -> float:
    """The sum of a series' samples whose labels include ``labels``."""
    total = 0.0
    for line in text.splitlines():
        match = re.fullmatch(r"([a-z_]+)(?:\{(.*)\})? (\S+)", line)
        if not match or match[1] != name:
            continue
        have = dict(re.findall(r'(\w+)="([^"]*)"', match[2] or ""))
        if all(have.get(k) == v for k, v in labels.items()):
            total += float(match[3])
    return total


def _metrics(server: Server) -> str:
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    with conn:
        conn.sendall(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    return body.decode()


def _log_lines(server: Server) -> list[dict[str, Any]]:
    lines = []
    for line in server.log.read_text().splitlines():
        if line.startswith("{"):
            lines.append(json.loads(line))  # every JSON-looking line parses
    return lines


def _lines_of(server: Server, request_id: str) -> list[dict[str, Any]]:
    """The log lines of one request (written once its answer is sent: wait a moment)."""
    end = time.monotonic() + 5
    while True:
        found = [line for line in _log_lines(server) if line.get("request_id") == request_id]
        if found or time.monotonic() > end:
            return found
        time.sleep(0.05)


def test_readiness_follows_postgresql_down_and_back(tmp_path: Path) -> None:
    pg: PostgresServer = start_server()
    try:
        server = Server(pg.new_database(), tmp_path, "ready")
        try:
            assert server.call("GET", "/readyz")[0] == 200
            pg.stop("fast")
            started = time.monotonic()
            status, body = server.call("GET", "/readyz")
            assert status == 503 and body["checks"]["store"] == "failed", body
            assert time.monotonic() - started < 3  # a short timeout, not the pool's 5 s
            assert server.call("GET", "/healthz")[0] == 200  # the process still answers
            pg.start()
            for _ in range(40):
                status, body = server.call("GET", "/readyz")
                if status == 200:
                    break
                time.sleep(0.25)
            assert status == 200, body
            text = _metrics(server)
            assert _metric(text, "wordyahtzee_store_errors_total", kind="unavailable") >= 1
        finally:
            server.stop()
    finally:
        pg.destroy()


def test_the_metrics_add_up_both_workers(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "two.sqlite3"), tmp_path, "two", "--workers", "2")
    try:
        sent, pids = 0, set()
        while len(pids) < 2 and sent < 2000:  # until both workers have answered some
            batch = [threading.Thread(target=server.call, args=("GET", "/healthz"))
                     for _ in range(20)]
            for thread in batch:
                thread.start()
            for thread in batch:
                thread.join()
            sent += len(batch)
            time.sleep(0.1)  # a line is written once its answer is sent
            pids = {line["pid"] for line in _log_lines(server)
                    if line.get("route") == "/healthz"}
        assert len(pids) == 2, pids  # the requests were answered by both workers
        gid, tokens = new_online(server, players=("Anna", "Bram"))
        moves = 0
        for _ in range(3):
            status, answer = server.call("POST", f"/api/games/{gid}/act/throw",
                                         {"seq": moves}, tokens[0])
            assert status == 200, answer
            moves = answer["state"]["seq"]
        streams = [server.stream(gid) for _ in range(12)]
        for sock in streams:
            read_until(sock, b"event: state", 10)
        text = _metrics(server)
        assert _metric(text, "wordyahtzee_request_seconds_count", route="/healthz",
                       method="GET", status="200") == sent
        assert _metric(text, "wordyahtzee_actions_total", mode="woord") == 3
        assert _metric(text, "wordyahtzee_open_streams") == len(streams)
        assert _metric(text, "wordyahtzee_group_commit_writers_count") >= 4
        for sock in streams:
            sock.close()
    finally:
        server.stop()
    lines = _log_lines(server)
    ends = [line for line in lines if line.get("route") == "/api/games/<game_id>/events"]
    assert len(ends) == 12 and all(line["game_id"] == gid for line in ends)
    assert all(re.fullmatch(r"[0-9a-f]{32}", str(line["request_id"])) for line in lines
               if "request_id" in line)


def _open(server: Server, request: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(request)
    return sock


def test_a_stop_with_connections_held_open_takes_under_three_seconds(tmp_path: Path) -> None:
    """30 clients hold their connections without reading: 15 with live streams, 15 idle
    after a request (keep-alive), and one request is in flight (its body still coming).
    SIGTERM: that request is answered with ``Connection: close`` and its connection closed,
    the server is gone within 3 s, and every game it answered for is stored."""
    db = tmp_path / "stop.sqlite3"
    server = Server(str(db), tmp_path, "stop")
    held = []
    answered = []
    try:
        gid, _ = new_online(server, players=("Anna", "Bram"))
        held += [server.stream(gid) for _ in range(15)]
        for sock in held:
            read_until(sock, b"event: state", 10)
        for i in range(15):
            body = json.dumps({"kind": "solo", "players": [f"P{i}"]}).encode()
            sock = _open(server, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\n"
                         b"Content-Length: %d\r\n\r\n" % len(body) + body)
            answer = read_until(sock, b'"watch_url"', 10)
            assert b" 201 " in answer.split(b"\r\n", 1)[0], answer[:200]
            answered.append(re.search(rb'"id":"([0-9a-z]+)"', answer)[1].decode())  # type: ignore[index]
            held.append(sock)  # kept alive, never read again
        body = json.dumps({"kind": "solo", "players": ["Late"]}).encode()
        late = _open(server, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % len(body))  # the body comes later
        held.append(late)
        time.sleep(0.3)  # the server reads the request and waits for its body
        stopped = time.monotonic()
        server.proc.terminate()
        time.sleep(0.3)  # the stop has begun
        late.sendall(body)  # a request in flight is answered, then its connection closed
        answer = b""
        while chunk := late.recv(65536):
            answer += chunk
        head = answer.split(b"\r\n\r\n", 1)[0].lower()
        assert head.startswith(b"http/1.1 201") and b"connection: close" in head, head
        answered.append(re.search(rb'"id":"([0-9a-z]+)"', answer)[1].decode())  # type: ignore[index]
        assert server.proc.wait(10) == 0
        took = time.monotonic() - stopped
        assert took < 3.0, took
        print(f"stopped in {took:.2f} s")
    finally:
        for sock in held:
            sock.close()
        server.stop()
    again = Server(str(db), tmp_path, "again")
    try:
        for game_id in answered:
            assert again.call("GET", f"/api/games/{game_id}")[0] == 200
    finally:
        again.stop()


def test_one_request_is_followed_by_its_id_through_nginx_and_the_process(
        tmp_path: Path) -> None:
    """deploy/nginx.conf in front: the id nginx gives a request is in its log line, the
    process's line and the answer; /metrics is not served through it, /readyz is."""
    server = Server(str(tmp_path / "front.sqlite3"), tmp_path, "front", "--proxies", "1",
                    "--allowed-hosts", "yahtzee.example")
    nginx = Nginx([server.port])
    try:
        def through(path: str) -> tuple[int, dict[str, str], bytes]:
            conn = http.client.HTTPConnection("127.0.0.1", nginx.port, timeout=10)
            try:
                conn.request("GET", path, headers={"Host": "yahtzee.example"})
                response = conn.getresponse()
                return response.status, dict(response.getheaders()), response.read()
            finally:
                conn.close()

        status, headers, body = through("/api/games/nosuchgame")
        assert status == 404
        rid = headers["X-Request-Id"]
        assert re.fullmatch(r"[0-9a-f]{32}", rid) and json.loads(body)["error"]["request_id"] == rid
        mine = _lines_of(server, rid)
        assert len(mine) == 1 and mine[0]["client"] == "127.0.0.1"
        assert mine[0]["game_id"] == "nosuchgame"
        assert through("/readyz")[0] == 200
        refused, _, body = through("/metrics")
        assert refused == 404 and json.loads(body)["error"]["code"] == "not_found"
        assert "wordyahtzee_request_seconds" in _metrics(server)  # this machine, directly
    finally:
        access = nginx.access_log()
        nginx.stop()
        server.stop()
    assert f"rid={rid}" in access


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's workers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _closed(sock: socket.socket) -> bool:
    sock.settimeout(0.2)
    try:
        while sock.recv(65536):
            pass
        return True  # end of file: its worker is gone
    except ConnectionResetError:
        return True  # cut off: its worker is gone
    except TimeoutError:
        return False


def test_a_dead_worker_stops_counting_and_its_replacement_counts(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "dead.sqlite3"), tmp_path, "dead", "--workers", "2")
    try:
        gid, _ = new_online(server, players=("Anna", "Bram"))
        streams = [server.stream(gid) for _ in range(16)]
        for sock in streams:
            read_until(sock, b"event: state", 10)
        assert _metric(_metrics(server), "wordyahtzee_open_streams") == 16
        alive = len(streams)
        for victim in _children(server.proc.pid):  # until one that held streams is killed
            os.kill(victim, signal.SIGKILL)  # the master starts another in its place
            time.sleep(1.0)
            alive = sum(not _closed(sock) for sock in streams)
            if alive < len(streams):
                break
        assert alive < len(streams)
        for _ in range(40):
            text = _metrics(server)
            if _metric(text, "wordyahtzee_open_streams") == alive:
                break
            time.sleep(0.25)
        assert _metric(text, "wordyahtzee_open_streams") == alive
        before = _metric(text, "wordyahtzee_request_seconds_count", route="/healthz")
        for _ in range(10):
            assert server.call("GET", "/healthz")[0] == 200
        for _ in range(40):  # an answer counts once it is sent: the last may lag a moment
            after = _metric(_metrics(server), "wordyahtzee_request_seconds_count",
                            route="/healthz")
            if after >= before + 10:
                break
            time.sleep(0.1)
        assert after == before + 10
        for sock in streams:
            sock.close()
    finally:
        server.stop()
