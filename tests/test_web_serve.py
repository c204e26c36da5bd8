"""``wordyahtzee serve`` end to end: the real server (gunicorn, gevent workers), killed
mid-game and started again, loses nothing; its event stream reaches the client at once, and
a graceful stop says goodbye on every open stream; it warns when it trusts a proxy on a
port others can reach."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .support.server import call, free_port, serve


def _wait_until_closed(port: int) -> None:
    end = time.monotonic() + 10
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                time.sleep(0.05)
        except OSError:
            return
    raise AssertionError("the killed server still holds its port")


def test_kill_and_restart_loses_nothing(tmp_path: Path) -> None:
    db, port = tmp_path / "serve.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(db, port)
    try:
        status, created = call(base, "POST", "/api/games",
                               {"kind": "online", "players": ["Anna", "Bram"]})
        assert status == 201
        gid, anna = created["id"], created["links"][0]["token"]
        bram = created["links"][1]["token"]
        stream = urllib.request.urlopen(f"{base}/api/games/{gid}/events", timeout=10)
        assert stream.readline() == b"retry: 1000\n"
        status, thrown = call(base, "POST", f"/api/games/{gid}/act/throw", {"seq": 0}, anna)
        assert status == 200
        seen = b""
        while b'"seq":1' not in seen:  # the stream carries the move at once
            seen += stream.readline()
        stream.close()
        before = call(base, "GET", f"/api/games/{gid}")[1]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    _wait_until_closed(port)  # the killed server's worker dies with it (PR_SET_PDEATHSIG)
    proc = serve(db, port)
    try:
        after = call(base, "GET", f"/api/games/{gid}")[1]
        assert after["turn"]["faces"] == thrown["faces"] == before["turn"]["faces"]
        assert after["seq"] == 1
        status, claimed = call(base, "POST", f"/api/games/{gid}/act/claim",
                               {"seq": 1, "box": "letters_2", "words": []}, anna)
        assert status == 200 and claimed["state"]["turn"]["player"] == 1
        status, error = call(base, "POST", f"/api/games/{gid}/act/claim", {"box": 1}, bram)
        assert status == 400 and error["error"]["code"] == "bad_request"
    finally:
        proc.terminate()
        proc.wait(10)


def test_kill_under_load_loses_no_answered_move(tmp_path: Path) -> None:
    """Twelve tables played as fast as they can, so that moves share SQLite's group
    commits, and the server killed mid-flight: every move that was answered is in the
    file after the restart (a move is answered only once the commit holding it is
    synced), and every game goes on from where the file says."""
    db, port = tmp_path / "load.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    quiet = {"WORDYAHTZEE_RATE_LIMITS": "off"}
    proc = serve(db, port, env=quiet)
    answered: dict[str, int] = {}
    tokens: dict[str, str] = {}
    stop = threading.Event()

    def play() -> None:
        status, created = call(base, "POST", "/api/games",
                               {"kind": "solo", "players": ["Anna"]})
        assert status == 201
        gid, token = created["id"], created["links"][0]["token"]
        tokens[gid], answered[gid] = token, 0
        seq = 0
        try:
            while not stop.is_set():
                status, thrown = call(base, "POST", f"/api/games/{gid}/act/throw",
                                      {"seq": seq}, token)
                if status != 200:
                    return
                answered[gid] = seq = thrown["state"]["seq"]
                status, claimed = call(base, "POST", f"/api/games/{gid}/act/claim", {
                    "seq": seq, "box": thrown["state"]["turn"]["round_box"], "words": []},
                    token)
                if status != 200:
                    return
                answered[gid] = seq = claimed["state"]["seq"]
                if claimed["state"]["status"] == "finished":
                    return
        except OSError:  # the server is gone: what was answered is what counts
            return

    players = [threading.Thread(target=play) for _ in range(12)]
    try:
        for player in players:
            player.start()
        end = time.monotonic() + 30  # every table under way (a busy machine starts slowly)
        while (len(answered) < 12 or min(answered.values()) < 2) and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.3)  # and killed mid-flight
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        stop.set()
        for player in players:
            player.join(30)
    assert len(answered) == 12 and sum(answered.values()) >= 24  # they did play
    _wait_until_closed(port)
    proc = serve(db, port, env=quiet)
    try:
        for gid, seq in answered.items():
            status, state = call(base, "GET", f"/api/games/{gid}")
            assert status == 200 and state["seq"] >= seq, (gid, seq, state["seq"])
            if state["status"] == "active" and state["turn"]["throws"] == 0:
                status, _ = call(base, "POST", f"/api/games/{gid}/act/throw",
                                 {"seq": state["seq"]}, tokens[gid])
                assert status == 200
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_stop_ends_the_live_streams_with_a_goodbye(tmp_path: Path) -> None:
    """SIGTERM with 30 open streams: every stream is told goodbye (browsers reconnect to the
    next server) rather than cut off when the graceful timeout (5 s) runs out, and the
    server exits within 3 s, so that deploys and restarts are quick."""
    db, port = tmp_path / "stop.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(db, port)
    try:
        games = []
        for _ in range(3):
            status, created = call(base, "POST", "/api/games",
                                   {"kind": "solo", "players": ["Anna"]})
            assert status == 201
            games.append(created["id"])
        streams = [urllib.request.urlopen(f"{base}/api/games/{games[i % 3]}/events",
                                          timeout=10) for i in range(30)]
        for stream in streams:
            assert stream.readline() == b"retry: 1000\n"
            while b"event: state" not in stream.readline():
                pass
        stopped = time.monotonic()
        proc.terminate()
        for stream in streams:
            rest = stream.read()  # up to the end of the response
            assert b"event: bye" in rest, rest[-300:]
        assert proc.wait(15) == 0
        assert time.monotonic() - stopped < 3.0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_a_bad_setting_in_the_environment_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {**os.environ, "WORDYAHTZEE_COMPUTER_PACE": "soon"}
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                           str(free_port()), "--db", str(tmp_path / "g.sqlite3")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "wordyahtzee: error: WORDYAHTZEE_COMPUTER_PACE is a number of seconds, 0-60"]


def _raw(port: int, method: str, path: str, headers: dict[str, str]) -> tuple[int, str, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, headers=headers)
        response = conn.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read()
    finally:
        conn.close()


def test_hosts_and_the_errors_gunicorn_answers_itself(tmp_path: Path) -> None:
    """The real server: a foreign Host is refused (DNS rebinding) unless --allowed-hosts
    names it, and a request line gunicorn refuses (414) gets the API's JSON error."""
    db, port = tmp_path / "hosts.sqlite3", free_port()
    proc = serve(db, port, "--allowed-hosts", "games.example,localhost",
                 env={"WORDYAHTZEE_WARM": ""})
    try:
        status, kind, body = _raw(port, "GET", "/api/meta", {"Host": "evil.example"})
        assert (status, kind) == (421, "application/json")
        assert json.loads(body)["error"]["code"] == "bad_host"
        status, _, body = _raw(port, "POST", "/api/games", {
            "Host": "evil.example", "Origin": "http://evil.example",
            "Content-Type": "application/json"})
        assert status == 421
        for host in (f"games.example:{port}", f"localhost:{port}", f"127.0.0.1:{port}"):
            assert _raw(port, "GET", "/api/meta", {"Host": host})[0] == 200, host
        status, kind, body = _raw(port, "GET", "/api/games?q=" + "x" * 9000, {})
        assert (status, kind) == (414, "application/json")
        assert json.loads(body)["error"]["code"] == "too_large"
        status, kind, body = _raw(port, "GET", "/api/games?limit=100000000", {})
        assert status == 400 and json.loads(body)["error"]["code"] == "bad_request"
    finally:
        proc.terminate()
        proc.wait(10)


