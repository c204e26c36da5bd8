"""A real, throw-away Redis server for the tests (never a mock).

:func:`start_server` runs Debian's ``redis-server`` on a free port of 127.0.0.1 in a fresh
temporary directory, with nothing written to disk (``--save ''``, ``--appendonly no``), and
waits until it answers ``PING``. :meth:`RedisServer.stop` and :meth:`RedisServer.start`
take it down and bring it back on the same port (empty: it keeps nothing). Without the
binary the tests FAIL with a message saying so: scripts/test installs Debian's
``redis-server``.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from .server import free_port

MISSING = ("redis-server not found (looked for it on the PATH and at /usr/bin/redis-server): "
           "install Debian's redis-server package (scripts/test does)")


class RedisUnavailable(RuntimeError):
    """The test server cannot be set up (the message says why)."""


def find_binary() -> Path:
    """The ``redis-server`` executable."""
    found = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
    if found is None:
        raise RedisUnavailable(MISSING)
    return Path(found)


def ping(port: int, timeout: float = 1.0) -> bool:
    """Whether a Redis server on 127.0.0.1:``port`` answers ``PING`` (a raw socket: no
    client library)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """One ``redis-server`` process in a temporary directory: start, stop, start again."""

    def __init__(self, binary: Path | None = None) -> None:
        self.binary = binary or find_binary()
        self.dir = Path(tempfile.mkdtemp(prefix="wordyahtzee-redis-"))
        self.log = self.dir / "redis.log"
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The ``redis://`` URL of database 0."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, seconds: float = 20) -> None:
        """Start on this server's port (waits until it answers ``PING``)."""
        if self.proc is not None and self.proc.poll() is None:
            return
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [str(self.binary), "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", str(self.dir),
                 "--daemonize", "no", "--protected-mode", "yes"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                break
            if ping(self.port):
                return
            time.sleep(0.02)
        self.stop()
        raise RedisUnavailable(f"redis-server did not start on port {self.port}: "
                               f"{self.log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> None:
        """Stop at once (SIGKILL: nothing to save) and wait until the port is free."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None

    def destroy(self) -> None:
        """Stop and delete the directory."""
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def start_server() -> RedisServer:
    """A new, running server (:class:`RedisUnavailable` says why not)."""
    server = RedisServer()
    try:
        server.start()
    except BaseException:
        server.destroy()
        raise
    return server
