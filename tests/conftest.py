"""Test-session isolation: a private data dir (no user dictionaries, no user database) and
a cache shared by the whole session (the shipped dictionary compiles once); a real
PostgreSQL server for the store tests, started on first use (tests/pg.py)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

from .pg import PostgresServer, PostgresUnavailable, start_server

_SESSION = tempfile.mkdtemp(prefix="wordyahtzee-tests-")
os.environ["WORDYAHTZEE_DATA_DIR"] = os.path.join(_SESSION, "data")
os.environ.setdefault("WORDYAHTZEE_CACHE_DIR", os.path.join(_SESSION, "cache"))
os.environ.setdefault("WORDYAHTZEE_WARM", "")  # servers the tests start warm no strategy


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test session; the tests FAIL (never skip) without the
    server binaries."""
    try:
        server = start_server()
    except PostgresUnavailable as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.destroy()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a fresh, empty database on the session's server."""
    return postgres_server.new_database()