def _start_lines(db: Path, port: int, *extra: str, env: dict[str, str]) -> list[str]:
    """What ``serve`` says at start (its log once the start line is there)."""
    proc = serve(db, port, *extra, env={"WORDYAHTZEE_WARM": "", **env})
    try:
        log = db.with_suffix(".log")
        end = time.monotonic() + 30
        while "serving on" not in log.read_text() and time.monotonic() < end:
            time.sleep(0.1)
        time.sleep(0.3)  # the warnings follow the start line
        return [line for line in log.read_text().splitlines() if line.startswith("wordy")]
    finally:
        proc.terminate()
        proc.wait(10)


def test_trusting_a_proxy_on_a_port_others_can_reach_is_warned_about(tmp_path: Path) -> None:
    """With ``--proxies``, a client that reaches the port without the proxy writes its own
    X-Forwarded-For and escapes every per-address limit: ``serve`` says so at start when
    it listens on anything but loopback, and not otherwise."""
    lines = _start_lines(tmp_path / "open.sqlite3", free_port(), "--host", "0.0.0.0",
                         "--proxies", "1", env={})
    warnings = [line for line in lines if "warning" in line]
    assert warnings == [
        "wordyahtzee: warning: --proxies 1 takes the client's address from "
        "X-Forwarded-For, and the server listens on every address: a client that reaches "
        "the port without the proxy chooses its own address and escapes every per-address "
        "limit; let only the proxy reach it (--host 127.0.0.1, or a firewall)"], lines
    lines = _start_lines(tmp_path / "local.sqlite3", free_port(),
                         env={"WORDYAHTZEE_PROXIES": "1"})  # 127.0.0.1, the default
    assert lines and not [line for line in lines if "warning" in line], lines
    lines = _start_lines(tmp_path / "direct.sqlite3", free_port(), "--host", "0.0.0.0",
                         env={"WORDYAHTZEE_PROXIES": ""})
    assert lines and not [line for line in lines if "warning" in line], lines


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """A port another program holds (on recent macOS the AirPlay receiver holds 5000, so
    that is no longer the default) is one line naming --port, not gunicorn's retries."""
    from wordyahtzee.cli.serve import DEFAULT_PORT

    assert DEFAULT_PORT != 5000
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                               str(port), "--db", str(tmp_path / "g.sqlite3")],
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "WORDYAHTZEE_WARM": ""})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"wordyahtzee: error: serve: port {port} is in use by another program; choose "
        "another with --port"]


def test_serve_says_where_to_play_and_how_a_second_device_joins(tmp_path: Path) -> None:
    """At start ``serve`` names the address to open; on 127.0.0.1 it says a second device
    needs --host 0.0.0.0, and with it, the address another device on the network opens."""
    from wordyahtzee.web.server import lan_addresses, where_to_play

    port = free_port()
    lines = _start_lines(tmp_path / "local.sqlite3", port, env={})
    assert f"wordyahtzee: play on this computer at http://127.0.0.1:{port}/" in lines
    assert ("wordyahtzee: only this computer can reach it; for a second device, serve with "
            "--host 0.0.0.0") in lines
    port = free_port()
    lines = _start_lines(tmp_path / "open.sqlite3", port, "--host", "0.0.0.0", env={})
    network = [f"wordyahtzee: another device on this network joins at http://{a}:{port}/"
               for a in lan_addresses()]
    assert [line for line in lines if "another device" in line] == network, lines
    assert not [line for line in lines if "only this computer" in line]
    assert where_to_play("0.0.0.0", 8000, ("192.168.1.20",)) == [
        "wordyahtzee: play on this computer at http://127.0.0.1:8000/",
        "wordyahtzee: another device on this network joins at http://192.168.1.20:8000/"]
