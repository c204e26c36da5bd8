"""Several ``wordyahtzee serve`` processes on one real PostgreSQL: any process serves any
table, a move reaches the other process's live streams, timeouts and computer moves happen
once, 500 idle streams do not slow a process, a SIGKILLed process loses no acknowledged
move, and a PostgreSQL restart gives 503s, never 500s, until the server reconnects."""

from __future__ import annotations

import http.client
import json
import signal
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordyahtzee.games import replay

from .support.pg import PostgresServer, start_server
from .support.server import Server, new_online, read_until


@pytest.fixture
def two(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    first = Server(postgres_url, tmp_path, "first")
    second = Server(postgres_url, tmp_path, "second")
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_a_move_through_one_process_reaches_a_stream_on_the_other(
        two: tuple[Server, Server]) -> None:
    first, second = two
    gid, tokens = new_online(first)
    stream = second.stream(gid)  # the table was made on the first process
    try:
        assert b'"seq":0' in read_until(stream, b'"seq":0', 5)
        started = time.monotonic()
        status, _ = first.call("POST", f"/api/games/{gid}/act/throw", {"seq": 0}, tokens[0])
        assert status == 200
        assert b'"seq":1' in read_until(stream, b'"seq":1', 5)
        assert time.monotonic() - started < 3
    finally:
        stream.close()
    # and the second process takes the next move at once
    status, answer = second.call("GET", f"/api/games/{gid}")
    box = answer["turn"]["round_box"]
    status, answer = second.call("POST", f"/api/games/{gid}/act/claim",
                                 {"seq": 1, "box": box, "words": []}, tokens[0])
    assert status == 200 and answer["state"]["seq"] == 2


def test_a_timeout_is_written_once_by_two_processes(two: tuple[Server, Server]) -> None:
    first, second = two
    gid, tokens = new_online(first, idle_seconds=600, turn_seconds=1)
    streams = [first.stream(gid), second.stream(gid)]  # both processes watch the table
    try:
        status, _ = first.call("POST", f"/api/games/{gid}/act/throw", {"seq": 0}, tokens[0])
        assert status == 200
        time.sleep(3.5)  # both tickers see the hourglass run out
        status, state = second.call("GET", f"/api/games/{gid}")
        assert state["turn"]["player"] == 1
        status, game = first.call("GET", f"/api/games/{gid}/record")
        events = [t for t in game["record"]["turns"]]
        assert len(events) == 1 and events[0].get("timeout") is True
        assert state["seq"] == 2  # throw + exactly one timeout
    finally:
        for stream in streams:
            stream.close()


def test_computer_moves_happen_once_across_processes(two: tuple[Server, Server]) -> None:
    first, second = two
    status, made = first.call("POST", "/api/games", {
        "mode": "classic", "kind": "solo",
        "players": ["Anna", {"name": "Gert", "computer": "greedy"}]})
    gid, token = made["id"], made["links"][0]["token"]
    second.call("GET", f"/api/games/{gid}")  # the table is loaded in both processes
    for turn in range(13):
        server = (first, second)[turn % 2]
        for _ in range(100):  # wait for the computer (playing on either process)
            state = server.call("GET", f"/api/games/{gid}")[1]
            if state["turn"] is None or state["turn"]["player"] == 0:
                break
            time.sleep(0.3)
        assert state["turn"]["player"] == 0
        status, answer = server.call("POST", f"/api/games/{gid}/act/throw", {}, token)
        assert status == 200, answer
        box = next(iter(answer["state"]["options"]))
        status, answer = server.call("POST", f"/api/games/{gid}/act/claim", {"box": box}, token)
        assert status == 200, answer
    for _ in range(100):
        status, result = first.call("GET", f"/api/games/{gid}/record")
        if result["result"] is not None:
            break
        time.sleep(0.3)
    record = result["record"]
    assert [t["player"] for t in record["turns"]] == ["Anna", "Gert"] * 13
    assert replay(record) == result["result"]


def test_500_idle_streams_do_not_slow_a_process(two: tuple[Server, Server]) -> None:
    first, _ = two
    gid, _ = new_online(first)

    def latencies() -> list[float]:
        out = []
        for _ in range(60):
            started = time.perf_counter()
            status, _ = first.call("GET", f"/api/games/{gid}")
            assert status == 200
            out.append(time.perf_counter() - started)
        return out

    quiet = latencies()
    streams = []
    try:
        for _ in range(500):
            streams.append(first.stream(gid))
        time.sleep(1.0)
        loaded = latencies()
        alive = sum(1 for s in streams[:20] if read_until(s, b'"seq":0', 2))
    finally:
        for stream in streams:
            stream.close()
    assert alive == 20  # the streams are real, answered ones
    assert statistics.median(loaded) < max(0.05, 5 * statistics.median(quiet)), (
        statistics.median(quiet), statistics.median(loaded))


def test_sigkill_of_one_process_loses_no_acknowledged_move(
        two: tuple[Server, Server]) -> None:
    first, second = two
    tables = [new_online(first, turn_seconds=None) for _ in range(6)]
    acknowledged: dict[str, int] = {gid: 0 for gid, _ in tables}
    stop = threading.Event()

    def storm(server: Server, gid: str, tokens: list[str]) -> None:
        seq = 0
        while not stop.is_set():
            try:
                state = server.call("GET", f"/api/games/{gid}")[1]
                seq = state["seq"]
                token = tokens[state["turn"]["player"]]
                if state["turn"]["faces"] is None:
                    status, answer = server.call("POST", f"/api/games/{gid}/act/throw",
                                                 {"seq": seq}, token)
                else:
                    status, answer = server.call(
                        "POST", f"/api/games/{gid}/act/claim",
                        {"seq": seq, "box": state["turn"]["round_box"], "words": []}, token)
            except (OSError, http.client.HTTPException, TypeError, KeyError):
                time.sleep(0.05)
                continue
            if status == 200:
                acknowledged[gid] = max(acknowledged[gid], answer["state"]["seq"])

    workers = [threading.Thread(target=storm, args=(server, gid, tokens), daemon=True)
               for gid, tokens in tables for server in (first, second)]
    for worker in workers:
        worker.start()
    time.sleep(3)
    first.proc.send_signal(signal.SIGKILL)  # mid-storm
    first.proc.wait(10)
    time.sleep(2)  # the second process goes on alone
    stop.set()
    for worker in workers:
        worker.join(15)
    for gid, _ in tables:
        status, state = second.call("GET", f"/api/games/{gid}")
        assert status == 200
        assert state["seq"] >= acknowledged[gid] > 0
        status, record = second.call("GET", f"/api/games/{gid}/record")
        assert replay(record["record"])["players"]  # the stored log is a legal game


@pytest.mark.pg  # a PostgreSQL server of its own, to restart
def test_a_postgresql_restart_gives_503_then_recovers(tmp_path: Path) -> None:
    pg: PostgresServer = start_server()
    try:
        server = Server(pg.new_database(), tmp_path, "lonely")
        try:
            gid, tokens = new_online(server)
            pg.stop("fast")
            statuses = set()
            for path in (f"/api/games/{gid}", "/api/games"):
                statuses.add(server.call("GET", path, timeout=20)[0])
            status, body = server.call("POST", "/api/games", {
                "kind": "online", "players": ["A", "B"]}, timeout=20)
            statuses.add(status)
            assert statuses <= {200, 503}, statuses  # never a 500
            assert 503 in statuses and body["error"]["code"] == "unavailable"
            pg.start()
            for _ in range(40):
                status, answer = server.call("POST", f"/api/games/{gid}/act/throw",
                                             {"seq": 0}, tokens[0])
                if status == 200:
                    break
                time.sleep(0.5)
            assert status == 200, answer
        finally:
            server.stop()
    finally:
        pg.destroy()


def test_a_rematch_and_a_dictionary_build_answer_on_either_process(
        two: tuple[Server, Server]) -> None:
    first, second = two
    status, made = first.call("POST", "/api/games", {"mode": "classic", "kind": "solo",
                                                     "players": ["Anna"]})
    gid, token = made["id"], made["links"][0]["token"]
    for _ in range(13):
        status, thrown = first.call("POST", f"/api/games/{gid}/act/throw", {}, token)
        assert status == 200, thrown
        box = next(iter(thrown["state"]["options"]))
        status, _ = first.call("POST", f"/api/games/{gid}/act/claim", {"box": box}, token)
        assert status == 200
    # the rematch pointer is in the store: asked of either process, one new table
    status, one = second.call("POST", f"/api/games/{gid}/rematch", {}, token)
    assert status == 201, one
    status, again = first.call("POST", f"/api/games/{gid}/rematch", {}, token)
    assert status == 201 and again["id"] == one["id"]
    assert first.call("GET", f"/api/games/{gid}")[1]["rematch"] == one["id"]
    # a dictionary built by one process answers for its job on the other
    boundary = "wordyahtzee-test-boundary"
    parts = [("name", "clusterlijst"), ("title", "Clusterlijst")]
    body = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n'
                    f"{v}\r\n".encode() for k, v in parts)
    body += (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
             'filename="woorden.txt"\r\nContent-Type: text/plain\r\n\r\n').encode()
    body += b"huis\nboom\nkat\n\r\n" + f"--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection("127.0.0.1", first.port, timeout=10)
    conn.request("POST", "/api/dictionaries", body,
                 {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    response = conn.getresponse()
    job = json.loads(response.read())["job"]
    conn.close()
    assert response.status == 202, job
    end = time.monotonic() + 60
    while True:
        status, answer = second.call("GET", f"/api/dictionaries/jobs/{job['id']}")
        assert status == 200, answer
        if answer["job"]["status"] in ("done", "failed") or time.monotonic() > end:
            break
        time.sleep(0.2)
    assert answer["job"]["status"] == "done" and answer["job"]["word_count"] == 3
