"""A real, throw-away PostgreSQL server for the tests (never a mock).

:func:`start_server` finds the server binaries (``/usr/lib/postgresql/*/bin``, else
``pg_ctl`` on the ``PATH``), runs ``initdb`` in a fresh temporary directory (as the
``postgres`` OS user when the tests run as root: ``initdb`` refuses root), and starts the
server on a free port of 127.0.0.1 with trust authentication and its socket in that
directory. Without the binaries the tests FAIL with a message saying so: scripts/test
installs Debian's ``postgresql``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

from .server import free_port

MISSING = ("PostgreSQL server binaries not found (looked for /usr/lib/postgresql/*/bin/initdb "
           "and pg_ctl on the PATH): install Debian's postgresql package (scripts/test does)")


BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.pg)]
"""The store backends a test runs on; the PostgreSQL case is marked ``pg``."""


class PostgresUnavailable(RuntimeError):
    """The test server cannot be set up (the message says why)."""


def find_bin() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl`` (the newest version)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name)
                   if Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    if pg_ctl and Path(pg_ctl).with_name("initdb").exists():
        return Path(pg_ctl).parent
    raise PostgresUnavailable(MISSING)


class PostgresServer:
    """One PostgreSQL server in a temporary directory: start, stop, databases."""

    def __init__(self, bin_dir: Path | None = None, *, durable: bool = False) -> None:
        self.bin = bin_dir or find_bin()
        self.durable = durable
        self.dir = Path(tempfile.mkdtemp(prefix="wordyahtzee-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "log"
        self.port = free_port()
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:  # initdb and postgres refuse root: run them as postgres
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresUnavailable("running as root and there is no 'postgres' user "
                                          "to run the server as") from None
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        self._databases = 0

    @property
    def url(self) -> str:
        """The URL of the ``postgres`` database."""
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        """The URL of one database of this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        result = subprocess.run([str(self.bin / args[0]), *args[1:]], capture_output=True,
                                text=True, env=env, cwd=self.dir, timeout=120, **self._as)
        if check and result.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise PostgresUnavailable(f"{args[0]} failed ({result.returncode}): "
                                      f"{result.stderr.strip()}\n{log}")
        return result

    def init(self) -> None:
        """``initdb``: trust authentication, UTF-8, the C locale."""
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")

    def start(self) -> None:
        """Start (waits until it accepts connections). Not durable unless asked: the
        tests need no fsync."""
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c max_connections=200")
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run("pg_ctl", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log),
                  "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop (``fast``: disconnect everyone; ``immediate``: no shutdown checkpoint)."""
        self._run("pg_ctl", "-w", "-D", str(self.data), "-m", mode, "stop", check=False)

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url_of(name)

    def destroy(self) -> None:
        """Stop the server at once and delete its directory."""
        self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


def start_server(*, durable: bool = False) -> PostgresServer:
    """A new, running server (:class:`PostgresUnavailable` says why not); ``durable``
    keeps PostgreSQL's fsync on (benchmarks)."""
    server = PostgresServer(durable=durable)
    try:
        server.init()
        server.start()
    except BaseException:
        server.destroy()
        raise
    return server
