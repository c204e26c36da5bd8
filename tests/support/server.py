"""Real servers for the tests: ``wordyahtzee serve`` started as a process (a
:class:`Server` that answers JSON, or a bare process by :func:`serve`), requests to it, a
live stream read, and a free port for any server."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``wordyahtzee serve`` process."""

    def __init__(self, db: str, tmp: Path, name: str, *options: str,
                 limited: bool = False, env: dict[str, str] | None = None) -> None:
        """``options``: more ``serve`` options; ``limited``: the shipped rate limits on,
        counted as the options say (whatever the caller's shell sets); ``env``: more of
        the environment (a machine's own data and cache directories, say)."""
        self.port = free_port()
        self.log = tmp / f"{name}.log"
        env = {**os.environ, "WORDYAHTZEE_WARM": "", "WORDYAHTZEE_RATE_LIMITS": "off",
               "WORDYAHTZEE_COMPUTER_PACE": "0.05", **(env or {})}
        if limited:
            del env["WORDYAHTZEE_RATE_LIMITS"]
            env.pop("WORDYAHTZEE_RATELIMIT_STORAGE", None)
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "wordyahtzee", "serve", "--port", str(self.port),
                 "--db", db, *options], stdout=log, stderr=subprocess.STDOUT, env=env)
        end = time.monotonic() + 60
        while time.monotonic() < end and self.proc.poll() is None:
            try:
                if self.call("GET", "/api/meta")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise AssertionError(f"{name} did not start: {self.log.read_text()[-2000:]}")

    def call(self, method: str, path: str, body: Any = None,
             token: str | None = None, timeout: float = 10) -> tuple[int, Any]:
        """One request on a new connection: status and JSON body."""
        status, _, payload = self.request(method, path, body, token, timeout)
        return status, payload

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                timeout: float = 10) -> tuple[int, dict[str, str], Any]:
        """One request on a new connection: status, headers and JSON body."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        try:
            conn.request(method, path, None if body is None else json.dumps(body), headers)
            response = conn.getresponse()
            data = response.read()
            return (response.status, dict(response.getheaders()),
                    json.loads(data) if data else None)
        finally:
            conn.close()

    def stream(self, game_id: str) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        sock.sendall(f"GET /api/games/{game_id}/events HTTP/1.1\r\n"
                     "Host: 127.0.0.1\r\n\r\n".encode())
        return sock

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def new_online(server: Server, mode: str = "woord", players: Any = ("Anna", "Bram"),
               idle_seconds: float | None = None, **rules: Any) -> tuple[str, list[str]]:
    """An online table on ``server``: its id and its seats' tokens."""
    status, made = server.call("POST", "/api/games", {"mode": mode, "kind": "online",
                                                     "players": list(players), "rules": rules,
                                                     "idle_seconds": idle_seconds})
    assert status == 201, made
    return made["id"], [link["token"] for link in made["links"]]


def read_until(sock: socket.socket, needle: bytes, seconds: float) -> bytes:
    """What a stream sends until ``needle`` comes (or ``seconds`` pass, or it closes)."""
    seen = b""
    end = time.monotonic() + seconds
    sock.settimeout(0.5)
    while needle not in seen and time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        seen += chunk
    return seen


def serve(db: Path, port: int, *extra: str,
          env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """``wordyahtzee serve`` on ``db`` and ``port`` (``extra``: more options), once its
    worker answers a request (gunicorn's master accepts connections before the worker
    has loaded the app); its output goes to ``db``'s ``.log``."""
    log_path = db.with_suffix(".log")
    with log_path.open("ab") as log:  # the server's lines, for a failure
        proc = subprocess.Popen([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                                 str(port), "--db", str(db), *extra], stdout=log,
                                stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    end = time.monotonic() + 60
    while time.monotonic() < end and proc.poll() is None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("GET", "/api/meta")
            conn.getresponse().read()  # any answer: the worker is up
            return proc
        except OSError:
            time.sleep(0.1)
        finally:
            conn.close()
    proc.kill()
    proc.wait(10)
    raise AssertionError(f"the server did not start: {log_path.read_text()[-2000:]}")


def call(base: str, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    """One JSON request to the server at ``base`` (for the seat of ``token``): its status
    and body."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("X-Seat-Token", token)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


class Browser:
    """One person's browser: its own cookie jar, its own loopback address."""

    def __init__(self, server: Server, address: str) -> None:
        self.server, self.address = server, address
        self.cookies: dict[str, str] = {}

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             raw: bytes | None = None) -> tuple[int, Any]:
        """One request (``raw``: the body's bytes as they are): status and JSON body."""
        status, payload = self.fetch(method, path, body, token, raw)
        return status, json.loads(payload) if payload else None

    def page(self, path: str) -> tuple[int, str]:
        """A page: status and HTML."""
        status, payload = self.fetch("GET", path)
        return status, payload.decode("utf-8")

    def fetch(self, method: str, path: str, body: Any = None, token: str | None = None,
              raw: bytes | None = None) -> tuple[int, bytes]:
        """One request: status and the body's bytes."""
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=20,
                                          source_address=(self.address, 0))
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = raw if raw is not None else None if body is None else json.dumps(body)
        try:
            conn.request(method, path, data, headers)
            response = conn.getresponse()
            payload = response.read()
            for cookie in response.headers.get_all("Set-Cookie") or ():
                name, _, rest = cookie.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            return response.status, payload
        finally:
            conn.close()

    def profile(self, name: str) -> None:
        status, made = self.call("POST", "/api/profile", {"name": name})
        assert status == 201, made
